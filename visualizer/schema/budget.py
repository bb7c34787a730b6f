"""The resource budget: what a scenario will cost, estimated from its numbers alone and
checked before any work, so that a scenario that would exhaust the machine (or exceed its
format, e.g. GIF's 65,535 pixels a side) is refused at once with the estimate, the limit and
the fix.

Estimates are upper-bound arithmetic on the validated scenario: panel pixels from the panels'
own geometry (`render/maze_geometry.py`, `render/life_geometry.py`: what they draw); steps
from the grid size with a rate per cell measured on 40x40 mazes (see `STEPS_PER_CELL`);
frames from the pacing; memory from the pixels and the cells. `Budget().scaled(x)` multiplies
every limit but the format's by x (`run.py --budget X`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..choices import View
from ..export import FORMATS
from ..render.grid_view import shaped_geometry
from ..render.maze_geometry import MazeGeometry, ViewGeometry

if TYPE_CHECKING:
    from ..scenario import MazeSpec, PanelSpec, Scenario

GIB = 1 << 30
#: bytes a canvas pixel costs at the peak of a render (the canvas, each panel's raster and
#: masks, the writer's previous frame, change maps and index arrays), measured: peak RSS of
#: a GIF render of a kruskal + bfs maze with cell_size 8, wall 2 was 190,100 KiB at 100x100
#: and 432,844 KiB at 200x200 (3.0 M more panel pixels: 83 bytes each), rounded down
BYTES_PER_PIXEL = 80
#: bytes per maze or Life cell (walls, marks, distances, the union-find; Life's grids and
#: counts): an allowance, small beside the pixels' share at any cell_size
BYTES_PER_CELL = 64
#: steps (events) per cell, measured on 40x40 plane mazes (kruskal 4.5, backtracker 4.0,
#: threshold 0.3; solvers 0.9-2.5), rounded up; reverse_delete grows with the square of
#: the cells (0.72, 0.58, 0.51 steps per cell² at 10², 20², 30²)
STEPS_PER_CELL = {"generator": 5.0, "solver": 3.0}
QUADRATIC_STEPS = {"reverse_delete": 0.75}


@dataclass(frozen=True)
class Budget:
    """The limits a scenario is held to."""

    memory: int = 2 * GIB            # bytes at the peak of a render
    frames: int = 100_000            # frames written (over an hour at 25 fps)
    steps: int = 20_000_000          # algorithm steps of all panels together
    life_updates: int = 4_000_000_000    # Life cells x generations, all panels
    panels: int = 64

    def scaled(self, factor: float) -> Budget:
        """Every limit times `factor` (≥ 1)."""
        return replace(self, memory=int(self.memory * factor),
                       frames=int(self.frames * factor), steps=int(self.steps * factor),
                       life_updates=int(self.life_updates * factor),
                       panels=int(self.panels * factor))

    def problems(self, scenario: Scenario) -> list[str]:
        """Every limit `scenario` exceeds, one located line each (without the file)."""
        return list(_problems(self, scenario))


RAISE = " (run.py --budget X raises it)"


def _fmt(n: float) -> str:
    return f"{n:,.0f}" if n < 1e12 else f"{n:.1e}"


def _bytes(n: float) -> str:
    return f"{n / GIB:,.1f} GiB" if n >= GIB else f"{n / (1 << 20):,.0f} MiB"


def _loc(scenario: Scenario, i: int) -> str:
    return "" if scenario.shorthand else f"panels[{i}]."


def _maze(spec: PanelSpec) -> MazeSpec:
    """The maze of a maze panel."""
    assert spec.maze is not None, "a maze panel"
    return spec.maze


def _panel_side(spec: PanelSpec, cell_size: int) -> tuple[int, int]:
    """A panel's (width, height) in pixels with `cell_size`, as it draws itself (its
    geometry; a Life chart labelled at the default text size)."""
    if spec.life is not None:
        from ..render.life_geometry import life_geometry   # measures text: defers PIL
        height, width = life_geometry(spec.life, cell_size,
                                      chart_beside=spec.chart_beside).shape
        return width, height
    m = _maze(spec)
    shaped = shaped_geometry(m.grid, m.rows, m.cols, m.surface, m.mask,
                             view=m.view == View.NEIGHBOURHOOD, cell_size=cell_size,
                             wall=m.wall)
    if shaped is not None:
        height, width = shaped.shape
        return width, height
    blocks = spec.generator is not None and spec.generator.algorithm("generator").blocks
    kind = ViewGeometry if m.view == View.NEIGHBOURHOOD else MazeGeometry
    height, width = kind.of(m.rows, m.cols, cell_size=cell_size, wall=m.wall,
                            surface=m.surface, blocks=blocks).shape
    return width, height


def _cell_size(spec: PanelSpec) -> int:
    return spec.cell_size if spec.life is not None else _maze(spec).cell_size


def _cells(spec: PanelSpec) -> int:
    if spec.life is not None:
        return spec.life.rows * spec.life.cols
    return _maze(spec).rows * _maze(spec).cols


def panel_steps(spec: PanelSpec) -> float:
    """The estimated number of events (steps) of a panel."""
    if spec.life is not None:
        return spec.life.generations + 1.0
    cells = _cells(spec)
    total = 0.0
    for kind, choice in (("generator", spec.generator), ("solver", spec.solver)):
        if choice is None:
            continue
        quadratic = QUADRATIC_STEPS.get(choice.name)
        total += quadratic * cells * cells if quadratic else STEPS_PER_CELL[kind] * cells
    return total


def frames(scenario: Scenario, steps: list[float]) -> float:
    """The estimated number of frames: the pacing's, plus the holds."""
    holds = (scenario.hold + scenario.hold_first) * scenario.fps
    if scenario.duration:
        return scenario.duration * scenario.fps + holds
    per_frame = scenario.steps_per_frame or 1
    return math.ceil(max(steps, default=1) / per_frame) + holds


