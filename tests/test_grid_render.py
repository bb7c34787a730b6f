"""Drawing mazes on other grids (issue 23, step 4): hexagons, triangles and polar rings (their
walls true arcs) in palette indices, painted a few cells at a time; what is painted
incrementally equals the whole state painted afresh, every change lies in the dirty
rectangle, each cell's inside shows its colour, closed walls are wall-coloured."""
from __future__ import annotations

import math

import numpy as np
import pytest

import visualizer as viz
from visualizer.grids import PolarSide
from visualizer.render.grid_geometry import CORNER, GridGeometry
from visualizer.render.maze_paint import WALL
from visualizer.render.maze_panel import MazePanel
from visualizer.render.palette import INDEX

CASES = [("hex", 5, 6, "plane", None, "kruskal", "wall_follower"),
         ("hex", 4, 6, "torus", None, "wilson", "tremaux"),
         ("triangle", 4, 7, "plane", None, "backtracker", "dead_end_filling"),
         ("polar", 5, 1, "plane", None, "prim", "distance_map"),
         ("square", 4, 5, "plane", ["X....", ".....", "..X..", "....."], "reverse_delete",
          "bfs")]
IDS = [f"{c[0]}-{c[3]}-{c[5]}-{c[6]}" for c in CASES]


def run(kind, rows, cols, surface, mask, generator, solver, check_dirty=False):
    maze = viz.maze(rows, cols, surface, grid=kind, mask=mask)
    events = list(viz.generate(maze, generator, seed=1))
    events += list(viz.solve(maze, solver, seed=1))
    panel = MazePanel(rows, maze.cols, cell_size=9, wall=2, surface=surface, first=events[0])
    before = panel.raster.copy()
    panel.take_dirty()
    for event in events:
        panel.apply(event)
        if check_dirty:
            after = panel.raster.copy()
            rect = panel.take_dirty()
            changed = np.argwhere(after != before)
            if len(changed):
                y0, y1, x0, x1 = rect
                assert (changed[:, 0] >= y0).all() and (changed[:, 0] < y1).all()
                assert (changed[:, 1] >= x0).all() and (changed[:, 1] < x1).all()
            before = after
    return maze, panel


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_painted_step_by_step_equals_painted_whole(case):
    maze, panel = run(*case, check_dirty=True)
    assert np.array_equal(panel.raster, panel.drawn().raster)
    assert panel.maze == maze


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_insides_walls_and_clicks(case):
    maze, panel = run(*case)
    g = panel.geometry
    assert isinstance(g, GridGeometry)
    flat = panel.raster.reshape(-1)
    for cell in maze.grid.cells:
        i = cell[0] * maze.cols + cell[1]
        inside = g.inside(i)
        assert len(inside) > 0, cell
        shown = flat[inside]
        strips = {INDEX[name] for name in ("once", "twice", "hand", "heading", "current")}
        assert np.bincount(shown).argmax() == panel.fill(cell), cell
        assert set(shown.tolist()) <= {panel.fill(cell)} | strips, cell
        y, x = np.divmod(inside, g.shape[1])
        middle = len(inside) // 2
        assert panel.cell_at(y[middle] + 0.5, x[middle] + 0.5) == cell
        for side in range(maze.degree):
            face = g.face(i, side)
            if not maze.grid.exists[i, side]:
                assert len(face) == 0
                continue
            assert len(face) > 0, (cell, side)
            if (i, side) in panel.hand:
                assert (flat[face] == INDEX["hand"]).all()
            elif not maze.is_open(cell, side):
                assert (flat[face] == WALL).all()
            else:
                assert (flat[face] != WALL).all()
    assert (flat[g.corners] == WALL).all()
    assert g.shape == panel.raster.shape


def test_a_masked_out_cell_is_background():
    _, panel = run(*CASES[-1])
    g = panel.geometry
    assert len(g.inside(0)) == 0
    y0, x0 = int(g.pad + 2), int(g.pad + 2)
    assert panel.raster[y0, x0] == INDEX["background"]
    assert panel.cell_at(y0, x0) is None


def test_polar_walls_are_arcs():
    """The wall between ring 2 and ring 3 lies on the circle of radius 3 pitches: every
    pixel of an inward face of ring 3 is within a wall's width of it."""
    maze = viz.maze(5, 1, grid="polar")
    g = GridGeometry.of(maze.grid, cell_size=12, wall=3)
    mid = g.pad + 5 * g.pitch
    width = g.shape[1]
    for i in range(24):
        face = g.face(3 * maze.cols + i, PolarSide.IN)
        y, x = np.divmod(face, width)
        rho = np.hypot(y + 0.5 - mid, x + 0.5 - mid)
        assert len(face) and np.abs(rho - 3 * g.pitch).max() <= g.wall
    # the rim is a circle too, and the drawing a disc: the corners of the picture are empty
    code = g.tables.code
    assert code[0, 0] == code[-1, -1] == -1
    rim = np.isin(code, [CORNER]) | (code >= 0)
    ys, xs = np.nonzero(rim)
    radius = np.hypot(ys + 0.5 - mid, xs + 0.5 - mid).max()
    assert math.isclose(radius, 5 * g.pitch + g.wall / 2, abs_tol=1.5)


def test_sizes_are_arithmetic_and_grow_with_the_grid():
    for kind in ("hex", "triangle", "polar"):
        small = GridGeometry.of(viz.maze(4, 4, grid=kind).grid, cell_size=10, wall=2)
        big = GridGeometry.of(viz.maze(8, 8, grid=kind).grid, cell_size=10, wall=2)
        assert big.shape[0] > small.shape[0] and big.shape[1] > small.shape[1]
        assert small.tables.code.shape == small.shape


@pytest.mark.parametrize("kind,rows,cols", [("hex", 4, 6), ("triangle", 4, 6)])
def test_a_torus_of_hexagons_or_triangles_shows_its_glue_marks(kind, rows, cols):
    """The torus's marks in the band around the picture, as on the square: the top and
    bottom edges one colour, the left and right the other, nothing of them inside; none on
    the plane, and none (nor the band) with `glue_marks=False`."""
    glue = {INDEX["glue_a"], INDEX["glue_b"]}
    shown = {}
    for surface, marks in (("torus", True), ("plane", True), ("torus", False)):
        maze = viz.maze(rows, cols, surface, grid=kind)
        first = next(iter(viz.generate(maze, "backtracker", seed=1)))
        panel = MazePanel(rows, cols, cell_size=12, wall=2, surface=surface, first=first,
                          glue_marks=marks)
        shown[surface, marks] = panel
    torus = shown["torus", True]
    band = torus.geometry.glue
    assert band > 0 and shown["plane", True].geometry.glue == 0
    assert shown["torus", False].geometry.glue == 0
    raster = torus.raster
    inner = raster[band:-band, band:-band]
    assert not glue & set(np.unique(inner).tolist())
    top, bottom = raster[:band, band:-band], raster[-band:, band:-band]
    left, right = raster[band:-band, :band], raster[band:-band, -band:]
    colours = [set(np.unique(edge).tolist()) & glue for edge in (top, bottom, left, right)]
    assert colours[0] == colours[1] and colours[2] == colours[3]
    assert len(colours[0]) == len(colours[2]) == 1 and colours[0] != colours[2]
    for panel in (shown["plane", True], shown["torus", False]):
        assert not glue & set(np.unique(panel.raster).tolist())
    h, w = torus.raster.shape
    assert (h - 2 * band, w - 2 * band) == shown["torus", False].raster.shape
