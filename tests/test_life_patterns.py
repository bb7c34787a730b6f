"""Named patterns, placing them, random soups."""
import numpy as np
import pytest

from visualizer.life.engine import advance
from visualizer.life.patterns import PATTERNS, PatternError, get_pattern, place, random_soup
from visualizer.surfaces import Surface


def test_seed_001_patterns():
    # the notebook's planeur: (0,4) (1,5) (2,3) (2,4) (2,5); objet: (0,0) (1,0..2) (2,1)
    grid = np.zeros((6, 8), dtype=np.uint8)
    place(grid, "planeur", (0, 3))
    assert sorted(zip(*np.nonzero(grid))) == [(0, 4), (1, 5), (2, 3), (2, 4), (2, 5)]
    grid = np.zeros((6, 8), dtype=np.uint8)
    place(grid, "objet")
    assert sorted(zip(*np.nonzero(grid))) == [(0, 0), (1, 0), (1, 1), (1, 2), (2, 1)]


@pytest.mark.parametrize("name, period", [("blinker", 2), ("toad", 2), ("beacon", 2),
                                          ("pulsar", 3), ("pentadecathlon", 15),
                                          ("block", 1), ("beehive", 1), ("loaf", 1),
                                          ("boat", 1)])
def test_oscillators_and_still_lifes(name, period):
    surface = Surface("plane", 24, 24)
    grid = np.zeros((24, 24), dtype=np.uint8)
    place(grid, name, (7, 7))
    assert np.array_equal(advance(grid, "conway", surface, period), grid)


def test_gun_makes_gliders():
    surface = Surface("plane", 40, 60)
    grid = np.zeros((40, 60), dtype=np.uint8)
    place(grid, "gosper_glider_gun", (1, 1))
    assert advance(grid, "conway", surface, 60).sum() == 36 + 2 * 5


def test_place_errors():
    grid = np.zeros((5, 5), dtype=np.uint8)
    with pytest.raises(PatternError, match=r"glider \(3 rows x 3 columns\) does not fit at "
                                           r"\(3, 0\) in a 5x5 grid"):
        place(grid, "glider", (3, 0))
    with pytest.raises(PatternError, match="unknown pattern `glidr`; expected one of"):
        get_pattern("glidr")
    assert grid.sum() == 0
    assert get_pattern("R-pentomino") is PATTERNS["r_pentomino"]


def test_random_soup_uses_the_generator():
    a = random_soup(30, 40, 0.3, np.random.default_rng(1))
    b = random_soup(30, 40, 0.3, np.random.default_rng(1))
    assert a.shape == (30, 40) and a.dtype == np.uint8 and np.array_equal(a, b)
    assert 0.2 < a.mean() < 0.4
    with pytest.raises(ValueError, match="between 0 and 1"):
        random_soup(3, 3, 1.5, np.random.default_rng(0))
