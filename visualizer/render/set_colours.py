"""Colours for union-find sets that neighbouring sets never share.

Kruskal's picture colours every set of cells; two sets that touch (across a wall, or across
a glued edge) must look different, or two sets read as one. `SetColouring` keeps the sets
as circular linked lists (a merge splices two cycles in O(1)), each cell's set, and each
set's colour; after a merge it recolours any set that now touches one of the same colour,
choosing a colour that none of that set's neighbours has.
"""
from __future__ import annotations

import numpy as np


class SetColouring:
    """Sets of flat cell indices and their colours (0 .. `colours` - 1).

    `neighbours` is an (n, 4) array of the cell across each side (-1 where there is none).
    Every cell starts as its own set, coloured `preferred(i) % colours` unless a neighbour
    already has that colour.
    """

    def __init__(self, neighbours: np.ndarray, colours: int, preferred) -> None:
        self.neighbours = neighbours
        self.colours = colours
        n = len(neighbours)
        self.next = np.arange(n, dtype=np.int64)
        self.set_of = np.arange(n, dtype=np.int64)
        self.colour = np.full(n, -1, dtype=np.int64)      # by cell (every member alike)
        self._adjacent = [[int(j) for j in row if j >= 0] for row in neighbours.tolist()]
        for i in range(n):
            taken = {int(self.colour[j]) for j in self._adjacent[i]}
            want = preferred(i) % colours
            self.colour[i] = want if want not in taken else self._free(taken, want)

    def copy(self) -> SetColouring:
        other = object.__new__(SetColouring)
        other.neighbours, other.colours = self.neighbours, self.colours
        other._adjacent = self._adjacent
        other.next, other.set_of = self.next.copy(), self.set_of.copy()
        other.colour = self.colour.copy()
        return other

    def _free(self, taken: set[int], want: int) -> int:
        """A colour not in `taken`, the first after `want` (or `want` if none is free)."""
        for k in range(1, self.colours + 1):
            c = (want + k) % self.colours
            if c not in taken:
                return c
        return want

    def members(self, i: int) -> list[int]:
        """Every cell of the set holding cell `i`."""
        out, j = [i], int(self.next[i])
        while j != i:
            out.append(j)
            j = int(self.next[j])
        return out

    def merge(self, root: int, loser: int) -> list[int]:
        """Join the set of `loser` into the set of `root` (which keeps its colour); the cells
        whose colour changed, the loser's cells first."""
        moved = self.members(loser)
        own = int(self.set_of[root])
        colour = int(self.colour[root])
        self.next[root], self.next[loser] = self.next[loser], self.next[root]
        for i in moved:
            self.set_of[i] = own
            self.colour[i] = colour
        changed = list(moved)
        clashing = {int(self.set_of[j]) for i in moved for j in self._adjacent[i]
                    if self.set_of[j] != own and self.colour[j] == colour}
        for other in sorted(clashing):
            changed.extend(self._recolour(other, own))
        return changed

    def _recolour(self, other: int, own: int) -> list[int]:
        """Give set `other` (which clashes with set `own`) a colour none of its neighbours
        has, moving one neighbour set out of the way if need be; failing that, try the same
        for `own`. The cells whose colour changed."""
        for target in (other, own):
            changed = self._give_free_colour(target, depth=2)
            if changed is not None:
                return changed
        return []

    def _give_free_colour(self, target: int, depth: int,
                          forbid: int = -1) -> list[int] | None:
        """Recolour set `target` (a set's label is one of its cells) to a colour other than
        `forbid` that no neighbouring set has; when every colour is taken and `depth` allows,
        first recolour the neighbouring sets holding one colour. None if impossible."""
        members = self.members(target)
        around: dict[int, set[int]] = {}
        for i in members:
            for j in self._adjacent[i]:
                if self.set_of[j] != target:
                    around.setdefault(int(self.colour[j]), set()).add(int(self.set_of[j]))
        current = int(self.colour[target])
        choices = [c for c in range(self.colours) if c != forbid and c != current]
        for c in choices:
            if c not in around:
                self.colour[members] = c
                return members
        if depth <= 1:
            return None
        for c in sorted(choices, key=lambda c: len(around[c])):
            saved = self.colour.copy()
            changed: list[int] = []
            for neighbour in sorted(around[c]):
                moved = self._give_free_colour(neighbour, depth - 1, forbid=c)
                if moved is None:
                    break
                changed.extend(moved)
            else:
                self.colour[members] = c
                return changed + members
            self.colour = saved
        return None
