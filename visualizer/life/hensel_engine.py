"""Two-state rules on the Moore neighbourhood with Hensel letters, bit-packed: the next state
as a function of the cell and its eight neighbours, evaluated 64 cells to a word through the
rule's reduced decision diagram (each node a multiplexer of three word operations); Wolfram
rules the same way, over the three cells above and the cell itself.

An isotropic rule's diagram has some 35-55 nodes (in the best of `ORDERS`), against the 512
entries of its table: a generation costs about that many passes over the packed grid, where
the state engine makes a lookup per cell.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..surfaces import Surface
from .engine import Stepper, background
from .families import FamilyRule, Neighbourhood, RuleFamily
from .hensel import MOORE_OFFSETS
from .multistate import check_grid_states
from .rules import Rule

#: the orders a diagram may ask its inputs in (offsets as in `MOORE_OFFSETS`, (0, 0) the cell
#: itself): four ways round the neighbours, the cell at each place in them; a rule takes the
#: order that gives it the fewest nodes
_EDGES, _CORNERS = [(-1, 0), (1, 0), (0, -1), (0, 1)], [(-1, -1), (-1, 1), (1, -1), (1, 1)]
_ROUNDS = (_EDGES + _CORNERS, _CORNERS + _EDGES,
           [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)],
           [(-1, 0), (1, 0), (-1, -1), (1, 1), (0, -1), (0, 1), (-1, 1), (1, -1)])
ORDERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(round_[:at] + [(0, 0)] + round_[at:]) for round_ in _ROUNDS for at in range(9))
#: a node: (input index in the order, the node if it is 0, the node if it is 1); nodes 0 and
#: 1 are the constants, node k >= 2 is the (k-2)-th entry of the list, children first
Node = tuple[int, int, int]


def _reduced(truth: np.ndarray) -> tuple[list[Node], int]:
    """The reduced ordered decision diagram of a truth table over 9 inputs (input 0 its
    most significant bit): its nodes, children first, and the root's number."""
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


@lru_cache(maxsize=64)
def _smallest(birth: frozenset[int], survive: frozenset[int]
              ) -> tuple[tuple[tuple[int, int], ...], list[Node], int]:
    """`diagram` of the two-state Moore rule of these configurations."""
    table = np.zeros((2, 256), dtype=np.uint8)
    table[0, sorted(birth)] = 1
    table[1, sorted(survive)] = 1
    codes = np.arange(512)
    best: tuple[tuple[tuple[int, int], ...], list[Node], int] | None = None
    for order in ORDERS:
        index = np.zeros(codes.size, dtype=np.int64)
        for i, off in enumerate(order):             # input i is bit (8 - i) of a code
            bit = (codes >> (8 - i)) & 1
            index |= bit << 8 if off == (0, 0) else bit << MOORE_OFFSETS.index(off)
        nodes, root = _reduced(table.reshape(-1)[index])
        if best is None or len(nodes) < len(best[1]):
            best = (order, nodes, root)
    assert best is not None, "at least one order"
    return best


def diagram(rule: FamilyRule) -> tuple[tuple[tuple[int, int], ...], list[Node], int]:
    """The smallest reduced ordered decision diagram of a two-state Moore rule among
    `ORDERS`: the order of its inputs, its nodes (children before parents) and the root's
    number (computed once per rule)."""
    return _smallest(rule.birth, rule.survive)


def packable(rule: FamilyRule) -> bool:
    """Whether `rule` runs on this engine: an isotropic non-totalistic rule (two states,
    the Moore neighbourhood)."""
    return rule.family == RuleFamily.HENSEL and rule.neighbourhood == Neighbourhood.MOORE


class DiagramStepper(Stepper):
    """A two-state grid on `surface` whose next state is a decision diagram over the cell
    and its neighbours (`order`: their offsets; `nodes`, `root`: the diagram), evaluated
    in the life-like engine's packed buffers; its count adders are not used."""

    def __init__(self, grid: np.ndarray, rule: FamilyRule, surface: Surface,
                 order: tuple[tuple[int, int], ...], nodes: list[Node], root: int,
                 generation: int = 0) -> None:
        """Pack `grid` (0/1) as generation `generation` (a B0 rule's background on the
        plane depends on it)."""
        arr = np.asarray(grid)
        check_grid_states(arr, rule)
        super().__init__(arr, Rule(frozenset(), frozenset()), surface, generation)
        self.family_rule = rule
        self._b0 = rule.b0
        self._order, self._nodes, self._root = order, nodes, root
        shape = (self.rows, self.words)
        self._values = [np.empty(shape, dtype=np.uint64) for _ in self._nodes]
        self._zero = np.zeros(shape, dtype=np.uint64)
        self._ones = np.invert(self._zero)
        self._tmp = np.empty(shape, dtype=np.uint64)

    def _outside(self) -> int:
        """The state of the plane's outside now: the family rule's background."""
        return background(self.family_rule, self.generation) if self._b0 else 0

    def step(self) -> None:
        """Advance one generation in place."""
        A = self._cur
        west, east = self._sideways()
        ways = {-1: west, 0: A, 1: east}
        inputs = [ways[dc][1 + dr:1 + dr + self.rows] for dr, dc in self._order]
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


class HenselStepper(DiagramStepper):
    """A two-state Moore grid under a rule given cell by cell (Hensel letters)."""

    def __init__(self, grid: np.ndarray, rule: FamilyRule, surface: Surface,
                 generation: int = 0) -> None:
        """Pack `grid` (0/1) as generation `generation`, with the rule's smallest
        diagram."""
        super().__init__(grid, rule, surface, *diagram(rule), generation)


#: a Wolfram rule's inputs: the three cells above, then the cell itself
WOLFRAM_ORDER = ((-1, -1), (-1, 0), (-1, 1), (0, 0))


class WolframStepper(DiagramStepper):
    """A grid under a Wolfram rule as Golly runs it in two dimensions: a cell stays alive,
    and a dead one is born when the three cells above it match the rule's number."""

    def __init__(self, grid: np.ndarray, rule: FamilyRule, surface: Surface) -> None:
        """Pack `grid` (0/1) at generation 0."""
        codes = np.arange(16)
        above = (rule.wolfram >> (codes >> 1)) & 1          # left, centre, right above
        nodes, root = _reduced((above | (codes & 1)).astype(np.uint8))
        super().__init__(grid, rule, surface, WOLFRAM_ORDER, nodes, root)


__all__ = ["ORDERS", "WOLFRAM_ORDER", "DiagramStepper", "HenselStepper", "WolframStepper",
           "diagram", "packable"]
