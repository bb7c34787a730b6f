"""Stepping a Life grid on a glued surface, bit-packed, with Golly's ghost-ring semantics.

The grid lives packed 64 cells to a uint64 word along each row. Each generation the one-cell
ring of copies that Golly surrounds a bounded grid with (`Surface.ghost_index`) is gathered
from the border cells only; the eight neighbour counts are then added bitwise (full adders
over whole words), so a cell counts a neighbour as often as Golly does, corners included.

Under a B0 rule the ghost cells outside a bounded plane read as the rule's background
(`background`): what an endless empty field would hold at that generation, as bgolly
computes it (docs/surfaces.md, "B0 rules").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

import numpy as np

from ..events import Generation
from ..surfaces import Surface
from .rules import Rule, parse_rule

if TYPE_CHECKING:
    from .families import FamilyRule

_U1 = np.uint64(1)
_U63 = np.uint64(63)
_ONES = np.uint64(0xFFFF_FFFF_FFFF_FFFF)


class LifeGridError(ValueError):
    """A grid that does not fit its surface (wrong shape, not 2-D)."""


def _check_grid(grid: np.ndarray, surface: Surface) -> np.ndarray:
    """`grid` as an array, checked to be `surface`'s shape (raises LifeGridError)."""
    arr = np.asarray(grid)
    if arr.ndim != 2 or arr.shape != (surface.rows, surface.cols):
        raise LifeGridError(f"expected a {surface.rows}x{surface.cols} grid for the "
                            f"{surface.name} surface, got shape {arr.shape}")
    return arr


def _rule_terms(rule: Rule) -> list[tuple[int, int, str, str]]:
    """For each (b2, b1) pattern of the count's low bits: the cell masks ("0", "1", "alive",
    "dead") that decide the next state when b0 = 0 and when b0 = 1 (counts 0..7)."""
    def mask(n: int) -> str:
        """Which cells a count of `n` neighbours makes live next: "0", "1", alive, dead."""
        born, stays = n in rule.birth, n in rule.survive
        return {(True, True): "1", (True, False): "dead", (False, True): "alive",
                (False, False): "0"}[(born, stays)]

    return [(hi >> 1, hi & 1, mask(2 * hi), mask(2 * hi + 1)) for hi in range(4)]


def background(rule: "Rule | FamilyRule", generation: int) -> int:
    """The state (0 or 1) of the cells outside a bounded plane at `generation`, as bgolly
    computes B0 rules: a rule without B0 keeps them dead; B0 with S8 (a von Neumann rule's
    S4, a hexagonal rule's S6) keeps them alive from generation 0 on (bgolly stores such a
    field in negative); B0 without it makes them alive at odd generations (bgolly inverts
    every other generation)."""
    if not rule.b0:
        return 0
    if rule.survives_full:
        return 1
    return generation % 2


