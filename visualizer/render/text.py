"""Text drawn in palette indices: 1-bit glyphs of DejaVu Sans (shipped with matplotlib),
rendered once per (character, size) and cached, so text never adds colours to a frame."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont


@lru_cache(maxsize=None)
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    import matplotlib
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / name),
                              size)


@lru_cache(maxsize=None)
def line_metrics(size: int, bold: bool = False) -> tuple[int, int]:
    """(ascent, total height) in pixels of a line of text at `size`."""
    ascent, descent = _font(size, bold).getmetrics()
    return ascent, ascent + descent


@lru_cache(maxsize=4096)
def glyph(char: str, size: int, bold: bool = False) -> tuple[np.ndarray, int]:
    """The 1-bit mask of `char` on a line-high canvas, and its advance width."""
    font = _font(size, bold)
    _, height = line_metrics(size, bold)
    advance = max(1, round(font.getlength(char)))
    image = Image.new("1", (advance + size, height), 0)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    draw.text((0, 0), char, font=font, fill=1)
    return np.array(image, dtype=bool), advance


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """The width in pixels `text` takes."""
    return sum(glyph(ch, size, bold)[1] for ch in text)


@lru_cache(maxsize=4096)
def _glyph_parts(char: str, size: int, bold: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """`glyph`'s mask split at its advance: the columns before it, and the ink past it
    (None if there is none)."""
    mask, advance = glyph(char, size, bold)
    overhang = mask[:, advance:]
    return mask[:, :advance], (overhang if overhang.any() else None)


@lru_cache(maxsize=128)   # captions change every frame: keep only the recent lines
def text_mask(text: str, size: int, bold: bool = False) -> np.ndarray:
    """The 1-bit picture of a whole line of `text` (glyphs placed by their advances)."""
    parts = [_glyph_parts(ch, size, bold) for ch in text]
    bodies = [body for body, _ in parts]
    bodies.append(_blank(size, bold))
    mask = np.concatenate(bodies, axis=1)
    if any(overhang is not None for _, overhang in parts):
        x = 0
        for body, overhang in parts:
            x += body.shape[1]
            if overhang is not None:
                mask[:, x:x + overhang.shape[1]] |= overhang
    return mask


@lru_cache(maxsize=None)
def _blank(size: int, bold: bool) -> np.ndarray:
    """The empty columns `text_mask` ends a line with (room for the last glyph's ink)."""
    blank = np.zeros((line_metrics(size, bold)[1], size), bool)
    blank.flags.writeable = False
    return blank


def draw_text(raster: np.ndarray, text: str, y: int, x: int, colour: int, size: int, *,
              bold: bool = False, max_width: int | None = None) -> tuple[int, int, int, int]:
    """Draw `text` with its top-left corner at (y, x) in palette index `colour`, clipped to
    the raster (and to `max_width`); returns the rectangle (y0, y1, x0, x1) it may touch."""
    height, width = raster.shape
    limit = width if max_width is None else min(width, x + max_width)
    mask = text_mask(text, size, bold)
    h = min(mask.shape[0], height - y)
    w = min(mask.shape[1], limit - x)
    if h > 0 and w > 0:
        np.copyto(raster[y:y + h, x:x + w], colour, where=mask[:h, :w], casting="unsafe")
    return y, min(height, y + mask.shape[0]), x, min(limit, x + mask.shape[1])
