"""The maze model on every grid (issue 23, step 2): faces by (cell, side index of the grid),
both faces of a wall kept in step, perfection counted over the grid's cells, replay from
`GridCreated(grid=…)`, and the public graph view (`viz.neighbours`, `viz.adjacency`)."""
from __future__ import annotations

import numpy as np
import pytest

import visualizer as viz
from visualizer import events as ev
from visualizer.events import Side
from visualizer.grids import GridError, HexSide, PolarSide
from visualizer.maze import Maze, MazeFormatError, created, replay

CASES = [("square", 3, 4, "plane", None), ("square", 4, 4, "sphere", None),
         ("square", 3, 3, "klein", ["X..", "...", "..."]),
         ("hex", 4, 5, "plane", None), ("hex", 3, 4, "torus", None),
         ("hex", 3, 3, "plane", [".X.", "...", "..."]),
         ("triangle", 3, 5, "plane", None), ("triangle", 2, 4, "torus", None),
         ("polar", 5, 1, "plane", None), ("polar", 1, 1, "plane", None)]
IDS = [f"{k}-{s}-{r}x{c}{'-mask' if m else ''}" for k, r, c, s, m in CASES]


def carve_dfs(maze, seed=0):
    """Events of a random depth-first spanning tree of `viz.neighbours(maze)`, carved into
    `maze` with `open_wall` (the test's own carver: only the model's API)."""
    rng = np.random.default_rng(seed)
    events = [created(maze)]
    cells = maze.grid.cells
    start = cells[int(rng.integers(len(cells)))]
    seen, stack = {start}, [start]
    while stack:
        here = stack[-1]
        options = [(side, there) for side, there in maze.grid.neighbours(here)
                   if there not in seen]
        if not options:
            stack.pop()
            continue
        side, there = options[int(rng.integers(len(options)))]
        maze.open_wall(here, side)
        events.append(ev.WallOpened(here, side))
        seen.add(there)
        stack.append(there)
    return events


@pytest.mark.parametrize("kind,rows,cols,surface,mask", CASES, ids=IDS)
def test_a_tree_carved_on_any_grid_is_perfect_and_replays(kind, rows, cols, surface, mask):
    maze = viz.maze(rows, cols, surface, grid=kind, mask=mask)
    assert maze.faces.shape == (maze.rows, maze.cols, maze.grid.degree)
    assert not maze.is_perfect() or maze.cell_count == 1
    events = carve_dfs(maze)
    assert maze.is_perfect()
    assert len(maze.open_walls()) == maze.cell_count - 1
    assert replay(events) == maze
    assert (events[0].grid is None) == (kind == "square" and mask is None)
    # both faces of every wall agree
    target, entered, _ = maze.grid.step_table
    flat = maze.faces.reshape(-1, maze.degree)
    for i, s in zip(*np.nonzero(target >= 0)):
        assert flat[i, s] == flat[target[i, s], entered[i, s]]
    # the graph view: adjacency is a spanning tree of neighbours
    near, links = viz.neighbours(maze), viz.adjacency(maze)
    assert list(near) == maze.grid.cells == list(links)
    assert sum(len(v) for v in links.values()) == 2 * (maze.cell_count - 1)
    for cell, linked in links.items():
        assert set(linked) <= set(near[cell])
        assert all(cell in links[other] for other in linked)
    assert maze.reachable(maze.grid.cells[0]) == set(maze.grid.cells)


def test_a_square_maze_is_what_it_always_was():
    maze = viz.maze(3, 4, "torus")
    assert maze.faces.shape == (3, 4, 4) and maze.grid.plain
    assert maze.cells == maze.cell_count == 12
    assert created(maze) == ev.GridCreated(3, 4, maze.surface)
    assert maze.grid.all_sides == tuple(Side)


def test_moves_and_walls_use_the_grids_sides():
    maze = viz.maze(3, 4, grid="hex")
    step = maze.move((0, 0), HexSide.SE)
    assert step is not None and (step.cell, step.side) == ((0, 1), HexSide.NW)
    maze.open_wall((0, 0), HexSide.SE)
    assert maze.is_open((0, 1), HexSide.NW)
    assert maze.open_walls() == [(0, 0, int(HexSide.SE))]
    assert [s for s, _ in maze.passages((0, 1))] == [HexSide.NW]
    disc = viz.maze(3, 9, grid="polar")
    assert (disc.rows, disc.cols, disc.cell_count) == (3, 12, 19)
    assert disc.move((2, 5), PolarSide.IN).cell == (1, 2)
    assert disc.move((2, 5), PolarSide.OUT0) is None          # the rim
    assert disc.default_endpoints() == ((0, 0), (2, 11))


def test_masked_out_cells_are_not_cells():
    maze = viz.maze(2, 3, grid="square", mask=["X..", "..."])
    assert not maze.passable((0, 0)) and maze.passable((0, 1))
    assert maze.default_endpoints() == ((0, 1), (1, 2))
    assert maze.move((0, 1), Side.W) is None


def test_the_square_formats_refuse_other_grids():
    maze = viz.maze(2, 2, grid="triangle")
    for method in (maze.to_grille, maze.to_blocks, maze.ascii):
        with pytest.raises(MazeFormatError, match="square grids only"):
            method()


def test_bad_grid_requests_from_the_front_door(tmp_path):
    with pytest.raises(GridError, match="even number of columns"):
        viz.maze(3, 5, "torus", grid="hex")
    with pytest.raises(GridError, match="plane only"):
        viz.maze(3, 3, "torus", grid="polar")
    with pytest.raises(GridError, match="unknown grid"):
        viz.maze(3, 3, grid="octagonal")
    mask = tmp_path / "mask.txt"
    mask.write_text("X..\n...\n")
    assert viz.maze(2, 3, grid="hex", mask=str(mask)).cell_count == 5
    with pytest.raises(ValueError, match="grid is"):
        Maze(2, 3, grid=viz.maze(2, 4).grid)
