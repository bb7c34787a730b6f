"""The neighbourhood view on hexagons and triangles: on the torus the copies around the
maze are the maze translated by the lattice's periods (each copy pixel shows the cell whose
shape covers it, there), the view drawn event by event equals the view drawn afresh, and
every crossing of the edge lands in the neighbour across it."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from streams import maze_stream, panel_renderer
from visualizer.render.grid_geometry import BACKGROUND, CORNER
from visualizer.render.grid_neighbourhood import CENTRE, GridNeighbourhoodPanel
from visualizer.render.neighbourhood import FRAME, GHOST_FILL, GHOST_WALL
from visualizer.scenario import parse

CASES = [("hex", 4, 6), ("hex", 3, 2), ("triangle", 4, 6), ("triangle", 2, 4)]


def _spec(grid, rows, cols, surface="torus", seed=3, generator="kruskal"):
    raw = {"maze": {"grid": grid, "rows": rows, "cols": cols, "surface": surface,
                    "cell_size": 8, "wall": 2, "view": "neighbourhood"},
           "generator": generator, "solver": "bfs", "seed": seed}
    return parse(raw, Path("test.yaml")).panels[0]


def _drawn(spec) -> GridNeighbourhoodPanel:
    panel = panel_renderer(spec)
    assert isinstance(panel, GridNeighbourhoodPanel)
    for event in maze_stream(spec):
        panel.apply(event)
    panel.take_dirty()
    return panel


def _ghost(panel, code):
    """What a copy shows for classified pixels `code` of the maze's own picture."""
    d, degree = panel.centre.maze.grid.degree + 1, panel.centre.maze.grid.degree
    opened = panel.centre.maze.faces.reshape(-1)
    out = np.full(code.shape, GHOST_WALL, dtype=np.uint8)
    cell, side = code // d, code % d - 1
    out[(code >= 0) & (side < 0)] = GHOST_FILL
    face = (code >= 0) & (side >= 0)
    out[face] = np.where(opened[cell[face] * degree + side[face]], GHOST_FILL, GHOST_WALL)
    return out


@pytest.mark.parametrize("grid,rows,cols", CASES)
def test_copies_up_and_down_are_the_maze_shifted_by_whole_pixels(grid, rows, cols):
    """The vertical period is a whole number of pixels: the copies above and below show
    exactly the maze's own pixels, shifted, dimmed."""
    panel = _drawn(_spec(grid, rows, cols))
    g = panel.centre.geometry
    own = g.tables.code
    bh, bw = own.shape
    oy, ox = panel.view.origin
    py = panel.view.period[0]
    assert py == int(py)
    for dy in (-1, 1):
        y = oy + dy * int(py)
        shown = panel.raster[y:y + bh, ox:ox + bw]
        codes = panel.code[y:y + bh, ox:ox + bw]
        drawn = (own != BACKGROUND) & (codes >= 0)
        assert drawn.sum() > own.size // 4
        assert (codes[drawn] == own[drawn]).all()
        fresh = _ghost(panel, own)
        framed = shown == FRAME
        assert (shown[drawn & ~framed] == fresh[drawn & ~framed]).all()


