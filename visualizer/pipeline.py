"""From a validated scenario to event streams, panels, frames and a file.

`panel_stream(spec)` makes a fresh, seeded event stream for one panel; `make_canvas` builds
the panels' renderers; `render(scenario)` streams frames into the writer picked by the
output's extension.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

import numpy as np

from . import events as ev
from . import registry
from .events import Side
from .maze import Maze
from .render.animate import Frame, Pacing, count_events, frames
from .render.canvas import Canvas
from .render.maze_panel import MazePanel
from .render.palette import make_theme
from .scenario import PanelSpec, Scenario


def endpoints(maze: Maze, rule: str, rng: np.random.Generator) -> Iterator[ev.Event]:
    """Place the entrance and exit by `rule`; yields EndpointsSet (and applies it).

    `corners`: (0, 0) and the opposite corner; on the plane they open onto the outside,
    left of the entrance and right of the exit (seed 000's convention).
    """
    last = (maze.rows - 1, maze.cols - 1)
    if maze.surface.name == "plane":
        event = ev.EndpointsSet((0, 0), last, Side.W, Side.E)
    else:
        event = ev.EndpointsSet((0, 0), last)
    maze.apply(event)
    yield event


def maze_stream(spec: PanelSpec) -> Iterator[ev.Event]:
    """The whole story of a maze panel: generation, endpoints, then the solve."""
    rng = np.random.default_rng(spec.seed)
    m = spec.maze
    maze = Maze(m.rows, m.cols, m.surface)
    generator = registry.get("generator", spec.generator.name)
    yield from generator.func(maze, rng=rng, **spec.generator.params)
    yield from endpoints(maze, spec.endpoints, rng)
    if spec.solver is not None:
        solver = registry.get("solver", spec.solver.name)
        yield from solver.func(maze, rng=rng, **spec.solver.params)


def panel_stream(spec: PanelSpec) -> Iterator[ev.Event]:
    """A fresh event stream for the panel `spec` (same spec, same events)."""
    if spec.life is not None:
        from .life.spec import life_events
        return life_events(spec.life, np.random.default_rng(spec.seed))
    return maze_stream(spec)


def panel_renderer(spec: PanelSpec):
    """The renderer that draws panel `spec`'s events."""
    if spec.life is not None:
        from .render.life_panel import LifePanel
        return LifePanel(spec.life, cell_size=spec.cell_size)
    m = spec.maze
    if m.view == "neighbourhood":
        from .render.neighbourhood import NeighbourhoodPanel
        return NeighbourhoodPanel(m.rows, m.cols, cell_size=m.cell_size, wall=m.wall,
                                  surface=m.surface)
    return MazePanel(m.rows, m.cols, cell_size=m.cell_size, wall=m.wall, surface=m.surface)


def pacing(scenario: Scenario) -> Pacing:
    return Pacing(fps=scenario.fps, steps_per_frame=scenario.steps_per_frame,
                  duration=scenario.duration, clock=scenario.clock,
                  hold_first=scenario.hold_first, hold_last=scenario.hold)


def make_canvas(scenario: Scenario) -> Canvas:
    """The canvas with one freshly set-up renderer per panel."""
    panels = [panel_renderer(spec) for spec in scenario.panels]
    return Canvas(panels, [spec.title for spec in scenario.panels], heading=scenario.title,
                  columns=scenario.columns, size=scenario.size)


def scenario_frames(scenario: Scenario, canvas: Canvas | None = None) -> Iterator[Frame]:
    """Every frame of the scenario, in order."""
    canvas = canvas or make_canvas(scenario)
    pace = pacing(scenario)
    counts = None
    if pace.clock == "progress" or pace.duration:
        counts = [count_events(lambda s=spec: panel_stream(s)) for spec in scenario.panels]
    streams: list[Iterable] = [panel_stream(spec) for spec in scenario.panels]
    return frames(canvas, streams, pace, counts)


@dataclass
class RenderResult:
    """What a render produced."""

    path: Path
    frames: int
    duration: float
    bytes: int
    seconds: float


def render(scenario: Scenario, *, progress: Callable[[int], None] | None = None,
           writer_options: dict | None = None) -> RenderResult:
    """Render `scenario` into `scenario.output`; the file appears only when complete."""
    from .export import open_writer

    started = time.perf_counter()
    theme = make_theme(scenario.theme, scenario.colours)
    canvas = make_canvas(scenario)
    height, width = canvas.shape
    scenario.output.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    total = 0.0
    with open_writer(scenario.output, width=width, height=height, palette=theme.colours,
                     fps=scenario.fps, **(writer_options or {})) as writer:
        for frame in scenario_frames(scenario, canvas):
            writer.write(frame.image, frame.duration, frame.dirty)
            count += 1
            total += frame.duration
            if progress is not None:
                progress(count)
    return RenderResult(scenario.output, count, total, scenario.output.stat().st_size,
                        time.perf_counter() - started)
