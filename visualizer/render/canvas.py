"""The frame: panels laid out in a grid, each with its title above, its live caption and its
legend below.

Panels draw into their own rasters; the canvas copies only their dirty rectangles into the
frame and redraws a caption only when its text changed, so a frame costs what changed.
Titles and captions wrap onto more lines; nothing is cut unless a caption outgrows its lines.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from . import legend
from .legend import draw as draw_legend
from .palette import INDEX
from .text import draw_text, line_metrics, text_width
from .wrap import shorten, wrap

CAPTION_LINES = 4
MIN_TEXT_WIDTH = 10     # a column is at least this many caption line heights wide
PAD = 4                 # pixels between a panel and its title, captions and legend


def default_columns(n: int) -> int:
    """Columns for `n` panels when the scenario does not say."""
    return 1 if n == 1 else 2 if n <= 4 else 3


class PanelRenderer(Protocol):
    """What the canvas needs of a panel: a raster that events update, and a caption."""

    raster: np.ndarray

    def apply(self, event: object) -> None: ...

    def take_dirty(self) -> tuple[int, int, int, int] | None: ...

    def caption(self) -> str: ...

    def snapshot(self) -> "PanelRenderer":
        """An independent copy of the panel's picture and state, sharing only what never
        changes after set-up (the window keeps these as checkpoints)."""
        ...


@dataclass
class Slot:
    """Where a panel sits in the frame."""

    y: int          # top of the panel's raster
    x: int
    title_y: int
    caption_y: int
    width: int      # width available for the text (the column width)
    x_text: int


@dataclass(frozen=True)
class Layout:
    """The arithmetic of a canvas: column widths, row heights, the frame size."""

    columns: int
    col_w: tuple[int, ...]
    row_title: tuple[int, ...]
    row_panel: tuple[int, ...]
    row_caption: tuple[int, ...]     # caption lines each row reserves
    legend_w: int
    legend_h: int
    heading_lines: tuple[str, ...]
    heading_h: int
    width: int
    height: int


def plan_layout(shapes: list[tuple[int, int]], titles: list[str],
                key: list[legend.Entry], *, heading: str, columns: int,
                captions: list[list[str]] | None = None,
                margin: int, gap: int, title_size: int, caption_size: int,
                frame_width: int | None = None) -> Layout:
    """Where everything goes, from the panels' raster `shapes` (height, width) alone."""
    rows = -(-len(shapes) // columns)
    title_h = line_metrics(title_size, True)[1]
    caption_h = line_metrics(caption_size)[1]
    col_w = [0] * columns
    for i, (_, w) in enumerate(shapes):
        c = i % columns
        col_w[c] = max(col_w[c], w, MIN_TEXT_WIDTH * caption_h)
    if frame_width is not None:
        # on a fixed canvas the columns share its spare width: titles wrap onto fewer lines
        spare = frame_width - (2 * margin + sum(col_w) + gap * (columns - 1))
        if spare > 0:
            col_w = [w + spare // columns for w in col_w]
    row_title, row_panel = [0] * rows, [0] * rows
    row_caption = [1 if captions is not None else CAPTION_LINES] * rows
    for i, (h, _) in enumerate(shapes):
        r, c = divmod(i, columns)
        if captions is not None:
            row_caption[r] = max([row_caption[r]] + [len(wrap(t, caption_size, col_w[c]))
                                                     for t in captions[i]])
        row_title[r] = max(row_title[r],
                           len(wrap(titles[i], title_size, col_w[c], bold=True)) * title_h)
        row_panel[r] = max(row_panel[r], h)
    width = 2 * margin + sum(col_w) + gap * (columns - 1)
    legend_w = (frame_width or width) - 2 * margin
    legend_h = legend.height(key, caption_size, legend_w) + PAD if key else 0
    heading_size = title_size + 2
    heading_lines = tuple(wrap(heading, heading_size, (frame_width or width) - 2 * margin,
                               bold=True)) if heading else ()
    heading_h = len(heading_lines) * line_metrics(heading_size, True)[1] + 6 if heading else 0
    body = sum(t + PAD + p + PAD + n * caption_h
               for t, p, n in zip(row_title, row_panel, row_caption))
    height = 2 * margin + heading_h + body + gap * (rows - 1) + legend_h
    return Layout(columns, tuple(col_w), tuple(row_title), tuple(row_panel), tuple(row_caption),
                  legend_w, legend_h, heading_lines, heading_h, width, height)


class Canvas:
    """Lays out `panels` (with `titles`) in `columns` columns under an optional `heading`,
    and the legend `key` of their colours under them all. `shortened` lists any caption that had
    to be cut to its lines.

    `size` forces the frame size (a slide preset), centring the layout in it.
    """

    def __init__(self, panels: list[PanelRenderer], titles: list[str], *, heading: str = "",
                 columns: int | None = None, margin: int = 12, gap: int = 16,
                 title_size: int = 16, caption_size: int = 13,
                 size: tuple[int, int] | None = None,
                 key: list[legend.Entry] | None = None,
                 captions: list[list[str]] | None = None) -> None:
        self.panels, self.titles, self.heading = panels, titles, heading
        self.title_size, self.caption_size = title_size, caption_size
        self.legend = list(key or [])
        self.shortened: list[str] = []
        #: (y0, y1, x0, x1) of every heading and title line drawn, for checks
        self.text_boxes: list[tuple[int, int, int, int]] = []
        n = len(panels)
        columns = min(columns or default_columns(n), n)
        lay = plan_layout([p.raster.shape for p in panels], titles, self.legend,
                          heading=heading, columns=columns, margin=margin, gap=gap,
                          title_size=title_size, caption_size=caption_size,
                          captions=captions, frame_width=size[0] if size else None)
        self.layout = lay
        width, height = lay.width, lay.height
        oy = ox = 0
        if size is not None:
            fw, fh = size
            if fw < width or fh < height:
                raise ValueError(f"the panels need {width}x{height} pixels; the canvas "
                                 f"`{fw}x{fh}` is too small — use smaller cells")
            oy, ox = (fh - height) // 2, (fw - width) // 2
            width, height = fw, fh
        self.frame = np.full((height, width), INDEX["background"], dtype=np.uint8)
        title_h = line_metrics(title_size, True)[1]
        caption_h = line_metrics(caption_size)[1]
        self.slots: list[Slot] = []
        self._lines: list[int] = []
        title_lines = []
        for i, panel in enumerate(panels):
            r, c = divmod(i, columns)
            x0 = ox + margin + sum(lay.col_w[:c]) + gap * c
            y0 = oy + margin + lay.heading_h + gap * r + sum(
                t + PAD + p + PAD + n * caption_h for t, p, n in
                zip(lay.row_title[:r], lay.row_panel[:r], lay.row_caption[:r]))
            ph, pw = panel.raster.shape
            lines = wrap(titles[i], title_size, lay.col_w[c], bold=True)
            title_lines.append(lines)
            self._lines.append(lay.row_caption[r])
            top = y0 + lay.row_title[r] + PAD
            caption_y = top + lay.row_panel[r] + PAD
            self.slots.append(Slot(top, x0 + (lay.col_w[c] - pw) // 2,
                                   top - PAD - len(lines) * title_h, caption_y,
                                   lay.col_w[c], x0))
        heading_size = title_size + 2
        heading_lh = line_metrics(heading_size, True)[1]
        widest = max((text_width(line, heading_size, True) for line in lay.heading_lines),
                     default=0)
        # in line with the panels, or centred when it is wider than they are
        heading_x = ox + margin if ox + margin + widest <= width - margin \
            else max(margin, (width - widest) // 2)
        for k, line in enumerate(lay.heading_lines):
            self._text(line, oy + margin + k * heading_lh, heading_x, heading_size, True)
        for slot, lines, panel in zip(self.slots, title_lines, panels):
            for k, line in enumerate(lines):
                tw = text_width(line, title_size, True)
                self._text(line, slot.title_y + k * title_h,
                           slot.x_text + max(0, (slot.width - tw) // 2), title_size, True)
            ph, pw = panel.raster.shape
            self.frame[slot.y:slot.y + ph, slot.x:slot.x + pw] = panel.raster
            panel.take_dirty()
        if self.legend:
            top = oy + lay.height - margin - lay.legend_h + PAD
            key_width = min(lay.legend_w, legend.width(self.legend, caption_size, lay.legend_w))
            self.text_boxes.extend(draw_legend(
                self.frame, self.legend, top, (width - key_width) // 2 if size else ox + margin,
                lay.legend_w, caption_size))
        self._captions: list[tuple[str, ...] | None] = [None] * n
        self.compose()

    def _text(self, line: str, y: int, x: int, size: int, bold: bool) -> None:
        draw_text(self.frame, line, y, x, INDEX["text"], size, bold=bold)
        self.text_boxes.append((y, y + line_metrics(size, bold)[1], x,
                                x + text_width(line, size, bold)))

    @property
    def shape(self) -> tuple[int, int]:
        return self.frame.shape

    def caption_lines(self, text: str, width: int, room: int = CAPTION_LINES
                      ) -> tuple[str, ...]:
        """`text` in at most `room` lines of `width` (cut only if it needs more)."""
        lines = wrap(text, self.caption_size, width)
        if len(lines) <= room:
            return tuple(lines)
        if text not in self.shortened:
            self.shortened.append(text)
        last = shorten(" ".join(lines[room - 1:]), self.caption_size, width)
        return tuple(lines[:room - 1]) + (last,)

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
            lines = self.caption_lines(panel.caption(), slot.width, self._lines[i])
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
