"""Multi-state pattern files: RLE with Golly's state letters read and written, MCell files,
`rule =` lines of every family, and states a rule does not have refused where they are."""
from pathlib import Path

import numpy as np
import pytest

from visualizer.life.formats import LifeFormatError, parse_mcell, parse_rle, write_rle
from visualizer.life.rle_writer import state_letters
from visualizer.life.spec import parse_life_spec
from visualizer.surfaces import Surface


def test_state_letters_are_goldys():
    assert [state_letters(s) for s in (0, 1, 24, 25, 48, 49, 255)] == \
        [".", "A", "X", "pA", "pX", "qA", "yO"]
    found = parse_rle("x = 7, y = 1, rule = /2/256\n.AXpApXqAyO!\n")
    assert found.cells.tolist() == [[0, 1, 24, 25, 48, 49, 255]]


@pytest.mark.parametrize("rule, states", [("345/2/4", 4), ("/2/256", 256),
                                          ("B13/S012V", 2), ("W30", 2)])
def test_rle_of_states_reads_back(rule, states):
    rng = np.random.default_rng(len(rule))
    grid = rng.integers(0, min(states, 256), (9, 31)).astype(np.uint8)
    surface = Surface("torus", 9, 31)
    text = write_rle(grid, rule=rule, surface=surface)
    assert f"rule = {rule}:T31,9" in text
    placed, found = parse_rle(text).placed_grid()
    assert found == surface and np.array_equal(placed, grid)


@pytest.mark.parametrize("rule", ["B2n3/S23-q", "12/34/3H", "W110", "B2/S/3", "WireWorld"])
def test_rule_lines_of_every_family_are_understood(rule):
    rle = parse_rle(f"x = 2, y = 1, rule = {rule}:P10,10\nAA!\n")
    found, surface = rle.rule_and_surface()
    assert found is not None and surface == Surface("plane", 10, 10)


def test_a_state_the_rule_lacks_is_refused_at_its_line():
    text = "#C Brian's Brain has 3 states\nx = 4, y = 2, rule = /2/3\nABA$\n2.D!\n"
    with pytest.raises(LifeFormatError, match=r"^brain.rle:4: expected cell states 0..2 for "
                                              r"the rule /2/3, found state 4"):
        parse_rle(text, "brain.rle")


def test_a_file_with_more_states_than_the_scenario_rule_is_located(tmp_path):
    (tmp_path / "wire.rle").write_text("x = 3, y = 1, rule = WireWorld\nABC!\n")
    errors: list[str] = []
    parse_life_spec({"rows": 9, "cols": 9, "rule": "/2/3", "init": {"file": "wire.rle"}},
                    "life", errors, tmp_path)
    assert len(errors) == 1 and errors[0].startswith(
        "life.init.file: ") and "wire.rle:2: expected cell states 0..2 for the rule /2/3, " \
        "found state 3" in errors[0], errors


def test_mcell_files_give_their_rule_cells_and_description():
    text = ("#MCell 4.00\n#GAME Rules table\n#GOLLY WireWorld\n#BOARD 60x60\n#D An AND gate\n"
            "#L 3.A2C$C\n#L .C.B!\n")
    found = parse_mcell(text, "gate.mcl")
    assert found.rule == "WireWorld" and found.comments == ["An AND gate"]
    assert found.cells.tolist() == [[0, 0, 0, 1, 3, 3], [3, 0, 3, 0, 2, 0]]
    generations = parse_mcell("#MCell 4.00\n#GAME Generations\n#RULE 345/2/4\n#L AB!\n")
    assert generations.rule == "345/2/4"
    with pytest.raises(LifeFormatError, match="x.mcl:1: expected an MCell file"):
        parse_mcell("x = 1", "x.mcl")
    with pytest.raises(LifeFormatError, match=r"g.mcl:4: expected cell states 0..3"):
        parse_mcell("#MCell 4.00\n#GAME Generations\n#RULE 345/2/4\n#L AD!\n", "g.mcl")


def test_patterns_place_their_states(tmp_path):
    (tmp_path / "b.rle").write_text("x = 3, y = 1, rule = /2/3\nABA!\n")
    errors: list[str] = []
    spec = parse_life_spec({"rows": 5, "cols": 5, "rule": "/2/3",
                            "init": {"file": "b.rle", "at": [2, 1]}}, "life", errors,
                           Path(tmp_path))
    assert errors == [] and spec is not None
    from visualizer.life.spec import initial_grid
    grid = initial_grid(spec, np.random.default_rng(0))
    assert grid[2].tolist() == [0, 1, 2, 1, 0] and int(grid.sum()) == 4
