"""Streaming GIF writer: global palette, changed rectangle per frame, exact timing.

Each frame is compared with what a viewer currently shows; only the bounding rectangle of
the change is encoded, once with unchanged pixels set to a transparent index and once
opaque, and the smaller is kept. A frame is held back until the next one arrives, so that
identical frames can be merged into one longer delay. Memory does not depend on the
number of frames.
"""
from __future__ import annotations

import math
import os
import shutil
import struct
import subprocess
from typing import Any

import numpy as np

from .base import Rect, Writer
from .diff import changed_rect
from .lzw import code_size, deferred_data, image_data

#: frame rates whose frame delay is a whole number of 1/100 s and at least 2/100 s
#: (browsers show shorter delays as 10/100 s)
GIF_FPS = (50, 25, 20, 10, 5, 4, 2, 1)
MIN_DURATION = 0.02   # seconds; browsers slow anything shorter down to 0.1 s
MAX_DELAY = 0xFFFF    # centiseconds in one Graphic Control Extension
DO_NOT_DISPOSE = 1
EFFORTS = ("best", "fast", "fastest")


def check_gif_fps(fps: float) -> float:
    """`fps` if it is one of `GIF_FPS` (ValueError naming the allowed rates otherwise)."""
    if fps not in GIF_FPS:
        allowed = ", ".join(str(f) for f in GIF_FPS)
        raise ValueError(f"GIF fps `{fps!r}` is not allowed: GIF delays are whole 1/100 s and "
                         f"browsers slow delays under 2/100 s to 1/10 s; use one of {allowed}")
    return float(fps)


class ColourTable:
    """Assigns colour table slots to palette colours as frames first use them.

    The first frame's colours get the lowest slots, most used first; later colours take
    the next free slot when they first appear. Duplicate colours share a slot. Low slots
    for the colours in use keep the LZW code size (bits per pixel) small.
    """

    def __init__(self, palette: np.ndarray, *, reorder: bool = True) -> None:
        self.palette = palette
        self.lut = np.zeros(256, dtype=np.uint8)       # palette index -> slot
        self.missing = np.ones(256, dtype=bool)        # palette index without a slot yet
        self.missing[len(palette):] = False            # out-of-palette indices: slot 0
        self._slots: dict[bytes, int] = {}
        self.colours = np.zeros((len(palette), 3), dtype=np.uint8)
        if not reorder:
            self.assign(np.arange(len(palette)))

    def assign(self, indices) -> None:
        """Give each palette index in `indices`, in order, a slot for its colour."""
        for i in indices:
            colour = self.palette[i].tobytes()
            if colour not in self._slots:
                self._slots[colour] = len(self._slots)
                self.colours[self._slots[colour]] = self.palette[i]
            self.lut[i] = self._slots[colour]
            self.missing[i] = False

    def first(self, frame: np.ndarray) -> np.ndarray:
        """`frame` as slots, its colours getting the lowest slots, most used first."""
        counts = np.bincount(frame.ravel(), minlength=256)[:len(self.palette)]
        used = np.flatnonzero(counts)
        self.assign(used[np.argsort(-counts[used], kind="stable")])
        return self.lut[frame]

    def map(self, pixels: np.ndarray) -> np.ndarray:
        """`pixels` (palette indices) as slots, assigning slots to new colours."""
        if self.missing[pixels].any():
            self.assign(np.flatnonzero(np.bincount(pixels.ravel(), minlength=256)
                                       * self.missing))
        return self.lut[pixels]

    def table(self) -> np.ndarray:
        """The colour table: used colours in slot order, then the palette's unused ones."""
        self.assign(range(len(self.palette)))
        return self.colours


TABLE_OFFSET = 13   # the global colour table follows the 6-byte signature, 7-byte screen


def padded(colours: np.ndarray) -> bytes:
    """`colours` padded with black to a power of two (at least 2) entries, as bytes."""
    bits = max(1, (len(colours) - 1).bit_length())
    table = np.zeros((1 << bits, 3), dtype=np.uint8)
    table[:len(colours)] = colours
    return table.tobytes()


