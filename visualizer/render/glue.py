"""The identifications of a glued square, drawn the way topology books do: next to each glued
edge a coloured line with arrowheads; the two edges of a pair share a colour (`glue_a` for
the first pair, `glue_b` for the second, which also gets double arrowheads) and their arrows
point the way positions match — opposite ways for a twisted pair.
"""
from __future__ import annotations

import numpy as np

from ..events import Side
from ..surfaces import Surface
from .palette import INDEX

PAIR_COLOURS = ("glue_a", "glue_b")


def arrow_size(cell_size: int) -> int:
    """Half the width of an arrowhead for cells of `cell_size` pixels."""
    return max(2, min(6, cell_size // 3))


def glue_margin(surface: Surface, cell_size: int) -> int:
    """The band around the maze that holds the marks (0 when nothing is glued)."""
    return 2 * arrow_size(cell_size) + 4 if surface.gluings else 0


def _arrowhead(size: int, direction: Side) -> np.ndarray:
    """A filled triangle mask pointing towards `direction` (N = up the picture)."""
    east = np.zeros((2 * size + 1, size + 1), dtype=bool)
    for k in range(size + 1):
        east[k:2 * size + 1 - k, k] = True
    return {Side.E: east, Side.W: east[:, ::-1], Side.S: east.T, Side.N: east.T[::-1]}[direction]


def edge_marks(surface: Surface) -> list[tuple[Side, str, bool, int]]:
    """Each glued edge with its colour name, whether its arrows point towards increasing
    positions (right / down) and how many arrowheads it carries."""
    marks = []
    for k, gluing in enumerate(surface.gluings):
        colour = PAIR_COLOURS[k % len(PAIR_COLOURS)]
        marks.append((gluing.edge, colour, True, k + 1))
        marks.append((gluing.partner, colour, not gluing.reversed, k + 1))
    return marks


def draw_glue_marks(raster: np.ndarray, surface: Surface, top: int, left: int, height: int,
                    width: int, cell_size: int) -> None:
    """Draw the marks of `surface` around the maze drawn at `raster[top:top+height,
    left:left+width]`, inside the margin left free around it."""
    a = arrow_size(cell_size)
    centre_gap = a + 2                    # from the maze's outer edge to the line's centre
    for edge, colour_name, forward, heads in edge_marks(surface):
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
            raster[line_at:line_at + 1, left:left + width] = colour
            direction = Side.E if forward else Side.W
            middle, length = left + width // 2, width
        else:
            raster[top:top + height, line_at:line_at + 1] = colour
            direction = Side.S if forward else Side.N
            middle, length = top + height // 2, height
        head = _arrowhead(a, direction)
        spacing = a + 2 if length >= 2 * (a + 2) + a else a
        sign = 1 if forward else -1
        for i in range(heads):
            # the arrowheads of a double arrow sit one behind the other, tips forward
            along = middle + sign * (i * spacing - (heads - 1) * spacing // 2) - head.shape[
                1 if horizontal else 0] // 2
            if horizontal:
                y0, x0 = line_at - a, along
            else:
                y0, x0 = along, line_at - a
            hh, ww = head.shape
            region = raster[y0:y0 + hh, x0:x0 + ww]
            region[head[:region.shape[0], :region.shape[1]]] = colour
