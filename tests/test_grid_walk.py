"""The random walk of Aldous–Broder and Wilson on each grid (`generators/_grid_walk.Walk`):
its numpy sums and its step-by-step loop agree, each step crosses the side it reports (the
grid's step table replays the trail), and a triangle's draw always picks a side the
triangle has."""
from __future__ import annotations

import numpy as np
import pytest

import visualizer as viz
from visualizer.generators._grid_walk import Walk
from visualizer.generators._walk import Sides
from visualizer.grids.triangle import TriSide, upward
from visualizer.maze.trail import walk_tri

GRIDS = [("square", 5, 5, "klein", None), ("hex", 4, 6, "torus", None),
         ("hex", 3, 4, "plane", ["X...", "....", "...."]), ("polar", 5, 1, "plane", None),
         ("polar", 4, 1, "plane", ["." * 24, "." * 24, "X" * 6 + "." * 18, "." * 24]),
         ("triangle", 5, 7, "plane", None), ("triangle", 4, 6, "torus", None),
         ("triangle", 3, 4, "plane", ["X...", "....", "..X."]), ("triangle", 1, 1, "plane", None)]


def replay(maze, start: int, sides: bytes) -> list[int]:
    """The cells the sides lead to by the grid's step table (nowhere: stay put)."""
    target, here, out = maze.grid.step_table[0], start, []
    for side in sides:
        there = int(target[here, side])
        here = here if there < 0 else there
        out.append(here)
    return out


@pytest.mark.parametrize("kind,rows,cols,surface,mask", GRIDS,
                         ids=[f"{g[0]}-{g[3]}{'-mask' if g[4] else ''}" for g in GRIDS])
def test_the_walks_sums_and_steps_agree_and_replay(kind, rows, cols, surface, mask):
    maze = viz.maze(rows, cols, surface, grid=kind, mask=mask)
    walk = Walk(maze)
    draws = Sides(np.random.default_rng(5), 1000, walk.choices)
    for start in maze.grid.flat_cells.tolist():
        taken = draws.take(600)
        at, sides = walk.cells(start, taken)
        stepped, stepped_sides = walk.steps(start, taken)
        assert at.tolist() == list(stepped)
        assert (bytes(stepped_sides), len(sides)) == (sides, 600)
        assert replay(maze, start, sides) == at.tolist()


@pytest.mark.parametrize("surface,rows,cols", [("plane", 6, 9), ("torus", 4, 6),
                                               ("plane", 1, 5), ("torus", 6, 2)])
def test_a_triangle_draw_picks_east_west_or_the_third_side(surface, rows, cols):
    maze = viz.maze(rows, cols, surface, grid="triangle")
    target = maze.grid.step_table[0]
    rng = np.random.default_rng(rows * cols)
    for start in range(rows * cols):
        draws = rng.integers(0, 3, 900, dtype=np.uint8)
        at, sides = walk_tri(target, cols, start, draws)
        before = [start] + at[:-1].tolist()
        for b, d, side in zip(before, draws.tolist(), sides.tolist()):
            third = TriSide.S if upward(*divmod(b, cols)) else TriSide.N
            assert side == (TriSide.E, TriSide.W, third)[d]


def test_a_triangle_walk_inside_never_stays_put():
    """Every draw is a side the triangle has: away from the border every step moves (the
    walk on all four side indices stayed put one step in four)."""
    maze = viz.maze(60, 60, grid="triangle")
    start = 30 * 60 + 30
    at, _ = walk_tri(maze.grid.step_table[0], 60, start,
                     np.random.default_rng(1).integers(0, 3, 2000, dtype=np.uint8))
    before = [start] + at[:-1].tolist()
    inside = [(b, a) for b, a in zip(before, at.tolist())
              if 0 < b // 60 < 59 and 0 < b % 60 < 59]
    assert len(inside) > 1000 and all(b != a for b, a in inside)
