"""The window follows the export's pacing: `solve_together` (build every maze, then all solve
together) and `animate: solve` (the built maze is step 0), step for step and pixel for pixel.

The window's steps are compared with the export's frames on the unscaled canvas frame (the
window only enlarges it by a whole factor, nearest-neighbour: see test_window_layout)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import pipeline

from visualizer.render.animate import Pacing, frame_counts
from visualizer.scenario import load
from visualizer.window.player import lockstep
from visualizer.window.session import Session
from tiers import tiered

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"

#: shipped scenarios on the progress clock: both use solve_together, astar animates the solve
PROGRESS_SCENARIOS = ["threshold.yaml", "default.yaml", "astar.yaml"]


def not_default(name: str) -> bool:
    """The fast tier leaves out the default scenario, the largest (two auto-sized mazes)."""
    return name != "default.yaml"


def export_frames(path: Path) -> list:
    return list(pipeline.scenario_frames(load(path)))


def milestones(events: list) -> list[int]:
    return [j for j, e in enumerate(events) if isinstance(e, ev.MILESTONE_TYPES)]


def panel_pixels(session: Session, frame: np.ndarray, panel: int) -> np.ndarray:
    """Panel `panel`'s rectangle of `frame` (its raster's size)."""
    slot = session.canvas.slots[panel]
    h, w = session.player.tracks[panel].renderer.raster.shape
    return frame[slot.y:slot.y + h, slot.x:slot.x + w].copy()


def click_cell(session: Session, panel: int, cell, *, goal: bool = False) -> bool:
    """Click the middle of `cell` of `panel` in the frame (pixel coordinates)."""
    renderer = session.player.tracks[panel].renderer
    slot = session.canvas.slots[panel]
    y, x = renderer.cell_origin(cell)
    half = renderer.cell_size // 2
    return session.click(slot.y + y + half, slot.x + x + half, goal=goal)


def open_cell(session: Session, panel: int, avoid=()) -> tuple[int, int]:
    """An open cell of maze panel `panel` (threshold mazes have rock), not in `avoid`."""
    _, maze, _ = session.generated(panel)
    blocked = np.asarray(maze.blocked)
    for r in range(1, blocked.shape[0]):
        for c in range(1, blocked.shape[1]):
            if not blocked[r, c] and (r, c) not in avoid:
                return r, c
    raise AssertionError("no open cell")


# --- the pacing, worked out without drawing ----------------------------------------------------


@pytest.mark.parametrize("name", tiered(["threshold.yaml", "default.yaml", "astar.yaml",
                                         "dfs.yaml"], not_default))
def test_frame_counts_are_the_export_frames_steps(name):
    ready = pipeline.prepare(load(SCENARIOS / name))   # `rows: auto` mazes sized
    plan = ready.plan.schedule
    recorded = [list(t) for t in ready.transcripts]
    counts = frame_counts([len(s) for s in recorded], plan.pacing, plan.counts, plan.first,
                          plan.split, [milestones(s) for s in recorded])
    assert counts == [frame.steps for frame in export_frames(SCENARIOS / name)]


@pytest.mark.parametrize("clock", ["steps", "progress"])
def test_a_milestone_ends_its_frame_in_both(clock):
    # stream 0: milestones at 2 and 3, consumed one frame each even with 4 events a frame
    lengths = [10, 6]
    marks = [[2, 3], []]
    pacing = Pacing(steps_per_frame=4, clock=clock)
    counts = frame_counts(lengths, pacing, lengths if clock == "progress" else None,
                          milestones=marks)
    assert counts[0] == (1, 1)
    if clock == "steps":
        assert [c[0] for c in counts] == [1, 3, 4, 8, 10]
    assert counts[-1] == (10, 6)
    for mark in marks[0]:
        assert any(c[0] == mark + 1 for c in counts), mark        # a frame ends on it
    # with two phases, the build of both ends on one frame, then both solve
    split = [5, 3]
    together = frame_counts(lengths, Pacing(steps_per_frame=1, clock="progress"), lengths,
                            split=split, milestones=marks)
    assert (5, 3) in together
    for a, b in together:
        assert (a <= 5) or (b >= 3), (a, b)           # nobody solves while another builds


def test_lockstep_starts_after_the_events_of_the_first_picture():
    assert lockstep((3, 5), 0) == (1, 1)
    assert lockstep((10, 5), 0, (4, 0)) == (4, 1)
    assert lockstep((10, 5), 3, (4, 0)) == (7, 4)
    assert lockstep((10, 5), 9, (4, 0)) == (10, 5)


# --- the window shows the export's frames -----------------------------------------------------


@pytest.mark.parametrize("name", tiered(PROGRESS_SCENARIOS, not_default))
def test_every_window_step_is_the_export_frame(name):
    frames = export_frames(SCENARIOS / name)
    session = Session(load(SCENARIOS / name), every=64, prepare=False)
    player = session.player
    assert player.last == frames[-1].index
    # backwards first (copies restored), then forwards
    for frame in frames[::-1] + frames[::7]:
        player.seek(frame.index)
        assert player.counts(frame.index) == frame.steps, frame.index
        assert np.array_equal(player.frame, frame.image), frame.index


def test_solve_together_builds_every_maze_then_all_solve():
    session = Session(load(SCENARIOS / "threshold.yaml"), every=64)
    plan = session.schedule
    player = session.player
    built = plan.split
    steps = [player.counts(p) for p in range(player.last + 1)]
    # one step where every maze is built and none has begun its solve
    assert tuple(built) in steps
    for counts in steps:
        building = [c < b for c, b in zip(counts, built)]
        solving = [c > b for c, b in zip(counts, built)]
        assert not (any(building) and any(solving)), counts


@pytest.mark.parametrize("name", ["astar.yaml", "dfs.yaml"])
def test_an_animate_solve_panel_starts_from_its_built_maze(name):
    scenario = load(SCENARIOS / name)
    frames = export_frames(SCENARIOS / name)
    session = Session(scenario, every=64)
    player = session.player
    first = session.schedule.first
    assert player.counts(0) == frames[0].steps == tuple(first)
    assert np.array_equal(player.frame, frames[0].image)
    for track in player.tracks:
        assert track.renderer.caption().startswith("step 0")
    if player.clock == "steps":
        # one event per step from the built maze on, and every export frame is a step
        assert player.counts(1) == tuple(f + 1 for f in first)
        assert player.last == len(player.tracks[0]) - first[0]
        for frame in frames[::-9] + frames[-1:]:
            player.seek(player.position_for(0, frame.steps[0]))
            assert np.array_equal(player.frame, frame.image), frame.index


# --- a click re-solves that panel only ---------------------------------------------------------


@pytest.mark.parametrize("name, at", tiered(
    [("threshold.yaml", 0.2), ("threshold.yaml", 0.7), ("astar.yaml", 0.0), ("default.yaml", 0.5)],
    lambda case: not_default(case[0]), lambda case: f"{case[0]}-{case[1]}", spread=True))
def test_a_click_resolves_one_panel_and_the_others_keep_the_export(name, at):
    frames = export_frames(SCENARIOS / name)
    scenario = load(SCENARIOS / name)
    session = Session(scenario, every=64)
    player = session.player
    mazes = [i for i, spec in enumerate(scenario.panels) if spec.maze is not None]
    panel = mazes[1]
    here = int(at * player.last)
    player.seek(here)
    start = open_cell(session, panel)
    assert click_cell(session, panel, start)
    assert player.position == here                             # no rewind
    track = player.tracks[panel]
    assert isinstance(track.events[track.consumed - 1], ev.EndpointsSet)
    assert track.events[track.consumed - 1].entrance == start
    # every other panel shows the export's picture at every step, forward and back
    others = [i for i in range(len(scenario.panels)) if i != panel]
    for frame in frames[::-5] + frames[::11] + frames[-1:]:
        player.seek(frame.index)
        for i in others:
            assert player.count(i, frame.index) == frame.steps[i], (frame.index, i)
            assert np.array_equal(panel_pixels(session, player.frame, i),
                                  panel_pixels(session, frame.image, i)), (frame.index, i)
    # the clicked panel's new solve plays to its end
    player.seek(player.last)
    assert track.consumed == len(track.events)
    assert isinstance(track.events[-1], (ev.PathFound, ev.NoPath))
    found = track.events[-1]
    if isinstance(found, ev.PathFound):
        assert found.cells[0] == start


# --- the same through the matplotlib window (Agg) ----------------------------------------------


@pytest.mark.slow
def test_the_window_steps_through_the_export_frames_and_a_click_keeps_the_others(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from test_window_headless import click_cell as click_on_screen
    from test_window_headless import press_key, shown

    from visualizer.render.palette import make_theme
    from visualizer.window.figure import Window

    path = SCENARIOS / "threshold.yaml"
    frames = export_frames(path)
    scenario = load(path)
    theme = make_theme(scenario.theme)
    with matplotlib.rc_context():
        window = Window(Session(scenario, every=64), theme, save_dir=tmp_path)
        try:
            window.fig.canvas.draw()
            assert np.array_equal(shown(window), theme.rgb(frames[0].image))
            for target in (40, 120):
                window.go(target - 1)
                press_key(window, "right")
                assert window.player.position == target
                assert np.array_equal(shown(window), theme.rgb(frames[target].image))
            here = window.player.position
            session = window.session
            click_on_screen(window, 1, open_cell(session, 1))
            window.pause()
            assert window.player.position == here
            press_key(window, "end")
            press_key(window, "home")
            for target in (30, 90, 200, window.player.last):
                window.go(target - 1)
                press_key(window, "right")
                position = window.player.position
                frame = frames[min(position, len(frames) - 1)].image
                assert np.array_equal(panel_pixels(session, window.player.frame, 0),
                                      panel_pixels(session, frame, 0)), position
        finally:
            plt.close(window.fig)
