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
from . import registry, stats
from .braid import braid
from .endpoints import History, place as place_endpoints
from .maze import Maze
from .render.animate import Frame, Pacing, count_events, frames
from .render.canvas import Canvas
from .render.maze_panel import MazePanel
from .render.palette import make_theme
from .scenario import PanelSpec, Scenario


def endpoints(maze: Maze, rule, rng: np.random.Generator | None = None,
              history: History | None = None) -> Iterator[ev.Event]:
    """Place the entrance and exit by `rule` (see `visualizer.endpoints`); yields
    EndpointsSet (applied to `maze`) and maybe a Milestone explaining the choice."""
    return place_endpoints(maze, rule, history)


def maze_phases(spec: PanelSpec, maze: Maze | None = None
                ) -> Iterator[tuple[str, ev.Event]]:
    """The whole story of a maze panel as (phase, event): "generate", "braid",
    "endpoints", "stats", "solve". `maze` (blank, optional) receives the model."""
    rng = np.random.default_rng(spec.seed)
    m = spec.maze
    maze = maze if maze is not None else Maze(m.rows, m.cols, m.surface)
    generator = registry.get("generator", spec.generator.name)
    history = History()
    for event in generator.func(maze, rng=rng, **spec.generator.params):
        history.see(event)
        yield "generate", event
    if spec.braid:
        for event in braid(maze, spec.braid, rng):
            yield "braid", event
    for event in endpoints(maze, spec.endpoints, rng, history):
        yield "endpoints", event
    yield "stats", stats.as_event("maze", stats.maze_stats(maze))
    if spec.solver is not None:
        solver = registry.get("solver", spec.solver.name)
        solve_events = []
        for event in solver.func(maze, rng=rng, **spec.solver.params):
            solve_events.append(event)
            yield "solve", event
        yield "stats", stats.as_event("solve", stats.solve_stats(solve_events))


def maze_stream(spec: PanelSpec) -> Iterator[ev.Event]:
    """The whole story of a maze panel: generation, braiding, endpoints, figures, solve."""
    return (event for _, event in maze_phases(spec))


def panel_stats(spec: PanelSpec) -> dict:
    """The figures of panel `spec`: {"title", "maze": {...}, "solve": {...} or None}."""
    if spec.life is not None:
        return {"title": spec.title, "life": True}
    out = {"title": spec.title, "generator": spec.generator.name,
           "solver": spec.solver.name if spec.solver else None, "maze": None, "solve": None}
    for phase, event in maze_phases(spec):
        if isinstance(event, ev.Statistics):
            out[event.scope] = dict(event.values)
    for scope in ("maze", "solve"):
        if out[scope]:
            out[scope] = {k: [list(x) for x in v] if k == "longest_path_ends" and v else
                          list(v) if isinstance(v, tuple) else v
                          for k, v in out[scope].items()}
    return out


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
