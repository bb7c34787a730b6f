"""Two-state rules on the Moore neighbourhood with Hensel letters, bit-packed: the next state
as a function of the cell and its eight neighbours, evaluated 64 cells to a word through the
rule's reduced decision diagram (each node a multiplexer of three word operations).

An isotropic rule's diagram has some 40-60 nodes, against the 512 entries of its table: a
generation costs about that many passes over the packed grid, where the state engine makes
a lookup per cell.
"""
from __future__ import annotations

import numpy as np

from ..surfaces import Surface
from .engine import Stepper
from .families import FamilyRule, Neighbourhood, RuleFamily
from .hensel import MOORE_OFFSETS
from .multistate import check_grid_states, transition_table
from .rules import Rule

#: the order the diagram asks its inputs in: the cell, then the edge neighbours, then the
#: corners (offsets as in `MOORE_OFFSETS`); this order keeps isotropic rules' diagrams small
ORDER: tuple[tuple[int, int], ...] = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1),
                                      (-1, -1), (-1, 1), (1, -1), (1, 1))
#: a node: (input index in ORDER, the node if it is 0, the node if it is 1); nodes 0 and 1
#: are the constants, node k >= 2 is the (k-2)-th entry of the list, children first
Node = tuple[int, int, int]


def diagram(rule: FamilyRule) -> tuple[list[Node], int]:
    """The reduced ordered decision diagram of a two-state Moore rule: its nodes (children
    before parents) and the root's number."""
    table = transition_table(rule)                  # index: cell << 8 | configuration
    codes = np.arange(1 << len(ORDER))
    index = np.zeros(codes.size, dtype=np.int64)
    for i, off in enumerate(ORDER):                 # input i is bit (8 - i) of a code
        bit = (codes >> (len(ORDER) - 1 - i)) & 1
        index |= bit << 8 if off == (0, 0) else bit << MOORE_OFFSETS.index(off)
    truth = table[index]
    nodes: list[Node] = []
    known: dict[Node, int] = {}

    def build(tt: np.ndarray, var: int) -> int:
        """The node of truth table `tt` over inputs var.. (memoised, reduced)."""
        if tt.min() == tt.max():
            return int(tt[0])
        half = tt.size // 2
        lo, hi = build(tt[:half], var + 1), build(tt[half:], var + 1)
        if lo == hi:
            return lo
        key = (var, lo, hi)
        if key not in known:
            nodes.append(key)
            known[key] = len(nodes) + 1
        return known[key]

    return nodes, build(truth, 0)


def packable(rule: FamilyRule) -> bool:
    """Whether `rule` runs on this engine: an isotropic non-totalistic rule (two states,
    the Moore neighbourhood)."""
    return rule.family == RuleFamily.HENSEL and rule.neighbourhood == Neighbourhood.MOORE


class HenselStepper(Stepper):
    """A two-state Moore grid on `surface` under a rule given cell by cell (Hensel letters),
    in the life-like engine's packed buffers; its count adders are not used."""

    def __init__(self, grid: np.ndarray, rule: FamilyRule, surface: Surface) -> None:
        """Pack `grid` (0/1) at generation 0."""
        arr = np.asarray(grid)
        check_grid_states(arr, rule)
        super().__init__(arr, Rule(frozenset(), frozenset()), surface)
        self.family_rule = rule
        self._nodes, self._root = diagram(rule)
        shape = (self.rows, self.words)
        self._values = [np.empty(shape, dtype=np.uint64) for _ in self._nodes]
        self._zero = np.zeros(shape, dtype=np.uint64)
        self._ones = np.invert(self._zero)
        self._tmp = np.empty(shape, dtype=np.uint64)

    def step(self) -> None:
        """Advance one generation in place."""
        A = self._cur
        west, east = self._sideways()
        ways = {-1: west, 0: A, 1: east}
        inputs = [ways[dc][1 + dr:1 + dr + self.rows] for dr, dc in ORDER]
        known = [self._zero, self._ones, *self._values]
        tmp = self._tmp
        for (var, lo, hi), out in zip(self._nodes, self._values, strict=True):
            x = inputs[var]
            if lo == 0 and hi == 1:
                np.copyto(out, x)
            elif lo == 0:
                np.bitwise_and(known[hi], x, out=out)
            elif hi == 0:
                np.invert(x, out=tmp)
                np.bitwise_and(known[lo], tmp, out=out)
            else:                                  # lo ^ ((lo ^ hi) & x)
                np.bitwise_xor(known[lo], known[hi], out=tmp)
                tmp &= x
                np.bitwise_xor(known[lo], tmp, out=out)
        out = self._nxt[1:-1]
        np.copyto(out, known[self._root])
        out[:, -1] &= self._last_mask
        self._cur, self._nxt = self._nxt, self._cur
        self.generation += 1


__all__ = ["ORDER", "HenselStepper", "diagram", "packable"]
