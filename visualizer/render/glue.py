"""The identifications of a glued square, drawn the way topology books do: next to each glued
edge a coloured line with arrowheads; the two edges of a pair share a colour (`glue_a` for
the first pair, `glue_b` for the second, which also gets double arrowheads) and their arrows
point the way positions match — opposite ways for a twisted pair.
"""
from __future__ import annotations

import numpy as np

from ..events import Side
from ..surfaces import EdgeGluing, Surface, SurfaceKind
from .palette import INDEX

PAIR_COLOURS = ("glue_a", "glue_b")


def arrow_size(cell_size: int) -> int:
    """Half the width of an arrowhead for cells of `cell_size` pixels."""
    return max(2, min(8, cell_size // 3))


def line_width(cell_size: int) -> int:
    """The thickness of the line along a glued edge."""
    return 1 if cell_size < 12 else 2 if cell_size < 24 else 3


def glue_margin(surface: Surface | SurfaceKind, cell_size: int) -> int:
    """The band around the maze that holds the marks (0 when nothing is glued)."""
    return 2 * arrow_size(cell_size) + 4 if surface.gluings else 0


def _arrowhead(size: int, direction: Side) -> np.ndarray:
    """A filled triangle mask pointing towards `direction` (N = up the picture)."""
    east = np.zeros((2 * size + 1, size + 1), dtype=bool)
    for k in range(size + 1):
        east[k:2 * size + 1 - k, k] = True
    return {Side.E: east, Side.W: east[:, ::-1], Side.S: east.T, Side.N: east.T[::-1]}[direction]


def edge_marks(gluings: tuple[EdgeGluing, ...]) -> list[tuple[Side, str, bool, int]]:
    """Each glued edge of `gluings` (a surface's) with its colour name, whether its arrows
    point towards increasing positions (right / down) and how many arrowheads it carries."""
    marks = []
    for k, gluing in enumerate(gluings):
        colour = PAIR_COLOURS[k % len(PAIR_COLOURS)]
        marks.append((gluing.edge, colour, True, k + 1))
        marks.append((gluing.partner, colour, not gluing.reversed, k + 1))
    return marks


def draw_glue_marks(raster: np.ndarray, surface: Surface, top: int, left: int, height: int,
                    width: int, cell_size: int) -> None:
    """Draw the marks of `surface` around the maze drawn at `raster[top:top+height,
    left:left+width]`, inside the margin left free around it."""
    a, t = arrow_size(cell_size), line_width(cell_size)
    centre_gap = a + 2                    # from the maze's outer edge to the line's centre
    lo, hi = -((t - 1) // 2), t // 2 + 1   # the line's rows (or columns) around its centre
    for edge, colour_name, forward, heads in edge_marks(surface.gluings):
        colour = INDEX[colour_name]
        horizontal = edge in (Side.N, Side.S)
        if edge == Side.N:
            line_at = top - centre_gap
        elif edge == Side.S:
            line_at = top + height - 1 + centre_gap
        elif edge == Side.W:
            line_at = left - centre_gap
        else:
            line_at = left + width - 1 + centre_gap
        if horizontal:
            raster[line_at + lo:line_at + hi, left:left + width] = colour
            direction = Side.E if forward else Side.W
            middle, length = left + width // 2, width
        else:
            raster[top:top + height, line_at + lo:line_at + hi] = colour
            direction = Side.S if forward else Side.N
            middle, length = top + height // 2, height
        head = _arrowhead(a, direction)
        hh, ww = head.shape
        spacing = a + 2 if length >= 3 * a + 4 else a
        # a double arrow: two heads one behind the other, centred on the edge's middle
        offsets = [i * spacing - (heads - 1) * spacing // 2 for i in range(heads)]
        for offset in offsets:
            along = middle + (offset if forward else -offset) - (ww if horizontal else hh) // 2
            y0, x0 = (line_at - a, along) if horizontal else (along, line_at - a)
            region = raster[y0:y0 + hh, x0:x0 + ww]
            region[head[:region.shape[0], :region.shape[1]]] = colour
