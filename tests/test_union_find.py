"""Union-find, and the whole-graph component labels `Maze.is_perfect` relies on."""
from __future__ import annotations

from collections import deque

import numpy as np
import pytest

from visualizer.events import Side
from visualizer.maze import Maze
from visualizer.maze.union_find import UnionFind, component_labels


def labels_by_search(n: int, u: list[int], v: list[int]) -> list[int]:
    """Each node's smallest component member, by breadth-first search."""
    links: list[list[int]] = [[] for _ in range(n)]
    for a, b in zip(u, v):
        links[a].append(b)
        links[b].append(a)
    out = [-1] * n
    for start in range(n):
        if out[start] >= 0:
            continue
        out[start] = start
        queue = deque([start])
        while queue:
            for there in links[queue.popleft()]:
                if out[there] < 0:
                    out[there] = start
                    queue.append(there)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_component_labels_agree_with_a_search(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 300))
    m = int(rng.integers(0, 2 * n))
    u, v = rng.integers(0, n, m), rng.integers(0, n, m)
    assert component_labels(n, u, v).tolist() == labels_by_search(n, u.tolist(), v.tolist())


def test_component_labels_of_a_long_path_in_a_bad_order():
    n = 5000
    order = np.random.default_rng(1).permutation(n)
    labels = component_labels(n, order[:-1], order[1:])
    assert not labels.any()


def test_union_reports_roots_and_the_links_followed():
    sets = UnionFind(4)
    assert sets.union(0, 1) == (0, 1, 0) and sets.last_cost == 0
    assert sets.union(2, 1) == (2, 0, 0) and sets.last_cost == 1
    assert sets.union(2, 0) is None and sets.last_cost == 1
    assert sets.parent == [0, 0, 0, 3] and sets.sets == 2


def test_is_perfect_sees_a_cycle_beside_a_cut_with_the_right_wall_count():
    def maze_with(walls):
        maze = Maze(2, 3)
        for cell, side in walls:
            maze.open_wall(cell, side)
        return maze

    path = [((0, 0), Side.E), ((0, 1), Side.E), ((0, 2), Side.S), ((1, 2), Side.W),
            ((1, 1), Side.W)]
    assert maze_with(path).is_perfect()
    # a ring round the left square, plus (0, 2): five walls again, (1, 2) cut off
    ring = [((0, 0), Side.E), ((0, 1), Side.S), ((1, 0), Side.E), ((0, 0), Side.S),
            ((0, 1), Side.E)]
    maze = maze_with(ring)
    assert len(maze.open_walls()) == 5 and not maze.is_perfect()
    assert not maze_with(path[:-1]).is_perfect()
