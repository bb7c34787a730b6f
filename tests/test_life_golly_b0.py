"""B0 rules (a dead cell with no live neighbour is born) on every surface, cell for cell as
bgolly runs them: bgolly holds such a field in negative (always under S8, at odd generations
without it), and outside a bounded plane it keeps its background (`engine.background`)."""
import zlib

import numpy as np
import pytest

from life_reference import reference_step
from tiers import tiered
from visualizer.life.engine import Stepper, advance, background, evolve
from visualizer.life.formats import parse_rle, write_generation_rle
from visualizer.life.golly import (bgolly_box, bgolly_path, box, held_box, held_in_negative,
                                   run_bgolly, run_bgolly_file)
from visualizer.life.rules import parse_rule
from visualizer.life.stepping import evolve_any
from visualizer.window.session import default_evolve
from visualizer.surfaces import SURFACE_NAMES, Surface

needs_bgolly = pytest.mark.skipif(bgolly_path() is None, reason="bgolly is not on PATH")
#: B0 with S8 (bgolly's HashLife runs them: exact positions) and without (QuickLife: boxes)
WITH_S8 = ["B0123478/S01234678", "B0/S8", "B01/S8"]
WITHOUT_S8 = ["B012345678/S", "B03/S23", "B0/S", "B01245/S3"]
SIZES = [(1, 1), (1, 5), (6, 1), (3, 3), (5, 8), (9, 9), (16, 16), (13, 70)]
CASES = [(name, h, w) for name in SURFACE_NAMES for h, w in SIZES
         if name != "sphere" or h == w]


def fast_case(case) -> bool:
    """Every surface at 5x8 (9x9 for the sphere) with the first rule: the fast tier's share."""
    name, h, w, rule = case
    return (h, w) == ((9, 9) if name == "sphere" else (5, 8)) and rule in (WITH_S8[0],
                                                                          *WITHOUT_S8[:2])


def soup(name: str, h: int, w: int, rule: str) -> np.ndarray:
    """A 45 % soup seeded by the case."""
    rng = np.random.default_rng(zlib.crc32(f"{name}{h}x{w}{rule}".encode()))
    return (rng.random((h, w)) < 0.45).astype(np.uint8)


def test_background_is_the_endless_fields():
    assert [background(parse_rule("B3/S23"), t) for t in range(3)] == [0, 0, 0]
    assert [background(parse_rule("B03/S23"), t) for t in range(4)] == [0, 1, 0, 1]
    assert [background(parse_rule("B0/S8"), t) for t in range(3)] == [1, 1, 1]
    assert not held_in_negative(parse_rule("B3/S23"), 1)
    assert held_in_negative(parse_rule("B03/S23"), 1) and not held_in_negative(
        parse_rule("B03/S23"), 2)


@pytest.mark.parametrize("name", SURFACE_NAMES)
def test_an_inverting_rule_inverts_every_surface(name):
    """B012345678/S: each cell is born or dies whatever its neighbours: the field inverts."""
    surface = Surface(name, 7, 7)
    grid = soup(name, 7, 7, "invert")
    stepper = Stepper(grid, "B012345678/S", surface)
    for k in range(1, 5):
        stepper.step()
        assert np.array_equal(stepper.grid(), grid ^ (k % 2)), k


REFERENCE_CASES = [(name, h, w, rule) for name in SURFACE_NAMES
                   for h, w in [(1, 1), (4, 4), (9, 9), (5, 70), (3, 129)]
                   for rule in [*WITH_S8, *WITHOUT_S8, "B08/S", "B0/S0"]
                   if name != "sphere" or h == w]


@pytest.mark.parametrize("name, h, w, rule", tiered(
    REFERENCE_CASES, lambda case: case[1:3] in ((4, 4), (3, 129)), spread=True))
def test_engine_equals_the_reference(name, h, w, rule):
    """Past 64 columns the packed words' padding bits are born under B0 too: masked."""
    surface, parsed = Surface(name, h, w), parse_rule(rule)
    grid = soup(name, h, w, rule)
    stepper, ref = Stepper(grid, parsed, surface), grid
    for gen in range(4):
        stepper.step()
        ref = reference_step(ref, parsed, surface, gen)
        assert np.array_equal(stepper.grid(), ref), (name, h, w, rule, gen)
        assert stepper.population() == int(ref.sum())


