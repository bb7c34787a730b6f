"""Streaming GIF writer: one global colour table, changed rectangles, exact timing.

Each frame is compared with what a viewer currently shows; only the bounding rectangle of
the change is encoded (its unchanged pixels transparent or kept, about one LZW encode per
rectangle: see `gifimage.encode_changes`). A frame is held back until the next one
arrives, so that identical frames merge into one longer delay. The first `lookahead`
changing frames are held (as their changed pixels) before anything is encoded, to give
the colours they change to the lowest colour table slots (`gifcolours`). Image blocks
stream to a scratch file; `close()` writes the header with the final, smallest colour
table and copies the blocks after it. Memory does not depend on the number of frames.
"""
from __future__ import annotations

import math
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np

from . import FORMATS
from .base import Rect, Writer
from .gifcolours import ColourTable
from .gifformat import MAX_DELAY, TRAILER, control, descriptor, header
from .gifbatch import Rectangle, prepare_at_once
from .gifframes import Change, frame_changes
from .gifimage import (
    ALL_CANDIDATES_UP_TO, EFFORTS, Chooser, encode_prepared, encode_rect, full_image,
)

#: frame rates whose frame delay is a whole number of 1/100 s and at least 2/100 s
#: (browsers show shorter delays as 10/100 s)
GIF_FPS = FORMATS["gif"].fps
EFFORT = FORMATS["gif"].options[0]
MIN_DURATION = 0.02   # seconds; browsers slow anything shorter down to 0.1 s
LOOKAHEAD = 1024      # changing frames held (as their changes) to plan the colour table
HOLD_BYTES = 32 << 20  # ... or fewer, once their changes take this much memory
HOLD_FRAMES = 4096    # ... or fewer, counting repeated frames too
#: efforts whose large rectangles are prepared together (`gifbatch`), and how many pixels
#: of rectangles at most (about: a chunk ends with the rectangle that passes it; larger
#: chunks leave the processor's cache and cost more CPU, not less)
BATCHED = ("best", "fast")
CHUNK_PIXELS = 1 << 20
CHUNK_CHANGES = 1 << 16   # changed pixels whose changes are found together
#: a held repeated frame: no position, no index after or before (one tuple for them all)
NO_CHANGE = (np.zeros(0, np.intp), np.zeros(0, np.uint8), np.zeros(0, np.uint8))


#: a dirty rectangle at least 1/WORD_COLUMNS of the width wide is compared in whole rows,
#: eight pixels at a time (`differing`)
WORD_COLUMNS = 4


#: the byte offsets inside an 8-byte word
_OFFSETS = np.arange(8, dtype=np.int64)


def differing(now: np.ndarray, was: np.ndarray, start: int, end: int) -> np.ndarray:
    """The positions in `start..end` (sorted) where the flat uint8 arrays `now` and `was`
    differ: compared as 8-byte words from the word boundary at or before `start`, then
    byte by byte inside the differing words (few, when few pixels change), as the bytes
    of the words' XOR."""
    low = start & ~7
    full = low + (end - low) // 8 * 8
    new_words, old_words = now[low:full].view(np.uint64), was[low:full].view(np.uint64)
    words = (new_words != old_words).nonzero()[0]
    flips = (new_words.take(words) ^ old_words.take(words)).view(np.uint8)
    where = (words[:, None] * 8 + _OFFSETS).reshape(-1)[flips.nonzero()[0]]
    where += low
    if full < end:
        tail = np.arange(full, end)
        where = np.concatenate((where, tail[now[full:end] != was[full:end]]))
    return where[where >= start] if low < start and where.size else where


def check_gif_fps(fps: float) -> float:
    """`fps` if it is one of `GIF_FPS` (ValueError naming the allowed rates otherwise)."""
    if fps not in GIF_FPS:
        allowed = ", ".join(str(f) for f in GIF_FPS)
        raise ValueError(f"GIF fps `{fps!r}` is not allowed: GIF delays are whole 1/100 s and "
                         f"browsers slow delays under 2/100 s to 1/10 s; use one of {allowed}")
    return float(fps)


