"""Stepping through a scenario forward and back, exactly, without matplotlib.

A `Track` holds one panel's events and renderer. It remembers a copy of the renderer every
`every` events, so going to any event count restores the nearest copy at or before it and
replays the few events in between: the picture is the one a forward run shows there.

A `Player` moves all the tracks of a canvas together. Its position is a step index: at
step p the panels have consumed `counts(p)` events (step 0 is the first frame of an export:
the blank grids, or the built maze of an `animate: solve` panel). With the `steps` clock
every panel takes one event per step; with the `progress` clock each panel is spread over
the steps so that all of them finish together. Given the scenario's `Schedule` (the
export's pacing), the `progress` clock's steps are the export's frames, event for event
(`animate.frame_counts`: both phases of `solve_together`, a milestone ending its frame).

An edit (`Player.edit`) changes one panel only: from the step it is anchored at, that panel
plays its new events one per step, and before it the panel stops where the kept events end;
every other panel keeps the steps it had, so its picture at every step stays the same.
"""
from __future__ import annotations

import bisect
import gc
import sys
import time
from dataclasses import replace
from typing import Any, Iterable, Sequence

import numpy as np

from ..choices import Clock
from ..events import MILESTONE_TYPES
from ..render.animate import frame_counts
from ..render.canvas import Canvas
from .snapshot import restore, snapshot

DEFAULT_EVERY = 256
#: a copy is also taken once replaying the events since the last one took this long (s)
MAX_REPLAY = 0.02
#: how much memory the copies of all panels may take; bigger copies are spaced further apart
CHECKPOINT_BUDGET = 384 * 2**20


def footprint(obj: Any, depth: int = 3) -> int:
    """Rough bytes a copy of `obj` takes: its arrays, and its lists and dicts estimated from
    their first item (a renderer's state is mostly uniform containers)."""
    if isinstance(obj, np.ndarray):
        return obj.nbytes if obj.flags.writeable else 0
    if depth <= 0:
        return 0
    if isinstance(obj, dict):
        first = next(iter(obj.values()), None)
        return sys.getsizeof(obj) + len(obj) * footprint(first, depth - 1)
    if isinstance(obj, list):
        return sys.getsizeof(obj) + (len(obj) * footprint(obj[0], depth - 1) if obj else 0)
    frozen = getattr(getattr(type(obj), "__dataclass_params__", None), "frozen", False)
    if hasattr(obj, "__dict__") and not isinstance(obj, type) and not frozen:
        return sum(footprint(v, depth - 1) for v in vars(obj).values())
    return 0


def copy_footprint(copy: Any, original: Any) -> int:
    """Rough bytes of `copy` (a snapshot of `original`) not shared with `original`."""
    if hasattr(copy, "__dict__") and hasattr(original, "__dict__"):
        mine = vars(original)
        return 4096 + sum(footprint(v) for k, v in vars(copy).items() if mine.get(k) is not v)
    return 4096 + footprint(copy)