def _problems(budget: Budget, scenario: Scenario) -> Any:
    """Every limit `scenario` exceeds, one located line each."""
    if len(scenario.panels) > budget.panels:
        yield (f"panels: {len(scenario.panels):,} panels; the limit is {budget.panels}{RAISE}: "
               "split them over several scenarios")
        return
    yield from _side_problems(scenario)
    memory = _memory_problem(budget, scenario)
    if memory:
        yield memory
    steps = [panel_steps(spec) for spec in scenario.panels]
    yield from _run_problems(budget, scenario, steps)
    count = frames(scenario, steps)
    if count > budget.frames:
        yield _frames_problem(scenario, budget, count, steps)


def _side_problems(scenario: Scenario) -> Any:
    """A panel wider or taller than the format holds (on a canvas of its own size)."""
    fmt = FORMATS[scenario.format]
    if scenario.size is not None:        # a fixed canvas: the layout scales cells to fit
        return
    for i, spec in enumerate(scenario.panels):
        w, h = _panel_side(spec, _cell_size(spec))
        if max(w, h) > fmt.max_side:
            best = _largest(spec, lambda c, s=spec: max(_panel_side(s, c)) <= fmt.max_side)
            key = "cell_size" if spec.life is not None else "maze.cell_size"
            yield (f"{_loc(scenario, i)}{key}: the panel would be {w:,} x {h:,} pixels; "
                   f"{fmt.name.upper()} holds at most {fmt.max_side:,} pixels a side: "
                   + (f"cell_size at most {best} for this size" if best else
                      "fewer rows and cols"))


