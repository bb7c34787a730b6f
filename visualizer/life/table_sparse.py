"""A rule table too large for a dense lookup table (Golly's LifeHistory, HPP, Perrier,
Tempesti, the Worm rules): its transitions kept in order, each a set of states per
position (the cell, then its neighbours), and matched against the cells with numpy.

A cell takes the new state of the first transition whose every position holds its state
(or its neighbour's there); a cell no transition matches keeps its state. The matching is
bit-parallel over the transitions: per position and state, one bit per transition saying
whether that state is in the transition's set there (`bits`), so a neighbourhood's matches
are the AND of one row per position, and the first match its lowest set bit. Each step
matches only the distinct neighbourhoods of the grid, and remembers their new states for
later steps (`cache`), so a quiet pattern costs little more than its table lookups."""
from __future__ import annotations

import numpy as np

#: the most neighbourhoods a cache keeps before starting over
MAX_CACHE = 1 << 22
#: the most bytes one matching chunk works on
_CHUNK_BYTES = 1 << 23


class SparseTable:
    """Transitions `rows` (one per transition: a set index per position) over `sets` (each
    a tuple of states), with new states `new`, for cells of `states` states."""

    def __init__(self, states: int, rows: np.ndarray, sets: list[tuple[int, ...]],
                 new: np.ndarray) -> None:
        self.states = states
        self.count = len(new)
        self.positions = rows.shape[1]
        member = np.zeros((len(sets), states), dtype=bool)
        for i, values in enumerate(sets):
            member[i, list(values)] = True
        words = max(1, -(-self.count // 64))
        bits = np.zeros((self.positions, states, words * 8), dtype=np.uint8)
        for p in range(self.positions):
            packed = np.packbits(member[rows[:, p]].T, axis=1, bitorder="little")
            bits[p, :, :packed.shape[1]] = packed
        self.bits = bits.view("<u8")
        #: the positions some transition constrains (the cell always: it is the default)
        self.active = [0] + [p for p in range(1, self.positions)
                             if not member[rows[:, p]].all()]
        self.new = np.asarray(new, dtype=np.uint8)
        weight = 1
        for _ in range(self.positions):
            weight *= states
        self._weights = (np.array([states ** (self.positions - 1 - p)
                                   for p in range(self.positions)], dtype=np.int64)
                         if weight < 1 << 62 else None)
        self._keys = np.zeros(0, dtype=np.int64)
        self._values = np.zeros(0, dtype=np.uint8)

    def match(self, hoods: np.ndarray) -> np.ndarray:
        """The new state of each neighbourhood (rows of states, one column per position)."""
        out = hoods[:, 0].copy()
        if not self.count:
            return out
        words = self.bits.shape[2]
        chunk = max(1, _CHUNK_BYTES // (8 * words))
        for start in range(0, len(hoods), chunk):
            part = hoods[start:start + chunk]
            hits = self.bits[0][part[:, 0]]
            for p in self.active[1:]:
                hits &= self.bits[p][part[:, p]]
            nonzero = hits != 0
            found = nonzero.any(axis=1)
            first = nonzero.argmax(axis=1)
            word = hits[np.arange(len(part)), first]
            low = word & (~word + np.uint64(1))
            low[~found] = 1
            index = first * 64 + np.log2(low.astype(np.float64)).astype(np.int64)
            new = self.new[np.minimum(index, self.count - 1)]
            out[start:start + chunk] = np.where(found, new, part[:, 0])
        return out

    def next_states(self, hoods: np.ndarray) -> np.ndarray:
        """`match` of each row of `hoods`, through the distinct rows and the cache."""
        if self._weights is None:
            flat = np.ascontiguousarray(hoods).view(np.dtype((np.void, self.positions)))
            distinct, inverse = np.unique(flat.ravel(), return_inverse=True)
            rows = distinct.view(np.uint8).reshape(-1, self.positions)
            return self.match(rows)[inverse.ravel()]
        keys = hoods.astype(np.int64) @ self._weights
        distinct, inverse = np.unique(keys, return_inverse=True)
        values = np.empty(len(distinct), dtype=np.uint8)
        at: np.ndarray = np.asarray(np.searchsorted(self._keys, distinct))
        known: np.ndarray = np.less(at, len(self._keys))
        known[known] = self._keys[at[known]] == distinct[known]
        values[known] = self._values[at[known]]
        fresh = distinct[~known]
        if fresh.size:
            rows = (fresh[:, None] // self._weights[None, :]) % self.states
            values[~known] = self.match(rows.astype(np.uint8))
            self._remember(fresh, values[~known], at[~known])
        return values[inverse.ravel()]

    def _remember(self, keys: np.ndarray, values: np.ndarray, at: np.ndarray) -> None:
        """Add new neighbourhoods' states to the cache, `keys` sorted and each inserted
        before `at` (starting over when the cache is full)."""
        if len(self._keys) + len(keys) > MAX_CACHE:
            keep = slice(None) if len(keys) <= MAX_CACHE else slice(0)
            self._keys, self._values = keys[keep].copy(), values[keep].copy()
            return
        self._keys = np.insert(self._keys, at, keys)
        self._values = np.insert(self._values, at, values)


__all__ = ["MAX_CACHE", "SparseTable"]
