"""The window fills its figure, clicks change one panel only, and no text overlaps (Agg)."""
from __future__ import annotations

import itertools

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.backend_bases import ResizeEvent  # noqa: E402

from test_window_headless import (  # noqa: E402, F401 (open_window: a fixture)
    click_cell, open_window, press_key, shown)
from visualizer import events as ev  # noqa: E402
from visualizer.render.palette import make_theme  # noqa: E402
from visualizer.window import layout  # noqa: E402
from visualizer.window.figure import Window, measure  # noqa: E402
from tiers import tiered  # noqa: E402

#: two mazes on the progress clock: a click in one must not move the other
PROGRESS = """
title: two mazes, one clock
seed: 21
clock: progress
panels:
  - {title: Backtracker then breadth-first search on a torus,
     maze: {rows: 5, cols: 6, cell_size: 6, wall: 2, surface: torus},
     generator: backtracker, solver: bfs}
  - {title: Kruskal's union-find then depth-first search, maze: {rows: 6, cols: 5,
     cell_size: 6, wall: 2}, generator: kruskal, solver: dfs}
"""

ONE_PANEL = """
title: one maze
seed: 3
maze: {rows: 6, cols: 8, cell_size: 8, wall: 2}
generator: backtracker
solver: bfs
"""

SIZES = [(960, 540), (1280, 720), (1600, 900), (2100, 1300), (900, 1400), (1400, 600)]


@pytest.fixture
def window_for(open_window):  # noqa: F811 (the imported fixture)
    """A window on a scenario text (the shared `open_window` fixture)."""
    return open_window


def resize(window: Window, width: int, height: int) -> None:
    """What a backend does when the user resizes the window: new size, resize event, draw."""
    window.fig.set_size_inches(width / 100, height / 100)
    ResizeEvent("resize_event", window.fig.canvas)._process()
    window.fig.canvas.draw()


def screen(window: Window) -> np.ndarray:
    """The figure's pixels as drawn (RGB, top row first)."""
    return np.asarray(window.fig.canvas.buffer_rgba())[..., :3]


def picture_on_screen(window: Window) -> tuple[np.ndarray, int, int]:
    """The pixels under the picture's axes, and their top-left corner."""
    box = window.ax.get_window_extent()
    pixels = screen(window)
    y0, x0 = int(round(pixels.shape[0] - box.y1)), int(round(box.x0))
    return pixels[y0:y0 + round(box.height), x0:x0 + round(box.width)], y0, x0


# --- the picture fills the figure ------------------------------------------------------------


@pytest.mark.parametrize("text", tiered([ONE_PANEL, PROGRESS], lambda text: text is ONE_PANEL,
                                         lambda text: "one_panel" if text is ONE_PANEL
                                         else "progress"))
def test_the_picture_is_scaled_by_a_whole_factor_to_fill_the_figure(window_for, text):
    window = window_for(text)
    h, w = window.player.frame.shape
    zooms = []
    for width, height in SIZES:
        resize(window, width, height)
        k = window.zoom
        assert k == int(k) and k >= 1, (width, height)
        # each frame pixel is a k x k block of screen pixels (nearest neighbour, exact)
        pixels, _, _ = picture_on_screen(window)
        expected = np.repeat(np.repeat(make_theme().rgb(window.player.frame), int(k), 0),
                             int(k), 1)
        assert np.array_equal(pixels, expected), (width, height)
        # it fills: one zoom more fits in no arrangement of the controls
        for make in layout.ARRANGEMENTS.values():
            places = make((width, height), **window._arrange_options())
            if layout.fits(places):
                room = places.picture
                assert (k + 1) * w > room[2] or (k + 1) * h > room[3], (width, height)
        # and it lies inside the room it was given, inside the figure
        x, y, rw, rh = window.places.picture
        box = window.ax.get_window_extent()
        assert x <= box.x0 and box.x1 <= x + rw + 1e-6
        assert y <= box.y0 and box.y1 <= y + rh + 1e-6
        zooms.append(k)
    assert zooms[3] > zooms[0]                 # a bigger window shows a bigger picture


