"""An edit in the window (a Life cell clicked) keeps what the panel explains: the why
overlay on the panel's `why:` cells and, once the edited run repeats, the settled caption,
both of the edited run; and a Life question's answer in the window explains its cells as
the export's answer frame does. Headless (Agg); each check steps until what it waits for
shows, never for a fixed time."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402

from test_questions_window import LIFE, step_to_question  # noqa: E402
from test_window_headless import click_cell_life, open_window, press_key  # noqa: E402, F401
from visualizer.events import Settled  # noqa: E402
from visualizer.render.palette import INDEX, make_theme  # noqa: E402
from visualizer.window.figure import Window  # noqa: E402

GLIDER = """
title: why in the window
seed: 1
panels:
  - title: a glider on a torus
    cell_size: 16
    life: {rows: 10, cols: 10, surface: torus, rule: conway, generations: 24,
           init: {pattern: glider, at: [5, 5]}, why: {from: [0, 0], to: [2, 2]}}
"""
#: the edited cell: far from the glider, it dies at once and the glider flies on
LONE = (8, 1)


def step_until(window: Window, done) -> None:
    """Step forward until `done()` holds (at most to the end of the run)."""
    for _ in range(window.player.last + 1):
        if done():
            return
        press_key(window, "right")
    assert done(), "never shown"


def ink(window: Window, cell, slot_name: str) -> int:
    """How many pixels of the picture shown, inside `cell` of panel 0, are in the colour of
    palette slot `slot_name`."""
    renderer = window.player.tracks[0].renderer
    slot = window.session.canvas.slots[0]
    picture = np.asarray(window.image.get_array())
    colour = make_theme().colours[INDEX[slot_name]]
    size = renderer.cell_size
    y0 = slot.y + renderer.oy + cell[0] * size + 1
    x0 = slot.x + renderer.ox + cell[1] * size + 1
    block = picture[y0:y0 + size - 1, x0:x0 + size - 1]
    return int((block == colour).all(axis=-1).sum())


def text_ink(window: Window, cells) -> int:
    """How many pixels inside `cells` are in the text's colour (the count the why overlay
    writes in a dead cell)."""
    return sum(ink(window, cell, "text") for cell in cells)


def test_an_edit_keeps_the_why_overlay_and_the_settled_caption(open_window):  # noqa: F811
    window = open_window(GLIDER)
    track = window.player.tracks[0]
    region = [(r, c) for r in range(3) for c in range(3)]
    step_until(window, lambda: track.renderer.identity is not None)
    before = track.renderer.caption()
    assert "settled at gen 0: spaceship of period 4 moving (1, 1)" in before
    assert "in a cell: its live neighbours" in before and text_ink(window, region)

    click_cell_life(window, LONE)
    edited = track.events[track.consumed - 1]
    assert edited.grid[LONE] == 1 and len(edited.why) == len(region)
    caption = track.renderer.caption()
    assert "in a cell: its live neighbours" in caption and text_ink(window, region)
    assert "settled" not in caption                 # the edited run is not yet seen to repeat

    step_until(window, lambda: track.renderer.identity is not None)
    found = track.renderer.identity
    assert found.kind == Settled.SPACESHIP and found.period == 4 and found.shift == (1, 1)
    assert found.generation == edited.index + 1     # the lone cell died: the glider alone
    now = track.events[track.consumed - 1]
    assert now.index == found.found and now.why
    assert f"settled at gen {edited.index + 1}: spaceship" in track.renderer.caption()
    assert text_ink(window, region)


def test_a_life_answer_in_the_window_writes_each_cells_count(open_window):  # noqa: F811
    window = open_window(LIFE)
    step_to_question(window)
    a = window.quiz.question
    assert a.whys and [w.cell for w in a.whys] == list(a.cells)
    pen = {w.cell: "background" if w.alive else "text" for w in a.whys}
    asked = {cell: ink(window, cell, pen[cell]) for cell in a.cells}
    assert not any(asked.values())            # asked: the cells alone, outlined around
    press_key(window, "enter")
    assert window.quiz.question is None and window.quiz.shown is not None
    assert all(ink(window, cell, pen[cell]) > 0 for cell in a.cells)
    press_key(window, "right")                # on to the next generation: no stale counts
    track = window.player.tracks[0]
    now = np.asarray(track.events[track.consumed - 1].grid)
    assert window.quiz.shown is None
    assert not text_ink(window, [cell for cell in a.cells if not now[cell]])
