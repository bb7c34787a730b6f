"""The neighbourhood view: the copies around the maze continue it across every glued edge,
and the dirty rectangles keep a frame built from them up to date."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from surface_reference import NAMES, partner
from visualizer import events as ev
from visualizer.maze import replay
from streams import maze_stream, panel_renderer
from visualizer.render.maze_panel import MazePanel
from visualizer.render.neighbourhood import (FRAME, FRAME_OUT, GHOST_FILL, GHOST_WALL,
                                             NeighbourhoodPanel)
from visualizer.render.palette import INDEX
from visualizer.scenario import parse

CELL, WALL = 8, 2
PITCH = CELL + WALL


def _spec(name, rows=5, cols=7, seed=3, view="neighbourhood"):
    cols = rows if name == "sphere" else cols
    raw = {"maze": {"rows": rows, "cols": cols, "surface": name, "cell_size": CELL,
                    "wall": WALL, "view": view},
           "generator": "kruskal", "solver": "bfs", "seed": seed}
    return parse(raw, Path("test.yaml")).panels[0]


def _drawn(spec):
    panel = panel_renderer(spec)
    stream = list(maze_stream(spec))
    for event in stream:
        panel.apply(event)
    panel.take_dirty()
    return panel, replay(stream)


def _shown(panel, rows, cols):
    """The cell displayed at each place of the 3 x 3 picture (None where empty)."""
    return [[panel.cell_at(y * PITCH + WALL + CELL // 2, x * PITCH + WALL + CELL // 2)
             for x in range(3 * cols)] for y in range(3 * rows)]


def _sides_between(name, maze, here, there):
    return [s for s in range(4)
            if (partner(name, maze.rows, maze.cols, *here, s) or (None, None))[:2] == there]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_copies_continue_the_maze_across_every_edge(name, seed):
    spec = _spec(name, seed=seed)
    panel, maze = _drawn(spec)
    assert isinstance(panel, NeighbourhoodPanel)
    h, w = maze.rows, maze.cols
    shown = _shown(panel, h, w)
    raster = panel.raster
    seams = 0
    for y in range(3 * h):
        for x in range(3 * w):
            here = shown[y][x]
            tile = (y // h, x // w)
            if tile == (1, 1):
                assert here == (y - h, x - w)
            if here is None:
                continue
            centre_y, centre_x = y * PITCH + WALL + CELL // 2, x * PITCH + WALL + CELL // 2
            # the square in colour, its copies dimmed
            expected = panel.centre.fill(here) if tile == (1, 1) else GHOST_FILL
            assert raster[centre_y, centre_x] == expected
            for dy, dx in ((0, 1), (1, 0)):
                if y + dy >= 3 * h or x + dx >= 3 * w or shown[y + dy][x + dx] is None:
                    continue
                there = shown[y + dy][x + dx]
                sides = _sides_between(name, maze, here, there)
                assert sides, (here, there)          # next to each other on the surface
                if (y + dy) // h != y // h or (x + dx) // w != x // w:
                    seams += 1
                if len(sides) == 1:                  # one wall between them: drawn as it is
                    wall_px = raster[centre_y + dy * (CELL - CELL // 2 + WALL // 2),
                                     centre_x + dx * (CELL - CELL // 2 + WALL // 2)]
                    is_open = bool(maze.faces[here[0], here[1], sides[0]])
                    assert (wall_px not in (INDEX["wall"], FRAME, GHOST_WALL)) == is_open
    expected = {"plane": 0, "sphere": 4 * h}.get(name, 6 * h + 6 * w)
    assert seams == expected


@pytest.mark.parametrize("name,empty", [("plane", 8), ("torus", 0), ("klein", 0),
                                        ("projective", 0), ("sphere", 4)])
def test_which_places_stay_empty(name, empty):
    panel, maze = _drawn(_spec(name))
    h, w = maze.rows, maze.cols
    shown = _shown(panel, h, w)
    tiles_empty = sum(shown[ty * h + h // 2][tx * w + w // 2] is None
                      for ty in range(3) for tx in range(3))
    assert tiles_empty == empty


def test_the_square_is_outlined():
    panel, maze = _drawn(_spec("torus"))
    py, px = maze.rows * PITCH, maze.cols * PITCH
    ring = panel.raster[py - FRAME_OUT:py + WALL, px:px + maze.cols * PITCH + WALL]
    assert (ring == FRAME).any()
    assert not (panel.raster[:py - FRAME_OUT] == FRAME).any()


@pytest.mark.parametrize("size", [(4, 5), (1, 4), (4, 1), (1, 1), (2, 2)])
@pytest.mark.parametrize("view", ["square", "neighbourhood"])
@pytest.mark.parametrize("name", NAMES)
def test_dirty_rectangles_keep_a_copied_frame_up_to_date(name, view, size):
    if name == "sphere" and size[0] != size[1]:
        size = (size[0], size[0])
    spec = _spec(name, rows=size[0], cols=size[1], view=view)
    panel = panel_renderer(spec)
    shadow = panel.raster.copy()
    panel.take_dirty()
    for event in maze_stream(spec):
        panel.apply(event)
        rect = panel.take_dirty()
        if rect is not None:
            y0, y1, x0, x1 = rect
            shadow[y0:y1, x0:x1] = panel.raster[y0:y1, x0:x1]
        assert np.array_equal(shadow, panel.raster)


@pytest.mark.parametrize("name", NAMES)
def test_cell_origin_is_in_the_centre(name):
    panel = NeighbourhoodPanel(4, 4, cell_size=CELL, wall=WALL, surface=name)
    for r in range(4):
        for c in range(4):
            assert panel.cell_at(*panel.cell_origin((r, c))) == (r, c)
    assert panel.raster.shape == (3 * 4 * PITCH + WALL, 3 * 4 * PITCH + WALL)
    assert panel.cell_at(-1, 5) is None


def test_block_mazes_tile_with_only_the_square_in_colour():
    panel = NeighbourhoodPanel(3, 4, cell_size=CELL, wall=WALL, surface="torus")
    from visualizer.surfaces import Surface
    panel.apply(ev.GridCreated(3, 4, Surface("torus", 3, 4), walls_open=True, fill=ev.Fill.PASSAGE))
    panel.apply(ev.CellBlocked((0, 0)))
    panel.take_dirty()
    assert panel.raster.shape == (3 * 3 * CELL, 3 * 4 * CELL)
    assert (panel.raster == INDEX["blocked"]).sum() == CELL * CELL      # the square only
    assert (panel.raster == GHOST_WALL).sum() >= 8 * (CELL - FRAME_OUT) ** 2
    assert isinstance(MazePanel(2, 2), MazePanel)


def test_a_snapshot_is_independent():
    """The window keeps checkpoints of renderers through their `snapshot()`."""
    panel, _ = _drawn(_spec("klein", rows=3, cols=4))
    twin = panel.snapshot()
    assert isinstance(twin, NeighbourhoodPanel)
    assert np.array_equal(twin.raster, panel.raster) and twin.maze == panel.maze
    before = panel.raster.copy()
    twin.apply(ev.CellMarked((1, 1), "dead_end"))
    assert twin.take_dirty() is not None and panel.take_dirty() is None
    assert not np.array_equal(twin.raster, panel.raster)
    assert np.array_equal(panel.raster, before)
    assert panel.centre.fill((1, 1)) != twin.centre.fill((1, 1))
    assert (twin.raster == INDEX["dead_end"]).sum() == CELL * CELL    # marks: the square only


@pytest.mark.parametrize("name", ["klein", "sphere"])
def test_the_window_steps_back_exactly_through_a_neighbourhood(name):
    """The window's player restores checkpoints (snapshots) and replays from them."""
    from pictures import forward_pictures
    from visualizer.render.canvas import Canvas
    from visualizer.window.player import Player

    spec = _spec(name, rows=4, cols=5)
    events = list(maze_stream(spec))
    pictures = forward_pictures(panel_renderer(spec), events)
    player = Player(Canvas([panel_renderer(spec)], ["t"]), [events], every=7)
    player.seek(player.last)
    for position in range(player.last, -1, -1):
        player.seek(position)
        assert np.array_equal(player.frame, pictures[position]), position
