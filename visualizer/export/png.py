"""PNG output: the final frame of an animation, and strips of key frames for handouts."""
from __future__ import annotations

import os
from typing import Any, Iterable

import numpy as np
from PIL import Image

from .base import Rect, Writer, check_palette


def palette_image(frame: np.ndarray, palette: np.ndarray) -> Image.Image:
    """A Pillow "P" image of `frame` (palette indices) with `palette` attached."""
    frame = np.ascontiguousarray(frame, dtype=np.uint8)
    im = Image.frombytes("P", (frame.shape[1], frame.shape[0]), frame.tobytes())
    im.putpalette(np.asarray(palette, dtype=np.uint8).tobytes())
    return im


def save_png(frame: np.ndarray, path: str | os.PathLike, *, palette: Any) -> None:
    """Writes `frame` as a palette PNG at `path` (atomically); returns None."""
    writer = PngWriter(path, width=frame.shape[1], height=frame.shape[0], palette=palette)
    with writer:
        writer.write(frame)


class PngWriter(Writer):
    """Keeps the latest frame and writes it as a palette PNG on `close()`."""

    suffix = ".png"

    def __init__(self, path: str | os.PathLike, *, width: int, height: int, palette: Any,
                 fps: float = 25, loop: bool = True) -> None:
        super().__init__(path, width=width, height=height, palette=palette, fps=fps, loop=loop)
        self._last = np.zeros((self.height, self.width), dtype=np.uint8)
        self._make_temp()

    def _write(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        if dirty is None:
            self._last[:] = frame
        else:
            y0, y1, x0, x1 = dirty
            self._last[y0:y1, x0:x1] = frame[y0:y1, x0:x1]

    def _finish(self) -> None:
        if self.frames == 0:
            raise ValueError(f"no frames written to `{self.path}`; write at least one frame")
        assert self._tmp_path is not None, "_finish runs on an open writer"
        palette_image(self._last, self.palette).save(self._tmp_path, format="PNG",
                                                     optimize=True)


def save_strip(frames: Iterable[np.ndarray], path: str | os.PathLike, columns: int = 4, *,
               palette: Any, gap: int = 8, fill: int = 1) -> tuple[int, int]:
    """Writes `frames` side by side, `columns` per row, `gap` px apart in palette index
    `fill`, as one palette PNG; returns its (width, height)."""
    frames = [np.asarray(f) for f in frames]
    palette = check_palette(palette)
    if not frames:
        raise ValueError("save_strip needs at least one frame; pass a non-empty list")
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise ValueError(f"columns `{columns!r}` must be a positive int")
    if gap < 0:
        raise ValueError(f"gap `{gap!r}` must be >= 0 pixels")
    shape = frames[0].shape
    for k, f in enumerate(frames):
        if f.shape != shape or f.ndim != 2 or f.dtype != np.uint8:
            raise ValueError(f"frame {k} has shape `{f.shape}` and dtype `{f.dtype}`; every "
                             f"frame must be a uint8 array of shape {shape}")
    h, w = shape
    cols = min(columns, len(frames))
    rows = -(-len(frames) // cols)
    sheet = np.full((rows * h + (rows - 1) * gap, cols * w + (cols - 1) * gap), fill,
                    dtype=np.uint8)
    for k, f in enumerate(frames):
        y, x = (k // cols) * (h + gap), (k % cols) * (w + gap)
        sheet[y:y + h, x:x + w] = f
    save_png(sheet, path, palette=palette)
    return sheet.shape[1], sheet.shape[0]
