"""Question cards drawn over a frame, in palette indices, on the same canvas size.

`question_card` is the held card: the question's words in a box under its panel, the
cells it is about outlined, and a countdown number if given. `answer_card` outlines the
true answer (every right cell when several were) and says it with its one-line reason.
`highlight` outlines cells alone (the window draws it over its own picture).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..events import Cell
from .palette import INDEX
from .text import draw_text, line_metrics
from .wrap import wrap

PAD = 6            # pixels between a card's border and its words
BORDER = 2
CARD_WIDTH = 420   # a card is at least this wide (or the frame's width), even under a narrow panel


def cell_box(renderer: Any, cell: Cell) -> tuple[int, int, int, int] | None:
    """The (y0, y1, x0, x1) pixels of `cell`'s inside in `renderer`'s raster: a maze panel
    (`cell_origin`) or a Life grid (`oy`, `ox`, `cell_size`); None if it cannot say."""
    size = getattr(renderer, "cell_size", None)
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


def highlight(frame: np.ndarray, canvas: Any, panel: int, cells: Iterable[Cell],
              colour: int) -> None:
    """Outline `cells` of panel `panel` on `frame` (a canvas-sized picture), in place."""
    renderer = canvas.panels[panel]
    slot = canvas.slots[panel]
    size = getattr(renderer, "cell_size", 6)
    t = max(1, min(3, size // 4))
    for cell in cells:
        box = cell_box(renderer, cell)
        if box is None:
            continue
        y0, y1, x0, x1 = box
        outline(frame, (y0 + slot.y, y1 + slot.y, x0 + slot.x, x1 + slot.x), colour, t)


def text_size(canvas: Any) -> int:
    """The card's text size: the canvas's caption size."""
    return int(getattr(canvas, "caption_size", 13))


def _box(frame: np.ndarray, canvas: Any, panel: int, lines: Sequence[tuple[str, int, bool]]
         ) -> None:
    """A bordered box of `lines` (text, size, bold) under panel `panel` (over its caption
    and legend); where that leaves the frame, above the panel (over its title), else at the
    frame's foot."""
    h, w = frame.shape
    slot = canvas.slots[panel]
    heights = [line_metrics(size, bold)[1] for _, size, bold in lines]
    box_h = sum(heights) + 2 * (PAD + BORDER)
    box_w = card_width(frame, canvas, panel)
    x0 = max(0, min(slot.x_text + (slot.width - box_w) // 2, w - box_w))
    if slot.caption_y + box_h <= h:
        y0 = slot.caption_y
    elif slot.y - box_h >= 0:
        y0 = slot.y - box_h
    else:
        y0 = max(0, h - box_h)
    y1, x1 = min(h, y0 + box_h), min(w, x0 + box_w)
    frame[y0:y1, x0:x1] = INDEX["text"]
    frame[y0 + BORDER:y1 - BORDER, x0 + BORDER:x1 - BORDER] = INDEX["background"]
    y = y0 + BORDER + PAD
    for (text, size, bold), lh in zip(lines, heights):
        if y + lh > y1:
            break
        draw_text(frame, text, y, x0 + BORDER + PAD, INDEX["text"], size, bold=bold,
                  max_width=box_w - 2 * (BORDER + PAD))
        y += lh


def card_width(frame: np.ndarray, canvas: Any, panel: int) -> int:
    """How wide the card under panel `panel` is: its column, or `CARD_WIDTH` if wider,
    within the frame."""
    w = frame.shape[1]
    return min(w, max(canvas.slots[panel].width, min(w - 2 * PAD, CARD_WIDTH)))


def _wrapped(text: str, size: int, width: int, bold: bool = False
             ) -> list[tuple[str, int, bool]]:
    return [(line, size, bold) for line in wrap(text, size, max(20, width), bold=bold)]


def question_card(frame: np.ndarray, canvas: Any, asked: Any,
                  countdown: int | None = None) -> np.ndarray:
    """A copy of `frame` with question `asked` (a `questions.Asked`) on a card under its
    panel, its cells outlined, and `countdown` (seconds left) below the words."""
    out = frame.copy()
    highlight(out, canvas, asked.panel, asked.cells, INDEX["considered"])
    size = text_size(canvas)
    width = card_width(out, canvas, asked.panel) - 2 * (PAD + BORDER)
    lines = _wrapped(asked.prompt, size, width, bold=True)
    # the countdown's line is kept on every card, so the box stays put as it counts down
    lines.append((f"{countdown} …" if countdown is not None else "", size * 2, True))
    _box(out, canvas, asked.panel, lines)
    return out


def answer_card(frame: np.ndarray, canvas: Any, asked: Any) -> np.ndarray:
    """A copy of `frame` with the true answer of `asked` outlined in `goal` (each right
    cell; for a Life question the highlighted cells alive next, the others staying outlined
    as asked) and said with its reason on a card under the panel."""
    out = frame.copy()
    shown = set(asked.answer.shown)
    highlight(out, canvas, asked.panel, [c for c in asked.cells if c not in shown],
              INDEX["considered"])
    highlight(out, canvas, asked.panel, shown, INDEX["goal"])
    size = text_size(canvas)
    width = card_width(out, canvas, asked.panel) - 2 * (PAD + BORDER)
    head = ("Answer (any of these): " if asked.answer.any_of else "Answer: ") + \
        asked.answer.words
    lines = _wrapped(head, size, width, bold=True) + _wrapped(asked.explanation, size, width)
    _box(out, canvas, asked.panel, lines)
    return out
