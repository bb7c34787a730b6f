"""What a Life pattern became: still life, oscillator, spaceship, died, or not yet settled.

Each generation is hashed twice: the whole grid (an exact repeat: still life, oscillator,
died) and its *picture*, the live cells cropped to their extent (a repeat moved somewhere
else: a spaceship). The first generation `t` whose grid or picture was seen before, at
generation `s`, settles the run: period `t - s`, from generation `s`, and the shift is how
far the picture's corner moved.

How a picture is cropped on a glued surface (the rule this module implements):

- Across a **straight** seam (both pairs of the torus; left/right of `klein`; top/bottom of
  `klein_lr`) the picture wraps: its extent along that axis starts after the longest run of
  empty lines, so a glider straddling the seam is one picture and its shift is read modulo
  the grid (the smallest move either way).
- Across a **twisted** seam (top/bottom of `klein`, left/right of `klein_lr`, both of the
  projective plane) and on the sphere and the plane, it does not: a pattern cut by a twist
  is two mirrored pieces, not a moved copy of itself in the square's coordinates. A
  spaceship crossing a twist is therefore identified once it is wholly across, and it is
  then the mirror image of what it was: the component of its shift *along* the twisted
  seam has changed sign (a glider moving (1, 1) on the Klein bottle moves (1, -1) after its
  top/bottom twist).

Every state > 0 counts as alive for the picture's extent; the hashes read the states
themselves, so a multi-state grid is identified by the same rule.
"""
from __future__ import annotations

import dataclasses
import hashlib
import struct
from typing import Iterable, Iterator

import numpy as np

from ..events import Generation, Identity, Settled, Side, _Word
from ..surfaces import Surface, make_surface
from .engine import Stepper
from .rules import Rule, parse_rule

#: how many generations `identify` looks at before it answers "unsettled"
MAX_GENERATIONS = 1000
#: `stop: settled` ends a run this many periods after the generation its repeat is seen
SETTLED_PERIODS = 2


class Stop(_Word):
    """When a Life panel ends before its `generations` (`life.stop`)."""

    SETTLED = "settled"    # SETTLED_PERIODS periods after the run is identified

Span = tuple[int, int]     # (first line, number of lines) of a picture along one axis


def straight_axes(surface: Surface) -> tuple[bool, bool]:
    """Whether the rows (top/bottom) and the columns (left/right) wrap without a twist."""
    down = across = False
    for g in surface.gluings:
        pair = {g.edge, g.partner}
        if pair == {Side.N, Side.S} and not g.reversed:
            down = True
        if pair == {Side.W, Side.E} and not g.reversed:
            across = True
    return down, across


def _span(alive: np.ndarray, axis: int, cyclic: bool) -> Span | None:
    """Where the lines of `alive` (a grid, states > 0 alive) holding a live cell are along
    `axis` (0: rows): (first, length), or None when every line is empty. On a `cyclic` axis the
    extent starts after the longest run of empty lines (ties: the smallest rotation of the
    lines' live-cell counts, compared as their bytes)."""
    occupied = np.flatnonzero(alive.any(axis=1 - axis))
    if occupied.size == 0:
        return None
    n = alive.shape[axis]
    first, last = int(occupied[0]), int(occupied[-1])
    if not cyclic:
        return first, last - first + 1
    if occupied.size == n:
        return 0, n                          # no empty line: the picture is every line
    lines = occupied.tolist()
    gaps = [b - a for a, b in zip(lines, lines[1:])]
    gaps.append(first + n - last)
    widest = max(gaps)
    starts = [lines[(k + 1) % len(lines)] for k, gap in enumerate(gaps) if gap == widest]
    if len(starts) > 1:                      # a tie: the smallest rotation of the counts
        counts = np.count_nonzero(alive, axis=1 - axis)
        twice = np.concatenate((counts, counts)).tobytes()
        size = counts.itemsize
        starts.sort(key=lambda s: twice[s * size:(s + n) * size])
    return starts[0], n - widest + 1