class Track:
    """One panel's events and renderer, with copies of the renderer along the events.

    Copies are taken every `every` events, or sooner when replaying since the last one took
    `MAX_REPLAY` seconds, within a memory `budget`. They are made by walking a separate
    renderer forward (`prepare`): all at once unless `prepare=False`, then bit by bit in
    the window's idle time, or on demand when a seek goes past them.

    `renderer` is the live renderer; it is replaced by a new object when the track goes
    back (`seek` says so), so callers must read `track.renderer` again after a seek.
    """

    def __init__(self, renderer: Any, events: Iterable, *, every: int = DEFAULT_EVERY,
                 budget: int = CHECKPOINT_BUDGET, prepare: bool = True) -> None:
        self.events: list = list(events)
        self.every = every
        self.budget = budget
        self.renderer = renderer
        self.consumed = 0
        self.checkpoints: dict[int, Any] = {0: snapshot(renderer)}
        self._marks = [0]
        self.ready = 0                 # copies are in place for the events before `ready`
        self._walker: Any = None       # a renderer that has consumed `ready` events
        self._credit, self._cost = 0.0, copy_footprint(self.checkpoints[0], renderer)
        self._update()
        if prepare:
            self.prepare()

    def _update(self) -> None:
        self.milestones = [j for j, e in enumerate(self.events) if isinstance(e, MILESTONE_TYPES)]

    def __len__(self) -> int:
        return len(self.events)

    @property
    def prepared(self) -> bool:
        return self.ready >= len(self.events)

    def prepare(self, seconds: float | None = None, until: int | None = None) -> bool:
        """Take the copies for the next events: for about `seconds` (None: no limit), up to
        event `until` (None: the end). True when the whole track is prepared."""
        stop = len(self.events) if until is None else min(until, len(self.events))
        if self.ready >= stop:
            return self.prepared
        collecting = gc.isenabled()
        gc.disable()   # thousands of new objects per copy would trigger full collections
        try:
            self._walk(stop, None if seconds is None else time.perf_counter() + seconds)
        finally:
            if collecting:
                gc.enable()
        return self.prepared

    def _walk(self, stop: int, deadline: float | None) -> None:
        walker = self._walker
        if walker is None:
            base = self._marks[-1]
            walker = restore(self.checkpoints[base])
            for j in range(base, self.ready):
                walker.apply(self.events[j])
            self._walker = walker
        # memory credit: each event earns its share of the budget, each copy spends its size
        share = self.budget / max(1, len(self.events))
        since = self.ready - self._marks[-1]
        began = time.perf_counter()
        events, j = self.events, self.ready
        while j < stop:
            walker.apply(events[j])
            j += 1
            since += 1
            self._credit += share
            now = time.perf_counter()
            if self._credit >= self._cost and (since >= self.every or now - began >= MAX_REPLAY):
                self.checkpoints[j] = saved = snapshot(walker)
                self._marks.append(j)
                self._cost = copy_footprint(saved, walker)
                self._credit -= self._cost
                since = 0
                began = now = time.perf_counter()
            if deadline is not None and now >= deadline:
                break
        self.ready = j

    def seek(self, count: int) -> bool:
        """Bring the renderer to `count` events consumed; True if the renderer object changed
        (restored from a copy: its whole raster must be redrawn)."""
        count = max(0, min(count, len(self.events)))
        if count > self.ready:
            self.prepare(until=count)
            if self.ready == count and not self.consumed == count:
                # the walker stands right there: a copy of it beats replaying the events
                self.renderer = snapshot(self._walker)
                self.consumed = count
                return True
        marks = self._marks
        base = marks[bisect.bisect_right(marks, count) - 1]
        replaced = False
        if not base <= self.consumed <= count:
            self.renderer = restore(self.checkpoints[base])
            self.consumed = base
            replaced = True
        renderer, events = self.renderer, self.events
        for j in range(self.consumed, count):
            renderer.apply(events[j])
        self.consumed = count
        return replaced

    def replace_tail(self, keep: int, events: Iterable, *, prepare: bool = True) -> None:
        """Keep the first `keep` events, then continue with `events` (copies after `keep`
        are dropped). The renderer stays where it was if that is within the kept part."""
        keep = max(0, min(keep, len(self.events)))
        if self.consumed > keep:
            self.seek(keep)
        del self.events[keep:]
        self.events.extend(events)
        self.checkpoints = {k: v for k, v in self.checkpoints.items() if k <= keep}
        self._marks = sorted(self.checkpoints)
        if self.ready > keep:
            self.ready, self._walker = keep, None
        self._credit = 0.0
        self._update()
        if prepare:
            self.prepare()


def lockstep(lengths: Sequence[int], position: int,
             first: Sequence[int] | None = None) -> tuple[int, ...]:
    """`steps` clock: every panel takes one event per step after its first picture (its
    first event, or the `first` events an export draws into its first frame)."""
    first = first or (0,) * len(lengths)
    return tuple(min(n, max(1, f) + max(0, position)) for n, f in zip(lengths, first))