@needs_bgolly
@pytest.mark.parametrize("name, h, w, rule", tiered(
    [(*case, rule) for case in CASES for rule in WITH_S8], fast_case, spread=True))
def test_b0_with_s8_agrees_with_golly_cell_for_cell(name, h, w, rule):
    surface = Surface(name, h, w)
    grid = soup(name, h, w, rule)
    for gens in (0, 1, 2, 9):
        ours = advance(grid, rule, surface, gens)
        assert np.array_equal(ours, run_bgolly(grid, rule, surface, gens)), (name, h, w, gens)


@needs_bgolly
@pytest.mark.parametrize("name, h, w, rule", tiered(
    [(*case, rule) for case in CASES for rule in WITHOUT_S8], fast_case, spread=True))
def test_b0_without_s8_agrees_with_golly_box_for_box(name, h, w, rule):
    """bgolly's QuickLife writes the box of the cells it holds, not where it sits: the
    boxes agree; a box as large as the grid (most soups) pins it cell for cell."""
    surface = Surface(name, h, w)
    grid = soup(name, h, w, rule)
    for gens in (1, 2, 3, 8):
        ours = held_box(advance(grid, rule, surface, gens), rule, gens)
        assert np.array_equal(ours, bgolly_box(grid, rule, surface, gens)), (name, h, w, gens)


@needs_bgolly
def test_run_bgolly_refuses_b0_without_s8():
    with pytest.raises(ValueError, match="bgolly_box"):
        run_bgolly(np.zeros((3, 3), np.uint8), "B03/S23", Surface("torus", 3, 3), 1)


def test_box():
    grid = np.zeros((5, 6), np.uint8)
    assert box(grid).shape == (0, 0)
    grid[1, 2] = grid[3, 4] = 1
    assert box(grid).tolist() == [[1, 0, 0], [0, 0, 0], [0, 0, 1]]


@pytest.mark.parametrize("rule, gen, negative", [("B0123478/S01234678", 6, True),
                                                 ("B03/S23", 7, True), ("B03/S23", 6, False),
                                                 ("B3/S23", 7, False)])
def test_rle_holds_golly_negative_and_reads_back(rule, gen, negative, tmp_path):
    surface = Surface("klein", 9, 12)
    events = list(evolve(soup("klein", 9, 12, rule), rule, surface, gen))
    text = write_generation_rle(events[gen], tmp_path / "g.rle")
    cells, found = parse_rle(text).placed_grid()
    assert found == surface and np.array_equal(cells, events[gen].grid)
    written = parse_rle(text).live
    assert len(written) == ((events[gen].grid == 0).sum() if negative
                            else events[gen].population)


@needs_bgolly
def test_exported_b0_generation_continues_identically_in_golly(tmp_path):
    rule, surface = "B0123478/S01234678", Surface("plane", 15, 22)
    events = list(evolve(soup("plane", 15, 22, rule), rule, surface, 12))
    write_generation_rle(events[7], tmp_path / "gen7.rle")
    held = run_bgolly_file(tmp_path / "gen7.rle", surface, 5)
    assert np.array_equal(held ^ 1, events[12].grid)


@pytest.mark.parametrize("rule", ["B03/S23", "B0/S8", "B3/S23"])
def test_a_run_continued_from_a_middle_generation_is_the_same_run(rule):
    """The window continues an edited grid from where it is: `start` keeps the plane's
    background in step (B03/S23's outside is alive at odd generations only)."""
    surface = Surface("plane", 8, 11)
    whole = list(evolve_any(soup("plane", 8, 11, rule), rule, surface, 9))
    tail = list(evolve_any(whole[5].grid, rule, surface, 4, start=5))
    assert all(np.array_equal(a.grid, b.grid) for a, b in zip(whole[5:], tail))
    session_evolve = list(default_evolve(whole[5].grid, rule, surface, 4, 5))
    assert np.array_equal(session_evolve[-1].grid, whole[-1].grid)
