"""The window, headless (Agg): synthetic key and mouse events sent to the figure."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.backend_bases import KeyEvent, MouseEvent  # noqa: E402
from PIL import Image  # noqa: E402

from visualizer import events as ev  # noqa: E402
from visualizer import pipeline  # noqa: E402
from visualizer.choices import Phase  # noqa: E402
from visualizer.render.palette import make_theme  # noqa: E402
from visualizer.scenario import load  # noqa: E402
from visualizer.surfaces import Surface  # noqa: E402
from visualizer.window.figure import Window  # noqa: E402
from visualizer.window.session import Session  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

TWO_PANELS = """
title: two panels
seed: 21
steps_per_frame: 1
panels:
  - {title: Backtracker, maze: {rows: 5, cols: 6, cell_size: 6, wall: 2, surface: torus},
     generator: backtracker, solver: bfs}
  - {title: Kruskal, maze: {rows: 5, cols: 5, cell_size: 6, wall: 2}, generator: kruskal,
     solver: bfs}
"""


@pytest.fixture
def open_window(tmp_path):
    opened = []

    def make(text: str = TWO_PANELS, **session_options) -> Window:
        path = tmp_path / "lesson.yaml"
        path.write_text(text)
        scenario = load(path)
        session = Session(scenario, every=8, **session_options)
        window = Window(session, make_theme(scenario.theme), save_dir=tmp_path / "out")
        window.fig.canvas.draw()
        opened.append(window)
        return window

    with matplotlib.rc_context():
        yield make
    for window in opened:
        plt.close(window.fig)


def press_key(window: Window, key: str, times: int = 1) -> None:
    for _ in range(times):
        window.fig.canvas.callbacks.process(
            "key_press_event", KeyEvent("key_press_event", window.fig.canvas, key))


def click(window: Window, x: float, y: float, key: str | None = None) -> None:
    """Press and release the left button at display pixel (x, y)."""
    canvas = window.fig.canvas
    for name in ("button_press_event", "button_release_event"):
        canvas.callbacks.process(name, MouseEvent(name, canvas, x, y, button=1, key=key))


def click_cell(window: Window, panel: int, cell, key: str | None = None) -> None:
    """Click the middle of `cell` of `panel` in the picture."""
    renderer = window.player.tracks[panel].renderer
    slot = window.session.canvas.slots[panel]
    y, x = renderer.cell_origin(cell)
    half = renderer.cell_size // 2
    dx, dy = window.ax.transData.transform((slot.x + x + half, slot.y + y + half))
    click(window, dx, dy, key)


def shown(window: Window) -> np.ndarray:
    """The RGB picture the image artist holds."""
    return np.asarray(window.image.get_array())


def test_the_image_is_the_palette_frame_pixel_for_pixel(open_window):
    window = open_window()
    theme = make_theme()
    assert np.array_equal(shown(window), theme.rgb(window.player.frame))
    assert window.image.get_interpolation() == "nearest"
    assert not window.ax.axison
    # the axes are a whole multiple of the frame: one frame pixel is k x k screen pixels
    bbox = window.ax.get_window_extent()
    k = window.zoom
    assert k == int(k) and k >= 1
    assert (round(bbox.width), round(bbox.height)) == tuple(
        k * n for n in window.player.frame.shape[::-1])


@pytest.mark.slow
def test_right_then_left_returns_the_identical_frame(open_window):
    window = open_window()
    press_key(window, "right", 7)
    assert window.player.position == 7
    before = shown(window).copy()
    press_key(window, "right", 25)
    assert window.player.position == 32
    assert not np.array_equal(shown(window), before)
    press_key(window, "left", 25)
    assert window.player.position == 7
    assert np.array_equal(shown(window), before)


def test_our_keys_are_taken_from_matplotlibs_keymap(open_window):
    open_window()
    for name in ("keymap.back", "keymap.forward", "keymap.save", "keymap.home"):
        assert not {"left", "right", "s", "home"} & set(matplotlib.rcParams[name])
    assert "q" in matplotlib.rcParams["keymap.quit"]       # the others stay


def test_home_end_speed_and_play(open_window):
    window = open_window()
    press_key(window, "end")
    assert window.player.position == window.player.last
    press_key(window, "home")
    assert window.player.position == 0
    speed = window.speed
    press_key(window, "up", 2)
    press_key(window, "down")
    assert window.speed == speed + 1
    press_key(window, " ")
    assert window.playing
    window.tick()
    window.tick()
    assert window.player.position > 0
    press_key(window, " ")
    assert not window.playing


def test_the_slider_lands_on_the_frame_the_export_shows(open_window):
    window = open_window()
    frames = list(pipeline.scenario_frames(window.session.scenario))
    theme = make_theme()
    slider_ax = window.slider.ax
    for fraction in (0.8, 0.33, 0.61, 0.05):
        value = fraction * window.player.last
        x, y = slider_ax.transData.transform((value, 0.5))
        click(window, x, y)
        position = window.player.position
        assert abs(position - value) <= 1
        assert int(window.slider.val) == position
        assert np.array_equal(shown(window), theme.rgb(frames[position].image)), position


def test_next_milestone_key(open_window):
    window = open_window()
    press_key(window, "n")
    counts = window.player.counts(window.player.position)
    last_events = [t.events[c - 1] for t, c in zip(window.player.tracks, counts)]
    assert any(isinstance(e, ev.MILESTONE_TYPES) for e in last_events)
    assert "first backtrack" in window.player.tracks[0].renderer.caption()


@pytest.mark.slow
def test_s_saves_the_current_frame_as_png(open_window):
    window = open_window()
    press_key(window, "right", 12)
    press_key(window, "s")
    assert window.saved is not None and window.saved.name.endswith("_step000012.png")
    saved = np.asarray(Image.open(window.saved).convert("RGB"))
    assert np.array_equal(saved, make_theme().rgb(window.player.frame))


def test_buttons_step_and_jump(open_window):
    window = open_window()

    def press(label):
        ax = window.buttons[label].ax
        x, y = ax.transAxes.transform((0.5, 0.5))
        click(window, x, y)

    press("▶|")
    assert window.player.position == window.player.last
    press("◀")
    assert window.player.position == window.player.last - 1
    press("|◀")
    press("▶")
    assert window.player.position == 1
    press("play")
    assert window.playing
    assert window.buttons["play"].label.get_text() == "pause"
    press("play")
    assert not window.playing


def test_clicks_place_start_and_goal_and_the_path_ends_there(open_window):
    window = open_window()
    press_key(window, "end")
    click_cell(window, 0, (3, 1))
    click_cell(window, 0, (0, 4), key="shift")
    assert window.session.endpoints[0] == [(3, 1), (0, 4)]
    assert window.playing                                    # it watches the solve
    press_key(window, "end")
    track = window.player.tracks[0]
    found = track.events[-1]
    assert isinstance(found, ev.PathFound)
    assert (found.cells[0], found.cells[-1]) == ((3, 1), (0, 4))
    # the picture shows it: the path colour at the start and goal cells' insides
    theme = make_theme()
    renderer = track.renderer
    slot = window.session.canvas.slots[0]
    for cell in ((3, 1), (0, 4)):
        y, x = renderer.cell_origin(cell)
        colour = shown(window)[slot.y + y + 1, slot.x + x + 1]
        assert tuple(colour) == tuple(theme.colours[renderer.fill(cell)])
    # going back before the edit shows the generator's maze, and forward again the new solve
    press_key(window, "home")
    press_key(window, "end")
    assert track.events[-1] == found


def test_goal_mode_button_and_number_keys(open_window):
    window = open_window()
    window.toggle_mode()
    click_cell(window, 1, (2, 2))
    assert window.session.endpoints[1][1] == (2, 2)
    press_key(window, "1")
    assert window.session.solver == window.session.solvers[0]
    assert window.session.focus == 1
    assert isinstance(window.player.tracks[1].events[-1], ev.PathFound)


# --- Life: a fake Life panel and engine, so the window is tested apart from the real one --


def life_step(grid: np.ndarray) -> np.ndarray:
    """Conway's rule on a torus."""
    n = sum(np.roll(np.roll(grid, dy, 0), dx, 1)
            for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx)
    return ((n == 3) | ((grid == 1) & (n == 2))).astype(np.uint8)


