"""Drawing a glued square: decode rendered frames and check the border pixels against the
maze the stream builds (openings exactly where glued walls are open, paths on both sides),
and the identification marks in the margin."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from surface_reference import NAMES, partner
from visualizer import events as ev
from visualizer.events import Side
from visualizer.maze import replay
from visualizer.pipeline import scenario_frames
from streams import make_canvas, maze_stream
from visualizer.render.maze_panel import MazePanel
from visualizer.render.palette import INDEX
from visualizer.scenario import parse

CASES = [(name, generator, seed) for name in NAMES for generator in ("backtracker", "kruskal")
         for seed in (1, 2)]


def _scenario(name, generator, seed, rows=7, cols=9, **maze):
    cols = rows if name == "sphere" else cols
    raw = {"maze": {"rows": rows, "cols": cols, "surface": name, "cell_size": 6, "wall": 2,
                    **maze},
           "generator": generator, "solver": "bfs", "seed": seed, "steps_per_frame": 400}
    return parse(raw, Path("test.yaml"))


def _last_frame(scenario):
    canvas = make_canvas(scenario)
    last = None
    for frame in scenario_frames(scenario, canvas):
        last = frame
    assert last is not None, "the scenario draws at least one frame"
    return canvas, last.image


def _face_pixel(panel, slot, cell, side):
    """The frame pixel in the middle of the wall strip on `side` of `cell`."""
    y, x = panel.cell_origin(cell)
    s, w = panel.cell_size, panel.wall
    dy, dx = {Side.N: (-w // 2 - 1, s // 2), Side.S: (s + w // 2, s // 2),
              Side.W: (s // 2, -w // 2 - 1), Side.E: (s // 2, s + w // 2)}[side]
    return slot.y + y + dy, slot.x + x + dx


@pytest.mark.parametrize("name,generator,seed", CASES)
def test_border_openings_match_the_open_glued_walls(name, generator, seed):
    scenario = _scenario(name, generator, seed)
    canvas, frame = _last_frame(scenario)
    panel, slot = canvas.panels[0], canvas.slots[0]
    stream = list(maze_stream(scenario.panels[0]))
    maze = replay(stream)
    path = next(e for e in reversed(stream) if isinstance(e, (ev.PathFound, ev.NoPath)))
    assert isinstance(path, ev.PathFound)
    on_path = set(path.cells)
    h, w = maze.rows, maze.cols
    openings = 0
    for r in range(h):
        for c in range(w):
            for side in Side:
                if not maze.surface.is_border((r, c), side):
                    continue
                pixel = frame[_face_pixel(panel, slot, (r, c), side)]
                other = partner(name, h, w, r, c, side)
                if other is None:        # the plane: only the entrance and exit are open
                    is_open = ((r, c), side) in {(maze.entrance, maze.entrance_side),
                                                 (maze.exit, maze.exit_side)}
                else:
                    is_open = bool(maze.faces[r, c, side])
                    assert is_open == bool(maze.faces[other])
                assert (pixel != INDEX["wall"]) == is_open, ((r, c), side)
                openings += is_open
                if is_open and other is not None and {(r, c), other[:2]} <= on_path:
                    assert pixel == INDEX["path"]
    assert openings >= (2 if name == "plane" else 1)


@pytest.mark.parametrize("name", NAMES[1:])
def test_a_path_across_a_glued_edge_is_drawn_on_both_borders_and_nowhere_between(name):
    panel = MazePanel(4, 4, cell_size=6, wall=2, surface=name)
    # walk north out of the top row and in through the matching edge
    first = (0, 1)
    step = panel.maze.surface.move(first, Side.N)
    panel.apply(ev.WallOpened(first, Side.N))
    panel.apply(ev.PathFound((first, step.cell), (Side.N,)))
    paint = panel.raster
    y, x = panel.cell_origin(first)
    assert paint[y - 1, x + 3] == INDEX["path"]                      # leaves the top
    y2, x2 = panel.cell_origin(step.cell)
    offset = {Side.S: (6, 3), Side.W: (3, -1)}[step.side]
    assert paint[y2 + offset[0], x2 + offset[1]] == INDEX["path"]   # comes back in
    # no stroke across the picture: only the two path cells and their faces are orange
    assert (paint == INDEX["path"]).sum() == 2 * 6 * 6 + 2 * 2 * 6


def _band(raster, panel, edge):
    """The margin band beside `edge` as a boolean picture of glue-coloured pixels, with the
    direction along the edge as the second axis."""
    m, h, w = panel.margin, panel.height, panel.width
    band = {Side.N: raster[:m, m:w - m], Side.S: raster[h - m:, m:w - m],
            Side.W: raster[m:h - m, :m].T, Side.E: raster[m:h - m, w - m:].T}[edge]
    return band


def _arrow_directions(band, colour):
    """+1 for each arrowhead pointing towards increasing positions, -1 for the others."""
    mask = band == colour
    line = mask.sum(axis=1) >= 0.8 * mask.shape[1]      # the rows of the line itself
    heights = mask[~line].sum(axis=0)
    heads, run = [], []
    for height in list(heights) + [0]:
        if height:
            run.append(height)
        elif run:
            heads.append(1 if run[0] > run[-1] else -1)
            run = []
    return heads


EXPECTED_MARKS = {   # edge: (colour, direction of the arrowheads)
    "torus": {Side.N: ("glue_a", 1), Side.S: ("glue_a", 1),
              Side.W: ("glue_b", 1), Side.E: ("glue_b", 1)},
    "klein": {Side.N: ("glue_a", 1), Side.S: ("glue_a", -1),
              Side.W: ("glue_b", 1), Side.E: ("glue_b", 1)},
    "klein_lr": {Side.N: ("glue_a", 1), Side.S: ("glue_a", 1),
                 Side.W: ("glue_b", 1), Side.E: ("glue_b", -1)},
    "projective": {Side.N: ("glue_a", 1), Side.S: ("glue_a", -1),
                   Side.W: ("glue_b", 1), Side.E: ("glue_b", -1)},
    "sphere": {Side.N: ("glue_a", 1), Side.W: ("glue_a", 1),
               Side.S: ("glue_b", 1), Side.E: ("glue_b", 1)},
}


@pytest.mark.parametrize("cell_size", [4, 12, 30])
@pytest.mark.parametrize("name", list(EXPECTED_MARKS))
def test_identification_arrows_in_the_margin(name, cell_size):
    panel = MazePanel(6, 6, cell_size=cell_size, wall=2, surface=name)
    assert panel.margin > 0
    for edge, (colour, direction) in EXPECTED_MARKS[name].items():
        band = _band(panel.raster, panel, edge)
        heads = _arrow_directions(band, INDEX[colour])
        assert heads == [direction] * (1 if colour == "glue_a" else 2), edge
        other = "glue_b" if colour == "glue_a" else "glue_a"
        assert not (band == INDEX[other]).any()
    m = panel.margin
    inside = panel.raster[m:panel.height - m, m:panel.width - m]
    assert not np.isin(inside, [INDEX["glue_a"], INDEX["glue_b"]]).any()


def test_the_plane_has_no_margin_and_no_marks():
    panel = MazePanel(5, 6, cell_size=8, wall=2)
    assert panel.margin == 0
    assert panel.raster.shape == (5 * 10 + 2, 6 * 10 + 2)
    assert not np.isin(panel.raster, [INDEX["glue_a"], INDEX["glue_b"]]).any()


@pytest.mark.parametrize("name", NAMES)
def test_cell_at_inverts_cell_origin_with_the_margin(name):
    panel = MazePanel(5, 5, cell_size=8, wall=3, surface=name)
    for r in range(5):
        for c in range(5):
            y, x = panel.cell_origin((r, c))
            assert panel.cell_at(y, x) == (r, c)
            assert panel.cell_at(y + 7, x + 7) == (r, c)
    assert panel.cell_at(1, 1) is None
    assert panel.cell_at(panel.height + 5, panel.width + 5) is None
    if panel.margin:
        assert panel.cell_at(panel.height - 1, panel.width - 1) is None
    y, x = panel.cell_origin((0, 0))
    assert y == x == panel.margin + 3


@pytest.mark.parametrize("name", NAMES[1:])
def test_both_faces_of_a_glued_wall_always_look_the_same(name):
    """Marks come one cell at a time; a glued wall's two faces, on two different borders,
    must be repainted together."""
    scenario = _scenario(name, "kruskal", 3, rows=5, cols=6)
    panel = MazePanel(5, 5 if name == "sphere" else 6, cell_size=6, wall=2, surface=name)
    rng = np.random.default_rng(0)
    stream = list(maze_stream(scenario.panels[0]))
    marks = ["current", "visited", "frontier", "dead_end", "clear", "path"]
    for event in stream:
        panel.apply(event)
    surface = panel.maze.surface
    for _ in range(300):
        cell = (int(rng.integers(surface.rows)), int(rng.integers(surface.cols)))
        panel.apply(ev.CellMarked(cell, marks[int(rng.integers(len(marks)))]))
        for r in range(surface.rows):
            for c in range(surface.cols):
                for side in Side:
                    step = surface.move((r, c), side)
                    if step is None or not surface.is_border((r, c), side):
                        continue
                    mine = panel.raster[_face_pixel(panel, _ORIGIN, (r, c), side)]
                    theirs = panel.raster[_face_pixel(panel, _ORIGIN, step.cell, step.side)]
                    assert mine == theirs, ((r, c), side)


class _ORIGIN:
    y = x = 0
