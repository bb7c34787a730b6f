"""Disjoint sets: Tarjan's union-find with union by rank and path compression, and the
connected components of a whole graph at once (numpy)."""
from __future__ import annotations

import numpy as np


class UnionFind:
    """Disjoint sets over the integers `0 .. n-1`.

    `last_cost` is the number of parent links the last `find` or `union` followed — the work
    the animation shows.
    """

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))
        self.rank = [0] * n
        self.sets = n
        self.last_cost = 0

    def find(self, x: int) -> int:
        """The root of `x`'s set; every node on the way is re-linked straight to it."""
        root = x
        links = 0
        while self.parent[root] != root:
            root = self.parent[root]
            links += 1
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        self.last_cost = links
        return root

    def union(self, a: int, b: int) -> tuple[int, int, int] | None:
        """Join the sets of `a` and `b`: returns (root of a, root of b, surviving root), or
        None when they were already one set. The root of higher rank survives.

        The same as `find(a)`, then `find(b)` (each compressing its path), then linking the
        roots; written out in one body because Kruskal calls it once per wall."""
        parent = self.parent
        ra, links = a, 0
        while parent[ra] != ra:
            ra = parent[ra]
            links += 1
        while parent[a] != ra:
            parent[a], a = ra, parent[a]
        rb = b
        while parent[rb] != rb:
            rb = parent[rb]
            links += 1
        while parent[b] != rb:
            parent[b], b = rb, parent[b]
        self.last_cost = links
        if ra == rb:
            return None
        rank = self.rank
        if rank[ra] < rank[rb]:
            root = rb
            parent[ra] = rb
        else:
            root = ra
            parent[rb] = ra
            if rank[ra] == rank[rb]:
                rank[ra] += 1
        self.sets -= 1
        return ra, rb, root

def component_labels(n: int, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """The connected components of the graph on `0 .. n-1` with edges `u[k] — v[k]`, as an
    array giving each node the smallest node of its component.

    Vectorised (no Python loop per node): every root with an edge to a smaller root is
    hooked under it, then pointers are jumped until each node points at its root, until no
    edge joins two roots: O(log n) rounds of whole-array steps on a maze. Parents only ever
    get smaller, so the links stay a forest."""
    parent = np.arange(n, dtype=np.int64)
    u = np.asarray(u, dtype=np.int64)
    v = np.asarray(v, dtype=np.int64)
    while True:
        pu, pv = parent[u], parent[v]
        apart = pu != pv
        if not apart.any():
            return parent
        pu, pv = pu[apart], pv[apart]
        parent[np.maximum(pu, pv)] = np.minimum(pu, pv)
        # jump only the nodes not yet pointing at a root: fewer each pass
        while True:
            jumped = parent[parent]
            if np.array_equal(jumped, parent):
                break
            parent = jumped
        keep = parent[u] != parent[v]
        u, v = u[keep], v[keep]
