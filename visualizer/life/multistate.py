"""Stepping a grid of cell states (uint8, numbered as Golly numbers them) on a glued surface
under a rule of any family but life-like, with Golly's ghost-ring semantics.

The grid lives in a padded `(rows+2) x (cols+2)` buffer whose ring holds the copies Golly
surrounds a bounded grid with (`Surface.ghost_index`); each neighbour is then a shifted view
of the buffer. B/S families (von Neumann, hexagonal, Hensel, Generations) read the live
neighbours (state 1) as a configuration index and look up the next state by the cell's state
and that index; rule tables look up the states of the cell and its neighbours (a table too
large for that matches its transitions against them, `table_sparse.py`); rule trees walk
their tree one input at a time; Wolfram rules turn a cell on when the three cells above it
match (Golly's emulation: row t+1 is generation t+1 of the row above).
"""
from __future__ import annotations

import numpy as np

from ..surfaces import SURFACES, Surface
from .engine import background
from .families import OFFSETS, FamilyRule, Neighbourhood, RuleFamily
from .rules import RuleError

#: surfaces on which a hexagonal neighbourhood is mutual (Golly's other bounded grids give
#: a cell neighbours that do not count it back across a twisted or bent edge)
HEX_SURFACES = ("plane", "torus")


def surface_problem(rule: FamilyRule, surface_name: str) -> str | None:
    """Why `rule` cannot run on the surface `surface_name`, or None."""
    if rule.neighbourhood == Neighbourhood.HEXAGONAL and surface_name not in HEX_SURFACES:
        return (f"expected the plane or the torus for the hexagonal rule {rule.notation}: "
                f"Golly's hexagonal neighbours are the square's without its NE and SW cells, "
                f"and across the edges of {SURFACES[surface_name].what} a cell would count a "
                f"neighbour that does not count it back")
    return None


def transition_table(rule: FamilyRule) -> np.ndarray:
    """For a B/S or Generations rule: the next state, indexed `state << k | configuration`
    (k = the neighbourhood's size), as uint8."""
    k = len(OFFSETS[rule.neighbourhood])
    n = rule.states
    configs = np.arange(1 << k)
    born = np.isin(configs, sorted(rule.birth)).astype(np.uint8)
    stays = np.isin(configs, sorted(rule.survive))
    table = np.zeros((n, 1 << k), dtype=np.uint8)
    table[0] = born
    table[1] = np.where(stays, 1, 2 % n)
    for state in range(2, n):
        table[state] = (state + 1) % n
    return table.reshape(-1)


def row_codes(rule: FamilyRule) -> tuple[tuple[tuple[int, ...], ...], int, np.ndarray]:
    """How the state engine reads a B/S or Generations rule a row at a time: for the rows
    above, at and below a cell, the column offsets read (the cell itself included); the
    number of bits of the joined code; and the next state indexed `state << bits | code`
    (a two-state rule: by `code` alone)."""
    offsets = OFFSETS[rule.neighbourhood]
    rows = tuple(tuple(sorted({dc for r, dc in offsets if r == dr} | ({0} if dr == 0 else
                                                                      set())))
                 for dr in (-1, 0, 1))
    where = [(dr, dc) for dr, cols in zip((-1, 0, 1), rows, strict=True) for dc in cols]
    bits = len(where)
    codes = np.arange(1 << bits)
    config = np.zeros(codes.size, dtype=np.int64)
    for i, off in enumerate(where):
        bit = (codes >> (bits - 1 - i)) & 1
        if off != (0, 0):
            config |= bit << offsets.index(off)
    table = transition_table(rule).reshape(rule.states, -1)[:, config]
    if rule.states == 2:       # the code holds the cell itself: pick its row of the table
        centre = (codes >> (bits - 1 - where.index((0, 0)))) & 1
        return rows, bits, table[centre, codes].astype(np.uint8)
    return rows, bits, table.reshape(-1)


def check_grid_states(arr: np.ndarray, rule: FamilyRule) -> None:
    """RuleError if `arr` holds a state `rule` does not have."""
    if arr.size and (arr.min() < 0 or arr.max() >= rule.states):
        raise RuleError(f"expected cell states 0..{rule.states - 1} for {rule.notation}, "
                        f"got {int(arr.max()) if arr.max() >= rule.states else int(arr.min())}")