def _memory_problem(budget: Budget, scenario: Scenario) -> str | None:
    """The memory a render would take at its peak, if beyond the limit."""
    fixed = scenario.size is not None
    cells = float(sum(_cells(spec) for spec in scenario.panels))
    if scenario.size is not None:
        pixels = float(scenario.size[0] * scenario.size[1])
    else:
        pixels = float(sum(math.prod(_panel_side(spec, _cell_size(spec)))
                           for spec in scenario.panels))
    memory = pixels * BYTES_PER_PIXEL + cells * BYTES_PER_CELL
    if memory <= budget.memory:
        return None
    worst = max(range(len(scenario.panels)),
                key=lambda i: math.prod(_panel_side(scenario.panels[i],
                                                    _cell_size(scenario.panels[i]))))
    spec = scenario.panels[worst]
    share = budget.memory / memory
    best = _largest(spec, lambda c: math.prod(_panel_side(spec, c)) * BYTES_PER_PIXEL
                    <= share * math.prod(_panel_side(spec, _cell_size(spec)))
                    * BYTES_PER_PIXEL) if not fixed else 0
    key = "cell_size" if spec.life is not None else "maze.cell_size"
    fix = f"cell_size at most {best} for this size" if best else "fewer rows and cols"
    return (f"{_loc(scenario, worst)}{key}: about {_bytes(memory)} of memory "
            f"({_fmt(pixels)} pixels, {_fmt(cells)} cells); the limit is "
            f"{_bytes(budget.memory)}{RAISE}: {fix}")


def _run_problems(budget: Budget, scenario: Scenario, steps: list[float]) -> Any:
    """Too many algorithm steps (all maze panels together), or Life cell updates."""
    maze_steps = sum(s for s, spec in zip(steps, scenario.panels) if spec.life is None)
    if maze_steps > budget.steps:
        i = max(range(len(steps)), key=lambda k: steps[k] if scenario.panels[k].life is None
                else -1)
        spec = scenario.panels[i]
        name = spec.generator.name if spec.generator is not None else "?"
        yield (f"{_loc(scenario, i)}maze: about {_fmt(maze_steps)} algorithm steps "
               f"({_maze(spec).rows}x{_maze(spec).cols} cells, {name}"
               + (f" + {spec.solver.name}" if spec.solver else "")
               + f"); the limit is {_fmt(budget.steps)}{RAISE}: fewer rows and cols")
    updates = sum(_cells(s) * (s.life.generations + 1) for s in scenario.panels
                  if s.life is not None)
    if updates > budget.life_updates:
        i, spec, life = max(((k, s, s.life) for k, s in enumerate(scenario.panels)
                             if s.life is not None),
                            key=lambda ksl: _cells(ksl[1]) * ksl[2].generations)
        most = max(0, int(budget.life_updates / _cells(spec)) - 1)
        yield (f"{_loc(scenario, i)}life.generations: about {_fmt(updates)} cell updates "
               f"({life.generations:,} generations of {life.rows}x{life.cols} "
               f"cells); the limit is {_fmt(budget.life_updates)}{RAISE}: generations at "
               f"most {most:,} for this grid")


def _frames_problem(scenario: Scenario, budget: Budget, count: float,
                    steps: list[float]) -> str:
    fps = scenario.fps
    if scenario.duration:
        most = (budget.frames - (scenario.hold + scenario.hold_first) * fps) / fps
        return (f"duration: about {_fmt(count)} frames ({scenario.duration:g} s at {fps} fps); "
                f"the limit is {_fmt(budget.frames)}{RAISE}: duration at most {most:,.0f} s "
                f"at {fps} fps")
    per_frame = max(1, math.ceil(max(steps) / max(1, budget.frames - (
        scenario.hold + scenario.hold_first) * fps)))
    return (f"steps_per_frame: about {_fmt(count)} frames (one per "
            f"{scenario.steps_per_frame or 1} of {_fmt(max(steps))} steps); the limit is "
            f"{_fmt(budget.frames)}{RAISE}: set steps_per_frame to at least {per_frame:,}, "
            "or a duration")


def _largest(spec: PanelSpec, fits: Any) -> int:
    """The largest cell size from the panel's own down to 1 for which `fits` holds (0 if
    none)."""
    for c in range(_cell_size(spec), 0, -1):
        if fits(c):
            return c
    return 0


__all__ = ["Budget", "frames", "panel_steps"]
