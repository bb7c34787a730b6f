"""A weave's crossings on the square painter: a crossed cell is drawn as a bridge.

The crossed cell's own corridor runs through it between two thin walls (the bridge's
sides); on the tunnel's axis, short stubs between the cell's edge and those walls show
the tunnel's mouths, in the colour of the passage between the tunnel's two ends (so a
path that goes under shows on both sides of the bridge and not on it), edged with wall
where they meet the corridor's own ends. The wall between a tunnel's mouth and the cell
outside it is coloured as if the crossed cell were the cell at the tunnel's other end.
"""
from __future__ import annotations

from typing import Any

from ..events import Side
from .palette import INDEX

WALL = INDEX["wall"]


def tunnel_face(panel: Any, i: int, side: int) -> tuple[int, int, int] | None:
    """Face (`i`, `side`) seen through a tunnel: (the cell on this side, its side, the cell
    across, beyond the crossed cell), or None when the face is no tunnel's mouth."""
    maze = panel.maze
    crossings = maze.crossings
    cols = maze.cols
    axis = crossings.get(divmod(i, cols))
    if axis is not None and side in axis.sides:      # a crossed cell's mouth: seen from out
        near = panel._target[i][side]
        far = panel._target[i][Side(side).opposite]
        return (near, panel._entered[i][side], far) if near >= 0 and far >= 0 else None
    j = panel._target[i][side]
    if j < 0:
        return None
    entered = panel._entered[i][side]
    axis = crossings.get(divmod(j, cols))
    if axis is None or entered not in axis.sides:
        return None
    far = panel._target[j][Side(entered).opposite]
    return (i, side, far) if far >= 0 else None


def after_cell(painter: Any, i: int) -> None:
    """After flat cell `i` is painted: its bridge if it is crossed, and the bridge and the
    tunnel's mouths of each crossed cell beside it (their colour follows the tunnel's
    two ends)."""
    panel = painter.panel
    crossings = panel.maze.crossings
    cols = panel.maze.cols
    if divmod(i, cols) in crossings:
        bridge(painter, i)
    for side in range(4):
        j = panel._target[i][side]
        if j >= 0 and j != i and divmod(j, cols) in crossings:
            bridge(painter, j)
            for mouth in crossings[divmod(j, cols)].sides:   # both ends' colours meet there
                painter._paint_face(j, mouth)


def bridge(painter: Any, i: int) -> None:
    """Paint crossed flat cell `i` as a bridge over its tunnel (see the module's words)."""
    panel, g = painter.panel, painter.geometry
    cell = divmod(i, panel.maze.cols)
    axis = panel.maze.crossings[cell]
    s = g.cell_size
    k, t = max(1, s // 5), max(1, (g.wall + 1) // 2)
    y, x = g.cell_origin(cell)
    across = axis.sides[0] in (Side.N, Side.S)       # the tunnel runs up and down
    block = painter.raster[y:y + s, x:x + s]
    view = block.T if across else block               # rows: along the bridge's corridor
    tunnel = painter.face_colour(i, axis.sides[0], painter.fill(i))
    for lo, hi in ((s - k, s), (0, k)):
        if across:
            lo, hi = s - hi, s - lo                   # N is the top: its stub first
        view[t:s - t, lo:hi] = tunnel
        view[:t, lo:hi] = WALL
        view[s - t:, lo:hi] = WALL
    view[:, k:k + t] = WALL
    view[:, s - k - t:s - k] = WALL
    painter.touch(y, y + s, x, x + s)