def _digest(arr: np.ndarray) -> bytes:
    """A 16-byte digest of `arr`'s shape and states (packed a bit per cell when every
    state is 0 or 1: eight times less to hash)."""
    binary = arr.size == 0 or int(arr.max()) <= 1
    h = hashlib.blake2b(struct.pack(f"={arr.ndim + 1}q", *arr.shape, binary), digest_size=16)
    h.update(np.packbits(arr, axis=None).tobytes() if binary else
             np.ascontiguousarray(arr).tobytes())
    return h.digest()


def _crop(grid: np.ndarray, start: int, length: int, axis: int) -> np.ndarray:
    """`length` lines of `grid` along `axis` from line `start` on, wrapping past the last
    (as `np.roll(grid, -start, axis)` cut to `length` lines)."""
    n = grid.shape[axis]
    if start + length <= n:
        return grid[start:start + length] if axis == 0 else grid[:, start:start + length]
    return np.take(grid, np.arange(start, start + length) % n, axis=axis)


Picture = tuple[bytes, Span, Span]     # a picture's digest and where its lines are


class Watcher:
    """Watches a run one grid at a time (`see`) and says what it became once it repeats.
    A spaceship is watched on: when its picture stops moving as it did (it reached a wall,
    a twist, or something else), the watch starts again from that generation."""

    def __init__(self, surface: Surface) -> None:
        self.surface = surface
        self.cyclic = straight_axes(surface)
        self.identity: Identity | None = None
        self.seen = 0
        self._restart()

    def _restart(self) -> None:
        """Forget every grid and picture seen: the next generation starts a new watch."""
        self._grids: dict[bytes, int] = {}
        self._pictures: dict[bytes, tuple[int, Span, Span]] = {}
        self._trail: dict[int, Picture | None] = {}
        self.identity = None

    def see(self, grid: np.ndarray) -> Identity | None:
        """Take the next generation's grid; returns what the run has become once it has
        repeated (the same Identity while it holds), None before."""
        t, self.seen = self.seen, self.seen + 1
        grid = np.asarray(grid)
        if self.identity is not None:
            if self.identity.kind != Settled.SPACESHIP or self._holds(t, grid):
                return self.identity
            self._restart()
        key = _digest(grid)
        if key in self._grids:
            s = self._grids[key]
            kind = Settled.DIED if not grid.any() else \
                Settled.STILL_LIFE if t - s == 1 else Settled.OSCILLATOR
            self.identity = Identity(kind, t - s, (0, 0), s)
            return self.identity
        self._grids[key] = t
        self.identity = self._moved(t, grid)
        return self.identity

    def _picture(self, grid: np.ndarray) -> Picture | None:
        """`grid`'s picture (its live cells cropped to their extent, wrapping across the
        straight seams) as a digest and its lines; None when empty or the whole grid."""
        rows = _span(grid, 0, self.cyclic[0])
        cols = _span(grid, 1, self.cyclic[1])
        if rows is None or cols is None:
            return None
        (r0, nr), (c0, nc) = rows, cols
        if nr == grid.shape[0] and nc == grid.shape[1]:
            return None                      # the picture is the grid: nothing can move
        picture = _crop(grid, r0, nr, 0)
        picture = _crop(picture, c0, nc, 1)
        return _digest(picture), rows, cols

    def _shift(self, now: Picture, then: Picture) -> tuple[int, int]:
        """How far the picture `then` moved to be `now` (rows down, columns right)."""
        return (self._moved_by(now[1][0] - then[1][0], 0),
                self._moved_by(now[2][0] - then[2][0], 1))

    def _moved(self, t: int, grid: np.ndarray) -> Identity | None:
        """The spaceship found when `grid`'s picture was seen before elsewhere, else None
        (the picture is remembered)."""
        found = self._trail[t] = self._picture(grid)
        if found is None:
            return None
        if found[0] not in self._pictures:
            self._pictures[found[0]] = (t, found[1], found[2])
            return None
        s, rows, cols = self._pictures[found[0]]
        return Identity(Settled.SPACESHIP, t - s, self._shift(found, (found[0], rows, cols)),
                        s)

    def _holds(self, t: int, grid: np.ndarray) -> bool:
        """Whether generation `t` is still the spaceship's picture of a period ago, moved by
        its shift."""
        assert self.identity is not None
        now = self._trail[t] = self._picture(grid)
        then = self._trail.pop(t - self.identity.period, None)
        return now is not None and then is not None and now[0] == then[0] and \
            self._shift(now, then) == self.identity.shift

    def _moved_by(self, delta: int, axis: int) -> int:
        """`delta` lines along `axis`; on a wrapping axis the shortest way round (ties:
        the positive one)."""
        if not self.cyclic[axis]:
            return delta
        n = self.surface.rows if axis == 0 else self.surface.cols
        delta %= n
        return delta - n if delta > n // 2 else delta