class GifWriter(Writer):
    """Writes a looping GIF whose only colour table holds the palette colours it uses.

    Options: `effort` is "best" (default: the candidates for the unchanged pixels chosen
    by rules and by what earlier rectangles gained, about 1.2 LZW encodes per rectangle;
    deferred LZW clears on the first frame and on a budget of the rectangles that fill the
    LZW table), "smallest" (every candidate, deferred clears wherever they fill the table:
    smaller on Life and large canvases, several times the CPU), "fast" ("matching" and
    sometimes "opaque", Pillow's LZW only) or "fastest" (unchanged pixels always
    transparent): see `gifimage.encode_changes`; `lookahead` (default 1024) changing
    frames are held to order the colour table (0 = in order of first use);
    `keep_palette=True` writes the whole palette as the colour table, slot = palette index
    (bigger files: more LZW bits per pixel); `optimize="gifsicle"` runs `gifsicle -O3`
    over the finished file and keeps the result if it is smaller.
    """

    suffix = ".gif"

    def __init__(self, path: str | os.PathLike, *, width: int, height: int, palette: Any,
                 fps: float = 25, loop: bool = True, effort: str = EFFORT.default,
                 lookahead: int = LOOKAHEAD, keep_palette: bool = False,
                 optimize: str | None = None) -> None:
        super().__init__(path, width=width, height=height, palette=palette, fps=fps, loop=loop)
        check_gif_fps(fps)
        if effort not in EFFORTS:
            raise ValueError(f"effort `{effort!r}` must be one of {', '.join(EFFORTS)}")
        if isinstance(lookahead, bool) or not isinstance(lookahead, int) or lookahead < 0:
            raise ValueError(f"lookahead `{lookahead!r}` must be an int >= 0 (frames)")
        if optimize not in (None, "gifsicle"):
            raise ValueError(f"optimize `{optimize!r}` must be None or \"gifsicle\"")
        self._gifsicle = None
        if optimize == "gifsicle":
            self._gifsicle = shutil.which("gifsicle")
            if self._gifsicle is None:
                raise ValueError("optimize `\"gifsicle\"` needs gifsicle on PATH; install it "
                                 "(apt install gifsicle) or pass optimize=None")
        self._effort = effort
        self._chooser = Chooser()                # what the rectangles so far have taught
        self._lookahead = lookahead
        self._held: list | None = []             # (changed flat positions, their indices
                                                 #  after and before) until planned
        self._held_seconds: list[float] = []     # ... and each one's seconds
        self._distinct = 0                       # held frames differing from the one before
        self._held_bytes = 0                     # memory the held changes take
        self._first: np.ndarray | None = None    # first frame, while frames are held
        self._received: np.ndarray | None = None  # the last frame written
        self._found: tuple[np.ndarray, np.ndarray] | None = None   # its changes, checked
        self._table = ColourTable(self.palette, keep_palette=keep_palette)
        self._top = 0                            # largest colour table index written
        self._shown: np.ndarray | None = None    # canvas (slots) after the pending frame
        self._pending: list[Any] | None = None   # [image bytes, transparent, seconds]
        self._time_cs = 0.0     # exact presentation time of flushed frames, 1/100 s
        self._emitted_cs = 0    # sum of delays written
        self.images = 0         # images written (frames after merging identical ones)
        self._make_temp()
        self._body = open(self._make_temp(scratch=True), "wb")

    # -- frames ----------------------------------------------------------------------
    def _check(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        if duration < MIN_DURATION - 1e-9:
            raise ValueError(f"GIF frame duration `{duration!r}` s is below {MIN_DURATION} s, "
                             "which browsers show as 0.1 s; merge short frames")

    def _largest_index(self, frame: np.ndarray, dirty: Rect | None) -> int:
        """The largest new palette index: every pixel of the first frame, then only the
        pixels that differ from the frame before (the others were checked then); the
        differences are kept for `_write`."""
        if self._received is None:
            return super()._largest_index(frame, None)
        self._found = self._changes(frame, dirty, self._received)
        values = self._found[1]
        return int(values.max()) if values.size else -1

    def _write(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        if self._received is None:
            self._received = frame.copy()
            self._accept(None, frame.copy(), None, duration)
            return
        found, self._found = self._found, None
        assert found is not None, "`_largest_index` found the changes"
        where, values = found
        last = self._received.reshape(-1)
        before = last.take(where)
        last[where] = values
        self._accept(where, values, before, duration)

    def _accept(self, where: np.ndarray | None, values: np.ndarray, before: np.ndarray | None,
                duration: float) -> None:
        """Hold or encode a frame: the first one whole (`where` None, `values` = the
        frame), later ones as their changed flat positions, new palette indices and the
        indices they replace (`before`)."""
        if self._held is None:
            assert where is not None and before is not None, "the first frame is held"
            self._encode([(where, values, before)], [duration])
        elif where is None:
            self._first = values
            self._held.append((None, None, None))
            self._held_seconds.append(duration)
            if self._lookahead == 0:
                self._release()
        else:
            assert before is not None, "held frames keep what they replace"
            if where.size:
                self._held_bytes += where.nbytes + 2 * values.nbytes
                self._distinct += 1
                self._held.append((where, values, before))
            else:
                self._held.append(NO_CHANGE)
            self._held_seconds.append(duration)
            if (self._distinct >= self._lookahead or self._held_bytes > HOLD_BYTES
                    or len(self._held) > HOLD_FRAMES):
                self._release()

    def _changes(self, frame: np.ndarray, dirty: Rect | None, last: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
        """The flat positions (in scan order) where `frame` differs from `last` inside
        `dirty`, and the new palette indices there."""
        y0, y1, x0, x1 = dirty if dirty is not None else (0, self.height, 0, self.width)
        width = self.width
        if (x1 - x0) * WORD_COLUMNS >= width and frame.flags.c_contiguous and y1 > y0:
            where = differing(frame.reshape(-1), last.reshape(-1), y0 * width, y1 * width)
            if x1 - x0 < width and where.size:
                column = where % width
                where = where[(column >= x0) & (column < x1)]
        else:
            now = frame[y0:y1, x0:x1]
            inside = np.flatnonzero(now != last[y0:y1, x0:x1])
            ys, xs = np.divmod(inside, x1 - x0)
            where = (ys + y0) * width + (xs + x0)
        values = frame.reshape(-1).take(where) if frame.flags.c_contiguous else \
            np.ascontiguousarray(frame).reshape(-1).take(where)
        return where, values

    def _release(self) -> None:
        """Plan the colour table from the held frames, then encode them."""
        held, self._held = self._held, None
        seconds, self._held_seconds = self._held_seconds, []
        if not held:
            return
        frame, self._first = self._first, None
        assert frame is not None, "the first held frame is kept in `_first`"
        later = held[1:]
        sizes = np.array([where.size for where, _, _ in later], np.int64)
        after = np.concatenate([values for _, values, _ in later] or [NO_CHANGE[1]])
        before = np.concatenate([before for _, _, before in later] or [NO_CHANGE[2]])
        self._table.plan(frame, before, after, sizes)
        self._shown = self._table.map(frame)
        self._hold(full_image(self._shown, effort=self._effort),
                   (0, self.height, 0, self.width), seconds[0])
        if later:
            self._encode(later, seconds[1:])

    def _encode(self, frames: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
                seconds: list[float]) -> None:
        """Encode frames, each given as the flat positions (in scan order) where it differs
        from the one before and its palette indices there after and before, shown for
        `seconds`; a frame that changes no colour merges into the pending one. What they
        change is found for a few frames at once (`gifframes.frame_changes`, about
        `CHUNK_CHANGES` changed pixels), then they are encoded in chunks of about
        `CHUNK_PIXELS` (a chunk ends with the frame that passes its size: arrays that
        stay in the processor's cache)."""
        start = 0
        while start < len(frames):
            end, count = start, 0
            while end < len(frames) and count < CHUNK_CHANGES:
                count += frames[end][0].size
                end += 1
            changes = frame_changes(frames[start:end], self._table, self.width)
            first = 0
            while first < len(changes):
                last, pixels = first, 0
                while last < len(changes) and pixels < CHUNK_PIXELS:
                    change = changes[last]
                    if change is not None:
                        y0, y1, x0, x1 = change.rect
                        pixels += (y1 - y0) * (x1 - x0)
                    last += 1
                self._encode_chunk(changes[first:last], seconds[start + first:start + last])
                first = last
            start = end

    def _encode_chunk(self, changes: list[Change | None], seconds: list[float]) -> None:
        """Encode a few frames' changes: each frame's pixels are applied to `_shown` and its
        rectangle copied out, in order; the large rectangles' gaps and "matching"
        candidates are found together (`gifbatch.prepare_at_once`); then each frame is
        encoded, in order (the `Chooser` learns from each)."""
        shown = self._canvas()
        flat = shown.reshape(-1)
        batched = self._effort in BATCHED
        large: list[Rectangle] = []
        pictures: list[np.ndarray | None] = []
        buffer = np.empty(sum((c.rect[1] - c.rect[0]) * (c.rect[3] - c.rect[2])
                              for c in changes if c is not None), np.uint8)
        used = 0
        for change in changes:
            if change is None:
                pictures.append(None)
                continue
            flat[change.where] = change.slots
            y0, y1, x0, x1 = change.rect
            size = (y1 - y0) * (x1 - x0)
            if batched and size > ALL_CANDIDATES_UP_TO and change.transparent is not None:
                large.append(Rectangle(used, size, change.changed, change.slots,
                                       change.transparent, change.runs))
                buffer[used:used + size].reshape(y1 - y0, x1 - x0)[...] = shown[y0:y1, x0:x1]
                used += size
                pictures.append(None)
            else:
                pictures.append(shown[y0:y1, x0:x1].copy())
        prepared = iter(prepare_at_once(buffer[:used], large) if large else ())
        rectangles = iter(large)
        for change, own, duration in zip(changes, pictures, seconds):
            if change is None:
                assert self._pending is not None, "the first frame is pending by now"
                self._pending[2] += duration
                continue
            if own is None:
                rectangle = next(rectangles)
                pixels = buffer[rectangle.offset:rectangle.offset + rectangle.size]
                y0, y1, x0, x1 = change.rect
                encoded = encode_prepared(pixels.reshape(y1 - y0, x1 - x0), pixels,
                                          change.changed.size, rectangle.transparent,
                                          next(prepared), effort=self._effort,
                                          chooser=self._chooser)
            else:
                encoded = encode_rect(own, change.changed, change.slots,
                                      change.transparent, change.runs, effort=self._effort,
                                      chooser=self._chooser)
            self._hold(encoded, change.rect, duration)

    def _hold(self, encoded: tuple[bytes, int | None, int], rect: Rect, seconds: float) -> None:
        """Write the pending frame and make this one pending."""
        if self._pending is not None:
            self._flush()
        data, transparent, top = encoded
        self._top = max(self._top, top)
        self._pending = [descriptor(rect) + data, transparent, seconds]

    def _flush(self) -> None:
        """Write the pending frame with its (merged, rounded) delay."""
        assert self._pending is not None, "a frame is pending"
        data, transparent, seconds = self._pending
        self._pending = None
        self._time_cs += seconds * 100
        delay = math.floor(self._time_cs + 0.5) - self._emitted_cs
        self._emitted_cs += delay
        self._body.write(control(min(delay, MAX_DELAY), transparent) + data)
        self.images += 1
        delay -= MAX_DELAY
        while delay > 0:   # held longer than 655 s: redraw one pixel unchanged
            data, _, _ = full_image(self._canvas()[:1, :1], effort="fast")
            self._body.write(control(min(delay, MAX_DELAY), None) + descriptor((0, 1, 0, 1))
                             + data)
            self.images += 1
            delay -= MAX_DELAY

    def _canvas(self) -> np.ndarray:
        """The canvas (colour table slots) after the pending frame, once the first frame is
        encoded."""
        assert self._shown is not None, "the first frame is encoded"
        return self._shown

    # -- file ------------------------------------------------------------------------
    def _temp(self) -> Path:
        """The temporary file that `close()` moves onto `path` (made in `__init__`)."""
        assert self._tmp_path is not None, "the temporary file is made in __init__"
        return self._tmp_path

    def _finish(self) -> None:
        if self._held is not None:
            self._release()
        if self._pending is None:
            raise ValueError(f"no frames written to `{self.path}`; write at least one frame")
        self._flush()
        self._body.write(TRAILER)
        self._body.close()
        colours = self._table.colours()
        with open(self._temp(), "wb") as out, open(self._body.name, "rb") as body:
            out.write(header(self.width, self.height, colours,
                             entries=max(len(colours), self._top + 1), loop=self.loop))
            shutil.copyfileobj(body, out, 1 << 20)
        if self._gifsicle is not None:
            self._run_gifsicle()

    def _run_gifsicle(self) -> None:
        """Replace the temp file by `gifsicle -O3` of it, if that is smaller."""
        out, tmp, gifsicle = self._make_temp(scratch=True), self._temp(), self._gifsicle
        assert gifsicle is not None, "only run with optimize=\"gifsicle\""
        subprocess.run([gifsicle, "-O3", "--no-warnings", str(tmp),
                        "-o", str(out)], check=True, capture_output=True)
        if out.stat().st_size < tmp.stat().st_size:
            os.replace(out, tmp)

    def _discard(self) -> None:
        self._body.close()
        self._held = None
