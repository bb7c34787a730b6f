"""Captions tell the present: a milestone's line goes at the next milestone or after a few
seconds, step counts start where the animation starts, figures appear once computed."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import pipeline
import streams
from visualizer.render.animate import Pacing, caption_clocks
from visualizer.render.canvas import Canvas
from visualizer.render.maze_caption import MazeCaption
from visualizer.render.maze_panel import MazePanel
from visualizer.scenario import load
from visualizer.window.player import Player

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def captioned_frames(scenario):
    """[(frame, [caption of each panel])] for every frame of `scenario`'s export."""
    canvas = streams.make_canvas(scenario)
    shown = []
    compose = canvas.compose

    def recording():
        dirty = compose()
        shown.append([panel.caption() for panel in canvas.panels])
        return dirty

    canvas.compose = recording
    out = list(pipeline.scenario_frames(scenario, canvas))
    return list(zip(out, shown))


def milestone_labels(spec) -> list[str]:
    return [e.label for e in streams.maze_stream(spec) if isinstance(e, ev.Milestone)]


def statistics(spec, scope: str) -> str:
    return next(e.summary for e in streams.maze_stream(spec)
                if isinstance(e, ev.Statistics) and e.scope == scope)


def test_the_first_backtrack_goes_a_few_seconds_later():
    scenario = load(SCENARIOS / "backtracker.yaml")
    label = milestone_labels(scenario.panels[0])[0]          # the backtracker's first
    shown = captioned_frames(scenario)
    with_label = [i for i, (_, captions) in enumerate(shown) if label in captions[0]]
    assert with_label, "the milestone is never said"
    assert with_label == list(range(with_label[0], with_label[-1] + 1))   # one stretch
    seconds = sum(shown[i][0].duration for i in with_label)
    assert 1.0 <= seconds <= 4.0
    assert label not in shown[-1][1][0]


def test_a_milestone_line_goes_at_the_next_milestone():
    panel = MazePanel(3, 3, caption=MazeCaption(clock=lambda p: p / 1000, hold=1000.0))
    panel.apply(ev.Milestone("first"))
    panel.apply(ev.CellMarked((0, 0), ev.Mark.CURRENT))
    assert "first" in panel.caption()
    panel.apply(ev.Milestone("second"))
    assert "second" in panel.caption() and "first" not in panel.caption()


def test_a_milestone_line_lasts_caption_hold_seconds():
    # ten events a second
    panel = MazePanel(3, 3, caption=MazeCaption(clock=lambda p: p / 10, hold=0.3))
    panel.apply(ev.Milestone("now"))
    for _ in range(2):
        panel.apply(ev.CellMarked((0, 0), ev.Mark.CURRENT))
        assert "now" in panel.caption()
    panel.apply(ev.CellMarked((0, 1), ev.Mark.CURRENT))
    assert "now" not in panel.caption()
    assert panel.status == "now"        # still the last milestone reached (the window's)


def test_caption_clocks_follow_the_pacing():
    steps = caption_clocks(2, Pacing(fps=25, steps_per_frame=7))
    assert steps[0](7 * 75) == steps[1](7 * 75) == 3.0
    a, b = caption_clocks(2, Pacing(fps=20, clock="progress", duration=10), [2000, 500])
    assert a(2000) == b(500) == 10.0          # 200 frames: both end together
    assert a(1000) == b(250) == 5.0
    # building together, then solving together: 10 building events take as long as 1000
    a, b = caption_clocks(2, Pacing(fps=20, clock="progress", duration=10), [2000, 1010],
                          [1000, 10])
    assert a(1000) == b(10) == 5.0


@pytest.mark.parametrize("name", ["backtracker.yaml", "threshold.yaml", "wall_follower.yaml",
                                  "reverse_delete.yaml", "braid.yaml"])
def test_no_milestone_line_stays_more_than_a_few_seconds(name):
    scenario = load(SCENARIOS / name)
    shown = captioned_frames(scenario)
    for i, spec in enumerate(scenario.panels):
        figures = [e.summary for e in streams.maze_stream(spec) if isinstance(e, ev.Statistics)]
        for label in set(milestone_labels(spec)):
            seconds, longest = 0.0, 0.0
            for frame, captions in shown:
                said = captions[i]
                for summary in figures:            # a figure may say it too ("loop detected")
                    said = said.replace(summary, "")
                seconds = seconds + frame.duration if label in said else 0.0
                longest = max(longest, seconds)
            assert longest <= 4.0, (name, label, longest)


