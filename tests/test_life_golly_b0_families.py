"""B0 in von Neumann, hexagonal and Hensel rules, as bgolly runs them: the field held in
negative (always when the rule keeps a cell with every neighbour alive, S4 / S6 / S8; at odd
generations otherwise), the plane's outside holding the rule's background. Compared cell for
cell where bgolly's HashLife runs the rule, box for box where only its QuickLife does (B0
without the full count). Hexagonal rules on the plane and the torus only (twisted grids
refuse them); the others on every surface."""
import zlib

import numpy as np
import pytest

from tiers import tiered
from visualizer.life.engine import background
from visualizer.life.families import FamilyRule, Neighbourhood
from visualizer.life.family_parse import parse_family_rule
from visualizer.life.formats import parse_rle, write_generation_rle
from visualizer.life.golly import (bgolly_box, bgolly_path, held_box, run_bgolly,
                                   run_bgolly_file)
from visualizer.life.multistate import StateStepper, surface_problem
from visualizer.life.stepping import evolve_any, make_stepper
from visualizer.surfaces import SURFACE_NAMES, Surface

needs_bgolly = pytest.mark.skipif(bgolly_path() is None, reason="bgolly is not on PATH")

#: B0 with the full count (bgolly's HashLife: exact positions) and without (QuickLife: boxes)
WITH_FULL = ["B0/S4V", "B01/S34V", "B0/S6H", "B014/S56H", "B02a/S1c8", "B01e2k/S2-a8"]
WITHOUT_FULL = ["B03/S012V", "B01234/SV", "B02/S34H", "B0123456/SH", "B02n3/S23-q",
                "B03-r/S23"]
SIZES = [(1, 1), (1, 5), (6, 1), (3, 3), (5, 8), (9, 9), (16, 16), (13, 70)]
GENERATIONS = (1, 2, 3, 8)


def _rule(text: str) -> FamilyRule:
    rule = parse_family_rule(text)
    assert isinstance(rule, FamilyRule) and rule.b0, text
    return rule


def _cases(rules: list[str]) -> list[tuple[str, str]]:
    """(rule, surface) for every surface the rule is defined on."""
    return [(rule, name) for rule in rules for name in SURFACE_NAMES
            if surface_problem(_rule(rule), name) is None]


def _fast(case: tuple[str, str]) -> bool:
    """The fast tier: the first rule of each family on the plane (whose outside is the
    background) and the Klein bottle (the torus for hexagonal rules)."""
    rule, name = case
    return rule in ("B0/S4V", "B03/S012V", "B0/S6H", "B02/S34H", "B02a/S1c8",
                    "B02n3/S23-q") and name in ("plane", "klein", "torus") and \
        (name != "torus" or rule.endswith("H"))


def _id(case: tuple[str, str]) -> str:
    return "-".join(case).replace("/", "")


def soup(name: str, h: int, w: int, rule: str) -> np.ndarray:
    """A 45 % soup seeded by the case."""
    rng = np.random.default_rng(zlib.crc32(f"{name}{h}x{w}{rule}".encode()))
    return (rng.random((h, w)) < 0.45).astype(np.uint8)


def _sizes(name: str) -> list[tuple[int, int]]:
    return [(h, w) for h, w in SIZES if name != "sphere" or h == w]


def _runs(rule: FamilyRule, name: str, h: int, w: int, text: str):
    """(soup, generations, our grid) for each of `GENERATIONS`."""
    grid = soup(name, h, w, text)
    stepper = make_stepper(grid, rule, Surface(name, h, w))
    done = 0
    for gens in GENERATIONS:
        stepper.run(gens - done)
        done = gens
        yield grid, gens, stepper.grid()


def test_the_parser_takes_b0_and_knows_the_full_count():
    assert [_rule(t).survives_full for t in WITH_FULL] == [True] * len(WITH_FULL)
    assert [_rule(t).survives_full for t in WITHOUT_FULL] == [False] * len(WITHOUT_FULL)
    assert [background(_rule("B03/S012V"), t) for t in range(4)] == [0, 1, 0, 1]
    assert [background(_rule("B0/S6H"), t) for t in range(3)] == [1, 1, 1]


