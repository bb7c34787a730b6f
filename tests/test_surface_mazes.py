"""Every perfect generator and every solver on every surface, checked against the glued
cell graph built independently in `surface_reference`."""
from __future__ import annotations

import numpy as np
import pytest

from surface_reference import NAMES, check_spanning_tree, check_walk, distances, open_edges
from visualizer import events as ev
from visualizer import registry
from visualizer.events import Mark, Side
from visualizer.maze import Maze, replay
from visualizer.maze.endpoints import place as place_endpoints
from visualizer.solvers.bfs import bfs

SIZES = [(5, 7), (4, 6), (1, 1), (1, 6), (6, 1), (2, 2)]
SQUARE_SIZES = [(5, 5), (4, 4), (1, 1), (2, 2), (3, 3)]
SEEDS = (0, 1, 2)


def sizes_for(name):
    return SQUARE_SIZES if name == "sphere" else SIZES


def _runs_on(algo, name):
    return algo.accepts(name)


PERFECT = {name: a for name, a in registry.algorithms("generator").items() if a.perfect}
GENERATOR_CASES = [(g, name, size) for g, algo in PERFECT.items() for name in NAMES
                   if _runs_on(algo, name) for size in sizes_for(name)]
SOLVERS = registry.algorithms("solver")


def _generate(generator, name, size, seed):
    maze = Maze(*size, name)
    events = list(registry.get("generator", generator).func(
        maze, rng=np.random.default_rng(seed)))
    return maze, events


@pytest.mark.parametrize("generator,name,size", GENERATOR_CASES,
                         ids=[f"{g}-{n}-{h}x{w}" for g, n, (h, w) in GENERATOR_CASES])
def test_perfect_generators_make_spanning_trees_of_the_glued_graph(generator, name, size):
    for seed in SEEDS:
        maze, events = _generate(generator, name, size, seed)
        check_spanning_tree(maze)
        assert maze.is_perfect()
        assert replay(events) == maze


ALL_CASES = [(g, name) for g, algo in registry.algorithms("generator").items() for name in NAMES
             if _runs_on(algo, name)]


@pytest.mark.parametrize("generator,name", ALL_CASES, ids=[f"{g}-{n}" for g, n in ALL_CASES])
def test_every_generator_runs_on_every_surface_it_accepts(generator, name):
    """Perfect or not: both faces of every glued wall agree and replay rebuilds the maze."""
    for size in sizes_for(name):
        maze, events = _generate(generator, name, size, 0)
        open_edges(maze)              # raises if the two faces of a wall disagree
        assert replay(events) == maze


def test_glued_edges_are_used():
    """Across seeds, the spanning trees do open walls on glued edges (else the tests above
    would say nothing about the gluing)."""
    for generator in PERFECT:
        for name in NAMES[1:]:
            if not _runs_on(PERFECT[generator], name):
                continue
            glued = 0
            for seed in SEEDS:
                maze, _ = _generate(generator, name, (6, 6), seed)
                glued += sum(maze.surface.is_border(k[:2], k[2]) for k in maze.open_walls())
            assert glued > 0, (generator, name)


# --- solvers ---------------------------------------------------------------------------


def _perfect_maze(name, size, seed):
    accepted = sorted(g for g, algo in PERFECT.items() if _runs_on(algo, name))
    generator = accepted[seed % len(accepted)]
    maze, _ = _generate(generator, name, size, seed)
    list(place_endpoints(maze, "corners"))
    return maze


def _solve(solver, maze, seed, **params):
    return list(solver.func(maze, rng=np.random.default_rng(seed), **params))


def test_bfs_crosses_a_glued_edge_when_it_is_shorter():
    maze = Maze(1, 3, "torus", walls_open=True)
    events = list(bfs(maze, start=(0, 0), goal=(0, 2)))
    assert events == [
        ev.CellMarked((0, 0), Mark.START), ev.CellMarked((0, 2), Mark.GOAL),
        ev.CellMarked((0, 0), Mark.VISITED),
        ev.CellMarked((0, 1), Mark.FRONTIER), ev.CellMarked((0, 2), Mark.FRONTIER),
        ev.CellMarked((0, 1), Mark.VISITED), ev.CellMarked((0, 2), Mark.VISITED),
        ev.PathFound(((0, 0), (0, 2)), (Side.W,)),
    ]


@pytest.mark.parametrize("name", NAMES)
def test_bfs_is_shortest_on_the_glued_graph(name):
    rng = np.random.default_rng(5)
    for size in sizes_for(name):
        for seed in SEEDS:
            for maze in (_perfect_maze(name, size, seed), Maze(*size, name, walls_open=True)):
                start = (int(rng.integers(size[0])), int(rng.integers(size[1])))
                goal = (int(rng.integers(size[0])), int(rng.integers(size[1])))
                found = _solve(SOLVERS["bfs"], maze, seed, start=start, goal=goal)[-1]
                check_walk(maze, found.cells, found.sides)
                assert (found.cells[0], found.cells[-1]) == (start, goal)
                assert len(found.sides) == distances(maze, start)[goal]


def test_open_torus_distances_wrap_around():
    h, w = 5, 8
    maze = Maze(h, w, "torus", walls_open=True)
    for r in range(h):
        for c in range(w):
            found = list(bfs(maze, start=(0, 0), goal=(r, c)))[-1]
            assert len(found.sides) == min(r, h - r) + min(c, w - c)


SOLVER_CASES = [(s, name) for s, algo in SOLVERS.items() for name in NAMES
                if _runs_on(algo, name)]


@pytest.mark.parametrize("solver,name", SOLVER_CASES,
                         ids=[f"{s}-{n}" for s, n in SOLVER_CASES])
def test_every_solver_reaches_the_goal_on_every_surface(solver, name):
    algo = SOLVERS[solver]
    takes_endpoints = {"start", "goal"} <= {p.name for p in algo.params}
    rng = np.random.default_rng(11)
    for size in sizes_for(name):
        for seed in SEEDS:
            maze = _perfect_maze(name, size, seed)
            start, goal = maze.entrance, maze.exit
            params = {}
            if takes_endpoints and seed == 2:
                start = (int(rng.integers(size[0])), int(rng.integers(size[1])))
                goal = (int(rng.integers(size[0])), int(rng.integers(size[1])))
                params = {"start": start, "goal": goal}
            events = _solve(algo, maze.copy(), seed, **params)
            found = events[-1]
            assert isinstance(found, ev.PathFound), (size, seed, found)
            assert (found.cells[0], found.cells[-1]) == (start, goal)
            check_walk(maze, found.cells, found.sides)


def _moves(events):
    """Moves a walker made: changes of its `current` cell, else the length of its path."""
    current = [e.cell for e in events if isinstance(e, ev.CellMarked) and e.mark == Mark.CURRENT]
    if current:
        return sum(a != b for a, b in zip(current, current[1:]))
    return len(events[-1].sides)


@pytest.mark.skipif("wall_follower" not in SOLVERS, reason="no wall follower registered yet")
@pytest.mark.parametrize("name", NAMES)
def test_wall_follower_exits_every_perfect_maze_within_two_moves_per_wall(name):
    algo = SOLVERS.get("wall_follower")
    for size in sizes_for(name):
        for seed in range(6):
            maze = _perfect_maze(name, size, seed)
            events = _solve(algo, maze.copy(), seed)
            assert isinstance(events[-1], ev.PathFound), (size, seed)
            assert events[-1].cells[-1] == maze.exit
            assert _moves(events) <= 2 * (maze.cells - 1), (size, seed)
