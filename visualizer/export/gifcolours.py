"""Which GIF colour table slot each palette colour gets.

A frame's LZW code size is the bit length of the largest index it uses, so the colours
that later frames *change to* should get the lowest slots. The writer looks at its first
few frames before it encodes anything and ranks colours by how many of those frames
change pixels to them; the first frame's colours come next; colours seen later take the
next free slot. Duplicate palette colours share one slot; unused colours get none.
"""
from __future__ import annotations

import numpy as np


class ColourTable:
    """Palette index -> slot map, growing as colours appear; `colours()` is the table."""

    def __init__(self, palette: np.ndarray, *, keep_palette: bool = False) -> None:
        self.palette = palette
        self.fixed = keep_palette                        # slot = palette index, no planning
        self.canonical = np.zeros(256, dtype=np.uint8)   # palette index -> first same colour
        first: dict[bytes, int] = {}
        for i, colour in enumerate(palette):
            self.canonical[i] = first.setdefault(colour.tobytes(), i)
        self.lut = np.zeros(256, dtype=np.uint8)         # palette index -> slot
        self.missing = np.zeros(256, dtype=bool)         # palette index without a slot yet
        self.missing[:len(palette)] = True
        self._slots: list[int] = []                      # slot -> canonical palette index
        if keep_palette:
            self.canonical[:len(palette)] = np.arange(len(palette))
            self.assign(range(len(palette)))

    def assign(self, indices) -> None:
        """Give each palette index in `indices`, in order, a slot (shared by equal colours)."""
        for i in indices:
            c = int(self.canonical[i])
            if self.missing[c]:
                self.lut[c] = len(self._slots)
                self._slots.append(c)
                self.missing[c] = False
            self.lut[i] = self.lut[c]
            self.missing[i] = False

    def plan(self, first: np.ndarray, before: np.ndarray, after: np.ndarray,
             sizes: np.ndarray) -> None:
        """Assign slots from a look at the first frames: `first` (palette indices), then the
        later frames' changed pixels, before and after (palette indices, concatenated; frame
        `i` changed `sizes[i]` of them). Colours changed to in most frames come first
        (ties: most pixels), then the first frame's colours by use."""
        if self.fixed:
            return
        canon = self.canonical
        b, a = canon.take(before), canon.take(after)
        moved = b != a
        frame = np.repeat(np.arange(sizes.size, dtype=np.int64), sizes)[moved]
        counts = np.bincount(frame * 256 + a[moved], minlength=256 * sizes.size)
        counts = counts.reshape(-1, 256)
        in_frames = np.count_nonzero(counts, axis=0)
        pixels = counts.sum(axis=0)
        first = np.bincount(canon.take(first).ravel(), minlength=256)
        rank = np.lexsort((-first, -pixels, -in_frames))   # last key sorts first
        self.assign([i for i in rank if in_frames[i] or first[i]])

    def map(self, pixels: np.ndarray) -> np.ndarray:
        """`pixels` (palette indices) as slots, assigning slots to new colours."""
        if self.missing.take(pixels).any():
            self.assign(np.flatnonzero(np.bincount(pixels.ravel(), minlength=256)
                                       * self.missing))
        return self.lut.take(pixels)

    def colours(self) -> np.ndarray:
        """The colour table: one row per slot."""
        return self.palette[self._slots] if self._slots else np.zeros((0, 3), np.uint8)
