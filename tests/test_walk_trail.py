"""`maze.trail.walk_cells` (a walk's cells by cumulative sums, the step table at the square's
edges) against stepping one side at a time with `Surface.move`, on every surface; and the
walk generators' draws: same seed, same walk."""
from __future__ import annotations

import numpy as np
import pytest

from visualizer import registry
from visualizer.events import Side
from visualizer.maze import Maze
from visualizer.maze.trail import trail_cells, walk_cells
from visualizer.surfaces import SURFACES


def stepped(maze: Maze, start: int, sides: np.ndarray) -> list[int]:
    cols, here, out = maze.cols, divmod(start, maze.cols), []
    for side in sides.tolist():
        step = maze.surface.move(here, Side(side))
        here = here if step is None else step.cell
        out.append(here[0] * cols + here[1])
    return out


@pytest.mark.parametrize("surface", sorted(SURFACES))
@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 4), (3, 3), (4, 4), (5, 2)])
def test_walk_cells_is_a_step_by_step_walk(surface, rows, cols):
    if SURFACES[surface].shape_error(rows, cols):
        pytest.skip("the surface needs a square grid")
    maze = Maze(rows, cols, surface)
    target = maze.surface.step_table[0]
    rng = np.random.default_rng(rows * 10 + cols)
    for length in (0, 1, 7, 300, 2000):       # longer than the first window: restarts
        sides = rng.integers(0, 4, length, dtype=np.uint8)
        start = int(rng.integers(maze.cells))
        assert walk_cells(target, cols, start, sides).tolist() == stepped(maze, start, sides)
        assert trail_cells(target, cols, start, sides.tobytes()).tolist() \
            == stepped(maze, start, sides)


def test_a_long_walk_far_from_the_edges_needs_no_restart():
    maze = Maze(200, 200)
    sides = np.array([1, 3] * 5000, dtype=np.uint8)            # E W E W …: stays near
    out = walk_cells(maze.surface.step_table[0], 200, 100 * 200 + 100, sides)
    assert set(out.tolist()) == {100 * 200 + 101, 100 * 200 + 100}


@pytest.mark.parametrize("name", ["aldous_broder", "wilson"])
def test_same_seed_same_events_and_another_seed_another_maze(name):
    func = registry.get("generator", name).func

    def events(seed):
        maze = Maze(12, 12, "klein")
        return list(func(maze, rng=np.random.default_rng(seed))), maze

    (a, ma), (b, mb), (_, mc) = events(4), events(4), events(5)
    assert a == b and ma == mb and mc != ma
