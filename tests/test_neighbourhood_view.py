"""The neighbourhood view reads at a glance: the central square in colour and framed, the eight
copies dimmed (the maze alone, walls still visible), cells never too small to see."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from visualizer import events as ev
from visualizer.maze import replay
from streams import maze_stream, panel_renderer
from visualizer.render.neighbourhood import (FRAME, FRAME_OUT, GHOST_FILL, GHOST_WALL,
                                             MIN_CELL, NeighbourhoodPanel)
from visualizer.render.palette import INDEX
from tiers import FAST_SCENARIOS, shipped_scenario, tiered
from visualizer.scenario import parse
from visualizer.surfaces import Surface

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
GLUED = ("torus", "klein", "klein_lr", "projective", "sphere")
COPY_COLOURS = {GHOST_WALL, GHOST_FILL, INDEX["background"]}
CENTRE_ONLY = ("start", "goal", "path", "visited", "frontier", "current", "stack")


def spec_for(surface, *, rows=5, cols=7, cell_size=8, wall=2, solver="bfs", seed=3):
    cols = rows if surface == "sphere" else cols
    raw = {"maze": {"rows": rows, "cols": cols, "surface": surface, "cell_size": cell_size,
                    "wall": wall, "view": "neighbourhood"},
           "generator": "kruskal", "solver": solver, "seed": seed}
    return parse(raw, Path("test.yaml")).panels[0]


def centre_box(panel: NeighbourhoodPanel) -> tuple[int, int, int, int]:
    py, px = getattr(panel, "origin", panel.period)     # a hex or triangle view's origin
    bh, bw = panel.centre.raster.shape
    return py, py + bh, px, px + bw


def outside_centre(panel: NeighbourhoodPanel) -> np.ndarray:
    """Pixels of the copies: not the central square, not the frame."""
    y0, y1, x0, x1 = centre_box(panel)
    mask = np.ones(panel.raster.shape, dtype=bool)
    mask[y0:y1, x0:x1] = False
    return mask & ~panel.frame_mask


def shipped_neighbourhoods():
    """Every shipped panel in the neighbourhood view; the fast tier draws those of its
    scenarios and the first of the grid tori (every glued surface is drawn small above)."""
    out = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for i, spec in enumerate(shipped_scenario(path).panels):
            if spec.maze is not None and spec.maze.view == "neighbourhood":
                out.append((spec, f"{path.stem}[{i}]"))
    return tiered(out, lambda case: case[1].partition("[")[0] in FAST_SCENARIOS
                  or case[1] == "grids_torus_neighbourhood[0]", lambda case: case[1], spread=True)


@pytest.mark.parametrize("surface", GLUED)
@pytest.mark.parametrize("wall", [1, 2])
def test_copies_are_dimmed_all_along_and_marks_stay_in_the_square(surface, wall):
    spec = spec_for(surface, wall=wall)
    panel = panel_renderer(spec)
    assert isinstance(panel, NeighbourhoodPanel)
    copies = outside_centre(panel)
    y0, y1, x0, x1 = centre_box(panel)
    for k, event in enumerate(maze_stream(spec)):
        panel.apply(event)
        if k % 5 == 0 or isinstance(event, ev.PathFound):
            assert set(np.unique(panel.raster[copies]).tolist()) <= COPY_COLOURS, k
    for name in CENTRE_ONLY:
        ys, xs = np.nonzero(panel.raster == INDEX[name])
        assert ((ys >= y0) & (ys < y1) & (xs >= x0) & (xs < x1)).all(), name
    assert (panel.raster == INDEX["start"]).any() and (panel.raster == INDEX["goal"]).any()
    # one start and one goal: the square's own, drawn once
    start = np.argwhere(panel.raster == INDEX["start"])
    assert (start.max(axis=0) - start.min(axis=0) < panel.centre.cell_size + 2 * wall).all()


@pytest.mark.parametrize("spec, name", shipped_neighbourhoods())
def test_shipped_neighbourhoods_show_one_start_one_goal_and_a_frame(spec, name):
    panel = panel_renderer(spec)
    for event in maze_stream(spec):
        panel.apply(event)
    y0, y1, x0, x1 = centre_box(panel)
    for name in ("start", "goal"):
        ys, xs = np.nonzero(panel.raster == INDEX[name])
        assert len(ys) and ((ys >= y0) & (ys < y1) & (xs >= x0) & (xs < x1)).all(), name
    assert set(np.unique(panel.raster[outside_centre(panel)]).tolist()) <= COPY_COLOURS
    assert panel.centre.cell_size >= MIN_CELL
    assert (panel.raster == FRAME).any()


def frame_runs(panel: NeighbourhoodPanel) -> list[int]:
    """How thick the frame is across the top edge of the square, at each closed wall."""
    y0, _, x0, x1 = centre_box(panel)
    runs = []
    for x in range(x0, x1):
        column = panel.raster[:, x] == FRAME
        if column[y0]:
            top = y0
            while column[top - 1]:
                top -= 1
            bottom = y0
            while column[bottom + 1]:
                bottom += 1
            runs.append(bottom - top + 1)
    return runs


@pytest.mark.parametrize("surface", ("plane",) + GLUED)
@pytest.mark.parametrize("wall", [1, 2, 3])
def test_the_frame_is_thick_and_open_where_a_passage_crosses(surface, wall):
    spec = spec_for(surface, wall=wall)
    panel = panel_renderer(spec)
    events = list(maze_stream(spec))
    for event in events:
        panel.apply(event)
    runs = frame_runs(panel)
    assert runs and min(runs) >= 2 and min(runs) == wall + FRAME_OUT
    maze = replay(events)
    y0 = centre_box(panel)[0]
    for c in range(maze.cols):
        x = panel.cell_origin((0, c))[1] + panel.centre.cell_size // 2
        is_open = bool(maze.faces[0, c, 0]) and maze.surface.move((0, c), 0) is not None
        assert (panel.raster[y0, x] == FRAME) != is_open, c


def test_the_frame_follows_a_border_wall_that_opens():
    panel = NeighbourhoodPanel(3, 4, cell_size=8, wall=2, surface="torus")
    panel.take_dirty()
    x = panel.cell_origin((0, 1))[1] + 4
    y0 = centre_box(panel)[0]
    assert panel.raster[y0, x] == FRAME
    panel.apply(ev.WallOpened((0, 1), ev.Side.N))
    assert panel.raster[y0, x] != FRAME
    assert panel.take_dirty() is not None
    # ... and the copies above and below show the same opening, dimmed
    assert panel.raster[y0 - 1, x] == GHOST_FILL


def test_block_mazes_are_dimmed_and_framed_too():
    panel = NeighbourhoodPanel(3, 4, cell_size=8, wall=2, surface="klein")
    panel.apply(ev.GridCreated(3, 4, Surface("klein", 3, 4), walls_open=True, fill=ev.Fill.PASSAGE))
    panel.apply(ev.CellBlocked((0, 0)))
    assert (panel.raster == INDEX["blocked"]).sum() == 8 * 8
    assert set(np.unique(panel.raster[outside_centre(panel)]).tolist()) <= COPY_COLOURS
    # no walls on the border: the frame runs all round, just outside the square
    y0, y1, x0, x1 = centre_box(panel)
    ring = np.zeros(panel.raster.shape, dtype=bool)
    ring[y0 - FRAME_OUT:y1 + FRAME_OUT, x0 - FRAME_OUT:x1 + FRAME_OUT] = True
    ring[y0:y1, x0:x1] = False
    assert (panel.raster[ring] == FRAME).all() and FRAME_OUT >= 2


@pytest.mark.parametrize("asked", [1, 5, 7])
def test_cells_are_never_smaller_than_legible(asked):
    panel = NeighbourhoodPanel(4, 4, cell_size=asked, wall=1, surface="torus")
    assert panel.centre.cell_size == MIN_CELL
    pitch = MIN_CELL + 1
    assert panel.raster.shape == (3 * 4 * pitch + 1, 3 * 4 * pitch + 1)
    for r in range(4):
        for c in range(4):
            assert panel.cell_at(*panel.cell_origin((r, c))) == (r, c)
    bigger = NeighbourhoodPanel(4, 4, cell_size=12, wall=1, surface="torus")
    assert bigger.centre.cell_size == 12