def identify_grids(grids: Iterable[np.ndarray], surface: Surface) -> Identity:
    """What the run whose generations are `grids` (0, 1, 2 …) became: the first repeat's
    Identity, or UNSETTLED when none of them repeats."""
    watcher = Watcher(surface)
    for grid in grids:
        found = watcher.see(grid)
        if found is not None:
            return found
    return Identity(Settled.UNSETTLED)


def lasts(identity: Identity, surface: Surface) -> bool:
    """Whether what the run became stays so for ever: a still life, an oscillator, an
    empty grid; a spaceship only where nothing stops it (both pairs of edges glued
    straight: the torus), not where it reaches a wall or crosses a twist."""
    if identity.kind == Settled.UNSETTLED:
        return False
    return identity.kind != Settled.SPACESHIP or all(straight_axes(surface))


def watch(events: Iterable[Generation], surface: Surface, *, stop: Stop | None = None
          ) -> Iterator[Generation]:
    """Yields `events` (a run's generations 0, 1 …), each carrying what the run has become
    while that holds (`Generation.identity`, from the generation it is seen at). With
    `stop` SETTLED, the run ends `SETTLED_PERIODS` periods after that generation, when
    what it became `lasts`."""
    watcher = Watcher(surface)
    for event in events:
        found = watcher.see(event.grid)
        if found is not None:
            event = dataclasses.replace(event, identity=found)
        yield event
        if stop == Stop.SETTLED and found is not None and lasts(found, surface) and \
                event.index >= (found.found or 0) + SETTLED_PERIODS * found.period:
            return


def _surface_of(grid: np.ndarray, surface: "Surface | str") -> Surface:
    """`surface` as a Surface of `grid`'s shape (a name is made at that size)."""
    if isinstance(surface, Surface):
        return surface
    rows, cols = np.shape(grid)
    return make_surface(str(surface), int(rows), int(cols))


def identify(grid: np.ndarray, rule: "Rule | str" = "conway", surface: "Surface | str" = "torus",
             *, generations: int = MAX_GENERATIONS) -> Identity:
    """What `grid` becomes under `rule` on `surface` (a Surface or a name, made at the
    grid's size), looking at generations 0..`generations`: kind, period, shift (rows down,
    columns right per period) and the generation it repeats from.

    >>> import numpy as np
    >>> identify(np.pad(np.ones((1, 3), np.uint8), 3), "B3/S23", "torus")
    Identity(kind=<Settled.OSCILLATOR: 'oscillator'>, period=2, shift=(0, 0), generation=0)
    """
    where = _surface_of(grid, surface)
    stepper = Stepper(np.asarray(grid), parse_rule(rule), where)

    def run() -> Iterable[np.ndarray]:
        yield stepper.grid()
        for _ in range(generations):
            stepper.step()
            yield stepper.grid()

    return identify_grids(run(), where)


__all__ = ["MAX_GENERATIONS", "SETTLED_PERIODS", "Stop", "Watcher", "identify",
           "identify_grids", "lasts", "straight_axes", "watch"]