@pytest.mark.parametrize("grid,rows,cols", CASES)
def test_every_copy_pixel_shows_the_cell_the_lattice_puts_there(grid, rows, cols):
    """A copy's pixel, moved back by its copy's true offset (a fraction of a pixel off the
    whole pixels across), lies in the shape of the cell it shows."""
    panel = _drawn(_spec(grid, rows, cols))
    g, d = panel.centre.geometry, panel.centre.maze.grid.degree + 1
    (py, px), (oy, ox) = panel.view.period, panel.view.origin
    checked = 0
    for part in panel.view.copies:
        dy, dx = part.tile
        y0, x0 = part.origin
        h, w = part.geometry.tables.code.shape
        codes = panel.code[y0:y0 + h, x0:x0 + w]
        mine = part.geometry.tables.code[:codes.shape[0], :codes.shape[1]] == codes
        ys, xs = np.nonzero(mine & (codes >= 0) & (codes % d == 0))  # cells' insides
        for y, x in list(zip(ys.tolist(), xs.tolist()))[::7]:
            cell = divmod(int(codes[y, x]) // d, g.cols)
            ty = y0 + y + 0.5 - oy - dy * py
            tx = x0 + x + 0.5 - ox - dx * px
            _, inside = g._edges(cell, np.array([ty]), np.array([tx]))
            assert inside[0], (part.tile, cell, y, x)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("grid,rows,cols", CASES)
def test_the_view_has_no_hole_between_the_copies(grid, rows, cols):
    panel = _drawn(_spec(grid, rows, cols))
    oy, ox = panel.view.origin
    bh, bw = panel.centre.geometry.shape
    around = panel.code[oy - 4:oy + bh + 4, ox - 4:ox + bw + 4]
    assert not (around == BACKGROUND).any()
    assert {int(c) for c in np.unique(around)} >= {CENTRE, CORNER}


@pytest.mark.parametrize("grid,rows,cols", CASES)
def test_a_frame_wall_has_the_neighbour_across_it_on_its_far_side(grid, rows, cols):
    panel = _drawn(_spec(grid, rows, cols))
    target = panel.centre.maze.grid.step_table[0].reshape(-1)
    width = panel.shape[1]
    walls = 0
    for face, pixels in zip(panel._frame_faces.tolist(), panel._frame_px):
        theirs = pixels[panel.code.reshape(-1)[pixels] != CENTRE]
        assert len(theirs), face
        for p in theirs[:3].tolist():
            there = panel.cell_at(*divmod(p, width))
            assert there is not None
            assert there[0] * panel.centre.maze.cols + there[1] == target[face], face
        closed = not panel.centre.maze.faces.reshape(-1)[face]
        assert (panel.raster.reshape(-1)[pixels] == FRAME).all() == closed
        walls += 1
    assert walls >= 2 * rows + cols


@pytest.mark.parametrize("grid,rows,cols,surface", [c + ("torus",) for c in CASES[:3:2]]
                         + [("hex", 3, 5, "plane"), ("triangle", 3, 3, "plane")])
def test_drawn_event_by_event_equals_drawn_afresh(grid, rows, cols, surface):
    spec = _spec(grid, rows, cols, surface=surface, generator="wilson")
    panel = panel_renderer(spec)
    before = panel.raster.copy()
    for k, event in enumerate(maze_stream(spec)):
        panel.apply(event)
        rect = panel.take_dirty()
        changed = np.argwhere(panel.raster != before)
        if len(changed):
            assert rect is not None, k
            y0, y1, x0, x1 = rect
            assert (changed.min(axis=0) >= (y0, x0)).all() and \
                (changed.max(axis=0) < (y1, x1)).all(), k
        before = panel.raster.copy()
        if k % 17 == 0:
            fresh = GridNeighbourhoodPanel.around(panel.centre.drawn())
            assert (fresh.raster == panel.raster).all(), k
    fresh = GridNeighbourhoodPanel.around(panel.centre.drawn())
    assert (fresh.raster == panel.raster).all()
    if surface == "plane":
        assert not panel.view.copies
        assert not (panel.code >= 0).any()


def test_a_click_on_a_copy_names_the_cell_it_shows():
    panel = _drawn(_spec("hex", 4, 6))
    for y, x in [(5, 5), (panel.shape[0] - 9, panel.shape[1] // 2), (60, 10)]:
        code = int(panel.code[y, x])
        if code >= 0:
            d = panel.centre.maze.grid.degree + 1
            assert panel.cell_at(y, x) == divmod(code // d, 6)
    oy, ox = panel.view.origin
    for cell in [(0, 0), (3, 5), (2, 3)]:
        y, x = panel.cell_origin(cell)
        s = panel.centre.geometry.cell_size
        assert panel.cell_at(y + s // 2, x + s // 2) == cell
