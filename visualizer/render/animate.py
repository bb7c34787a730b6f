"""Pacing: how event streams become frames.

Two clocks. `steps`: every panel advances `steps_per_frame` events per frame. `progress`:
each panel is spread over the same number of frames, so all finish together. A milestone
event (path found, no path, all sets merged …) ends its frame, so it is always seen. A panel
that ends first holds its last picture. The first and last frames are held through their
durations, never by repeating frames.

Captions tell the present: `caption_clocks` says when (in seconds) a panel has drawn each
of its events, so that a milestone's line goes from its caption `Pacing.caption_hold`
seconds after it was reached (the pipeline gives the clocks to the panels when it makes the
canvas, so that the window, which steps through the same events, draws the same captions).
"""
from __future__ import annotations

import functools
from bisect import bisect_left
from dataclasses import dataclass
from math import ceil
from typing import Callable, Iterable, Iterator

import numpy as np

from ..choices import Clock
from ..events import MILESTONE_TYPES
from .canvas import Canvas


@dataclass
class Pacing:
    """How fast: `fps`, events per frame (or a target `duration` in seconds), holds."""

    fps: int = 25
    steps_per_frame: int | None = None
    duration: float | None = None
    clock: Clock = Clock.STEPS    # or Clock.PROGRESS
    hold_first: float = 0.5
    hold_last: float = 2.0
    caption_hold: float | None = 3.0   # seconds a milestone stays in a caption at most


@dataclass
class Frame:
    """One frame to write: the picture, how long it shows, and the
    rectangle that changed since the previous frame (None for the first)."""

    index: int
    image: np.ndarray
    duration: float
    dirty: tuple[int, int, int, int] | None
    steps: tuple[int, ...]


def steps_per_frame(counts: list[int], pacing: Pacing) -> int:
    """Events per frame for the `steps` clock: given, or derived from the target duration."""
    if pacing.steps_per_frame:
        return pacing.steps_per_frame
    if pacing.duration:
        frames = max(1, round(pacing.duration * pacing.fps))
        return max(1, ceil(max(counts, default=1) / frames))
    return 1


def progress_frames(counts: list[int], pacing: Pacing) -> int:
    """For the `progress` clock: the number of frames every panel is spread over."""
    k = steps_per_frame(counts, pacing)
    return max(1, max(ceil(n / k) for n in counts) if counts else 1)


def plan(counts: list[int], pacing: Pacing,
         split: list[int | None] | None = None) -> Callable[[int, int], int]:
    """For the `progress` clock: the number of events panel i has consumed after frame f.

    With `split` (events before panel i's solve, or None for a panel without one), the
    panels first build together, then all solve together: two phases, each spread so that
    every panel ends it on the same frame; a panel without a split spans both phases.
    """
    if not split or all(b is None for b in split):
        total_frames = progress_frames(counts, pacing)
        return lambda i, f: counts[i] if f >= total_frames else (counts[i] * f) // total_frames
    first = [b for b in split if b is not None]
    second = [n - b for n, b in zip(counts, split) if b is not None]
    k = steps_per_frame([max(first) + max(second)], pacing)
    t1, t2 = max(1, ceil(max(first) / k)), max(1, ceil(max(second) / k))
    whole = t1 + t2

    def consumed(i: int, f: int) -> int:
        n, b = counts[i], split[i]
        if f >= whole:
            return n
        if b is None:
            return (n * f) // whole
        return (b * f) // t1 if f < t1 else b + ((n - b) * (f - t1)) // t2
    return consumed


