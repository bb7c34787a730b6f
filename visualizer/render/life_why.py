"""The Life panel's why overlay: each explained cell shows its live-neighbour count, outlined
by what the rule does with it next when that is a change (born, dies), and every live
neighbour it counts across a glued edge carries a dot in that edge's colour. Drawn from
`Generation.why` alone (the renderer never counts neighbours itself)."""
from __future__ import annotations

import copy
from functools import lru_cache

import numpy as np

from ..events import Side, Verdict, Why
from ..surfaces import GLUINGS
from .glue import edge_marks
from .palette import INDEX
from .text import text_mask

ALIVE = INDEX["alive"]
TEXT, BACKGROUND = INDEX["text"], INDEX["background"]
#: the outline of a cell that changes next (a cell that does not is not outlined)
OUTLINE = {Verdict.BORN: INDEX["why_born"], Verdict.LONELY: INDEX["why_dies"],
           Verdict.CROWDED: INDEX["why_dies"], Verdict.DIES: INDEX["why_dies"]}
#: the seam dot's colour: the glued edge's own
SEAM = {"glue_a": INDEX["glue_a"], "glue_b": INDEX["glue_b"]}
#: a caption lists the explained cells one by one up to this many
CAPTION_CELLS = 3
#: the smallest cell (pixels) a count is written in
MIN_DIGIT_CELL = 9

Rect = tuple[int, int, int, int]


@lru_cache(maxsize=64)
def digit_size(cell_size: int) -> int:
    """The largest text size whose digits' ink fits in three fifths of a cell of
    `cell_size` pixels, clear of its outline (0: the cell is too small for a digit)."""
    if cell_size < MIN_DIGIT_CELL:
        return 0
    room = min(cell_size - 6, cell_size * 3 // 5)
    size = 4
    if max(_ink(size).shape) > room:
        return 0
    while True:
        ink = _ink(size + 1)
        if ink.shape[0] > room or ink.shape[1] > room:
            return size
        size += 1


@lru_cache(maxsize=256)
def _ink(size: int, text: str = "8") -> np.ndarray:
    """The ink of `text` at `size`, cropped to its bounding box."""
    mask = text_mask(text, size)
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    return mask[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


def seam_colours(surface_name: str) -> dict[Side, int]:
    """The dot's palette index for a neighbour reached across each glued edge."""
    return {edge: SEAM[colour] for edge, colour, _, _ in edge_marks(GLUINGS.get(surface_name,
                                                                                ()))}


def caption(whys: tuple[Why, ...]) -> str:
    """The explained cells in words when they are few: "(4, 7): 3 → born (2 across a
    seam, dotted)"; when many, what the overlay's marks mean; "" without any."""
    if not whys:
        return ""
    if len(whys) > CAPTION_CELLS:
        return "in a cell: its live neighbours · dotted: a neighbour across a seam"
    parts = []
    for w in whys:
        seam = f" ({len(w.across)} across a seam, dotted)" if w.across else ""
        parts.append(f"({w.cell[0]}, {w.cell[1]}): {w.text()}{seam}")
    return " · ".join(parts)


def colours(whys: tuple[Why, ...], seams: dict[Side, int]) -> set[int]:
    """The palette indices the overlay draws for `whys` (besides the cells' own)."""
    found = {OUTLINE[w.verdict] for w in whys if w.verdict in OUTLINE}
    found |= {seams.get(edge, INDEX["glue_a"]) for w in whys for _, edge in w.across}
    return found


class WhyOverlay:
    """Draws the why overlay into a Life panel's raster, over its cells. `shown` is the
    panel's palette index per cell (what a cell shows without the overlay)."""

    def __init__(self, raster: np.ndarray, oy: int, ox: int, cell_size: int, lines: bool,
                 surface_name: str) -> None:
        self.raster, self.oy, self.ox, self.cs = raster, oy, ox, cell_size
        self.lines = lines
        self.seams = seam_colours(surface_name)
        self._drawn: set[tuple[int, int]] = set()

    def on(self, raster: np.ndarray) -> "WhyOverlay":
        """A copy of the overlay drawing into `raster` (a copy of this one's)."""
        other = copy.copy(self)
        other.raster, other._drawn = raster, set(self._drawn)
        return other

    @property
    def drawn(self) -> bool:
        """Whether the raster holds overlay pixels now."""
        return bool(self._drawn)

    def _block(self, cell: tuple[int, int]) -> tuple[int, int, int, int]:
        """The pixels (y0, y1, x0, x1) of `cell` inside its grid lines."""
        inset = 1 if self.lines else 0
        y0, x0 = self.oy + cell[0] * self.cs + inset, self.ox + cell[1] * self.cs + inset
        return y0, self.oy + (cell[0] + 1) * self.cs, x0, self.ox + (cell[1] + 1) * self.cs

    def draw(self, whys: tuple[Why, ...], shown: np.ndarray) -> Rect | None:
        """Restore the cells drawn last time to `shown`, then draw `whys`; returns the
        rectangle changed (None: nothing)."""
        touched = set(self._drawn)
        for cell in self._drawn:
            y0, y1, x0, x1 = self._block(cell)
            self.raster[y0:y1, x0:x1] = shown[cell]
        self._drawn = set()
        for w in whys:
            self._explain(w, shown)
        touched |= self._drawn
        if not touched:
            return None
        rects = [self._block(c) for c in touched]
        return (min(r[0] for r in rects), max(r[1] for r in rects),
                min(r[2] for r in rects), max(r[3] for r in rects))

    def _explain(self, w: Why, shown: np.ndarray) -> None:
        """One cell: its outline, its count, and the dots on its neighbours across seams."""
        y0, y1, x0, x1 = self._block(w.cell)
        self._drawn.add(w.cell)
        colour = OUTLINE.get(w.verdict)
        if colour is not None:
            ring = max(1, min(3, self.cs // 8))
            area = self.raster[y0:y1, x0:x1]
            area[:ring, :] = area[-ring:, :] = colour
            area[:, :ring] = area[:, -ring:] = colour
        size = digit_size(self.cs)
        if size:
            ink = _ink(size, str(w.count))
            ty = y0 + (y1 - y0 - ink.shape[0]) // 2
            tx = x0 + (x1 - x0 - ink.shape[1]) // 2
            pen = BACKGROUND if shown[w.cell] == ALIVE else TEXT
            self.raster[ty:ty + ink.shape[0], tx:tx + ink.shape[1]][ink] = pen
        for cell, edge in w.across:
            self._dot(cell, self.seams.get(edge, INDEX["glue_a"]))

    def _dot(self, cell: tuple[int, int], colour: int) -> None:
        """A square dot in the top-left corner of `cell` (a neighbour across a seam)."""
        y0, y1, x0, x1 = self._block(cell)
        d = max(2, (y1 - y0) // 3)
        self.raster[y0:y0 + d, x0:x0 + d] = colour
        self._drawn.add(cell)


__all__ = ["CAPTION_CELLS", "WhyOverlay", "caption", "colours", "digit_size", "seam_colours"]

