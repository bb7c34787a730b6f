"""Where the window puts its picture and controls, without matplotlib: boxes in pixels.

Two arrangements: the controls `beside` the picture (a column on the right, the slider
under the picture) or `below` it (rows under the picture). `arrange` takes whichever lets
the frame grow to the larger whole zoom (1 frame pixel = k x k screen pixels); texts are
wrapped to the width they get, so nothing runs into anything else.

Sizes are logical pixels (a figure at 100 dpi); origin at the bottom left, as matplotlib's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

#: (x, y, width, height), y up from the bottom
Box = tuple[float, float, float, float]
#: the width in pixels of a text at a font size in points
Measure = Callable[[str, float], float]

MARGIN = 10
GAP = 8
SIDE_W = 300             # the control column of the `beside` arrangement
MENU_W = 210             # the solver menu of the `below` arrangement
BUTTON_H, ROW_GAP = 28, 6
SLIDER_H = 22
SLIDER_LABEL_W, SLIDER_VALUE_W = 44, 64     # room for "step" and the value beside the slider
RADIO_ROW = 18
STATUS_SIZE, HELP_SIZE, MENU_SIZE = 9.0, 8.0, 9.0
SMALLEST_STATUS = 7.0

#: the buttons, row by row, for each arrangement
BUTTON_ROWS = {
    "beside": (("|◀", "◀", "▶", "▶|"), ("play", "next ★"), ("save", "click: start")),
    "below": (("|◀", "◀", "play", "▶", "▶|", "next ★", "save", "click: start"),),
}
BELOW_WIDTHS = {"|◀": 44, "◀": 44, "▶": 44, "▶|": 44}
BELOW_WIDE = 90
STATUS_LINES = {"beside": 6, "below": 3}


def line_height(size: float) -> float:
    """Pixels between text lines of `size` points at 100 dpi."""
    return size * 100 / 72 * 1.25


def wrap(parts: Sequence[str], width: float, size: float, measure: Measure) -> list[str]:
    """`parts` joined with " · " into lines no wider than `width` (a part too wide for one
    line is broken between words)."""
    lines: list[str] = []
    for part in parts:
        for word_line in _break(part, width, size, measure):
            joined = f"{lines[-1]} · {word_line}" if lines else word_line
            if lines and measure(joined, size) <= width:
                lines[-1] = joined
            else:
                lines.append(word_line)
    return lines


def wrap_lines(lines: Sequence[str], width: float, size: float, measure: Measure
               ) -> list[str]:
    """Each of `lines` on its own line(s), broken between words to fit `width`."""
    return [piece for line in lines for piece in _break(line, width, size, measure)]


def _break(text: str, width: float, size: float, measure: Measure) -> list[str]:
    """`text` broken between words into lines no wider than `width` (a single word wider
    than that stays whole on its own line)."""
    out: list[str] = []
    for word in text.split(" "):
        if out and measure(f"{out[-1]} {word}", size) <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out or [""]


def fit_text(lines: Sequence[str], width: float, max_lines: int, measure: Measure,
             size: float = STATUS_SIZE) -> tuple[list[str], float]:
    """`lines` wrapped to `width` in at most `max_lines` lines: at `size` points, smaller
    if need be (down to `SMALLEST_STATUS`); the lines and the size used."""
    while True:
        wrapped = wrap_lines(lines, width, size, measure)
        if len(wrapped) <= max_lines or size <= SMALLEST_STATUS:
            return wrapped, size
        size -= 0.5


@dataclass
class Places:
    """Every box of one arrangement (logical pixels)."""

    kind: str
    picture: Box                 # the room the picture may fill
    slider: Box
    buttons: dict[str, Box]
    status: Box                  # its text hangs from the top left, `status_lines` lines
    status_lines: int
    help: Box
    help_lines: list[str]
    menu: Box | None = None      # the solver menu's radio buttons
    heading: Box | None = None   # the words above the menu


def zoom_for(room: Box, frame: tuple[int, int], scale: float = 1.0) -> float:
    """The largest whole zoom at which `frame` (height, width) fits `room`, measured in
    screen pixels (`scale` of them per logical pixel); below 1 the exact fraction."""
    h, w = frame
    fit = min(room[2] * scale / w, room[3] * scale / h)
    return float(int(fit)) if fit >= 1 else fit


def _help_block(help_items: Sequence[str], width: float, measure: Measure
                ) -> tuple[list[str], float]:
    lines = wrap(help_items, width, HELP_SIZE, measure)
    return lines, len(lines) * line_height(HELP_SIZE)


def beside(size: tuple[float, float], *, menu_rows: int, heading_lines: int,
           help_items: Sequence[str], measure: Measure) -> Places:
    """The controls in a column right of the picture; the slider under the picture."""
    width, height = size
    x0 = width - MARGIN - SIDE_W
    slider = (MARGIN + SLIDER_LABEL_W, MARGIN,
              max(20.0, x0 - GAP - SLIDER_VALUE_W - MARGIN - SLIDER_LABEL_W), SLIDER_H)
    top = height - MARGIN
    buttons: dict[str, Box] = {}
    for row in BUTTON_ROWS["beside"]:
        top -= BUTTON_H
        w = (SIDE_W - ROW_GAP * (len(row) - 1)) / len(row)
        for k, label in enumerate(row):
            buttons[label] = (x0 + k * (w + ROW_GAP), top, w, BUTTON_H)
        top -= ROW_GAP
    lines = STATUS_LINES["beside"]
    status_h = lines * line_height(STATUS_SIZE)
    top -= GAP
    status = (x0, top - status_h, SIDE_W, status_h)
    top -= status_h + GAP
    help_lines, help_h = _help_block(help_items, SIDE_W, measure)
    help_box = (x0, MARGIN, SIDE_W, help_h)
    menu = heading = None
    if menu_rows:
        heading_h = heading_lines * line_height(MENU_SIZE)
        heading = (x0, top - heading_h, SIDE_W, heading_h)
        top -= heading_h + 4
        menu_h = RADIO_ROW * menu_rows + 10
        menu = (x0, top - menu_h, SIDE_W, menu_h)
    picture_y = MARGIN + SLIDER_H + GAP
    picture = (4.0, picture_y, x0 - GAP - 4, height - 4 - picture_y)
    return Places("beside", picture, slider, buttons, status, lines, help_box, help_lines,
                  menu, heading)


def below(size: tuple[float, float], *, menu_rows: int, heading_lines: int,
          help_items: Sequence[str], measure: Measure) -> Places:
    """The controls in rows under the picture, the solver menu at their right."""
    width, height = size
    help_lines, help_h = _help_block(help_items, width - 2 * MARGIN, measure)
    help_box = (MARGIN, 6, width - 2 * MARGIN, help_h)
    row0 = 6 + help_h + GAP
    right = width - MARGIN
    menu = heading = None
    menu_top = row0
    if menu_rows:
        menu_h = RADIO_ROW * menu_rows + 10
        menu = (right - MENU_W, row0, MENU_W, menu_h)
        heading_h = heading_lines * line_height(MENU_SIZE)
        heading = (right - MENU_W, row0 + menu_h + 4, MENU_W, heading_h)
        menu_top = row0 + menu_h + 4 + heading_h
        right -= MENU_W + 2 * GAP
    lines = STATUS_LINES["below"]
    status_h = lines * line_height(STATUS_SIZE)
    status = (MARGIN, row0, right - MARGIN, status_h)
    y = row0 + status_h + GAP
    buttons: dict[str, Box] = {}
    x = MARGIN
    for label in BUTTON_ROWS["below"][0]:
        w = BELOW_WIDTHS.get(label, BELOW_WIDE)
        buttons[label] = (x, y, w, BUTTON_H)
        x += w + ROW_GAP
    y += BUTTON_H + GAP + 4
    slider = (MARGIN + SLIDER_LABEL_W, y,
              max(20.0, right - SLIDER_VALUE_W - MARGIN - SLIDER_LABEL_W), SLIDER_H)
    controls_top = max(y + SLIDER_H, menu_top) + GAP
    picture = (4.0, controls_top, width - 8, height - 4 - controls_top)
    return Places("below", picture, slider, buttons, status, lines, help_box, help_lines,
                  menu, heading)


ARRANGEMENTS = {"beside": beside, "below": below}


def fits(places: Places) -> bool:
    """Whether the controls of `places` clear one another and leave room for a picture:
    the beside column must not reach down into the help lines."""
    if places.picture[2] < 1 or places.picture[3] < 1:
        return False
    if places.kind != "beside":
        return True
    lowest = min(b[1] for b in (*places.buttons.values(), places.status, places.menu,
                                places.heading) if b is not None)
    return lowest >= places.help[1] + places.help[3] + GAP


def arrange(size: tuple[float, float], frame: tuple[int, int], *, menu_rows: int,
            heading_lines: int, help_items: Sequence[str], measure: Measure,
            scale: float = 1.0) -> Places:
    """The arrangement that shows `frame` (height, width) at the larger zoom on a figure of
    `size` logical pixels (`scale` screen pixels each); `beside` on a tie; `below` when the
    figure is too short for the beside column."""
    options = [make(size, menu_rows=menu_rows, heading_lines=heading_lines,
                    help_items=help_items, measure=measure)
               for make in ARRANGEMENTS.values()]
    usable = [places for places in options if fits(places)] or options[-1:]
    return max(usable, key=lambda places: zoom_for(places.picture, frame, scale))


def needed(kind: str, frame: tuple[int, int], zoom: int, *, menu_rows: int,
           heading_lines: int, help_items: Sequence[str], measure: Measure,
           minimum: tuple[float, float]) -> tuple[float, float]:
    """A figure size (logical pixels) in which arrangement `kind` shows `frame` at `zoom`
    and its controls fit, with little room to spare, and at least `minimum`."""
    h, w = frame
    width, height = max(minimum[0], w * zoom + 40), max(minimum[1], h * zoom + 40)
    make = ARRANGEMENTS[kind]
    for _ in range(64):        # grow until the picture's room holds it and the controls fit
        places = make((width, height), menu_rows=menu_rows, heading_lines=heading_lines,
                      help_items=help_items, measure=measure)
        room = places.picture
        grow_w, grow_h = max(0.0, w * zoom - room[2]), max(0.0, h * zoom - room[3])
        if not fits(places):
            grow_h = max(grow_h, 20.0)
        if not grow_w and not grow_h:
            break
        width, height = width + grow_w, height + grow_h
    return width, height
