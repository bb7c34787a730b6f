"""Breadth-first search: shortest paths, checked against an independent computation."""
from collections import deque

import numpy as np
import pytest

from visualizer import events as ev
from visualizer.events import Side
from visualizer.generators.kruskal import kruskal
from visualizer.maze import Maze
from visualizer.solvers.bfs import bfs


def distances(maze, start):
    """Plain BFS distances over open walls (plane only), independent of the solver."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for side, (dr, dc) in zip(Side, [(-1, 0), (0, 1), (1, 0), (0, -1)]):
            nxt = (r + dr, c + dc)
            if maze.faces[r, c, side] and 0 <= nxt[0] < maze.rows and 0 <= nxt[1] < maze.cols \
                    and not maze.blocked[nxt] and nxt not in dist:
                dist[nxt] = dist[(r, c)] + 1
                queue.append(nxt)
    return dist


def braided(seed, rows=8, cols=10):
    """A maze with loops: a spanning tree plus some extra open walls."""
    rng = np.random.default_rng(seed)
    maze = Maze(rows, cols)
    for _ in kruskal(maze, rng=rng):
        pass
    for r, c, side in maze.surface.internal_walls:
        if rng.random() < 0.15:
            maze.open_wall((r, c), side)
    return maze


@pytest.mark.parametrize("seed", range(8))
def test_bfs_path_is_shortest_and_valid(seed):
    maze = braided(seed)
    rng = np.random.default_rng(seed)
    start = (int(rng.integers(8)), int(rng.integers(10)))
    goal = (int(rng.integers(8)), int(rng.integers(10)))
    events = list(bfs(maze, start=start, goal=goal))
    found = events[-1]
    assert isinstance(found, ev.PathFound)
    assert found.cells[0] == start and found.cells[-1] == goal
    assert len(found.cells) - 1 == distances(maze, start)[goal]
    for cell, side, nxt in zip(found.cells, found.sides, found.cells[1:]):
        assert maze.is_open(cell, side) and maze.surface.move(cell, side).cell == nxt


def test_bfs_reports_no_path_as_an_event():
    maze = Maze(2, 2)
    maze.open_wall((0, 0), Side.E)
    events = list(bfs(maze, start=(0, 0), goal=(1, 1)))
    assert isinstance(events[-1], ev.NoPath)
    visited = {e.cell for e in events if isinstance(e, ev.CellMarked) and e.mark == "visited"}
    assert visited == {(0, 0), (0, 1)}


def test_bfs_transcript_on_a_corridor():
    maze = Maze(1, 3)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.E)
    assert list(bfs(maze, start=(0, 0), goal=(0, 2))) == [
        ev.CellMarked((0, 0), "start"), ev.CellMarked((0, 2), "goal"),
        ev.CellMarked((0, 0), "visited"), ev.CellMarked((0, 1), "frontier"),
        ev.CellMarked((0, 1), "visited"), ev.CellMarked((0, 2), "frontier"),
        ev.CellMarked((0, 2), "visited"),
        ev.PathFound(((0, 0), (0, 1), (0, 2)), (Side.E, Side.E)),
    ]