@pytest.mark.parametrize("name", ["dfs.yaml", "astar.yaml", "endpoints.yaml"])
def test_frame_0_of_animate_solve_says_step_0(name):
    scenario = load(SCENARIOS / name)
    assert any(spec.animate == "solve" for spec in scenario.panels)
    shown = captioned_frames(scenario)
    first = shown[0][1]
    for spec, caption in zip(scenario.panels, first):
        if spec.animate == "solve":
            assert caption.split(" · ")[0] == "step 0", caption
    # and the count grows from there: one step per animated event
    frame = shown[1][0]
    solving = [i for i, spec in enumerate(scenario.panels) if spec.animate == "solve"]
    base = [streams.building_events(spec) for spec in scenario.panels]
    for i in solving:
        assert shown[1][1][i].split(" · ")[0] == f"step {frame.steps[i] - base[i]}"


def test_threshold_shows_no_maze_figure_before_its_solve_ended():
    scenario = load(SCENARIOS / "threshold.yaml")
    shown = captioned_frames(scenario)
    for i, spec in enumerate(scenario.panels):
        maze, solve = statistics(spec, "maze"), statistics(spec, "solve")
        ended = [solve in captions[i] for _, captions in shown]
        first_end = ended.index(True)
        assert all(ended[first_end:])
        assert not any(maze in captions[i] for _, captions in shown[:first_end])
        assert maze in shown[-1][1][i]
        # nothing the solve has not yet found: no "loops" before the figures
        assert not any("loops" in captions[i] for _, captions in shown[:first_end])


def test_a_maze_without_solver_shows_its_figures_once_drawn():
    panel = MazePanel(2, 2)
    panel.apply(ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED))
    panel.apply(ev.Statistics("maze", "perfect · solution 2"))
    assert panel.caption().endswith("perfect · solution 2")
    waiting = MazePanel(2, 2, caption=MazeCaption(figures_wait=True))
    waiting.apply(ev.Statistics("maze", "perfect · solution 2"))
    assert "perfect" not in waiting.caption()
    waiting.apply(ev.Statistics("solve", "visited 4 · path 2"))
    assert waiting.caption().endswith("visited 4 · path 2 · perfect · solution 2")


def test_the_window_draws_the_export_captions(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("""
title: window and export
seed: 5
clock: progress
duration: 2
panels:
  - {title: B, maze: {rows: 5, cols: 6, cell_size: 4, wall: 1}, generator: backtracker,
     solver: bfs, animate: solve}
  - {title: K, maze: {rows: 4, cols: 4, cell_size: 4, wall: 1}, generator: kruskal,
     solver: dfs}
""")
    scenario = load(path)
    frames = list(pipeline.scenario_frames(scenario))
    player = Player(streams.make_canvas(scenario),
                    [streams.panel_stream(s) for s in scenario.panels], clock="progress")
    for frame in frames[::5] + frames[-1:]:
        player.seek_counts(frame.steps)
        assert np.array_equal(player.frame, frame.image), frame.index


def test_a_bare_canvas_keeps_every_line():
    """Without a pacing (a canvas made by hand) nothing expires."""
    panel = MazePanel(2, 2)
    Canvas([panel], ["t"])
    panel.apply(ev.Milestone("kept"))
    for _ in range(50):
        panel.apply(ev.CellMarked((0, 0), ev.Mark.CURRENT))
    assert "kept" in panel.caption()


def test_an_algorithm_stopped_on_a_problem_is_said_to_the_end():
    """A student's generator that stops on a problem: the caption keeps saying why through
    the endpoints, the figures and the solve (a plain milestone's line goes with them),
    until a new grid starts."""
    from visualizer.maze import Maze, stats

    maze = Maze(3, 3)
    caption = MazeCaption(clock=lambda p: p / 10, hold=0.5, figures_wait=True)
    why = "my_backtracker: step 2, line 9: carve((0, 0), (2, 2)): not neighbours"
    stream = [ev.GridCreated(3, 3, maze.surface), ev.WallOpened((0, 0), ev.Side.E),
              ev.Milestone(why, kind=ev.MilestoneKind.STOPPED),
              ev.EndpointsSet((0, 0), (2, 2)),
              stats.as_event(ev.Scope.MAZE, stats.maze_stats(maze)),
              ev.NoPath(ev.NoPathReason.UNREACHABLE),
              stats.as_event(ev.Scope.SOLVE, stats.solve_stats([]))]
    for event in stream:
        caption.apply(event)
        if caption.step >= 3:
            assert why in caption.text()
    plain = MazeCaption(clock=lambda p: p / 10, hold=0.5)
    for event in [*stream[:2], ev.Milestone(why), *stream[3:]]:
        plain.apply(event)
    assert why not in plain.text(), "a plain milestone's line does not stay"
    caption.apply(ev.GridCreated(3, 3, maze.surface))
    assert why not in caption.text()
