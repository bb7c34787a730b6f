"""Question cards drawn over a frame, in palette indices, on the same canvas size.

`question_card` is the held card: the question's words in a box inside its panel's own
rectangle (`panel_box`: never over another panel's caption or the legend; the words shrink
to fit, never cut), the cells it is about outlined, and a countdown number if given.
`answer_card` outlines the true answer (every right cell when several were) and says it
with its one-line reason. `grid_of` tells the HTML player where a panel's cells are.
`highlight` outlines cells alone (the window draws it over its own picture).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..events import Cell
from .canvas import PAD as CANVAS_PAD
from .palette import ALIASES, INDEX
from .text import draw_text, line_metrics, text_width
from .wrap import wrap

Box = tuple[int, int, int, int]      # (y0, y1, x0, x1), half-open pixels of the frame

PAD = 6            # pixels between a card's border and its words
BORDER = 2
MIN_TEXT = 8       # a card's words shrink down to this size to fit inside their panel
READABLE = 0.75    # a card keeps off the panel's picture only with text at least this large


def cell_box(renderer: Any, cell: Cell) -> tuple[int, int, int, int] | None:
    """The (y0, y1, x0, x1) pixels of `cell`'s inside in `renderer`'s raster: a maze panel
    (`cell_origin`), a view around a maze (its `centre`'s cells) or a Life grid (`oy`, `ox`,
    `cell_size`); None if it cannot say."""
    size = getattr(renderer, "cell_size", None)
    if size is None:
        size = getattr(getattr(renderer, "centre", None), "cell_size", None)
    if size is None:
        return None
    origin = getattr(renderer, "cell_origin", None)
    if origin is not None:
        y, x = origin(cell)
    elif hasattr(renderer, "oy") and hasattr(renderer, "ox"):
        y, x = renderer.oy + cell[0] * size, renderer.ox + cell[1] * size
    else:
        return None
    return int(y), int(y + size), int(x), int(x + size)


def outline(frame: np.ndarray, box: tuple[int, int, int, int], colour: int,
            thickness: int) -> None:
    """A ring `thickness` pixels wide just around `box` (y0, y1, x0, x1), clipped."""
    h, w = frame.shape
    y0, y1, x0, x1 = box
    t = thickness
    oy0, oy1, ox0, ox1 = max(0, y0 - t), min(h, y1 + t), max(0, x0 - t), min(w, x1 + t)
    frame[oy0:max(oy0, y0), ox0:ox1] = colour
    frame[min(oy1, y1):oy1, ox0:ox1] = colour
    frame[oy0:oy1, ox0:max(ox0, x0)] = colour
    frame[oy0:oy1, min(ox1, x1):ox1] = colour


def frame_boxes(canvas: Any, panel: int, cells: Iterable[Cell]) -> list[tuple[Cell, Box]]:
    """Each of `cells` of panel `panel` that has a box (`cell_box`), with its box in frame
    pixels."""
    renderer, slot = canvas.panels[panel], canvas.slots[panel]
    out = []
    for cell in cells:
        box = cell_box(renderer, cell)
        if box is not None:
            y0, y1, x0, x1 = box
            out.append((cell, (y0 + slot.y, y1 + slot.y, x0 + slot.x, x1 + slot.x)))
    return out


def highlight(frame: np.ndarray, canvas: Any, panel: int, cells: Iterable[Cell],
              colour: int, plain: np.ndarray | None = None) -> None:
    """Outline `cells` of panel `panel` on `frame` (a canvas-sized picture), in place: a
    ring of `colour`, parted from a cell of that very colour (the current cell is
    `considered` orange) by a one-pixel ring of the background so that it still shows.
    `plain`: the picture the cells' colours are read from (default `frame`)."""
    boxes = [box for _, box in frame_boxes(canvas, panel, cells)]
    for y0, y1, x0, x1 in boxes:
        outline(frame, (y0 - 1, y1 + 1, x0 - 1, x1 + 1), colour, max(1, min(3, (y1 - y0) // 4)))
    for box in boxes:              # after every ring, and only where the cell is alike
        if needs_halo(frame if plain is None else plain, box, colour):
            outline(frame, box, INDEX["background"], 1)


def needs_halo(frame: np.ndarray, box: Box, colour: int) -> bool:
    """Whether the cell at `box` of `frame` looks like `colour` (the same slot, or one of
    `ALIASES` sharing its colour), so that a ring of `colour` needs a halo to show."""
    alike = {colour} | {INDEX[n] for group in ALIASES
                        if any(INDEX[m] == colour for m in group) for n in group}
    y0, y1, x0, x1 = box
    return int(frame[(y0 + y1) // 2, (x0 + x1) // 2]) in alike


def halo_cells(frame: np.ndarray, canvas: Any, panel: int, cells: Iterable[Cell],
               colour: int) -> list[Cell]:
    """The `cells` of panel `panel` that `highlight` parts from its ring by a halo."""
    return [cell for cell, box in frame_boxes(canvas, panel, cells)
            if needs_halo(frame, box, colour)]


def text_size(canvas: Any) -> int:
    """The card's largest text size: the canvas's caption size."""
    return int(getattr(canvas, "caption_size", 13))


def panel_box(canvas: Any, panel: int) -> Box:
    """Panel `panel`'s own rectangle of the frame: its column's width, from the top of its
    row's titles to the foot of its row's caption lines (where a card must stay)."""
    lay = canvas.layout
    row = panel // lay.columns
    slot = canvas.slots[panel]
    caption_h = line_metrics(text_size(canvas))[1]
    return (slot.y - CANVAS_PAD - lay.row_title[row],
            slot.caption_y + lay.row_caption[row] * caption_h,
            slot.x_text, slot.x_text + slot.width)


def caption_box(canvas: Any, panel: int) -> Box:
    """The lines panel `panel`'s caption may use."""
    lay = canvas.layout
    slot = canvas.slots[panel]
    caption_h = line_metrics(text_size(canvas))[1]
    rows = lay.row_caption[panel // lay.columns]
    return slot.caption_y, slot.caption_y + rows * caption_h, slot.x_text, \
        slot.x_text + slot.width


def legend_box(canvas: Any) -> Box | None:
    """The band the legend is drawn in, the frame's width (None without a legend): the
    canvas's arithmetic (`Canvas.__init__`: its layout centred in the frame, the legend
    `legend_h` high a margin above the layout's foot)."""
    lay = canvas.layout
    if not canvas.legend or not lay.legend_h:
        return None
    height, width = canvas.shape
    oy = (height - lay.height) // 2
    foot = oy + lay.height - lay.margin
    return foot - lay.legend_h, foot, 0, width


Paragraph = tuple[str, bool, int]    # text, bold, size factor (2 for the countdown)


def _lines_at(paragraphs: Sequence[Paragraph], size: int, width: int
              ) -> list[tuple[str, int, bool]] | None:
    """`paragraphs` wrapped to `width` at text size `size`, or None if a word is wider
    than `width` (wrapping would have to cut it)."""
    out = []
    for text, bold, factor in paragraphs:
        s = size * factor
        if not text:
            out.append(("", s, bold))
            continue
        if any(text_width(word, s, bold) > width for word in text.split()):
            return None
        out.extend((line, s, bold) for line in wrap(text, s, width, bold=bold))
    return out


def _height(lines: Sequence[tuple[str, int, bool]]) -> int:
    return sum(line_metrics(s, bold)[1] for _, s, bold in lines) + 2 * (PAD + BORDER)


def card_layout(canvas: Any, panel: int, paragraphs: Sequence[Paragraph],
                avoid: Iterable[Cell] = ()) -> tuple[list[tuple[str, int, bool]], Box]:
    """The lines (text, size, bold) of a card for panel `panel` and where it goes: inside
    the panel's rectangle (`panel_box`), as wide as its longest line, centred in the
    column, at the rectangle's foot (over the panel's own caption) or top (over its title).
    Tried from the caption size down to `MIN_TEXT`, at sizes where every word fits the
    column (never cut); chosen: the fewest cells of `avoid` covered, then a card that
    leaves the panel's picture whole at a readable size (`READABLE` of the caption size),
    then the largest text, then the foot."""
    rect = panel_box(canvas, panel)
    py0, py1, px0, px1 = rect
    inner = px1 - px0 - 2 * (PAD + BORDER)
    renderer, slot = canvas.panels[panel], canvas.slots[panel]
    ph, pw = renderer.raster.shape
    picture = (slot.y, slot.y + ph, slot.x, slot.x + pw)
    cells = [box for _, box in frame_boxes(canvas, panel, avoid)]
    readable = max(MIN_TEXT, round(READABLE * text_size(canvas)))
    best: tuple[tuple[int, int, int, int], list[tuple[str, int, bool]], Box] | None = None
    for size in range(text_size(canvas), MIN_TEXT - 1, -1):
        lines = _lines_at(paragraphs, size, inner)
        if lines is None or _height(lines) > py1 - py0:
            continue
        box_h = _height(lines)
        box_w = min(px1 - px0, max(text_width(t, s, b) for t, s, b in lines)
                    + 2 * (PAD + BORDER) + 2)
        x0 = px0 + (px1 - px0 - box_w) // 2
        for where, box in enumerate(((py1 - box_h, py1, x0, x0 + box_w),
                                     (py0, py0 + box_h, x0, x0 + box_w))):
            covered = sum(_meets(box, c) for c in cells)
            spoils = not (size >= readable and not _meets(box, picture))
            key = (covered, int(spoils), -size, where)
            if best is None or key < best[0]:
                best = (key, lines, box)
    if best is not None:
        return best[1], best[2]
    # some word is wider than the column even at MIN_TEXT, or the words are too many: the
    # smallest text, wrapped as it must be, from the rectangle's top
    lines = [(line, MIN_TEXT * f, bold) for text, bold, f in paragraphs
             for line in (wrap(text, MIN_TEXT * f, inner, bold=bold) if text else [""])]
    return lines, (py0, min(py1, py0 + _height(lines)), px0, px1)


def _meets(a: Box, b: Box) -> bool:
    """Whether boxes `a` and `b` share a pixel."""
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def _draw_card(frame: np.ndarray, box: Box, lines: Sequence[tuple[str, int, bool]]) -> None:
    """A bordered box at `box` holding `lines` (text, size, bold)."""
    y0, y1, x0, x1 = box
    frame[y0:y1, x0:x1] = INDEX["text"]
    frame[y0 + BORDER:y1 - BORDER, x0 + BORDER:x1 - BORDER] = INDEX["background"]
    y = y0 + BORDER + PAD
    for text, size, bold in lines:
        lh = line_metrics(size, bold)[1]
        if y + lh > y1:
            break
        if text:
            draw_text(frame, text, y, x0 + BORDER + PAD, INDEX["text"], size, bold=bold,
                      max_width=x1 - x0 - 2 * (BORDER + PAD))
        y += lh


def question_card(frame: np.ndarray, canvas: Any, asked: Any,
                  countdown: int | None = None) -> np.ndarray:
    """A copy of `frame` with question `asked` (a `questions.Asked`) on a card inside its
    panel's rectangle, its cells outlined, and `countdown` (seconds left) below the words."""
    out = frame.copy()
    highlight(out, canvas, asked.panel, asked.cells, INDEX["considered"])
    # the countdown's line is kept on every card, so the box stays put as it counts down
    lines, box = card_layout(canvas, asked.panel, [(asked.prompt, True, 1), ("3 …", True, 2)],
                             asked.cells)
    count = f"{countdown} …" if countdown is not None else ""
    lines[-1] = (count, lines[-1][1], True)
    _draw_card(out, box, lines)
    return out


def explain_cells(frame: np.ndarray, canvas: Any, asked: Any) -> bool:
    """Draw the why overlay of a Life question's cells (`asked.whys`: each one's live
    neighbours, an outline where it changes next, a dot on each neighbour counted across a
    seam) into `frame`, in place, through its panel (`explain_on`); whether it drew."""
    whys = tuple(getattr(asked, "whys", ()) or ())
    renderer, slot = canvas.panels[asked.panel], canvas.slots[asked.panel]
    explain = getattr(renderer, "explain_on", None)
    if not whys or explain is None:
        return False
    h, w = renderer.raster.shape
    return bool(explain(frame[slot.y:slot.y + h, slot.x:slot.x + w], whys))


def answer_card(frame: np.ndarray, canvas: Any, asked: Any) -> np.ndarray:
    """A copy of `frame` with the true answer of `asked` outlined in `goal` (each right
    cell; for a Life question the highlighted cells alive next, the others staying outlined
    as asked, each showing why: `explain_cells`) and said with its reason on a card inside
    the panel's rectangle."""
    out = frame.copy()
    explain_cells(out, canvas, asked)
    shown = set(asked.answer.shown)
    highlight(out, canvas, asked.panel, [c for c in asked.cells if c not in shown],
              INDEX["considered"], frame)
    highlight(out, canvas, asked.panel, shown, INDEX["goal"], frame)
    head = ("Answer (any of these): " if asked.answer.any_of else "Answer: ") + \
        asked.answer.words
    lines, box = card_layout(canvas, asked.panel,
                             [(head, True, 1), (asked.explanation, False, 1)],
                             tuple(asked.cells) + tuple(shown))
    _draw_card(out, box, lines)
    return out


def grid_size(renderer: Any) -> tuple[int, int] | None:
    """(rows, cols) of the grid `renderer` draws (a Life grid, a maze, or the maze a view
    wraps), or None."""
    for holder in (renderer, getattr(renderer, "maze", None),
                   getattr(getattr(renderer, "centre", None), "maze", None)):
        rows, cols = getattr(holder, "rows", None), getattr(holder, "cols", None)
        if isinstance(rows, int) and isinstance(cols, int):
            return rows, cols
    return None


def grid_of(canvas: Any, panel: int) -> dict[str, int] | None:
    """Where panel `panel`'s cells are in the frame, for a player that maps a click to a
    cell: cell (r, c)'s inside is `size` pixels square from (`y` + r * `dy`, `x` + c * `dx`),
    for 0 <= r < `rows`, 0 <= c < `cols` (measured with `cell_box` and checked on every
    cell); None if the panel has no such grid."""
    renderer, slot = canvas.panels[panel], canvas.slots[panel]
    shape = grid_size(renderer)
    first = cell_box(renderer, (0, 0))
    if shape is None or first is None:
        return None
    rows, cols = shape
    across = cell_box(renderer, (0, 1)) if cols > 1 else first
    down = cell_box(renderer, (1, 0)) if rows > 1 else first
    assert across is not None and down is not None
    y0, y1, x0, _ = first
    dy, dx = down[0] - y0, across[2] - x0
    for r in range(rows):
        for c in range(cols):
            if cell_box(renderer, (r, c)) != (y0 + r * dy, y1 + r * dy, x0 + c * dx,
                                              x0 + c * dx + (y1 - y0)):
                return None
    return {"rows": rows, "cols": cols, "y": slot.y + y0, "x": slot.x + x0, "dy": dy,
            "dx": dx, "size": y1 - y0}


#: how many cells deep into a neighbourhood view's copies a player's click is mapped
COPY_RING = 2


def copies_of(canvas: Any, panel: int) -> list[list[int]]:
    """For a neighbourhood view (a renderer whose `cell_at` also answers for the dimmed
    copies around its square), the cells of the copies within `COPY_RING` cells of the
    square, as [y, x, row, col]: the frame pixel of the inside's top-left corner of that copy
    and the cell it shows (what the student means clicking there: a neighbour across a glued
    edge). Empty for any other panel (`grid_of` covers the square itself)."""
    renderer, slot = canvas.panels[panel], canvas.slots[panel]
    if not hasattr(renderer, "period") or not hasattr(renderer, "cell_at"):
        return []
    grid = grid_of(canvas, panel)
    if grid is None:
        return []
    rows, cols, dy, dx, size = grid["rows"], grid["cols"], grid["dy"], grid["dx"], grid["size"]
    y0, x0 = grid["y"] - slot.y, grid["x"] - slot.x
    out = []
    for r in range(-COPY_RING, rows + COPY_RING):
        for c in range(-COPY_RING, cols + COPY_RING):
            if 0 <= r < rows and 0 <= c < cols:
                continue
            y, x = y0 + r * dy, x0 + c * dx
            cell = renderer.cell_at(y + size // 2, x + size // 2)
            if cell is not None:
                out.append([y + slot.y, x + slot.x, int(cell[0]), int(cell[1])])
    return out
