"""The frame: panels laid out in a grid, each with its title above and live caption below.

Panels draw into their own rasters; the canvas copies only their dirty rectangles into the
frame and redraws a caption only when its text changed, so a frame costs what changed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from .palette import INDEX
from .text import draw_text, glyph, line_metrics, text_width


class PanelRenderer(Protocol):
    """What the canvas needs of a panel: a raster that events update, and a caption."""

    raster: np.ndarray

    def apply(self, event: object) -> None: ...

    def take_dirty(self) -> tuple[int, int, int, int] | None: ...

    def caption(self) -> str: ...


@dataclass
class Slot:
    """Where a panel sits in the frame."""

    y: int          # top of the panel's raster
    x: int
    title_y: int
    caption_y: int
    width: int      # width available for the text (the column width)
    x_text: int


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis until it fits in `width` pixels."""
    if text_width(text, size, bold) <= width:
        return text
    room = width - glyph("…", size, bold)[1]
    used = 0
    for i, ch in enumerate(text):
        used += glyph(ch, size, bold)[1]
        if used > room:
            return text[:i] + "…"
    return text


SEPARATOR = " · "
CAPTION_LINES = 2


def _wrap(text: str, size: int, width: int, lines: int = CAPTION_LINES) -> tuple[str, ...]:
    """`text` in at most `lines` lines of `width` pixels, broken after its " · " separators
    (a piece too long for a line, and the last line, are cut with an ellipsis)."""
    if text_width(text, size) <= width:
        return (text,)
    pieces = text.split(SEPARATOR)
    gap = text_width(SEPARATOR, size)
    out: list[str] = []
    start, used = 0, text_width(pieces[0], size)     # the line is pieces[start:k]
    for k in range(1, len(pieces)):
        w = text_width(pieces[k], size)
        if used + gap + w <= width:
            used += gap + w
            continue
        if len(out) == lines - 1:
            break
        out.append(_fit(SEPARATOR.join(pieces[start:k]), size, width))
        start, used = k, w
    out.append(_fit(SEPARATOR.join(pieces[start:]), size, width))
    return tuple(out)