def fake_evolve(grid, rule, surface, generations, start=0):
    current = np.asarray(grid, dtype=np.uint8)
    none = np.zeros(current.shape, dtype=bool)
    yield ev.Generation(0, current.copy(), none, none, int(current.sum()), surface, rule)
    for index in range(1, generations + 1):
        nxt = life_step(current)
        yield ev.Generation(index, nxt, nxt > current, nxt < current, int(nxt.sum()),
                            surface, rule)
        current = nxt


class FakeLifePanel:
    """The interface the window expects of a Life panel: raster, apply, take_dirty,
    caption, and `cell_at` or the grid's geometry (rows, cols, cell_size, oy, ox) as the
    Life branch's LifePanel has it."""

    def __init__(self, rows: int, cols: int, cell_size: int = 6) -> None:
        self.rows, self.cols, self.oy, self.ox = rows, cols, 0, 0
        self.cell_size = cell_size
        self.grid = np.zeros((rows, cols), dtype=np.uint8)
        self.index = 0
        self.raster = np.full((rows * cell_size, cols * cell_size), 18, dtype=np.uint8)
        self.dirty = None

    def apply(self, event) -> None:
        self.grid = np.asarray(event.grid)
        self.index = event.index
        self.raster[:] = np.kron(self.grid, np.ones((self.cell_size,) * 2, np.uint8)) * 16 + 2
        self.dirty = (0, self.raster.shape[0], 0, self.raster.shape[1])

    def take_dirty(self):
        dirty, self.dirty = self.dirty, None
        return dirty

    def caption(self) -> str:
        return f"generation {self.index}"


