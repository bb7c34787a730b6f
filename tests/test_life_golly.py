"""Agreement with Golly (bgolly), cell for cell, on every surface: skipped without bgolly."""
import zlib

import numpy as np
import pytest

from visualizer.life.engine import advance
from visualizer.life.engine import evolve
from visualizer.life.formats import parse_rle, write_generation_rle, write_rle
from visualizer.life.golly import bgolly_path, parse_macrocell, run_bgolly, run_bgolly_file
from visualizer.life.rules import NAMED_RULES
from visualizer.surfaces import SURFACE_NAMES, Surface
from tiers import tiered

needs_bgolly = pytest.mark.skipif(bgolly_path() is None, reason="bgolly is not on PATH")
SIZES = [(1, 1), (1, 7), (6, 1), (2, 2), (3, 3), (5, 8), (9, 9), (16, 16), (21, 34)]
CASES = [(name, h, w) for name in SURFACE_NAMES for h, w in SIZES
         if name != "sphere" or h == w]


def test_parse_macrocell_origin():
    # bgolly's HashLife output for one live cell at Golly's (0, 0)
    text = "[M2] (golly 3.3)\n#R B3/S23\n$$$$$$$*$\n4 0 1 0 0\n"
    assert parse_macrocell(text) == [(0, 0)]
    assert parse_macrocell("[M2] (golly 3.3)\n#R B3/S23\n") == []


@needs_bgolly
@pytest.mark.parametrize("name, h, w", CASES)
@pytest.mark.parametrize("rule", tiered(NAMED_RULES, lambda rule: rule == "conway"))
def test_random_soups_agree_with_golly(name, h, w, rule):
    surface = Surface(name, h, w)
    rng = np.random.default_rng(zlib.crc32(f"{name}{h}x{w}{rule}".encode()))
    grid = (rng.random((h, w)) < 0.45).astype(np.uint8)
    for gens in (1, 2, 30):
        ours = advance(grid, rule, surface, gens)
        golly = run_bgolly(grid, rule, surface, gens)
        assert np.array_equal(ours, golly), (name, h, w, rule, gens)


@needs_bgolly
@pytest.mark.parametrize("name", SURFACE_NAMES)
def test_written_rle_loads_in_place(name, tmp_path):
    # generation 0 back from Golly is the grid itself: Pos and the suffix put it in place
    h, w = (12, 12) if name == "sphere" else (11, 20)
    surface = Surface(name, h, w)
    grid = np.zeros((h, w), dtype=np.uint8)
    grid[0, 0] = grid[0, w - 1] = grid[h - 1, 0] = grid[h - 1, w - 1] = 1
    grid[3, 4:7] = 1
    assert np.array_equal(run_bgolly(grid, "conway", surface, 0), grid)
    assert np.array_equal(run_bgolly(grid, "conway", surface, 1),
                          advance(grid, "conway", surface, 1))
    # and the file itself is what run_bgolly feeds it
    text = write_rle(grid, tmp_path / "g.rle", rule="conway", surface=surface)
    assert f"rule = B3/S23{surface.golly_suffix()}" in text


@needs_bgolly
def test_exported_generation_continues_identically_in_golly(tmp_path):
    surface = Surface("projective", 15, 22)
    grid = (np.random.default_rng(4).random((15, 22)) < 0.4).astype(np.uint8)
    events = list(evolve(grid, "daynight", surface, 12))
    text = write_generation_rle(events[7], tmp_path / "gen7.rle")
    assert "#CXRLE Pos=-11,-7 Gen=7" in text and "rule = B3678/S34678:C22,15" in text
    placed, found = parse_rle(text).placed_grid()
    assert found == surface and np.array_equal(placed, events[7].grid)
    assert np.array_equal(run_bgolly_file(tmp_path / "gen7.rle", surface, 5), events[12].grid)
