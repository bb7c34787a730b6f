"""Every solver on every grid (issue 23, step 3): its path is a walk of `viz.adjacency`
from start to goal, the shortest where its family promises it; A*'s estimate is admissible
(never above the true distance) on every grid; Pledge is refused off the square grid with
the reason; the wall follower turns by the sides' angles; statistics per grid."""
from __future__ import annotations

from collections import deque

import pytest

import visualizer as viz
from visualizer import events as ev
from visualizer import registry
from visualizer.maze.braid import braid, dead_ends
from visualizer.maze.stats import compute_maze_stats
from visualizer.solvers import _turns
from visualizer.solvers.astar import heuristic

SOLVERS = registry.algorithms("solver")
ON_EVERY_GRID = sorted(n for n, a in SOLVERS.items() if a.grids == registry.ALL_GRIDS)
GRIDS = [("hex", 6, 7, "plane", None), ("hex", 4, 6, "torus", None),
         ("triangle", 5, 8, "plane", None), ("triangle", 4, 6, "torus", None),
         ("polar", 6, 1, "plane", None), ("hex", 4, 4, "plane", ["X...", "....", "..X.", "...."])]
IDS = [f"{k}-{s}-{r}x{c}{'-mask' if m else ''}" for k, r, c, s, m in GRIDS]


def bfs_length(links, start, goal):
    dist, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for there in links[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist.get(goal)


def made(kind, rows, cols, surface, mask, braided=0.0):
    maze = viz.maze(rows, cols, surface, grid=kind, mask=mask)
    list(viz.generate(maze, "wilson", seed=rows + cols))
    if braided:
        list(braid(maze, braided, __import__("numpy").random.default_rng(1)))
    return maze


@pytest.mark.parametrize("braided", [0.0, 0.5], ids=["perfect", "braided"])
@pytest.mark.parametrize("case", GRIDS, ids=IDS)
def test_every_solver_walks_the_passages_from_start_to_goal(case, braided):
    maze = made(*case, braided=braided)
    links = viz.adjacency(maze)
    cells = maze.grid.cells
    start, goal = cells[0], cells[-1]
    for name in ON_EVERY_GRID:
        events = list(viz.solve(maze, name, seed=3, start=start, goal=goal))
        last = events[-1]
        if name == "random_mouse" and isinstance(last, ev.NoPath):
            continue                              # it may give up: that is its nature
        if name == "wall_follower" and braided and isinstance(last, ev.NoPath):
            assert last.why == ev.NoPathReason.LOOP
            continue
        assert isinstance(last, ev.PathFound), (name, last)
        path = last.cells
        assert path[0] == start and path[-1] == goal, name
        for a, b, side in zip(path, path[1:], last.sides):
            assert b in links[a], (name, a, b)
            assert maze.move(a, side).cell == b and maze.is_open(a, side)
        if SOLVERS[name].family == registry.Family.SHORTEST:
            assert len(path) - 1 == bfs_length(links, start, goal), name


@pytest.mark.parametrize("case", GRIDS, ids=IDS)
def test_astar_estimate_is_admissible_and_consistent(case):
    maze = made(*case, braided=0.3)
    links = viz.adjacency(maze)
    goal = maze.grid.cells[len(maze.grid.cells) // 2]
    estimate, name = heuristic(maze, goal)
    assert "distance" in name
    for cell in maze.grid.cells:
        true = bfs_length(links, cell, goal)
        assert true is None or estimate(cell) <= true
        for _, there in maze.grid.neighbours(cell):
            assert abs(estimate(cell) - estimate(there)) <= 1


def test_pledge_is_refused_off_the_square_grid_with_the_reason():
    maze = made("hex", 4, 5, "plane", None)
    with pytest.raises(ValueError, match="quarter turns"):
        viz.solve(maze, "pledge")                 # the front door says no at once
    last = list(SOLVERS["pledge"].func(maze, rng=None))[-1]     # the solver itself too
    assert isinstance(last, ev.NoPath) and last.why == ev.NoPathReason.UNUSABLE
    assert "quarter turns" in last.reason
    assert "quarter turns" in SOLVERS["pledge"].grid_refusal("hex")


def test_the_wall_follower_turns_by_angle():
    hexes = viz.maze(3, 3, grid="hex")
    # a left hand, come in from the south: north-west first, then clockwise round
    assert _turns.preferences(hexes, (1, 1), 3, "left") == [4, 5, 0, 1, 2, 3]
    assert _turns.preferences(hexes, (1, 1), 3, "right") == [2, 1, 0, 5, 4, 3]
    assert _turns.facing(hexes, (1, 1), 3).name == "N"
    tri = viz.maze(2, 2, grid="triangle")
    assert [s for s in _turns.preferences(tri, (0, 0), 2, "left")] == [3, 1, 2]   # W, E, S
    disc = viz.maze(3, 1, grid="polar")
    assert _turns.facing(disc, (2, 3), 2).name == "OUT0"      # in from the centre: outward
    square = viz.maze(3, 3)
    assert _turns.preferences(square, (1, 1), 2, "left") == [3, 0, 1, 2]   # W, N, E, back


def test_statistics_per_grid():
    for kind, rows, cols in (("square", 12, 12), ("hex", 12, 12), ("triangle", 12, 12),
                             ("polar", 8, 1)):
        maze = viz.maze(rows, cols, grid=kind)
        list(viz.generate(maze, "backtracker", seed=5))
        stats = compute_maze_stats(maze)
        assert stats["perfect"] and stats["cells"] == maze.cell_count
        assert stats["internal_walls"] == len(maze.grid.wall_faces)
        assert stats["dead_ends"] == len(dead_ends(maze)) > 0
        assert stats["loops"] == 0 and stats["components"] == 1
    tri = viz.maze(6, 6, grid="triangle")
    list(viz.generate(tri, "kruskal", seed=1))
    assert compute_maze_stats(tri)["straight_share"] == 0.0     # a triangle always turns


@pytest.mark.parametrize("kind", ["hex", "triangle", "polar"])
def test_braid_removes_dead_ends_on_every_grid(kind):
    maze = viz.maze(8, 8, grid=kind)
    list(viz.generate(maze, "kruskal", seed=2))
    before = len(dead_ends(maze))
    events = list(braid(maze, 1.0, __import__("numpy").random.default_rng(0)))
    assert len(dead_ends(maze)) < before / 4
    assert all(maze.is_open(e.cell, e.side) for e in events if isinstance(e, ev.WallOpened))
