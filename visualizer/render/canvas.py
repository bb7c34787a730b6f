"""The frame: panels laid out in a grid, each with its title above, its live caption and its
legend below; or a table of panels, named by one header per column (above the first row) and
one per row (at its left) instead of a title each.

Panels draw into their own rasters; the canvas copies only their dirty rectangles into the
frame and redraws a caption only when its text changed, so a frame costs what changed.
Titles and captions wrap onto more lines; nothing is cut unless a caption outgrows its lines.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol, Sequence

import numpy as np

from . import legend
from .legend import draw as draw_legend
from .palette import INDEX
from .text import draw_text, line_metrics, text_width
from .wrap import shorten, wrap

CAPTION_LINES = 4
MIN_TEXT_WIDTH = 10     # a column is at least this many caption line heights wide
PAD = 4                 # pixels between a panel and its title, captions and legend
ROW_HEADER_LINES = 6    # a row header wraps beyond this many title line heights (or its
                        # widest word)


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


class Headers(NamedTuple):
    """A table's labels: one per row, drawn at the row's left, and one per column, drawn
    above the first row; the panels are given row by row."""

    rows: tuple[str, ...]
    columns: tuple[str, ...]


def as_headers(headers: Sequence[Sequence[str]] | None, n: int) -> Headers | None:
    """`headers` (rows, columns) as `Headers`, checked against the `n` panels."""
    if headers is None:
        return None
    rows, columns = (tuple(str(label) for label in labels) for labels in headers)
    if not rows or not columns or len(rows) * len(columns) != n:
        raise ValueError(f"a table of {len(rows)} rows and {len(columns)} columns holds "
                         f"{len(rows) * len(columns)} panels, not {n}")
    return Headers(rows, columns)


def row_header_lines(labels: Sequence[str], size: int) -> list[list[str]]:
    """Each row header's lines: on one line if the widest fits `ROW_HEADER_LINES` title line
    heights, else wrapped to that width (or to the widest word, never inside one)."""
    title_h = line_metrics(size, True)[1]
    one_line = max(text_width(label, size, True) for label in labels)
    word = max((text_width(w, size, True) for label in labels for w in label.split()),
               default=0)
    width = min(one_line, max(word, ROW_HEADER_LINES * title_h))
    return [wrap(label, size, width, bold=True) for label in labels]


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
    margin: int = 12
    #: a table's headers: each column's lines, each row's lines, and the band at the left
    #: the row headers take (their width and a gap; 0 without a table)
    column_headers: tuple[tuple[str, ...], ...] = ()
    row_headers: tuple[tuple[str, ...], ...] = ()
    left: int = 0


def plan_layout(shapes: list[tuple[int, int]], titles: list[str],
                key: list[legend.Entry], *, heading: str, columns: int,
                captions: list[list[str]] | None = None,
                margin: int, gap: int, title_size: int, caption_size: int,
                frame_width: int | None = None,
                headers: Sequence[Sequence[str]] | None = None) -> Layout:
    """Where everything goes, from the panels' raster `shapes` (height, width) alone.

    With `headers` (row labels, column labels) the panels form that table, row by row: its
    columns are the table's (`columns` is not used), no panel has a title, the column
    headers take the first row's title band and the row headers a band at the left."""
    table = as_headers(headers, len(shapes))
    if table is not None:
        columns = len(table.columns)
    rows = -(-len(shapes) // columns)
    title_h = line_metrics(title_size, True)[1]
    caption_h = line_metrics(caption_size)[1]
    row_lines = row_header_lines(table.rows, title_size) if table is not None else []
    left = max(text_width(line, title_size, True) for lines in row_lines
               for line in lines) + gap if row_lines else 0
    col_w = [0] * columns
    for i, (_, w) in enumerate(shapes):
        c = i % columns
        col_w[c] = max(col_w[c], w, MIN_TEXT_WIDTH * caption_h)
    if frame_width is not None:
        # on a fixed canvas the columns share its spare width: titles wrap onto fewer lines
        spare = frame_width - (2 * margin + left + sum(col_w) + gap * (columns - 1))
        if spare > 0:
            col_w = [w + spare // columns for w in col_w]
    row_title, row_panel = [0] * rows, [0] * rows
    row_caption = [1 if captions is not None else CAPTION_LINES] * rows
    for i, (h, _) in enumerate(shapes):
        r, c = divmod(i, columns)
        if captions is not None:
            row_caption[r] = max([row_caption[r]] + [len(wrap(t, caption_size, col_w[c]))
                                                     for t in captions[i]])
        if table is None:
            row_title[r] = max(row_title[r],
                               len(wrap(titles[i], title_size, col_w[c], bold=True)) * title_h)
        row_panel[r] = max(row_panel[r], h)
    column_lines = [wrap(label, title_size, col_w[c], bold=True)
                    for c, label in enumerate(table.columns)] if table is not None else []
    if table is not None:
        row_title[0] = max(len(lines) for lines in column_lines) * title_h
        row_panel = [max(p, len(lines) * title_h) for p, lines in zip(row_panel, row_lines)]
    width = 2 * margin + left + sum(col_w) + gap * (columns - 1)
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
                  legend_w, legend_h, heading_lines, heading_h, width, height, margin,
                  tuple(map(tuple, column_lines)), tuple(map(tuple, row_lines)), left)


class Canvas:
    """Lays out `panels` (with `titles`) in `columns` columns under an optional `heading`,
    and the legend `key` of their colours under them all. `shortened` lists any caption that had
    to be cut to its lines.

    `size` forces the frame size (a slide preset), centring the layout in it. With `headers`
    (row labels, column labels) the panels, given row by row, form that table: a header above
    each column and at the left of each row, and no panel draws its title (`titles` still
    name the panels, e.g. in the questions' records).
    """

    def __init__(self, panels: list[PanelRenderer], titles: list[str], *, heading: str = "",
                 columns: int | None = None, margin: int = 12, gap: int = 16,
                 title_size: int = 16, caption_size: int = 13,
                 size: tuple[int, int] | None = None,
                 key: list[legend.Entry] | None = None,
                 captions: list[list[str]] | None = None,
                 headers: Sequence[Sequence[str]] | None = None) -> None:
        self.panels, self.titles, self.heading = panels, titles, heading
        self.title_size, self.caption_size = title_size, caption_size
        self.legend = list(key or [])
        self.shortened: list[str] = []
        #: (y0, y1, x0, x1) of every heading, title and header line drawn, for checks
        self.text_boxes: list[tuple[int, int, int, int]] = []
        n = len(panels)
        columns = min(columns or default_columns(n), n)
        lay = plan_layout([p.raster.shape for p in panels], titles, self.legend,
                          heading=heading, columns=columns, margin=margin, gap=gap,
                          title_size=title_size, caption_size=caption_size,
                          captions=captions, frame_width=size[0] if size else None,
                          headers=headers)
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
        self.slots: list[Slot] = []
        self._lines: list[int] = []
        title_lines = self._place(ox + margin, oy + margin, gap)
        self._heading(ox + margin, oy + margin)
        for slot, lines, panel in zip(self.slots, title_lines, panels):
            self._centred(lines, slot.title_y, slot.x_text, slot.width)
            ph, pw = panel.raster.shape
            self.frame[slot.y:slot.y + ph, slot.x:slot.x + pw] = panel.raster
            panel.take_dirty()
        self._headers(gap)
        if self.legend:
            top = oy + lay.height - margin - lay.legend_h + PAD
            key_width = min(lay.legend_w, legend.width(self.legend, caption_size, lay.legend_w))
            self.text_boxes.extend(draw_legend(
                self.frame, self.legend, top, (width - key_width) // 2 if size else ox + margin,
                lay.legend_w, caption_size))
        self._captions: list[tuple[str, ...] | None] = [None] * n
        self.compose()

    def _place(self, x_left: int, y_top: int, gap: int) -> list[list[str]]:
        """The panels' slots (`slots`, and each one's caption lines), the layout's top left
        corner at (`y_top`, `x_left`); each panel's title lines (none in a table)."""
        lay = self.layout
        title_h = line_metrics(self.title_size, True)[1]
        caption_h = line_metrics(self.caption_size)[1]
        title_lines = []
        for i, panel in enumerate(self.panels):
            r, c = divmod(i, lay.columns)
            x0 = x_left + lay.left + sum(lay.col_w[:c]) + gap * c
            y0 = y_top + lay.heading_h + gap * r + sum(
                t + PAD + p + PAD + n * caption_h for t, p, n in
                zip(lay.row_title[:r], lay.row_panel[:r], lay.row_caption[:r]))
            ph, pw = panel.raster.shape
            lines = [] if lay.column_headers else \
                wrap(self.titles[i], self.title_size, lay.col_w[c], bold=True)
            title_lines.append(lines)
            self._lines.append(lay.row_caption[r])
            top = y0 + lay.row_title[r] + PAD
            caption_y = top + lay.row_panel[r] + PAD
            self.slots.append(Slot(top, x0 + (lay.col_w[c] - pw) // 2,
                                   top - PAD - len(lines) * title_h, caption_y,
                                   lay.col_w[c], x0))
        return title_lines

    def _heading(self, x_left: int, y_top: int) -> None:
        """The heading's lines from (`y_top`, `x_left`): in line with the panels, or centred
        when they are wider than the panels."""
        lay = self.layout
        width = self.frame.shape[1]
        heading_size = self.title_size + 2
        heading_lh = line_metrics(heading_size, True)[1]
        widest = max((text_width(line, heading_size, True) for line in lay.heading_lines),
                     default=0)
        heading_x = x_left if x_left + widest <= width - lay.margin \
            else max(lay.margin, (width - widest) // 2)
        for k, line in enumerate(lay.heading_lines):
            self._text(line, y_top + k * heading_lh, heading_x, heading_size, True)

    def _centred(self, lines: Sequence[str], y: int, x: int, width: int) -> None:
        """Title-sized bold `lines` from `y` down, each centred in `width` pixels from `x`."""
        title_h = line_metrics(self.title_size, True)[1]
        for k, line in enumerate(lines):
            tw = text_width(line, self.title_size, True)
            self._text(line, y + k * title_h, x + max(0, (width - tw) // 2),
                       self.title_size, True)

    def _headers(self, gap: int) -> None:
        """A table's headers: each column's centred above its first-row panel (in that row's
        title band), each row's in the band at the left, `gap` short of the row's first
        panel (right-aligned there) and centred on the row's pictures."""
        lay = self.layout
        if not lay.column_headers:
            return
        title_h = line_metrics(self.title_size, True)[1]
        for slot, lines in zip(self.slots, lay.column_headers):
            self._centred(lines, slot.y - PAD - len(lines) * title_h, slot.x_text, slot.width)
        for r, lines in enumerate(lay.row_headers):
            slot = self.slots[r * lay.columns]
            y = slot.y + (lay.row_panel[r] - len(lines) * title_h) // 2
            for k, line in enumerate(lines):
                self._text(line, y + k * title_h,
                           slot.x - gap - text_width(line, self.title_size, True),
                           self.title_size, True)

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