def progress(lengths: Sequence[int], position: int) -> tuple[int, ...]:
    """`progress` clock: panel i is `position / last` of the way through its events."""
    last = max((n - 1 for n in lengths), default=0)
    if last <= 0:
        return tuple(min(n, 1) for n in lengths)
    position = max(0, min(position, last))
    return tuple(min(n, 1 + (max(n - 1, 0) * position) // last) for n in lengths)


CLOCKS = {Clock.STEPS: lockstep, Clock.PROGRESS: progress}

#: an edit of one track: (anchor step, events kept) — from the anchor step on the track
#: plays its new events one per step; before it, it stops after the kept events
Edit = tuple[int, int]


def edited_count(base: int, edits: Sequence[Edit], position: int) -> int:
    """How many events a track has consumed at `position`: `base` (the clock's count) as
    changed by its `edits`, oldest first (each later one wins from its anchor on)."""
    count = base
    for anchor, keep in edits:
        count = keep + 1 + position - anchor if position >= anchor else min(count, keep)
    return count


class Player:
    """Moves the panels of `canvas` (fed by `streams`) together, forward and back.

    `position` runs from 0 (blank grids) to `last`; `frame` is the canvas's current picture
    (palette indices) after `seek`. The clock spreads the panels' events over the steps as
    their lengths were at the start; `edit` re-times one panel and leaves the others alone.
    `schedule` (`pipeline.Schedule`, optional) is the export's pacing: the clock defaults to
    its clock, `steps` starts after the events of the export's first picture, and `progress`
    steps are the export's frames.
    """

    def __init__(self, canvas: Canvas, streams: Sequence[Iterable], *,
                 clock: Clock | str | None = None, every: int = DEFAULT_EVERY,
                 prepare: bool = True, schedule: Any = None) -> None:
        clock = clock or (schedule.pacing.clock if schedule is not None else Clock.STEPS)
        if clock not in CLOCKS:
            raise ValueError(f"unknown clock `{clock}`; expected one of {', '.join(CLOCKS)}")
        self.canvas = canvas
        self.clock = Clock(clock)
        budget = CHECKPOINT_BUDGET // max(1, len(streams))
        self.prepare_all = prepare
        self.tracks = [Track(panel, stream, every=every, budget=budget, prepare=prepare)
                       for panel, stream in zip(canvas.panels, streams)]
        self._timed = tuple(len(t) for t in self.tracks)     # the lengths the clock spreads
        self._base, self._base_last = self._clock(schedule)
        self.edits: list[list[Edit]] = [[] for _ in self.tracks]
        self._ends = [self._clock_end(i) for i in range(len(self.tracks))]
        self.position = -1
        self.seek(0)

    def _clock(self, schedule: Any) -> tuple[Any, int]:
        """The clock's counts at a step (a function of the step) and its last step, from
        `schedule` (`pipeline.Schedule`: pacing, counts, first, split) where given."""
        timed = self._timed
        first = getattr(schedule, "first", None)
        if self.clock == Clock.PROGRESS and schedule is not None:
            pacing = replace(schedule.pacing, clock=Clock.PROGRESS)
            table = frame_counts(list(timed), pacing, list(timed), first, schedule.split,
                                 [t.milestones for t in self.tracks])
            end = len(table) - 1
            return (lambda p: table[max(0, min(p, end))]), end
        if self.clock == Clock.STEPS:
            last = max((n - max(1, f) for n, f in zip(timed, first or (0,) * len(timed))),
                       default=0)
            return (lambda p: lockstep(timed, p, first)), max(0, last)
        return (lambda p: progress(timed, p)), max((n - 1 for n in timed), default=0)

    # --- where we are --------------------------------------------------------------------

    @property
    def lengths(self) -> tuple[int, ...]:
        return tuple(len(t) for t in self.tracks)

    @property
    def last(self) -> int:
        """The last step: every panel has consumed all its events."""
        return max(self._ends, default=0)

    @property
    def frame(self):
        return self.canvas.frame

    @property
    def at_end(self) -> bool:
        return self.position >= self.last

    def counts(self, position: int) -> tuple[int, ...]:
        """How many events each panel has consumed at step `position`."""
        base = self._base(position)
        return tuple(min(len(track), edited_count(b, edits, position))
                     for track, b, edits in zip(self.tracks, base, self.edits))

    def count(self, panel: int, position: int) -> int:
        """How many events `panel` has consumed at step `position`."""
        return self.counts(position)[panel]

    def _clock_end(self, panel: int) -> int:
        """The first step at which the clock has given `panel` all its (unedited) events."""
        lo, hi = 0, self._base_last
        while lo < hi:
            mid = (lo + hi) // 2
            if self._base(mid)[panel] >= self._timed[panel]:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def position_for(self, panel: int, count: int) -> int:
        """The first step at which `panel` has consumed at least `count` events."""
        lo, hi = 0, self.last
        if self.count(panel, hi) < count:
            return hi
        while lo < hi:
            mid = (lo + hi) // 2
            if self.count(panel, mid) >= count:
                hi = mid
            else:
                lo = mid + 1
        return lo

    # --- moving --------------------------------------------------------------------------

    def seek(self, position: int) -> tuple[int, int, int, int] | None:
        """Go to step `position` (clamped); the rectangle of the frame that changed."""
        position = max(0, min(position, self.last))
        dirty = self.seek_counts(self.counts(position))
        self.position = position
        return dirty

    def seek_counts(self, counts: Sequence[int]) -> tuple[int, int, int, int] | None:
        """Bring panel i to `counts[i]` events consumed (an export frame's `steps`)."""
        canvas = self.canvas
        forced = None
        for i, (track, count) in enumerate(zip(self.tracks, counts)):
            track.seek(count)
            if canvas.panels[i] is not track.renderer:
                canvas.panels[i] = track.renderer
                forced = _union(forced, self._paste(i))
        dirty = canvas.compose()
        return _union(forced, dirty) if dirty or forced else None

    def _paste(self, i: int) -> tuple[int, int, int, int]:
        """Copy panel i's whole raster into the frame (after a restore)."""
        slot, panel = self.canvas.slots[i], self.canvas.panels[i]
        h, w = panel.raster.shape
        self.canvas.frame[slot.y:slot.y + h, slot.x:slot.x + w] = panel.raster
        panel.take_dirty()
        return slot.y, slot.y + h, slot.x, slot.x + w

    def step(self, delta: int = 1):
        return self.seek(self.position + delta)

    def next_milestone(self) -> int:
        """The first step after the current one at which some panel reaches a milestone
        event (its own frame in the export); the last step if none is left."""
        best = self.last
        now = self.counts(self.position)
        for i, track in enumerate(self.tracks):
            later = [j for j in track.milestones if j >= now[i]]
            if later:
                best = min(best, self.position_for(i, later[0] + 1))
        return max(best, min(self.position + 1, self.last))

    def edit(self, panel: int, keep: int, events: Iterable, *, at: int) -> None:
        """Panel `panel` keeps its first `keep` events and continues with `events`, the first
        of them shown at step `at`, one more per step after it; before `at` the panel stops
        after the kept events. The other panels keep their steps. Seek to see it."""
        track = self.tracks[panel]
        track.replace_tail(keep, events, prepare=self.prepare_all)
        at = max(0, at)
        self.edits[panel] = [e for e in self.edits[panel] if e[0] < at] + [(at, keep)]
        self._ends[panel] = at + max(0, len(track) - keep - 1)

    @property
    def prepared(self) -> float:
        """How much of the copies are in place, from 0 to 1."""
        total = sum(len(t) for t in self.tracks)
        return sum(t.ready for t in self.tracks) / total if total else 1.0

    def prepare(self, seconds: float) -> bool:
        """Spend about `seconds` taking copies (idle time); True when all are taken."""
        deadline = time.perf_counter() + seconds
        for track in self.tracks:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            track.prepare(left)
        return all(t.prepared for t in self.tracks)


def _union(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3])