class Canvas:
    """Lays out `panels` (with `titles`) in `columns` columns under an optional `heading`.

    `size` forces the frame size (a slide preset), centring the layout in it.
    """

    def __init__(self, panels: list[PanelRenderer], titles: list[str], *, heading: str = "",
                 columns: int | None = None, margin: int = 12, gap: int = 16,
                 title_size: int = 16, caption_size: int = 13,
                 size: tuple[int, int] | None = None) -> None:
        self.panels, self.titles, self.heading = panels, titles, heading
        self.title_size, self.caption_size = title_size, caption_size
        n = len(panels)
        columns = columns or (1 if n == 1 else 2 if n <= 4 else 3)
        rows = -(-n // columns)
        _, title_h = line_metrics(title_size, True)
        _, caption_h = line_metrics(caption_size)
        heading_h = line_metrics(title_size + 2, True)[1] + 6 if heading else 0
        col_w = [0] * columns
        row_h = [0] * rows
        for i, panel in enumerate(panels):
            r, c = divmod(i, columns)
            text_w = max(text_width(titles[i], title_size, True), 150)
            col_w[c] = max(col_w[c], panel.raster.shape[1], min(text_w, 2 * panel.raster.shape[1]))
            row_h[r] = max(row_h[r], title_h + 4 + panel.raster.shape[0] + 4
                           + CAPTION_LINES * caption_h)
        width = 2 * margin + sum(col_w) + gap * (columns - 1)
        height = 2 * margin + heading_h + sum(row_h) + gap * (rows - 1)
        oy = ox = 0
        if size is not None:
            fw, fh = size
            if fw < width or fh < height:
                raise ValueError(f"the panels need {width}x{height} pixels; the canvas "
                                 f"`{fw}x{fh}` is too small — use smaller cells")
            oy, ox = (fh - height) // 2, (fw - width) // 2
            width, height = fw, fh
        self.frame = np.full((height, width), INDEX["background"], dtype=np.uint8)
        self.slots: list[Slot] = []
        for i, panel in enumerate(panels):
            r, c = divmod(i, columns)
            x0 = ox + margin + sum(col_w[:c]) + gap * c
            y0 = oy + margin + heading_h + sum(row_h[:r]) + gap * r
            ph, pw = panel.raster.shape
            x = x0 + (col_w[c] - pw) // 2
            self.slots.append(Slot(y0 + title_h + 4, x, y0, y0 + title_h + 4 + ph + 4,
                                   col_w[c], x0))
        if heading:
            draw_text(self.frame, _fit(heading, title_size + 2, width - 2 * margin, True),
                      oy + margin, ox + margin, INDEX["text"], title_size + 2, bold=True)
        for slot, title, panel in zip(self.slots, titles, panels):
            tw = text_width(_fit(title, title_size, slot.width, True), title_size, True)
            draw_text(self.frame, _fit(title, title_size, slot.width, True), slot.title_y,
                      slot.x_text + max(0, (slot.width - tw) // 2), INDEX["text"],
                      title_size, bold=True)
            ph, pw = panel.raster.shape
            self.frame[slot.y:slot.y + ph, slot.x:slot.x + pw] = panel.raster
            panel.take_dirty()
        self._captions = [None] * n
        self.compose()

    @property
    def shape(self) -> tuple[int, int]:
        return self.frame.shape

    def locate(self, y: float, x: float) -> tuple[int, float, float] | None:
        """Which panel is under frame pixel (y, x), and the pixel in that panel's raster."""
        for i, (slot, panel) in enumerate(zip(self.slots, self.panels)):
            ph, pw = panel.raster.shape
            if slot.y <= y < slot.y + ph and slot.x <= x < slot.x + pw:
                return i, y - slot.y, x - slot.x
        return None

    def compose(self) -> tuple[int, int, int, int] | None:
        """Bring the frame up to date with the panels; the rectangle that changed."""
        dirty: list[int] | None = None

        def grow(rect: tuple[int, int, int, int]) -> None:
            nonlocal dirty
            if dirty is None:
                dirty = list(rect)
            else:
                dirty = [min(dirty[0], rect[0]), max(dirty[1], rect[1]),
                         min(dirty[2], rect[2]), max(dirty[3], rect[3])]

        _, caption_h = line_metrics(self.caption_size)
        for i, (slot, panel) in enumerate(zip(self.slots, self.panels)):
            rect = panel.take_dirty()
            if rect is not None:
                y0, y1, x0, x1 = rect
                self.frame[slot.y + y0:slot.y + y1, slot.x + x0:slot.x + x1] = \
                    panel.raster[y0:y1, x0:x1]
                grow((slot.y + y0, slot.y + y1, slot.x + x0, slot.x + x1))
            lines = _wrap(panel.caption(), self.caption_size, slot.width)
            old = self._captions[i]
            if lines != old:
                for k in range(max(len(lines), len(old or ()))):
                    text = lines[k] if k < len(lines) else None
                    before = old[k] if old is not None and k < len(old) else None
                    if text == before:
                        continue
                    y = slot.caption_y + k * caption_h
                    if before is not None:
                        x1 = min(slot.x_text + slot.width,
                                 slot.x_text + text_width(before, self.caption_size) + 2)
                        self.frame[y:y + caption_h, slot.x_text:x1] = INDEX["background"]
                        grow((y, y + caption_h, slot.x_text, x1))
                    if text is not None:
                        grow(draw_text(self.frame, text, y, slot.x_text, INDEX["text"],
                                       self.caption_size, max_width=slot.width))
                self._captions[i] = lines
        if dirty is None:
            return None
        h, w = self.frame.shape
        return max(0, dirty[0]), min(h, dirty[1]), max(0, dirty[2]), min(w, dirty[3])