def test_the_first_window_already_shows_a_small_frame_enlarged(window_for):
    window = window_for(ONE_PANEL)
    assert window.zoom >= 2
    width, height = window.fig.bbox.width, window.fig.bbox.height
    assert width <= 1400 and height <= 860


@pytest.mark.slow
def test_stepping_after_a_resize_keeps_the_zoomed_picture_exact(window_for):
    window = window_for(PROGRESS)
    resize(window, 1700, 1000)
    press_key(window, "right", 9)
    window.fig.canvas.draw()
    pixels, _, _ = picture_on_screen(window)
    k = int(window.zoom)
    assert k >= 2
    assert np.array_equal(pixels, np.repeat(np.repeat(shown(window), k, 0), k, 1))


# --- a click changes that panel only ---------------------------------------------------------


def panel_pixels(window: Window, panel: int) -> np.ndarray:
    """Panel `panel`'s part of the frame the window shows (its raster's rectangle)."""
    slot = window.session.canvas.slots[panel]
    h, w = window.player.tracks[panel].renderer.raster.shape
    return shown(window)[slot.y:slot.y + h, slot.x:slot.x + w].copy()


@pytest.mark.parametrize("at", tiered([0.4, 1.0], lambda at: at == 1.0))
def test_a_click_in_panel_1_leaves_panel_0_as_it_was(window_for, at):
    window = window_for(PROGRESS)
    player = window.player
    # panel 0's picture at a few steps, before any click
    probes = sorted({0, 5, player.last // 3, player.last // 2, player.last})
    before = {}
    for p in probes:
        player.seek(p)
        window.show()
        before[p] = (panel_pixels(window, 0), player.count(0, p))
    window.go(int(at * player.last))
    window.show()
    here = player.position
    state = (panel_pixels(window, 0), player.count(0, here),
             list(player.tracks[0].events), player.tracks[0].renderer.caption())
    click_cell(window, 1, (2, 3))
    window.pause()
    assert player.position == here                      # no rewind
    assert np.array_equal(panel_pixels(window, 0), state[0])
    assert player.count(0, here) == state[1]
    assert player.tracks[0].events == state[2]
    assert player.tracks[0].renderer.caption() == state[3]
    assert window.session.endpoints == {1: [(2, 3), window.session.endpoints[1][1]]}
    # panel 1 shows its new start now, and its solve plays from here
    track = player.tracks[1]
    assert isinstance(track.events[track.consumed - 1], ev.EndpointsSet)
    assert track.events[track.consumed - 1].entrance == (2, 3)
    # panel 0 keeps the picture it had at every step, forward and back
    for p in probes[::-1] + probes:
        player.seek(p)
        window.show()
        assert np.array_equal(panel_pixels(window, 0), before[p][0]), p
        assert player.count(0, p) == before[p][1], p
    press_key(window, "end")
    found = track.events[-1]
    assert isinstance(found, ev.PathFound) and found.cells[0] == (2, 3)
    assert track.consumed == len(track.events)


def test_each_panel_keeps_its_own_solver(window_for):
    window = window_for(PROGRESS)
    session = window.session
    assert session.chosen == {0: "bfs", 1: "dfs"}
    assert session.solver == "bfs" and window.radio.value_selected == "bfs"
    press_key(window, "end")
    click_cell(window, 1, (1, 1))
    assert session.focus == 1 and window.radio.value_selected == "dfs"
    assert "Kruskal" in window.heading.get_text()
    window.radio.set_active(session.solvers.index("astar"))   # the menu: panel 1 only
    assert session.chosen == {0: "bfs", 1: "astar"}
    status = window.status.get_text().replace("\n", " ")
    assert "Kruskal's union-find" in status and "astar" in status
    click_cell(window, 0, (0, 0))
    assert window.radio.value_selected == "bfs"
    assert "bfs" in window.status.get_text() and "Backtracker" in window.status.get_text()


# --- the status line ---------------------------------------------------------------------------


def test_the_status_line_names_the_milestone_reached(window_for):
    window = window_for(ONE_PANEL)
    assert "★" not in window.status.get_text()
    press_key(window, "n")
    track = window.player.tracks[0]
    event = track.events[track.consumed - 1]
    assert isinstance(event, ev.MILESTONE_TYPES)
    text = window.status.get_text().replace("\n", " ")
    assert f"★ {event.label}" in text
    press_key(window, "end")
    assert "★ path found" in window.status.get_text()
    assert "solver bfs" in window.status.get_text()


# --- nothing overlaps --------------------------------------------------------------------------


def boxes(window: Window) -> dict[str, object]:
    """The screen boxes of every widget and text of the window (renderer's extents)."""
    renderer = window.fig.canvas.get_renderer()
    out = {"picture": window.ax.get_window_extent(renderer),
           "slider": window.slider.ax.get_window_extent(renderer),
           "slider label": window.slider.label.get_window_extent(renderer),
           "slider value": window.slider.valtext.get_window_extent(renderer),
           "status": window.status.get_window_extent(renderer),
           "help": window.help.get_window_extent(renderer)}
    for label, button in window.buttons.items():
        out[f"button {label}"] = button.ax.get_window_extent(renderer)
    if window.radio is not None:
        out["menu"] = window.radio.ax.get_window_extent(renderer)
        out["menu heading"] = window.heading.get_window_extent(renderer)
    return out


def inner_texts(window: Window) -> list[tuple[object, object]]:
    """(text, the axes box it must stay inside): button labels and menu entries."""
    renderer = window.fig.canvas.get_renderer()
    pairs = [(b.label.get_window_extent(renderer), b.ax.get_window_extent(renderer))
             for b in window.buttons.values()]
    if window.radio is not None:
        menu = window.radio.ax.get_window_extent(renderer)
        pairs += [(t.get_window_extent(renderer), menu) for t in window.radio.labels]
    return pairs


def overlapping(a, b) -> bool:
    return a.x0 < b.x1 - 0.5 and b.x0 < a.x1 - 0.5 and a.y0 < b.y1 - 0.5 and b.y0 < a.y1 - 0.5


@pytest.mark.slow
@pytest.mark.parametrize("text", [ONE_PANEL, PROGRESS])
def test_no_text_or_widget_overlaps_another(window_for, text):
    window = window_for(text)
    press_key(window, "n")
    press_key(window, "end")
    # the longest status: a click's message naming a long panel title
    click_cell(window, len(window.player.tracks) - 1, (1, 1), key="shift")
    window.pause()
    window.preparing = True                  # one more part on the first line
    for width, height in SIZES:
        resize(window, width, height)
        window.show()
        window.fig.canvas.draw()
        found = boxes(window)
        figure = window.fig.bbox
        for name, box in found.items():
            assert figure.x0 <= box.x0 and box.x1 <= figure.x1 + 0.5, (name, width, height)
            assert figure.y0 <= box.y0 and box.y1 <= figure.y1 + 0.5, (name, width, height)
        for (a, box_a), (b, box_b) in itertools.combinations(found.items(), 2):
            assert not overlapping(box_a, box_b), (a, b, width, height)
        for inner, outer in inner_texts(window):
            assert outer.x0 <= inner.x0 and inner.x1 <= outer.x1, (width, height)
        assert len(window.status.get_text().splitlines()) <= window.places.status_lines


def test_wrapping_keeps_every_word_and_fits_the_width():
    parts = ["step 12/400 · paused · 50 steps/s",
             "★ blocked 185 of 560 cells (Threshold maze (p = 0.35) + breadth-first search)"]
    lines, size = layout.fit_text(parts, 220, 6, measure)
    assert " ".join(lines).split() == " ".join(parts).split()
    assert all(measure(line, size) <= 220 for line in lines)
    assert layout.wrap(["a b", "c"], 1000, 9, measure) == ["a b · c"]
