"""The random mouse: its transcript, its rule (never straight back but at a dead end), the
same seed giving the same walk, and giving up after `max_steps` moves."""
import itertools

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.events import Mark, Side
from visualizer.maze import Maze
from visualizer.solvers.random_mouse import choose, random_mouse


def walk(maze, seed=0, **params):
    return list(random_mouse(maze, rng=np.random.default_rng(seed), **params))


def test_transcript_on_a_corridor():
    """Along a corridor of 3 from (0, 0) to (0, 2): one way on from each cell, no choice."""
    maze = Maze(1, 3)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.E)
    events = walk(maze, start=(0, 0), goal=(0, 2))
    assert events == [
        ev.CellMarked((0, 0), Mark.START), ev.CellMarked((0, 2), Mark.GOAL),
        ev.CellMarked((0, 0), Mark.WALKER, 0),
        ev.CellMarked((0, 0), Mark.VISITED, 1), ev.CellMarked((0, 1), Mark.WALKER, 1),
        ev.CellMarked((0, 1), Mark.VISITED, 1), ev.CellMarked((0, 2), Mark.WALKER, 2),
        ev.PathFound(((0, 0), (0, 1), (0, 2)), (Side.E, Side.E)),
    ]


def test_choose_never_goes_back_unless_it_must():
    rng = np.random.default_rng(0)
    picks = {choose(rng, [Side.N, Side.E, Side.W], Side.W) for _ in range(200)}
    assert picks == {Side.N, Side.E}
    assert choose(rng, [Side.S], Side.S) == Side.S


def kruskal(seed, rows=9, cols=9):
    maze = Maze(rows, cols)
    for _ in registry.get("generator", "kruskal").func(maze, rng=np.random.default_rng(seed)):
        pass
    return maze


@pytest.mark.parametrize("seed", range(4))
def test_each_move_goes_through_an_open_wall_and_back_only_at_dead_ends(seed):
    maze = kruskal(seed)
    events = walk(maze, seed, start=(0, 0), goal=(8, 8))
    cells = [(0, 0)] + [e.cell for e in events[3:] if isinstance(e, ev.CellMarked)
                        and e.mark == Mark.WALKER]
    for k, (a, b) in enumerate(itertools.pairwise(cells)):
        ways = {step.cell for _, step in maze.passages(a)}
        assert b in ways
        if k and b == cells[k - 1]:
            assert len(ways) == 1, f"turned back at {a}, which is no dead end"
    assert isinstance(events[-1], ev.PathFound)


def test_the_same_seed_gives_the_same_walk_and_another_seed_another():
    maze = kruskal(1)
    assert walk(maze, 7, start=(0, 0), goal=(8, 8)) == walk(maze, 7, start=(0, 0), goal=(8, 8))
    assert walk(maze, 7, start=(0, 0), goal=(8, 8)) != walk(maze, 8, start=(0, 0), goal=(8, 8))


def test_it_gives_up_after_max_steps():
    maze = kruskal(2)
    events = walk(maze, 0, start=(0, 0), goal=(8, 8), max_steps=5)
    assert isinstance(events[-1], ev.NoPath) and events[-1].why == ev.NoPathReason.GAVE_UP
    moves = [e.count for e in events if isinstance(e, ev.CellMarked) and e.mark == Mark.WALKER]
    assert moves == [0, 1, 2, 3, 4, 5]


def test_it_needs_a_seeded_generator():
    with pytest.raises(ValueError, match="seeded"):
        list(random_mouse(Maze(1, 2), start=(0, 0), goal=(0, 1)))


def test_a_walled_in_start_has_no_way_out():
    events = walk(Maze(1, 2), start=(0, 0), goal=(0, 1))
    assert events[-1].why == ev.NoPathReason.NO_WAY_OUT
