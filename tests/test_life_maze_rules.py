"""The cellular-automaton maze rules: Maze B3/S12345 and Mazectric B3/S1234 by name and in
Golly's notation, stepped on a surface, and their scenario."""
from pathlib import Path

import numpy as np
import pytest

from visualizer.life.engine import evolve, step
from visualizer.life.rules import NAMED_RULES, parse_rule
from visualizer.scenario import load
from visualizer.surfaces import make_surface

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("text, notation", [
    ("maze", "B3/S12345"), ("Maze", "B3/S12345"), ("B3/S12345", "B3/S12345"),
    ("b3s12345", "B3/S12345"), ("12345/3", "B3/S12345"),
    ("mazectric", "B3/S1234"), ("B3/S1234", "B3/S1234"), ("1234/3", "B3/S1234"),
])
def test_named_and_golly_notations(text, notation):
    assert parse_rule(text).notation == notation


def test_they_are_listed_with_the_other_named_rules():
    assert NAMED_RULES["maze"] == "B3/S12345" and NAMED_RULES["mazectric"] == "B3/S1234"


def test_five_neighbours_keep_a_wall_in_maze_but_not_in_mazectric():
    """The centre of a plus sign with one more cell has 5 live neighbours."""
    grid = np.zeros((7, 7), dtype=np.uint8)
    for r, c in [(3, 3), (2, 3), (4, 3), (3, 2), (3, 4), (2, 2)]:
        grid[r, c] = 1
    plane = make_surface("plane", 7, 7)
    assert step(grid, "maze", plane)[3, 3] == 1
    assert step(grid, "mazectric", plane)[3, 3] == 0


def test_a_small_seed_grows_corridors_on_a_torus():
    """From a 6x6 random seed the live cells spread over most of a 32x32 torus, and far
    fewer cells change from one generation to the next once the walls are up."""
    rng = np.random.default_rng(2026)
    grid = np.zeros((32, 32), dtype=np.uint8)
    grid[13:19, 13:19] = rng.random((6, 6)) < 0.45
    torus = make_surface("torus", 32, 32)
    for rule in ("maze", "mazectric"):
        grids = list(evolve(grid, rule, torus, 150))
        last, before = grids[-1].grid, grids[-2].grid
        assert last.sum() > 0.3 * last.size, rule
        assert (last != before).sum() < 0.05 * last.size, rule


def test_the_scenario_loads_with_both_rules():
    scenario = load(ROOT / "scenarios" / "life_maze_rules.yaml")
    assert [p.life.rule.notation for p in scenario.panels] == ["B3/S12345", "B3/S1234"]
