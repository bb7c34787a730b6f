"""Generations rules on the Moore neighbourhood with counts only (Brian's Brain, Star Wars),
bit-packed: the live cells (state 1) step with the life-like engine's adders, and the dying
states 2..n-1 ride along as bit planes of a counter, 64 cells to a word.

Each generation: a dead cell (state 0) is born by the rule's B counts; a live cell stays by
its S counts, else turns 2 (0 when the rule has two states); a dying cell goes one state on,
0 after the last. Only live cells count as neighbours, so the adders see the live plane
alone; a dying cell is kept from being born by masking it out afterwards.
"""
from __future__ import annotations

import numpy as np

from ..surfaces import Surface
from .engine import Stepper
from .families import FamilyRule, Neighbourhood, RuleFamily
from .family_parse import counted
from .multistate import check_grid_states
from .rules import Rule

_ONES = np.uint64(0xFFFF_FFFF_FFFF_FFFF)


def counts_rule(rule: FamilyRule) -> Rule | None:
    """The life-like B/S counts of a Moore Generations rule written with counts only, or
    None (Hensel letters, another neighbourhood, another family)."""
    if rule.family != RuleFamily.GENERATIONS or rule.neighbourhood != Neighbourhood.MOORE:
        return None
    sets = []
    for configs in (rule.birth, rule.survive):
        counts = frozenset(k for k in range(9) if counted(Neighbourhood.MOORE, k) <= configs)
        if frozenset().union(*(counted(Neighbourhood.MOORE, k) for k in counts)) != configs:
            return None
        sets.append(counts)
    return Rule(sets[0], sets[1])


class GenerationsStepper(Stepper):
    """A Generations grid (states 0..n-1) on `surface`: the live plane in the life-like
    engine's buffers, the dying states as `planes` bit planes of the same packing."""

    def __init__(self, grid: np.ndarray, rule: FamilyRule, surface: Surface) -> None:
        """Pack `grid` (rows x cols of states < rule.states) at generation 0."""
        counts = counts_rule(rule)
        if counts is None:
            raise ValueError(f"expected a Moore Generations rule of counts, got {rule}")
        arr = np.asarray(grid)
        check_grid_states(arr, rule)
        super().__init__(arr == 1, counts, surface)
        self.family_rule = rule
        self.states = rule.states
        bits = max(1, (rule.states - 1).bit_length())
        dying = np.where(arr >= 2, arr, 0).astype(np.int64)
        self._planes = np.stack([self._pack((dying >> p) & 1) for p in range(bits)])
        # the last state, plus one: where the counter wraps to 0
        self._wrap = [(rule.states >> p) & 1 for p in range(bits)]
        self._work = {k: np.empty((self.rows, self.words), dtype=np.uint64)
                      for k in ("dying", "carry", "tmp", "left")}

    def step(self) -> None:
        """Advance one generation in place."""
        planes, work = self._planes, self._work
        dying, carry, tmp, left = (work[k] for k in ("dying", "carry", "tmp", "left"))
        np.bitwise_or.reduce(planes, axis=0, out=dying)
        super().step()
        alive, before = self._cur[1:-1], self._nxt[1:-1]
        np.invert(alive, out=left)
        left &= before                          # live cells that did not stay
        np.invert(dying, out=tmp)
        alive &= tmp                            # a dying cell is not born
        np.copyto(carry, dying)                 # dying cells count on: d + 1
        for plane in planes:
            np.bitwise_and(plane, carry, out=tmp)
            plane ^= carry
            np.copyto(carry, tmp)
        np.copyto(carry, dying)                 # where d + 1 == n: back to 0
        for plane, bit in zip(planes, self._wrap, strict=True):
            if bit:
                carry &= plane
            else:
                np.invert(plane, out=tmp)
                carry &= tmp
        np.invert(carry, out=tmp)
        planes &= tmp
        if self.states > 2:
            planes[1] |= left                   # a live cell that did not stay turns 2

    def grid(self) -> np.ndarray:
        """The current states as a new rows x cols uint8 array."""
        out = super().grid()
        for p, plane in enumerate(self._planes):
            packed = np.ascontiguousarray(plane).astype("<u8", copy=False)
            bits = np.unpackbits(packed.view(np.uint8), axis=1, bitorder="little")
            out |= bits[:, :self.cols] << np.uint8(p)
        return out

    def population(self) -> int:
        """The cells in a state other than 0 (as Golly counts them)."""
        body = np.ascontiguousarray(self._cur[1:-1] | np.bitwise_or.reduce(self._planes,
                                                                            axis=0))
        return int(np.unpackbits(body.view(np.uint8)).sum(dtype=np.int64))


__all__ = ["GenerationsStepper", "counts_rule"]