@pytest.mark.parametrize("text", ["B01234/SV", "B0123456/SH"])
@pytest.mark.parametrize("name", ["plane", "torus"])
def test_an_inverting_rule_inverts_the_field(text, name):
    surface = Surface(name, 7, 9)
    grid = soup(name, 7, 9, text)
    stepper = make_stepper(grid, text, surface)
    for k in range(1, 5):
        stepper.step()
        assert np.array_equal(stepper.grid(), grid ^ (k % 2)), k


@pytest.mark.parametrize("name", SURFACE_NAMES)
@pytest.mark.parametrize("text", ["B02a/S1c8", "B02n3/S23-q"])
def test_the_packed_hensel_engine_equals_the_state_engine(text, name):
    """Two engines, two ways of reading the outside: the packed words' ghost columns and
    padding bits (past 64 columns), and the state engine's padded ring."""
    h, w = (67, 67) if name == "sphere" else (5, 70)
    grid = soup(name, h, w, text)
    fast = make_stepper(grid, text, Surface(name, h, w))
    plain = StateStepper(grid, _rule(text), Surface(name, h, w))
    for _ in range(6):
        fast.step()
        plain.step()
        assert np.array_equal(fast.grid(), plain.grid())


@pytest.mark.parametrize("text", ["B03/S012V", "B02/S34H", "B02n3/S23-q", "B0/S6H"])
def test_a_run_continued_from_a_middle_generation_is_the_same_run(text):
    surface = Surface("plane", 8, 11)
    whole = list(evolve_any(soup("plane", 8, 11, text), text, surface, 9))
    tail = list(evolve_any(whole[5].grid, text, surface, 4, start=5))
    assert all(np.array_equal(a.grid, b.grid) for a, b in zip(whole[5:], tail, strict=True))


@needs_bgolly
@pytest.mark.parametrize("text, name", tiered(_cases(WITH_FULL), _fast, _id, spread=True))
def test_b0_with_the_full_count_agrees_with_golly_cell_for_cell(text, name):
    rule = _rule(text)
    for h, w in _sizes(name):
        for grid, gens, ours in _runs(rule, name, h, w, text):
            theirs = run_bgolly(grid, rule, Surface(name, h, w), gens)
            assert np.array_equal(ours, theirs), (h, w, gens)


@needs_bgolly
@pytest.mark.parametrize("text, name", tiered(_cases(WITHOUT_FULL), _fast, _id, spread=True))
def test_b0_without_the_full_count_agrees_with_golly_box_for_box(text, name):
    """bgolly's QuickLife writes the box of the cells it holds: the boxes agree (a box as
    large as the grid pins the comparison cell for cell)."""
    rule = _rule(text)
    for h, w in _sizes(name):
        for grid, gens, ours in _runs(rule, name, h, w, text):
            theirs = bgolly_box(grid, rule, Surface(name, h, w), gens)
            assert np.array_equal(held_box(ours, rule, gens), theirs), (h, w, gens)


def test_hexagonal_b0_rules_keep_to_the_plane_and_the_torus():
    rule = _rule("B0/S6H")
    assert rule.neighbourhood == Neighbourhood.HEXAGONAL
    assert [n for n in SURFACE_NAMES if surface_problem(rule, n) is None] == ["plane", "torus"]


@pytest.mark.parametrize("text, gen, negative", [("B03/S012V", 7, True), ("B03/S012V", 6, False),
                                                 ("B0/S6H", 4, True), ("B02n3/S23-q", 5, True)])
def test_rle_holds_golly_negative_and_reads_back(text, gen, negative, tmp_path):
    name = "torus" if text.endswith("H") else "klein"
    surface = Surface(name, 9, 12)
    events = list(evolve_any(soup(name, 9, 12, text), text, surface, gen))
    written = write_generation_rle(events[gen], tmp_path / "g.rle")
    cells, found = parse_rle(written).placed_grid()
    assert found == surface and np.array_equal(cells, events[gen].grid)
    live = len(parse_rle(written).live)
    assert live == ((events[gen].grid == 0).sum() if negative else events[gen].population)


@needs_bgolly
def test_an_exported_b0_generation_continues_identically_in_golly(tmp_path):
    text, surface = "B01/S34V", Surface("plane", 15, 22)
    events = list(evolve_any(soup("plane", 15, 22, text), text, surface, 12))
    write_generation_rle(events[7], tmp_path / "gen7.rle")
    held = run_bgolly_file(tmp_path / "gen7.rle", surface, 5)
    assert np.array_equal(held ^ 1, events[12].grid)
