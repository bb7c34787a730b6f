"""Every spanning tree of a small glued grid, by brute force: the reference a uniform
sampler (Aldous–Broder, Wilson) is measured against."""
from __future__ import annotations

import itertools
from functools import lru_cache

from .model import Maze

#: a spanning tree as the set of its open walls (the model's canonical wall keys)
Tree = frozenset


@lru_cache(maxsize=8)
def spanning_trees(name: str, rows: int, cols: int) -> frozenset[Tree]:
    """Every spanning tree of the glued cell graph of a `rows` x `cols` maze on the surface
    `name`, as sets of wall keys: every set of cells − 1 walls that joins all the cells
    (192 on the 3x3 plane, Kirchhoff's count). Meant for small grids only."""
    surface = Maze(rows, cols, name).surface
    walls = surface.internal_walls
    target = surface.step_table[0]
    n = rows * cols
    trees = set()
    for subset in itertools.combinations(walls, n - 1):
        parent = list(range(n))

        def find(x: int, parent: list[int] = parent) -> int:
            while parent[x] != x:
                x = parent[x]
            return x
        for r, c, side in subset:
            a, b = find(r * cols + c), find(int(target[r * cols + c, side]))
            if a == b:
                break
            parent[a] = b
        else:
            trees.add(frozenset(subset))
    return frozenset(trees)


__all__ = ["Tree", "spanning_trees"]