def header(width: int, height: int, colours: np.ndarray, loop: bool) -> bytes:
    """The GIF header, global colour table and (if `loop`) the NETSCAPE2.0 loop extension."""
    bits = max(1, (len(colours) - 1).bit_length())
    out = [b"GIF89a", struct.pack("<HHBBB", width, height, 0x80 | 0x70 | (bits - 1), 0, 0),
           padded(colours)]
    if loop:
        out.append(b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\0")
    return b"".join(out)


def control(delay: int, transparent: int | None) -> bytes:
    """A Graphic Control Extension: `delay` in 1/100 s, "do not dispose", optional transparency."""
    packed = DO_NOT_DISPOSE << 2 | (transparent is not None)
    return b"!\xf9\x04" + struct.pack("<BHB", packed, delay, transparent or 0) + b"\0"


def descriptor(rect: Rect) -> bytes:
    """An Image Descriptor for `rect` = (y0, y1, x0, x1), without local colour table."""
    y0, y1, x0, x1 = rect
    return b"," + struct.pack("<HHHHB", x0, y0, x1 - x0, y1 - y0, 0)


def fills_table(data: bytes, bits: int) -> bool:
    """Whether image data this long (at code size `bits`) must have filled the LZW table."""
    eoi = (1 << bits) + 1
    widths = np.clip(np.floor(np.log2(np.arange(eoi, 4096))) + 1, bits + 1, 12)
    return len(data) * 8 > widths.sum()


def encode_rect(old: np.ndarray, new: np.ndarray, *, effort: str = "best"
                ) -> tuple[bytes, int | None]:
    """The smallest image data drawing `new` over `old`, and its transparent index (or None).

    Unchanged pixels become the lowest index the changed pixels do not use, which keeps
    the LZW code size small; the opaque encoding is tried too and wins ties. With
    `effort="best"`, large results are re-encoded with deferred table clears.
    """
    same = old == new
    used = np.bincount(new[~same], minlength=256)
    transparent = int(np.flatnonzero(used == 0)[0])
    pixels = np.where(same, np.uint8(transparent), new)
    best = (image_data(pixels, code_size(pixels)), transparent, pixels)
    if effort != "fastest":
        opaque = image_data(new, code_size(new))
        if len(opaque) <= len(best[0]):
            best = (opaque, None, new)
    if effort == "best" and fills_table(best[0], code_size(best[2])):
        deferred = deferred_data(best[2], code_size(best[2]))
        if len(deferred) < len(best[0]):
            best = (deferred, best[1], best[2])
    return best[0], best[1]


def full_image(pixels: np.ndarray, *, effort: str = "best") -> bytes:
    """The smallest image data of `pixels` drawn opaque."""
    data = image_data(pixels, code_size(pixels))
    if effort == "best" and fills_table(data, code_size(pixels)):
        deferred = deferred_data(pixels, code_size(pixels))
        data = deferred if len(deferred) < len(data) else data
    return data


class GifWriter(Writer):
    """Writes a looping GIF with the palette as its only colour table.

    The global colour table holds the palette's distinct colours, padded to the palette's
    size; with `reorder=True` (default) they are ordered by how often the first frame uses
    them, so that most frames need only a few LZW bits per pixel. `reorder=False` keeps the
    palette order (only duplicated colours are merged onto their lowest index).
    Other options: `optimize="gifsicle"` runs `gifsicle -O3` over the finished file and keeps the
    result if it is smaller; `effort` is "best" (default: also tries an opaque rectangle
    and, on large images, an LZW encoder that defers table clears), "fast" (Pillow's
    encoder only) or "fastest" (transparent rectangles only).
    """

    suffix = ".gif"

    def __init__(self, path: str | os.PathLike, *, width: int, height: int, palette: Any,
                 fps: float = 25, loop: bool = True, optimize: str | None = None,
                 effort: str = "best", reorder: bool = True) -> None:
        super().__init__(path, width=width, height=height, palette=palette, fps=fps, loop=loop)
        check_gif_fps(fps)
        if len(self.palette) > 256:
            raise ValueError("GIF palettes hold at most 256 colours")
        if optimize not in (None, "gifsicle"):
            raise ValueError(f"optimize `{optimize!r}` must be None or \"gifsicle\"")
        self._gifsicle = None
        if optimize == "gifsicle":
            self._gifsicle = shutil.which("gifsicle")
            if self._gifsicle is None:
                raise ValueError("optimize `\"gifsicle\"` needs gifsicle on PATH; install it "
                                 "(apt install gifsicle) or pass optimize=None")
        if effort not in EFFORTS:
            raise ValueError(f"effort `{effort!r}` must be one of {', '.join(EFFORTS)}")
        self._effort = effort
        self._table = ColourTable(self.palette, reorder=reorder)
        self._shown: np.ndarray | None = None    # canvas after the pending frame
        self._pending: list[Any] | None = None   # [image bytes, transparent, seconds]
        self._time_cs = 0.0     # exact presentation time of flushed frames, 1/100 s
        self._emitted_cs = 0    # sum of delays written
        self.images = 0         # images written (frames after merging identical ones)
        self._file = open(self._make_temp(), "wb")
        # the colour table is a placeholder until close(), when every slot is known
        self._file.write(header(self.width, self.height, self._table.colours, self.loop))

    def _write(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        if duration < MIN_DURATION - 1e-9:
            raise ValueError(f"GIF frame duration `{duration!r}` s is below {MIN_DURATION} s, "
                             "which browsers show as 0.1 s; merge short frames")
        if self._shown is None:
            self._shown = self._table.first(frame)
            data = descriptor((0, self.height, 0, self.width)) + full_image(
                self._shown, effort=self._effort)
            self._pending = [data, None, duration]
            return
        if dirty is None:
            rect = changed_rect(self._shown, self._table.map(frame))
        else:
            y0, y1, x0, x1 = dirty
            rect = changed_rect(self._shown[y0:y1, x0:x1], self._table.map(frame[y0:y1, x0:x1]))
            if rect is not None:
                rect = (rect[0] + y0, rect[1] + y0, rect[2] + x0, rect[3] + x0)
        if rect is None:
            self._pending[2] += duration
            return
        y0, y1, x0, x1 = rect
        new = self._table.map(frame[y0:y1, x0:x1])
        data, transparent = encode_rect(self._shown[y0:y1, x0:x1], new,
                                        effort=self._effort)
        self._flush()
        self._shown[y0:y1, x0:x1] = new
        self._pending = [descriptor(rect) + data, transparent, duration]

    def _flush(self) -> None:
        """Write the pending frame with its (merged, rounded) delay."""
        data, transparent, seconds = self._pending
        self._pending = None
        self._time_cs += seconds * 100
        delay = math.floor(self._time_cs + 0.5) - self._emitted_cs
        self._emitted_cs += delay
        self._file.write(control(min(delay, MAX_DELAY), transparent) + data)
        self.images += 1
        delay -= MAX_DELAY
        while delay > 0:   # hold longer than 655 s: redraw one pixel unchanged
            pixel = self._shown[:1, :1]
            self._file.write(control(min(delay, MAX_DELAY), None) + descriptor((0, 1, 0, 1))
                             + image_data(pixel, code_size(pixel)))
            self.images += 1
            delay -= MAX_DELAY

    def _finish(self) -> None:
        if self._pending is None:
            raise ValueError(f"no frames written to `{self.path}`; write at least one frame")
        self._flush()
        self._file.write(b";")
        self._file.seek(TABLE_OFFSET)
        self._file.write(padded(self._table.table()))
        self._file.close()
        if self._gifsicle is not None:
            self._run_gifsicle()

    def _run_gifsicle(self) -> None:
        """Replace the temp file by `gifsicle -O3` of it, if that is smaller."""
        out = self._tmp_path.with_name(self._tmp_path.name + ".gifsicle")
        try:
            subprocess.run([self._gifsicle, "-O3", "--no-warnings", str(self._tmp_path),
                            "-o", str(out)], check=True, capture_output=True)
            if out.stat().st_size < self._tmp_path.stat().st_size:
                os.replace(out, self._tmp_path)
        finally:
            out.unlink(missing_ok=True)

    def _discard(self) -> None:
        self._file.close()