class Stepper:
    """A Life grid on `surface` advancing under `rule`, kept bit-packed between steps."""

    def __init__(self, grid: np.ndarray, rule: "Rule | str", surface: Surface,
                 generation: int = 0) -> None:
        """Pack `grid` (rows x cols, any 0/non-0 array; it is not kept) as generation
        `generation` (which a B0 rule's background on the plane depends on)."""
        self.rule = parse_rule(rule)
        self.surface = surface
        arr = _check_grid(grid, surface)
        h, w = surface.rows, surface.cols
        self.rows, self.cols = h, w
        self.words = nw = (w + 63) // 64
        self.generation = generation
        # two padded (h+2) x nw buffers: rows 0 and h+1 hold the packed ghost rows
        self._cur = np.zeros((h + 2, nw), dtype=np.uint64)
        self._nxt = np.zeros((h + 2, nw), dtype=np.uint64)
        self._cur[1:-1] = self._pack(arr)
        self._last_mask = _ONES if w % 64 == 0 else np.uint64((1 << (w % 64)) - 1)
        self._east_shift = np.uint64((w - 1) % 64)
        shape = (h + 2, nw)
        self._b = {name: np.empty(shape, dtype=np.uint64) for name in
                   ("west", "east", "x", "a", "s", "cy", "tmp")}
        self._c = {name: np.empty((h, nw), dtype=np.uint64) for name in
                   ("t", "b0", "k0", "t2", "s1", "k1", "b1", "k2", "b2", "b3", "tmp", "acc")}
        self._terms = _rule_terms(self.rule)
        self._eight = {(True, True): "1", (True, False): "dead", (False, True): "alive",
                       (False, False): "0"}[(8 in self.rule.birth, 8 in self.rule.survive)]
        # a count of 8 (b3) matters only for S8/B8, or for S0/B0 (to tell 8 from 0)
        self._needs_b3 = (self._eight != "0" or 0 in self.rule.survive
                          or 0 in self.rule.birth)
        self._prepare_ring()

    # --- packing ---------------------------------------------------------------------

    def _pack(self, arr: np.ndarray) -> np.ndarray:
        """The rows of a 0/1 array packed into uint64 words (cell c is bit c % 64 of word
        c // 64; padding bits are 0)."""
        rows = arr.shape[0]
        bits = np.zeros((rows, self.words * 64), dtype=np.uint8)
        bits[:, :arr.shape[1]] = arr != 0
        packed = np.packbits(bits, axis=1, bitorder="little")
        return np.ascontiguousarray(packed).view("<u8").astype(np.uint64, copy=False)

    def grid(self) -> np.ndarray:
        """The current generation as a new rows x cols uint8 array of 0/1."""
        packed = np.ascontiguousarray(self._cur[1:-1]).astype("<u8", copy=False)
        bits = np.unpackbits(packed.view(np.uint8), axis=1, bitorder="little")
        return bits[:, :self.cols]

    def population(self) -> int:
        """The number of live cells now."""
        body = np.ascontiguousarray(self._cur[1:-1])
        return int(np.unpackbits(body.view(np.uint8)).sum(dtype=np.int64))

    # --- the ghost ring --------------------------------------------------------------

    def _prepare_ring(self) -> None:
        """Precompute where each ghost cell's value is read from in the packed buffer."""
        w, nw = self.cols, self.words
        gi = self.surface.ghost_index
        ring = np.concatenate([gi[0, 1:-1], gi[-1, 1:-1], gi[:, 0], gi[:, -1]])
        valid = ring >= 0
        src = np.where(valid, ring, 0)
        r, c = src // w, src % w
        self._ring_word = ((r + 1) * nw + c // 64).astype(np.intp)
        self._ring_shift = (c % 64).astype(np.uint64)
        self._ring_valid = valid.astype(np.uint64)
        # a ghost cell the surface leaves outside (the plane) reads as the background
        self._ring_outside = (~valid).astype(np.uint64)
        self._ring_bits = np.zeros(nw * 64 * 2, dtype=np.uint8)
        self._ring_trivial = not valid.any()
        self._b0 = 0 in self.rule.birth
        # the plane's ghost columns: all dead, or all alive (a B0 rule's background)
        self._edges = (np.zeros(self.rows + 2, dtype=np.uint64),
                       np.ones(self.rows + 2, dtype=np.uint64))

    def _outside(self) -> int:
        """The state of the ghost cells the surface leaves outside (the plane's) now."""
        return background(self.rule, self.generation) if self._b0 else 0

    def _fill_ring(self, buf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Write the packed ghost rows into `buf` rows 0 and h+1; return the ghost columns
        (left, right) as uint64 0/1 vectors of length h+2, corners included."""
        h, w, nw = self.rows, self.cols, self.words
        outside = self._outside()
        if self._ring_trivial:
            if outside:
                buf[0] = buf[-1] = _ONES
                buf[0, -1] = buf[-1, -1] = self._last_mask
            else:
                buf[0] = buf[-1] = 0
            edge = self._edges[outside]
            return edge, edge
        vals = np.take(buf.reshape(-1), self._ring_word)
        vals >>= self._ring_shift
        vals &= self._ring_valid
        if outside:
            vals |= self._ring_outside
        bits = self._ring_bits.reshape(2, nw * 64)
        bits[0, :w] = vals[:w]
        bits[1, :w] = vals[w:2 * w]
        packed = np.packbits(self._ring_bits, bitorder="little").view("<u8").reshape(2, nw)
        buf[0] = packed[0]
        buf[-1] = packed[1]
        left = vals[2 * w:2 * w + h + 2]
        right = vals[2 * w + h + 2:]
        return left, right

    # --- one generation --------------------------------------------------------------

    def _sideways(self) -> tuple[np.ndarray, np.ndarray]:
        """Fill the ghost ring of the current buffer and return the padded rows' words
        seen one cell over: west[c] holds cell c-1 and east[c] cell c+1 of the same row."""
        A = self._cur
        left, right = self._fill_ring(A)
        b = self._b
        west, east, tmp = b["west"], b["east"], b["tmp"]
        # the carries between words run over the flat buffer, then the row ends take the
        # ghost columns
        flat, tmpf = A.reshape(-1), tmp.reshape(-1)
        westf, eastf = west.reshape(-1), east.reshape(-1)
        np.left_shift(flat, _U1, out=westf)
        np.right_shift(flat[:-1], _U63, out=tmpf[1:])
        westf[1:] |= tmpf[1:]
        west[:, 0] = (A[:, 0] << _U1) | left
        np.right_shift(flat, _U1, out=eastf)
        np.left_shift(flat[1:], _U63, out=tmpf[:-1])
        eastf[:-1] |= tmpf[:-1]
        east[:, -1] = (A[:, -1] >> _U1) | (right << self._east_shift)
        return west, east

    def step(self) -> None:
        """Advance one generation in place."""
        A = self._cur
        west, east = self._sideways()
        b, c = self._b, self._c
        x, a, s, cy = (b[k] for k in ("x", "a", "s", "cy"))
        # horizontal sums: west + east = (x, a); west + self + east = (s, cy)
        np.bitwise_xor(west, east, out=x)
        np.bitwise_and(west, east, out=a)
        np.bitwise_xor(x, A, out=s)
        np.bitwise_and(x, A, out=cy)
        cy |= a
        # vertical: count = row above (s, cy) + own row (x, a) + row below (s, cy)
        sU, sD, cU, cD = s[:-2], s[2:], cy[:-2], cy[2:]
        xM, aM = x[1:-1], a[1:-1]
        t, b0, k0, t2, s1, k1, b1, k2, b2, b3, ctmp = (
            c[k] for k in ("t", "b0", "k0", "t2", "s1", "k1", "b1", "k2", "b2", "b3", "tmp"))
        np.bitwise_xor(sU, xM, out=t)
        np.bitwise_xor(t, sD, out=b0)
        np.bitwise_and(sU, xM, out=k0)
        np.bitwise_and(t, sD, out=ctmp)
        k0 |= ctmp
        np.bitwise_xor(cU, aM, out=t2)
        np.bitwise_xor(t2, cD, out=s1)
        np.bitwise_and(cU, aM, out=k1)
        np.bitwise_and(t2, cD, out=ctmp)
        k1 |= ctmp
        np.bitwise_xor(s1, k0, out=b1)
        np.bitwise_and(s1, k0, out=k2)
        np.bitwise_xor(k1, k2, out=b2)
        if self._needs_b3:
            np.bitwise_and(k1, k2, out=b3)
        out = self._nxt[1:-1]
        self._apply_rule(A[1:-1], b0, b1, b2, b3, out)
        out[:, -1] &= self._last_mask
        self._cur, self._nxt = self._nxt, self._cur
        self.generation += 1

    def _apply_rule(self, alive, b0, b1, b2, b3, out) -> None:
        """out = the next state from the 4-bit counts (b3 b2 b1 b0) and the live cells."""
        c = self._c
        acc, tmp, sel = c["acc"], c["tmp"], c["t"]
        first = True

        def cell_mask(name: str, into: np.ndarray) -> np.ndarray | None:
            """The cells mask `name` selects (None: all of them)."""
            if name == "alive":
                return alive
            if name == "dead":
                np.invert(alive, out=into)
                return into
            return None

        for hi2, hi1, m0, m1 in self._terms:
            if m0 == "0" and m1 == "0":
                continue
            # sel = [b2 == hi2] & [b1 == hi1]
            if hi2:
                np.copyto(sel, b2)
            else:
                np.invert(b2, out=sel)
            if hi1:
                sel &= b1
            else:
                np.invert(b1, out=tmp)
                sel &= tmp
            # acc = the b0 = 0 case's mask where b0 is 0, the b0 = 1 case's where it is 1
            if m0 == m1:
                mk = cell_mask(m0, tmp)
                if mk is not None:
                    sel &= mk
            else:
                self._mux(b0, m0, m1, alive, acc, tmp)
                sel &= acc
            if hi2 == 0 and hi1 == 0 and m0 != "0":
                # a count of 8 also has b2 = b1 = b0 = 0: keep it out of the count-0 case
                np.invert(b3, out=tmp)
                sel &= tmp
            if first:
                np.copyto(out, sel)
                first = False
            else:
                out |= sel
        if first:
            out.fill(0)
        if self._eight != "0":
            if self._eight == "1":
                out |= b3
            elif self._eight == "alive":
                np.bitwise_and(b3, alive, out=tmp)
                out |= tmp
            else:
                np.invert(alive, out=tmp)
                tmp &= b3
                out |= tmp

    @staticmethod
    def _mux(b0, m0, m1, alive, acc, tmp) -> None:
        """acc = where b0 is 0 the mask m0, where b0 is 1 the mask m1 (m0 != m1)."""
        def value(name: str, into: np.ndarray) -> np.ndarray:
            """The words of mask `name` ("0", "1", "alive", "dead")."""
            if name == "alive":
                return alive
            if name == "dead":
                np.invert(alive, out=into)
                return into
            into.fill(0 if name == "0" else int(_ONES))
            return into

        if m1 == "1":            # b0 | m0
            np.bitwise_or(b0, value(m0, tmp), out=acc)
        elif m0 == "1":          # ~b0 | m1
            np.invert(b0, out=acc)
            acc |= value(m1, tmp)
        elif m1 == "0":          # ~b0 & m0
            np.invert(b0, out=acc)
            acc &= value(m0, tmp)
        elif m0 == "0":          # b0 & m1
            np.bitwise_and(b0, value(m1, tmp), out=acc)
        else:                    # alive/dead pair: b0 ^ (m0 is "alive" ? ~alive : alive)...
            # m0 = alive, m1 = dead -> alive ^ b0 ; m0 = dead, m1 = alive -> ~(alive ^ b0)
            np.bitwise_xor(alive, b0, out=acc)
            if m0 == "dead":
                np.invert(acc, out=acc)

    def run(self, generations: int) -> None:
        """Advance `generations` steps in place."""
        for _ in range(generations):
            self.step()


def step(grid: np.ndarray, rule: "Rule | str", surface: Surface) -> np.ndarray:
    """The next generation of `grid` (rows x cols, 0/1) under `rule` on `surface`, as a new
    uint8 array."""
    stepper = Stepper(grid, rule, surface)
    stepper.step()
    return stepper.grid()


def advance(grid: np.ndarray, rule: "Rule | str", surface: Surface,
            generations: int) -> np.ndarray:
    """The grid `generations` steps after `grid`, as a new uint8 array."""
    stepper = Stepper(grid, rule, surface)
    stepper.run(generations)
    return stepper.grid()


def _frozen(arr: np.ndarray) -> np.ndarray:
    """`arr`, made read-only."""
    arr.flags.writeable = False
    return arr


def evolve(grid: np.ndarray, rule: "Rule | str", surface: Surface,
           generations: int, *, start: int = 0) -> Iterator[Generation]:
    """Yields `Generation` events 0..generations: index 0 is `grid` itself (no births or
    deaths), then one event per step with the read-only grid, births, deaths, population.
    `start` is the generation `grid` is in the run it continues (a B0 rule's background on
    the plane depends on it); the indices still count from 0."""
    stepper = Stepper(grid, rule, surface, start)
    notation = stepper.rule.notation
    current = stepper.grid()
    none = np.zeros(current.shape, dtype=bool)
    yield Generation(0, _frozen(current.copy()), _frozen(none), _frozen(none.copy()),
                     int(current.sum(dtype=np.int64)), surface, notation)
    for index in range(1, generations + 1):
        stepper.step()
        nxt = stepper.grid()
        births = (nxt > current)
        deaths = (nxt < current)
        yield Generation(index, _frozen(nxt.copy()), _frozen(births), _frozen(deaths),
                         int(nxt.sum(dtype=np.int64)), surface, notation)
        current = nxt


def population_series(grid: np.ndarray, rule: "Rule | str", surface: Surface,
                      generations: int) -> np.ndarray:
    """The population of generations 0..generations, as an int64 array (what
    `evolution_population` computes)."""
    stepper = Stepper(grid, rule, surface)
    out = np.empty(generations + 1, dtype=np.int64)
    out[0] = stepper.population()
    for k in range(1, generations + 1):
        stepper.step()
        out[k] = stepper.population()
    return out