class FakeLifePanelWithCellAt(FakeLifePanel):
    def cell_at(self, y, x):
        return int(y // self.cell_size), int(x // self.cell_size)


GLIDER = np.zeros((8, 8), dtype=np.uint8)
GLIDER[1, 2] = GLIDER[2, 3] = GLIDER[3, 1] = GLIDER[3, 2] = GLIDER[3, 3] = 1


@pytest.fixture(params=[FakeLifePanel, FakeLifePanelWithCellAt])
def life_window(open_window, monkeypatch, request):
    def renderer(spec, *args, **kwargs):
        return request.param(8, 8) if spec.title == "Life" else real_renderer(spec, *args,
                                                                               **kwargs)

    class Recorded(list):
        """A fake Life panel's transcript."""

        peak = 0

        @property
        def building(self):
            return len(self)

        def phased(self):
            return ((Phase.LIFE, e) for e in self)

    def record(spec):
        if spec.title == "Life":
            return Recorded(fake_evolve(GLIDER, "B3/S23", Surface("torus", 8, 8), 12))
        return real_record(spec)

    real_renderer, real_record = pipeline.renderer, pipeline.record
    monkeypatch.setattr(pipeline, "renderer", renderer)
    monkeypatch.setattr(pipeline, "record", record)
    return open_window("""
title: life
seed: 1
panels:
  - {title: Life, maze: {rows: 2, cols: 2}, generator: backtracker}
  - {title: Maze, maze: {rows: 4, cols: 4, cell_size: 6}, generator: backtracker}
""", evolve=fake_evolve)


def test_toggled_life_cells_change_the_next_generation(life_window):
    window = life_window
    press_key(window, "right", 3)
    track = window.player.tracks[0]
    shown_grid = np.asarray(track.renderer.grid).copy()
    assert track.renderer.index == 3
    alive = tuple(int(v) for v in np.argwhere(shown_grid == 1)[0])
    click_cell_life(window, alive)
    assert not window.playing
    edited = np.asarray(track.renderer.grid)
    assert edited[alive] == 0 and (edited != shown_grid).sum() == 1
    assert track.renderer.index == 3                        # same generation, edited
    press_key(window, "right")
    assert track.renderer.index == 4
    assert np.array_equal(track.renderer.grid, life_step(edited))
    assert not np.array_equal(track.renderer.grid, life_step(shown_grid))
    # the edit is a step: going back shows the generation as it was
    press_key(window, "left", 2)
    assert np.array_equal(track.renderer.grid, shown_grid)


def click_cell_life(window: Window, cell) -> None:
    """Click the middle of Life cell `cell` of the first panel."""
    renderer = window.player.tracks[0].renderer
    slot = window.session.canvas.slots[0]
    size = renderer.cell_size
    x, y = window.ax.transData.transform((slot.x + renderer.ox + cell[1] * size + size // 2,
                                          slot.y + renderer.oy + cell[0] * size + size // 2))
    click(window, x, y)


# --- without a display ----------------------------------------------------------------------


def test_without_a_display_it_says_how_to_get_one(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, "run.py", "scenarios/backtracker.yaml",
                             "--interactive"], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "xvfb-run" in lines[0]


def test_interactive_opens_one_file_not_a_folder(capsys):
    from visualizer.cli import main

    assert main([str(ROOT / "scenarios"), "--interactive"]) == 2
    assert "one scenario file" in capsys.readouterr().err


def test_a_bad_scenario_is_reported_before_any_window(tmp_path, capsys):
    from visualizer.cli import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("maze: {rows: ten, cols: 4}\ngenerator: backtracker\n")
    assert main([str(bad), "--interactive"]) == 2
    assert "rows" in capsys.readouterr().err


@pytest.mark.slow
def test_copies_are_taken_in_idle_time_and_stepping_stays_exact(tmp_path):
    path = tmp_path / "lesson.yaml"
    path.write_text(TWO_PANELS)
    scenario = load(path)
    session = Session(scenario, every=8, prepare=False)
    window = Window(session, make_theme(), save_dir=tmp_path, prepare_in_background=True)
    try:
        assert window.preparing and window.player.prepared < 1
        press_key(window, "right", 30)
        reference = shown(window).copy()
        rounds = 0
        while window.preparing:
            window.prepare_some()
            rounds += 1
        assert window.player.prepared == 1 and rounds >= 1
        press_key(window, "end")
        press_key(window, "home")
        press_key(window, "right", 30)
        assert np.array_equal(shown(window), reference)
        assert "preparing" not in window.status.get_text()
    finally:
        plt.close(window.fig)


def test_a_life_edit_at_the_last_generation_adds_no_generations(life_window):
    window = life_window
    track = window.player.tracks[0]
    press_key(window, "end")
    length = len(track.events)
    last = track.renderer.index
    click_cell_life(window, (5, 5))
    assert len(track.events) == length + 1 and track.renderer.index == last
    assert track.renderer.grid[5, 5] == 1 - track.events[-2].grid[5, 5]


LIFE_AND_MAZE = """
title: Life beside a maze
seed: 3
panels:
  - title: Life on a Klein bottle
    cell_size: 6
    life: {rows: 12, cols: 12, surface: klein, rule: conway, generations: 20,
           init: {random: 0.4}, chart: true}
  - {title: Maze, maze: {rows: 6, cols: 6, cell_size: 6}, generator: kruskal, solver: bfs}
"""


def test_real_life_panel_toggle_changes_the_next_generation(open_window):
    from visualizer.life.engine import step as life_step_engine

    window = open_window(LIFE_AND_MAZE)
    press_key(window, "right", 4)
    track = window.player.tracks[0]
    shown_event = track.events[track.consumed - 1]
    before = np.asarray(shown_event.grid).copy()
    renderer = track.renderer
    slot = window.session.canvas.slots[0]
    cell = tuple(int(v) for v in np.argwhere(before == 1)[0])
    size = renderer.cell_size
    x, y = window.ax.transData.transform((slot.x + renderer.ox + cell[1] * size + size // 2,
                                          slot.y + renderer.oy + cell[0] * size + size // 2))
    click(window, x, y)
    edited = np.asarray(track.events[track.consumed - 1].grid)
    assert edited[cell] == 0 and (edited != before).sum() == 1
    press_key(window, "right")
    after = np.asarray(track.events[track.consumed - 1].grid)
    surface, rule = shown_event.surface, shown_event.rule
    assert np.array_equal(after, life_step_engine(edited, rule, surface))
    assert not np.array_equal(after, life_step_engine(before, rule, surface))
    # the edit is one step: two steps back show the generation as it was
    press_key(window, "left", 2)
    assert np.array_equal(np.asarray(track.events[track.consumed - 1].grid), before)


def test_a_solver_the_surface_refuses_is_not_run_and_the_status_says_why(tmp_path):
    path = tmp_path / "lesson.yaml"
    path.write_text("seed: 3\nmaze: {rows: 6, cols: 6, surface: sphere}\n"
                    "generator: backtracker\nsolver: bfs\n")
    session = Session(load(path), every=8, prepare=False)
    before = session.player.tracks[0].events
    assert not session.choose_solver("pledge")
    assert session.solver == "bfs" and session.player.tracks[0].events is before
    assert "`pledge` cannot run on the surface `sphere`" in session.message
    assert "plane" in session.message                     # where it does run
    assert session.choose_solver("dfs") and session.solver == "dfs"
