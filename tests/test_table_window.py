"""The window on a table of panels, headless (Agg): the picture is the canvas's frame, with
its headers, and a click lands on the cell under it although the row headers shift the
columns right."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.backend_bases import KeyEvent, MouseEvent  # noqa: E402

from visualizer.render.palette import make_theme  # noqa: E402
from visualizer.scenario import load  # noqa: E402
from visualizer.window.figure import Window  # noqa: E402
from visualizer.window.session import Session  # noqa: E402

TABLE = """
title: rules by surfaces
seed: 3
table: {rows: [torus, Klein bottle], columns: [Conway, HighLife]}
panels:
  - {cell_size: 6, life: {rows: 10, cols: 10, surface: torus, rule: conway, generations: 8}}
  - {cell_size: 6, life: {rows: 10, cols: 10, surface: torus, rule: highlife, generations: 8}}
  - {cell_size: 6, life: {rows: 10, cols: 10, surface: klein, rule: conway, generations: 8}}
  - {cell_size: 6, life: {rows: 10, cols: 10, surface: klein, rule: highlife, generations: 8}}
"""


def test_the_window_shows_a_table_and_clicks_land_in_its_cells(tmp_path):
    path = tmp_path / "table.yaml"
    path.write_text(TABLE)
    scenario = load(path)
    with matplotlib.rc_context():
        session = Session(scenario, every=4)
        window = Window(session, make_theme(scenario.theme), save_dir=tmp_path / "out")
        try:
            window.fig.canvas.draw()
            assert session.canvas.layout.row_headers == (("torus",), ("Klein bottle",))
            assert session.title(3) == "Klein bottle · HighLife"
            canvas = window.fig.canvas
            canvas.callbacks.process("key_press_event",
                                     KeyEvent("key_press_event", canvas, "right"))
            assert np.array_equal(np.asarray(window.image.get_array()),
                                  make_theme().rgb(window.player.frame))
            track = window.player.tracks[3]
            before = np.asarray(track.events[track.consumed - 1].grid).copy()
            renderer, slot = track.renderer, session.canvas.slots[3]
            size = renderer.cell_size
            x, y = window.ax.transData.transform((slot.x + renderer.ox + 4 * size + size // 2,
                                                  slot.y + renderer.oy + 7 * size + size // 2))
            for name in ("button_press_event", "button_release_event"):
                canvas.callbacks.process(name, MouseEvent(name, canvas, x, y, button=1))
            edited = np.asarray(track.events[track.consumed - 1].grid)
            assert np.argwhere(edited != before).tolist() == [[7, 4]]
        finally:
            plt.close(window.fig)