class _Clock(functools.partial):
    """A caption clock: a partial (called at C speed) that compares by its function and
    arguments, so that equal pacings give equal caption settings."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Clock) and (self.func, self.args, self.keywords) == \
            (other.func, other.args, other.keywords)

    def __hash__(self) -> int:
        return hash((self.func, self.args))


def _seconds_at(table: tuple[int, ...], fps: float, consumed: int) -> float:
    """When (in seconds) the panel whose frame-by-frame consumption is `table` first reaches
    `consumed` events."""
    return bisect_left(table, consumed) / fps


def _steady_seconds(per_frame: int, fps: float, consumed: int) -> float:
    """When (in seconds) a panel drawing `per_frame` events a frame has drawn `consumed`."""
    return ceil(consumed / per_frame) / fps


def caption_clocks(n: int, pacing: Pacing, counts: list[int] | None = None,
                   split: list[int | None] | None = None) -> list[Callable[[int], float]]:
    """For each of `n` panels, the time (seconds into the animation) at which it has drawn
    `p` of its animated events, as the pacing spreads them (`counts`: the events each panel
    animates, `split`: as for `plan`) — what a caption needs to drop a milestone's line
    `Pacing.caption_hold` seconds after it was reached."""
    fps = pacing.fps
    if pacing.clock == Clock.PROGRESS and counts:
        consumed = plan(counts, pacing, split)
        clocks: list[Callable[[int], float]] = []
        for i, total in enumerate(counts):
            table, f = [consumed(i, 0)], 0
            while table[-1] < total:
                f += 1
                table.append(consumed(i, f))
            clocks.append(_Clock(_seconds_at, tuple(table), fps))
        return clocks
    k = steps_per_frame(counts or [], pacing)
    return [_Clock(_steady_seconds, k, fps)] * n


def _clock(consumed: list[int], done: list[bool], advance: Callable[[int, int], None],
           pacing: Pacing, counts: list[int] | None, first: list[int] | None,
           split: list[int | None] | None) -> Iterator[int]:
    """The pacing loop `frames` and `frame_counts` share: calls `advance(i, limit)` (which
    consumes up to `limit` events of stream i, stopping after a milestone, and updates
    `consumed` and `done`) and yields each frame's index once its events are consumed —
    0 for the first picture (every stream up to its first event, and its `first` events)."""
    n = len(consumed)
    base = list(first) if first is not None else [0] * n
    paced = [c - b for c, b in zip(counts, base)] if counts else counts
    k = steps_per_frame(paced or [], pacing)
    if split is not None:
        split = [None if b is None else max(0, b - a) for b, a in zip(split, base)]
    target = plan(paced, pacing, split) if pacing.clock == Clock.PROGRESS and paced else None
    for i in range(n):
        advance(i, 1)
        while consumed[i] < base[i] and not done[i]:
            advance(i, base[i] - consumed[i])
        if target is not None and counts and consumed[i] >= counts[i]:
            done[i] = True
    yield 0
    index = 0
    while not all(done):
        index += 1
        for i in range(n):
            if done[i]:
                continue
            if target is not None and counts:
                advance(i, base[i] + target(i, index) - consumed[i])
                if consumed[i] >= counts[i]:
                    done[i] = True
            else:
                advance(i, k)
        yield index


def frames(canvas: Canvas, streams: list[Iterable], pacing: Pacing,
           counts: list[int] | None = None, first: list[int] | None = None,
           split: list[int | None] | None = None,
           stops: list[set[int]] | None = None) -> Iterator[Frame]:
    """The frames of `streams` drawn on `canvas`'s panels (stream i feeds panel i).

    `stops` (event indices per stream, e.g. questions' moments) end their frame like a
    milestone does, so that a frame shows exactly that moment.

    `split` (events before each panel's solve, None where there is none) makes every panel
    build first and then all solve together (see `plan`).

    `counts` (events per stream) is needed by the `progress` clock and by a target duration.
    `first` (events per stream) are all drawn into the first picture — e.g. a maze's whole
    building when only its solve is to be animated; the pacing spreads the rest.
    """
    iterators = [iter(s) for s in streams]
    n = len(iterators)
    done = [False] * n
    consumed = [0] * n
    frame_period = 1.0 / pacing.fps
    ends = [frozenset(s) for s in stops] if stops else [frozenset()] * n

    def advance(i: int, limit: int) -> None:
        for _ in range(limit):
            try:
                event = next(iterators[i])
            except StopIteration:
                done[i] = True
                return
            canvas.panels[i].apply(event)
            consumed[i] += 1
            if isinstance(event, MILESTONE_TYPES) or consumed[i] - 1 in ends[i]:
                return

    pending: Frame | None = None
    for index in _clock(consumed, done, advance, pacing, counts, first, split):
        dirty = canvas.compose()
        if pending is None:
            pending = Frame(0, canvas.frame.copy(), pacing.hold_first + frame_period, None,
                            tuple(consumed))
            continue
        if all(done) and dirty is None:
            break
        yield pending
        pending = Frame(index, canvas.frame.copy(), frame_period, dirty, tuple(consumed))
    assert pending is not None
    pending.duration += pacing.hold_last
    yield pending


def frame_counts(lengths: list[int], pacing: Pacing, counts: list[int] | None = None,
                 first: list[int] | None = None, split: list[int | None] | None = None,
                 milestones: list[list[int]] | None = None) -> list[tuple[int, ...]]:
    """The events each stream has consumed at each frame `frames` yields (its `Frame.steps`),
    worked out without drawing: `lengths` (events per stream), `counts`, `first` and `split`
    as given to `frames`, and `milestones` (the indices of each stream's milestone events,
    which end their frame early). For the window, whose steps are then the export's frames.

    One difference: `frames` drops a last frame whose events changed no pixel; here a last
    frame is dropped only if it consumed no event.
    """
    n = len(lengths)
    stops = [sorted(m) for m in milestones] if milestones is not None else [[]] * n
    done = [False] * n
    consumed = [0] * n

    def advance(i: int, limit: int) -> None:
        if limit <= 0:
            return
        c = consumed[i]
        j = bisect_left(stops[i], c)
        if j < len(stops[i]) and stops[i][j] < min(c + limit, lengths[i]):
            consumed[i] = stops[i][j] + 1            # a milestone ends the frame
        elif c + limit > lengths[i]:
            consumed[i], done[i] = lengths[i], True  # the stream ran out
        else:
            consumed[i] = c + limit

    out: list[tuple[int, ...]] = []
    for _ in _clock(consumed, done, advance, pacing, counts, first, split):
        if out and all(done) and tuple(consumed) == out[-1]:
            break
        out.append(tuple(consumed))
    return out


def count_events(make_stream: Callable[[], Iterable]) -> int:
    """How many events a fresh stream yields (streams are deterministic given their seed)."""
    return sum(1 for _ in make_stream())
