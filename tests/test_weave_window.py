"""A weave in the window (headless, Agg): stepping back returns the identical frame, and
clicked endpoints at the two ends of a tunnel give a path that goes under in one move."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.backend_bases import KeyEvent, MouseEvent  # noqa: E402

from visualizer import events as ev  # noqa: E402
from visualizer.maze import replay  # noqa: E402
from visualizer.render.palette import make_theme  # noqa: E402
from visualizer.scenario import load  # noqa: E402
from visualizer.window.figure import Window  # noqa: E402
from visualizer.window.session import Session  # noqa: E402

WEAVE = """
title: weave
seed: 3
steps_per_frame: 1
maze: {rows: 8, cols: 8, cell_size: 8, wall: 2, weave: true}
generator: kruskal
solver: bfs
"""


def press(window: Window, key: str, times: int = 1) -> None:
    for _ in range(times):
        window.fig.canvas.callbacks.process(
            "key_press_event", KeyEvent("key_press_event", window.fig.canvas, key))


def click_cell(window: Window, cell, key: str | None = None) -> None:
    renderer = window.player.tracks[0].renderer
    slot = window.session.canvas.slots[0]
    y, x = renderer.cell_origin(cell)
    half = renderer.cell_size // 2
    dx, dy = window.ax.transData.transform((slot.x + x + half, slot.y + y + half))
    canvas = window.fig.canvas
    for name in ("button_press_event", "button_release_event"):
        canvas.callbacks.process(name, MouseEvent(name, canvas, dx, dy, button=1, key=key))


@pytest.mark.slow
def test_a_weave_in_the_window(tmp_path):
    path = tmp_path / "weave.yaml"
    path.write_text(WEAVE)
    scenario = load(path)
    window = Window(Session(scenario, every=8), make_theme(), save_dir=tmp_path / "out")
    try:
        window.fig.canvas.draw()
        press(window, "right", 20)
        before = np.asarray(window.image.get_array()).copy()
        press(window, "right", 30)
        press(window, "left", 30)
        assert np.array_equal(np.asarray(window.image.get_array()), before)
        press(window, "end")
        track = window.player.tracks[0]
        maze = replay(e for e in track.events if not isinstance(e, ev.PathFound))
        crossed = sorted(maze.crossings)
        assert crossed
        a, b = maze.tunnel_ends(crossed[0])
        click_cell(window, a)
        click_cell(window, b, key="shift")
        press(window, "end")
        found = track.events[-1]
        assert isinstance(found, ev.PathFound) and found.cells == (a, b)
    finally:
        plt.close(window.fig)
