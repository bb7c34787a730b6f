"""Flash safety (WCAG 2.3.1, three flashes): general flashes measured on a render's own frames.

WCAG 2.3.1 allows no more than three general flashes in any one second. A *general flash*
is a pair of opposing changes in relative luminance of 10 % or more of the maximum, where
the darker of the two states is below 0.80, over a combined area of at least 25 % of any
10-degree visual field (a 341x256 pixel rectangle on a 1024x768 screen at a typical viewing
distance). The rule implemented here, frame by frame:

- **Luminance**: each palette colour's relative luminance (sRGB, WCAG's formula).
- **Transition**: a pixel brightens (or darkens) between two consecutive frames when its
  luminance rises (falls) by >= 0.10 and the darker of the two is < 0.80.
- **Area**: the frame is taken as filling a 1024x768 screen (the most it is ever shown at:
  a slide), so the 10-degree field is a window of a third of the frame's height by a third
  of its width. A frame is a *large transition* when some such window holds transition
  pixels, of either direction, over at least a quarter of its area: in a Life soup the
  cells that light up and those that go dark are halves of flashes that overlap in time,
  so their areas combine. Only the frame's changed rectangle is examined.
- **Direction**: a large transition whose pixels go one way at least three times as much as
  the other is a brightening (darkening); otherwise it is mixed.
- **Counting**: the large transitions in time order; a run of brightenings (darkenings)
  reverses nothing and counts as its last one; a mixed one always counts. A flash is two
  transitions, so a second holding more than 7 of them holds more than three flashes.

`FlashMeter.offer` takes each frame as it is written; `verdict()` says how many flashes
the worst second holds, and `holds()` how much longer to show the frames just before
transitions so that any two large transitions are at least `SAFE_GAP` apart: then no second
holds more than 7 of them, whatever they are (a render slowed only where it flashes).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: WCAG 2.3.1's numbers
MAX_FLASHES = 3                 # general flashes in any one second
LUMINANCE_STEP = 0.10           # a change of at least this (of the maximum, 1.0)
DARKER_BELOW = 0.80             # ... where the darker state is below this
AREA_SHARE = 0.25               # of a 10-degree visual field
FIELD = (256 / 768, 341 / 1024)  # the 10-degree field's share of a 1024x768 screen (h, w)
#: more alternating transitions than this within one second is more than MAX_FLASHES
MAX_TRANSITIONS = 2 * MAX_FLASHES + 1
#: the least time between two large transitions once slowed: over 1/7 s, with room for a
#: GIF's centiseconds and a video's frame times
SAFE_GAP = 0.16

Rect = tuple[int, int, int, int]


def relative_luminance(colours: np.ndarray) -> np.ndarray:
    """WCAG relative luminance of sRGB colours (N x 3, 0..255), as float64 in 0..1."""
    c = np.asarray(colours, dtype=np.float64) / 255.0
    linear = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def _largest_window_sum(mask: np.ndarray, win: tuple[int, int]) -> int:
    """The most True pixels any `win`-sized window (clipped to `mask`) holds."""
    h, w = mask.shape
    wh, ww = min(win[0], h), min(win[1], w)
    kind = np.int32 if h * w < 2**31 else np.int64     # the sums reach h * w at most
    table = np.zeros((h + 1, w + 1), dtype=kind)
    np.cumsum(np.cumsum(mask, axis=0, dtype=kind), axis=1, out=table[1:, 1:])
    sums = (table[wh:, ww:] - table[:-wh, ww:] - table[wh:, :-ww] + table[:-wh, :-ww])
    return int(sums.max())


@dataclass(frozen=True)
class Verdict:
    """What a render's frames hold: the most flashes in any second, the slowdown that
    brings it to `MAX_FLASHES` (1.0: safe as drawn), the large transitions found."""

    flashes: int
    slowdown: float
    transitions: int

    @property
    def safe(self) -> bool:
        """At most `MAX_FLASHES` general flashes in every second."""
        return self.flashes <= MAX_FLASHES


class FlashMeter:
    """Measures the general flashes of frames of palette indices as they are written."""

    def __init__(self, palette: np.ndarray, height: int, width: int) -> None:
        self.luminance = relative_luminance(palette).astype(np.float32)
        self.window = (max(1, round(height * FIELD[0])), max(1, round(width * FIELD[1])))
        self.need = AREA_SHARE * self.window[0] * self.window[1]
        self._last: np.ndarray | None = None
        self.time = 0.0
        self.times: list[float] = []        # alternating large transitions: their times
        self.ways: list[int] = []           # ... and ways: +1 brighter, -1 darker, 0 mixed
        self.durations: list[float] = []    # every frame's duration, in order
        self.changes: list[int] = []        # the frames (numbers) that are large transitions

    def offer(self, image: np.ndarray, duration: float, dirty: Rect | None = None) -> None:
        """Take the next frame (shown for `duration` seconds; `dirty` the rectangle changed
        since the previous one, None: all of it)."""
        image = np.asarray(image)
        self.durations.append(duration)
        if self._last is None:
            self._last = image.copy()
            self.time += duration
            return
        y0, y1, x0, x1 = dirty if dirty is not None else (0, image.shape[0], 0, image.shape[1])
        if y1 > y0 and x1 > x0:
            before, after = self._last[y0:y1, x0:x1], image[y0:y1, x0:x1]
            if (y1 - y0) * (x1 - x0) >= self.need:
                way = self._transition(before, after)
                if way is not None:
                    self._note(way)
                    self.changes.append(len(self.durations) - 1)
            before[...] = after
        self.time += duration

    def _transition(self, before: np.ndarray, after: np.ndarray) -> int | None:
        """None when the change from `before` to `after` is no large transition; else +1
        (-1) when it mostly brightens (darkens), 0 when mixed. Only the changed pixels are
        looked at (the unchanged ones neither brighten nor darken): most frames change
        fewer pixels than a flash needs, and end at the first count."""
        changed = before != after
        if np.count_nonzero(changed) < self.need:
            return None
        a, b = self.luminance.take(before[changed]), self.luminance.take(after[changed])
        counts = np.minimum(a, b) < DARKER_BELOW
        rise = (b - a >= LUMINANCE_STEP) & counts
        fall = (a - b >= LUMINANCE_STEP) & counts
        up, down = int(np.count_nonzero(rise)), int(np.count_nonzero(fall))
        if up + down < self.need:
            return None
        either = np.zeros(changed.shape, bool)
        either[changed] = rise | fall
        if _largest_window_sum(either, self.window) < self.need:
            return None
        return 1 if up >= 3 * down else -1 if down >= 3 * up else 0

    def _note(self, way: int) -> None:
        """Record a large transition at the current time, to the microsecond (a run in one
        direction keeps its last one: it reverses nothing)."""
        now = round(self.time, 6)
        if way and self.ways and self.ways[-1] == way:
            self.times[-1] = now
            return
        self.times.append(now)
        self.ways.append(way)

    def verdict(self) -> Verdict:
        """The most flashes in any one second and the slowdown that makes the frames safe."""
        t = np.asarray(self.times)
        most = 0
        if t.size:
            ends = np.searchsorted(t, t + 1.0 - 1e-7, side="left")    # within [t, t + 1)
            most = int((ends - np.arange(t.size)).max()) // 2
        slowdown = 1.0
        k = MAX_TRANSITIONS
        if t.size > k:
            closest = float((t[k:] - t[:-k]).min())      # 8 transitions within this span
            slowdown = max(1.0, 1.0 / closest) if closest > 0 else float("inf")
        return Verdict(most, slowdown, int(t.size))


def holds(durations: list[float], changes: list[int], gap: float = SAFE_GAP
          ) -> dict[int, float]:
    """How much longer (seconds, by frame number) to show the frames just before large
    transitions (the frames numbered `changes`) so that every two are `gap` apart."""
    extra: dict[int, float] = {}
    for a, b in zip(changes, changes[1:]):
        between = sum(durations[a:b]) + sum(extra.get(k, 0.0) for k in range(a, b))
        if between < gap:
            extra[b - 1] = extra.get(b - 1, 0.0) + gap - between
    return extra


def flashes_per_second(frames: list[np.ndarray], durations: list[float],
                       palette: np.ndarray) -> Verdict:
    """The flash verdict of a whole list of frames (for tests and benchmarks)."""
    meter = FlashMeter(palette, *frames[0].shape)
    for frame, duration in zip(frames, durations):
        meter.offer(frame, duration)
    return meter.verdict()


__all__ = ["AREA_SHARE", "FIELD", "FlashMeter", "MAX_FLASHES", "SAFE_GAP", "Verdict",
           "flashes_per_second", "holds", "relative_luminance"]
