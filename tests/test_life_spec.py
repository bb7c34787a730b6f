"""Scenario `life:` mappings: validation with located messages, and the event stream."""
import pathlib

import numpy as np

from visualizer.events import Generation
from visualizer.life.formats import write_rle
from visualizer.life.spec import InitCells, InitRandom, initial_grid, life_events, parse_life_spec

LOC = "scenario.yaml: panels[0].life"


def parse(raw, base_dir=pathlib.Path(".")):
    errors = []
    return parse_life_spec(raw, LOC, errors, base_dir), errors


def test_valid_spec():
    spec, errors = parse({"rows": 64, "cols": 48, "surface": "klein", "rule": "highlife",
                          "generations": 200, "colour_changes": True, "chart": True,
                          "init": [{"random": 0.2}, {"pattern": "glider", "at": [1, 2]}]})
    assert errors == []
    assert (spec.rows, spec.cols, spec.surface.name, spec.rule.notation) == \
        (64, 48, "klein", "B36/S23")
    assert spec.generations == 200 and spec.colour_changes and spec.chart
    assert isinstance(spec.init[0], InitRandom) and spec.init[0].density == 0.2
    assert isinstance(spec.init[1], InitCells) and spec.init[1].at == (1, 2)


def test_defaults_and_notebook_names():
    spec, errors = parse({"rows": 10, "cols": 10, "surface": "charlie"})
    assert errors == [] and spec.surface.name == "projective"
    assert spec.rule.notation == "B3/S23" and spec.generations == 100
    assert spec.init == (InitRandom(0.35),)


def test_bad_rule_message_exact():
    _, errors = parse({"rows": 8, "cols": 8, "rule": "B9"})
    assert errors == [f"{LOC}.rule: expected a rule like B3/S23 or a name (conway, highlife, "
                      f"daynight, life34, maze, mazectric, briansbrain, starwars); other "
                      f"families as Golly writes them: B13/S012V, B2/S34H, B2n3/S23-q, "
                      f"345/2/4, B2/S/3, W30, or a Golly .rule name like WireWorld, got 'B9'"]


def test_every_error_is_reported_with_its_location():
    _, errors = parse({"rows": "ten", "cols": 0, "surface": "donut", "rule": "B9",
                       "generations": -1, "chart": "yes", "colour": True,
                       "init": [{"random": 2}, {"pattern": "glidr"}, {"file": "nope.rle"},
                                7, {"random": 0.1, "pattern": "block"}]})
    starts = [e.split(":")[0] + ":" + e.split(":")[1] for e in errors]
    expected = ["colour", "rows", "cols", "generations", "surface", "rule", "init[0].random",
                "init[1].pattern", "init[2].file", "init[3]", "init[4]", "chart"]
    assert starts == [f"{LOC}.{key}" for key in expected]
    for error in errors:
        assert "expected" in error and "got" in error
    assert f"{LOC}.rows: expected a whole number >= 1 and <= 4096, got 'ten'" in errors
    assert f"{LOC}.chart: expected true or false, got 'yes'" in errors


def test_not_a_mapping():
    spec, errors = parse([1, 2])
    assert spec is None and errors[0].startswith(f"{LOC}: expected a mapping")


def test_pattern_must_fit():
    _, errors = parse({"rows": 10, "cols": 20, "init": {"pattern": "gosper_glider_gun"}})
    assert errors == [f"{LOC}.init: expected pattern gosper_glider_gun (9 rows x 36 columns) "
                      f"to fit in the 10x20 grid, got it centred at [0, -8]"]
    _, errors = parse({"rows": 10, "cols": 10, "init": {"pattern": "glider", "at": [8, 0]}})
    assert errors[0].endswith("got it at [8, 0]")
    _, errors = parse({"rows": 10, "cols": 10, "init": {"pattern": "glider", "at": [1]}})
    assert errors == [f"{LOC}.init.at: expected a cell [row, col] of whole numbers >= 0, "
                      f"got [1]"]


def test_sphere_needs_a_square():
    _, errors = parse({"rows": 10, "cols": 12, "surface": "sphere"})
    assert errors == [f"{LOC}.surface: the sphere needs a square grid (it glues the "
                      f"top edge to the left edge); got 10 rows x 12 columns"]


def test_file_init_relative_to_base_dir(tmp_path):
    (tmp_path / "patterns").mkdir()
    glider = np.array([[0, 1, 0], [0, 0, 1], [1, 1, 1]], dtype=np.uint8)
    write_rle(glider, tmp_path / "patterns" / "g.rle")
    (tmp_path / "patterns" / "bad.rle").write_text("x = 3, y = 3\nbo$2bo$3o?!")
    spec, errors = parse({"rows": 8, "cols": 8, "init": {"file": "patterns/g.rle",
                                                        "at": [2, 2]}}, tmp_path)
    assert errors == []
    grid = initial_grid(spec, np.random.default_rng(0))
    assert np.array_equal(grid[2:5, 2:5], glider) and grid.sum() == 5
    _, errors = parse({"rows": 8, "cols": 8, "init": {"file": "patterns/bad.rle"}}, tmp_path)
    assert len(errors) == 1 and errors[0].startswith(f"{LOC}.init.file: ")
    assert "bad.rle:2: expected a run count" in errors[0]


def test_life_events_are_reproducible():
    spec, _ = parse({"rows": 16, "cols": 16, "generations": 5, "init": {"random": 0.4}})
    a = list(life_events(spec, np.random.default_rng(9)))
    b = list(life_events(spec, np.random.default_rng(9)))
    assert [e.index for e in a] == list(range(6))
    assert all(isinstance(e, Generation) for e in a)
    assert all(np.array_equal(x.grid, y.grid) for x, y in zip(a, b))
    assert a[0].population == int(a[0].grid.sum()) > 0


def test_panel_seed_gives_the_same_soup_whatever_the_generator():
    spec, errors = parse({"rows": 12, "cols": 12, "seed": 5, "init": {"random": 0.4}})
    assert errors == [] and spec.seed == 5
    a = initial_grid(spec, np.random.default_rng(1))
    b = initial_grid(spec, np.random.default_rng(2))
    assert np.array_equal(a, b)
    _, errors = parse({"rows": 12, "cols": 12, "seed": -1})
    assert errors == [f"{LOC}.seed: expected a whole number >= 0 (this panel's own random "
                      f"seed), got -1"]
