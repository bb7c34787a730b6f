"""Quality bar 3: texture. On a 40×40 plane, the dead-end share of 10 mazes per generator is
within 1.5 points of the share the references give (Mazes for Programmers, Think Labyrinth,
mazelib; a uniform spanning tree's is 29.5 %)."""
from __future__ import annotations

import numpy as np
import pytest

from visualizer import registry
from visualizer.maze import Maze
from visualizer.maze.stats import compute_maze_stats

#: generator, its parameters, the reference dead-end share in percent
REFERENCES = [
    ("aldous_broder", {}, 29.5), ("wilson", {}, 29.5), ("binary_tree", {}, 25.0),
    ("sidewinder", {}, 27.0), ("eller", {}, 28.0), ("hunt_and_kill", {}, 10.7),
    ("prim", {}, 35.5), ("prim_true", {}, 30.7), ("recursive_division", {}, 27.0),
    ("growing_tree", {"pop": "newest"}, 10.0),
]
SIZE, MAZES, TOLERANCE = 40, 10, 1.5


def dead_end_share(maze: Maze) -> float:
    """Cells with exactly one open side (the plane's border is closed), in percent."""
    return 100.0 * float((maze.faces.sum(axis=2) == 1).mean())


def build(name: str, params: dict, seed: int) -> Maze:
    maze = Maze(SIZE, SIZE)
    for _ in registry.get("generator", name).func(maze, rng=np.random.default_rng(seed),
                                                  **params):
        pass
    return maze


@pytest.mark.parametrize("name,params,reference", REFERENCES,
                         ids=[f"{n}{'-' + '-'.join(p.values()) if p else ''}"
                              for n, p, _ in REFERENCES])
def test_dead_end_share_matches_the_references(name, params, reference):
    shares = [dead_end_share(build(name, params, seed)) for seed in range(MAZES)]
    assert abs(np.mean(shares) - reference) <= TOLERANCE, (np.mean(shares), shares)


def test_the_dead_end_count_agrees_with_the_statistics():
    maze = build("wilson", {}, 0)
    stats = compute_maze_stats(maze)
    assert stats["perfect"]
    assert dead_end_share(maze) == pytest.approx(100.0 * stats["dead_ends"] / maze.cells)


def test_growing_tree_spans_the_textures_between_backtracker_and_prim():
    """pop: newest makes long corridors (few dead ends), random many short branches, and
    mix sits in between."""
    share = {pop: np.mean([dead_end_share(build("growing_tree", {"pop": pop}, seed))
                           for seed in range(3)])
             for pop in ("newest", "mix", "random")}
    assert share["newest"] < share["mix"] < share["random"]
