"""Shortcuts for tests: a panel's story recorded on its own, a canvas for a scenario.

The product records each panel once per render (`visualizer.pipeline.prepare`); a test
that wants one panel's events or one scenario's canvas asks here."""
from __future__ import annotations

from typing import Any, Iterator

from visualizer import events as ev
from visualizer.choices import Phase
from visualizer.maze import Maze, replay
from visualizer.pipeline import Prepared, prepare, renderer
from visualizer.record import MazeTranscript, Transcript, record
from visualizer.render.canvas import Canvas
from visualizer.scenario import PanelSpec, Scenario

import numpy as np


def panel_stream(spec: PanelSpec) -> Iterator[ev.Event]:
    """Panel `spec`'s events, recorded afresh."""
    return iter(record(spec))


maze_stream = panel_stream


def maze_phases(spec: PanelSpec, maze: Maze | None = None
                ) -> Iterator[tuple[Phase, ev.Event]]:
    """Panel `spec`'s events with their phases, recorded afresh; `maze` (blank, optional)
    receives the model they build."""
    transcript = record(spec)
    if maze is not None:
        for event in transcript:
            if isinstance(event, ev.GridCreated):    # the blank maze, as the stream makes it
                maze.__init__(event.rows, event.cols, event.surface,   # type: ignore[misc]
                              walls_open=event.walls_open)
            else:
                maze.apply(event)
    return transcript.phased()


def building_events(spec: PanelSpec) -> int:
    """How many of maze panel `spec`'s events come before its solve."""
    return record(spec).building


def built(spec: PanelSpec) -> tuple[list[ev.Event], Maze, np.random.Generator]:
    """Panel `spec`'s building events, its maze before the endpoints, the solver's rng."""
    transcript = record(spec)
    assert isinstance(transcript, MazeTranscript)
    made = list(transcript.built)
    return made, replay(made), transcript.solver_generator()


def panel_renderer(spec: PanelSpec, text_size: int = 13, transcript: Transcript | None = None
                   ) -> Any:
    """A fresh renderer for panel `spec` (its transcript recorded if not given)."""
    return renderer(spec, transcript or record(spec), text_size)


def make_canvas(scenario: Scenario | Prepared) -> Canvas:
    """A fresh canvas for `scenario` as a render plans it."""
    ready = scenario if isinstance(scenario, Prepared) else prepare(scenario)
    return ready.canvas()


__all__ = ["building_events", "built", "make_canvas", "maze_phases", "maze_stream",
           "panel_renderer", "panel_stream", "prepare"]


def resolve(scenario: Scenario) -> tuple[list, list[str]]:
    """The questions of `scenario` as a render asks them, and no errors (a render refuses
    a scenario whose questions have errors: `prepare` raises ScenarioError)."""
    return list(prepare(scenario).asked), []


def phased_events(spec: PanelSpec) -> list[tuple[Phase, ev.Event]]:
    """Panel `spec`'s whole story as (phase, event), recorded afresh (what the questions
    are resolved against)."""
    return list(record(spec).phased())