class StateStepper:
    """A grid of states on `surface` advancing under a `FamilyRule`."""

    def __init__(self, grid: np.ndarray, rule: FamilyRule, surface: Surface,
                 generation: int = 0) -> None:
        """Take `grid` (rows x cols of states; it is not kept) as generation `generation`
        (a B0 rule's background on the plane depends on it); RuleError for a state the
        rule does not have or a surface it cannot run on."""
        problem = surface_problem(rule, surface.name)
        if problem:
            raise RuleError(problem)
        arr = np.asarray(grid)
        if arr.ndim != 2 or arr.shape != (surface.rows, surface.cols):
            raise ValueError(f"expected a {surface.rows}x{surface.cols} grid for the "
                             f"{surface.name} surface, got shape {arr.shape}")
        check_grid_states(arr, rule)
        self.rule, self.surface = rule, surface
        h, w = self.rows, self.cols = surface.rows, surface.cols
        self.generation = generation
        self._pad = np.zeros((h + 2, w + 2), dtype=np.uint8)
        self._pad[1:-1, 1:-1] = arr
        gi = surface.ghost_index
        ring = np.ones((h + 2, w + 2), dtype=bool)
        ring[1:-1, 1:-1] = False
        dst = np.flatnonzero(ring)
        src = gi.reshape(-1)[dst]
        keep = src >= 0
        r, c = np.divmod(src[keep], w)
        self._ring_dst = dst[keep]
        self._ring_src = (r + 1) * (w + 2) + c + 1
        # the ghost cells the surface leaves outside (the plane's): a B0 rule's background
        self._ring_out = dst[~keep] if rule.b0 else dst[:0]
        self._fill_ring()
        self._prepare()

    def _prepare(self) -> None:
        """Precompute what the rule's family needs each step."""
        rule = self.rule
        if rule.family == RuleFamily.WOLFRAM:
            self._lut = np.array([(rule.wolfram >> i) & 1 for i in range(8)], dtype=np.uint8)
            return
        if rule.table is not None:
            table = rule.table
            self._offsets = table.order
            self._lut = table.lut if table.lut is not None else np.zeros(0, np.uint8)
            return
        self._offsets = OFFSETS[rule.neighbourhood]
        self._rows, self._bits, self._lut = row_codes(rule)

    def _fill_ring(self) -> None:
        """Copy the border cells into the ghost ring."""
        flat = self._pad.reshape(-1)
        flat[self._ring_dst] = flat[self._ring_src]
        if self._ring_out.size:
            flat[self._ring_out] = background(self.rule, self.generation)

    def _view(self, dr: int, dc: int) -> np.ndarray:
        """The padded grid seen from offset (dr, dc): each cell's neighbour there."""
        h, w = self.rows, self.cols
        return self._pad[1 + dr:1 + dr + h, 1 + dc:1 + dc + w]

    def grid(self) -> np.ndarray:
        """The current states as a new rows x cols uint8 array."""
        return self._pad[1:-1, 1:-1].copy()

    def population(self) -> int:
        """The number of cells in a state other than 0 (as Golly counts them)."""
        return int(np.count_nonzero(self._pad[1:-1, 1:-1]))

    def step(self) -> None:
        """Advance one generation in place."""
        rule = self.rule
        if rule.family == RuleFamily.WOLFRAM:
            nxt = self._wolfram()
        elif rule.table is not None and rule.table.tree is not None:
            nxt = self._tree()
        elif rule.table is not None:
            nxt = self._table()
        else:
            nxt = self._outer()
        self._pad[1:-1, 1:-1] = nxt
        self.generation += 1
        self._fill_ring()

    def _outer(self) -> np.ndarray:
        """The next states under a B/S or Generations rule: each padded row's live cells
        read as a code of the columns a row of the neighbourhood takes, the three rows'
        codes joined (with the cell's state) into one index of the rule's table."""
        h, w = self.rows, self.cols
        pad = self._pad
        alive = pad.astype(np.uint16) if self.rule.states == 2 else \
            np.equal(pad, 1).astype(np.uint16)
        codes: dict[tuple[int, ...], np.ndarray] = {}
        for cols in self._rows:
            if cols not in codes:
                code = np.zeros((h + 2, w), dtype=np.uint16)
                for i, dc in enumerate(cols):
                    code |= alive[:, 1 + dc:1 + dc + w] << np.uint16(len(cols) - 1 - i)
                codes[cols] = code
        dtype = np.uint16 if self.rule.states << self._bits <= 1 << 16 else np.uint32
        index = np.zeros((h, w), dtype=dtype)
        for dr, cols in zip((-1, 0, 1), self._rows, strict=True):
            index <<= dtype(len(cols))
            index |= codes[cols][1 + dr:1 + dr + h]
        if self.rule.states > 2:
            state = self._view(0, 0).astype(dtype)
            np.left_shift(state, self._bits, out=state, casting="unsafe")
            index |= state
        return np.take(self._lut, index)

    def _table(self) -> np.ndarray:
        """The next states under a rule table: one lookup by the states read in order (a
        table too large for that: its transitions matched against the neighbourhoods)."""
        sparse = self.rule.table.sparse if self.rule.table is not None else None
        if sparse is not None:
            hoods = np.stack([self._view(dr, dc).reshape(-1) for dr, dc in self._offsets],
                             axis=1)
            return sparse.next_states(hoods).reshape(self.rows, self.cols)
        n = np.int64(self.rule.states)
        index = np.zeros((self.rows, self.cols), dtype=np.int64)
        for dr, dc in self._offsets:
            index *= n
            index += self._view(dr, dc)
        return np.take(self._lut, index)

    def _tree(self) -> np.ndarray:
        """The next states under a rule tree: from the root, one input at a time."""
        table = self.rule.table
        assert table is not None and table.tree is not None, "a tree rule"
        tree = table.tree
        node = np.full((self.rows, self.cols), tree.shape[0] - 1, dtype=np.int64)
        for dr, dc in self._offsets:
            node = tree[node, self._view(dr, dc)]
        return node.astype(np.uint8)

    def _wolfram(self) -> np.ndarray:
        """The next states under a Wolfram rule as Golly runs it in two dimensions: a cell
        stays alive, and a dead one is born when its three upper neighbours match."""
        index = self._view(-1, -1) << np.uint8(2)
        index |= self._view(-1, 0) << np.uint8(1)
        index |= self._view(-1, 1)
        born = np.take(self._lut, index)
        born |= self._view(0, 0)
        return born

    def run(self, generations: int) -> None:
        """Advance `generations` steps in place."""
        for _ in range(generations):
            self.step()


__all__ = ["HEX_SURFACES", "StateStepper", "check_grid_states", "row_codes", "surface_problem",
           "transition_table"]
