"""YAML scenario -> validated `Scenario`, with every error at once and its location.

A message reads `scenarios/x.yaml: panels[1].maze.rows: expected a whole number from 1 to
1000, got 'ten'`. YAML is read with the safe loader.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from . import registry
from .errors import ScenarioError
from .export import FORMATS
from .schema.budget import Budget
from .schema.fields import located
from .schema.model import (  # noqa: F401
    AUTO,
    CANVAS_LIMITS,
    ENDPOINT_RULES,
    MAX_SIDE,
    MAZE_VIEWS,
    PANEL_KEYS,
    SLIDE_SIZES,
    TOP_KEYS,
    parse_size,
    resolve_output,
    scenario_model,
    size_expected,
)
from .schema.yaml_reader import YamlProblem, read_yaml

DEFAULT_BUDGET = Budget()
AUTO_START = 4         # an auto side's size until the layout sets it
AUTO_CANVAS = (960, 540)    # the canvas auto-sized mazes fill when no `size` is given


@dataclass
class AlgorithmChoice:
    """A registered algorithm and the options the scenario gives it."""

    name: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class MazeSpec:
    rows: int
    cols: int
    surface: str = "plane"
    cell_size: int = 10
    wall: int = 2
    view: str = "square"     # or "neighbourhood": copies of the maze around it, as glued
    auto: tuple[bool, bool] = (False, False)   # rows, cols follow the panel's slot

    @property
    def sized(self) -> bool:
        """Whether rows and cols are fixed (not `auto`), so cells can be named."""
        return not any(self.auto)


@dataclass
class PanelSpec:
    """One panel: a maze generated (and maybe solved), or a Life run (`life`)."""

    title: str
    seed: int
    maze: MazeSpec | None = None
    generator: AlgorithmChoice | None = None
    endpoints: Any = "corners"     # a rule name or (entrance, exit) cells
    solver: AlgorithmChoice | None = None
    life: Any = None
    cell_size: int = 10
    braid: float = 0.0
    animate: str = "all"           # or "solve": the maze appears built in the first frame
    chart_beside: bool = False     # set by the slide layout: a Life chart beside its grid
    questions: list = field(default_factory=list)   # stop and predict (visualizer.questions)
    figures: str = "summary"       # the maze's caption figures: summary, or texture


@dataclass
class Scenario:
    path: Path
    title: str
    seed: int
    panels: list[PanelSpec]
    output: Path
    format: str = "gif"
    fps: int = 25
    steps_per_frame: int | None = None
    duration: float | None = None
    clock: str = "steps"
    hold: float = 2.0
    hold_first: float = 0.5
    theme: str = "light"
    colours: dict[str, str] = field(default_factory=dict)
    columns: int | None = None
    size: tuple[int, int] | None = None
    still: bool = False            # also save the final frame as a PNG
    strip: int = 0                 # also save this many key frames side by side as a PNG
    legend: bool = True            # each panel explains its colours below its caption
    solve_together: bool = False   # every maze is built first, then all solve together
    #: every writer's own options by key (`export.FORMATS[...].options`), defaults filled
    options: dict[str, Any] = field(default_factory=dict)
    shorthand: bool = False        # the file gives its one panel's keys at the top level
    #: panels that form a table: (row headers, column headers); the panels row by row
    table: tuple[tuple[str, ...], tuple[str, ...]] | None = None

    def writer_options(self) -> dict[str, Any]:
        """The keyword options this scenario's writer takes (its format's own keys)."""
        return {p.name: self.options.get(p.name, p.default)
                for p in FORMATS[self.format].options}


def load(path: str | Path, *, out: str | Path | None = None, roots: tuple[Path, ...] = (),
         budget: Budget | None = DEFAULT_BUDGET) -> Scenario:
    """Read and validate the scenario file at `path` (ScenarioError lists every problem).
    Pattern files are read from the scenario's folder and `roots` only; a scenario beyond
    `budget` is refused (None: no resource limits)."""
    path = Path(path)
    try:
        raw = read_yaml(path)
    except YamlProblem as exc:
        raise ScenarioError([f"{path}: {exc}"]) from None
    return parse(raw, path, out=out, roots=roots, budget=budget)


def parse(raw: Any, path: Path, *, out: str | Path | None = None,
          roots: tuple[Path, ...] = (), budget: Budget | None = DEFAULT_BUDGET) -> Scenario:
    """Validate an already-read scenario mapping (see `load`): the schema, then the
    resource budget, then (for block mazes) the cells that must be open."""
    path = Path(path)
    context = {"path": path, "out": out, "base_dir": path.parent, "roots": tuple(roots)}
    try:
        model = scenario_model().model_validate(raw, context=context)
    except ValidationError as exc:
        raise ScenarioError([f"{path}: {e.where or '(top level)'}: {e.message}"
                             for e in located(exc)]) from None
    scenario = _scenario(model, raw, path, out)
    if budget is not None:
        budget.check(scenario)
    errors = [f"{path}: {line}" for i, spec in enumerate(scenario.panels)
              if spec.maze is not None
              for line in blocked_cells(spec, "" if scenario.shorthand else f"panels[{i}]")]
    errors += [f"{path}: {line}" for line in _questions(scenario)]
    if errors:
        raise ScenarioError(errors)
    return scenario


def _scenario(model: Any, raw: dict, path: Path, out: str | Path | None) -> Scenario:
    """The Scenario of a validated model."""
    fmt, _ = resolve_output(raw, lambda *p: False, path, out)
    fmt = fmt or "gif"
    if out is not None or model.output is not None:
        target = Path(out if out is not None else model.output).expanduser()
        output = target if target.suffix else target.with_suffix(f".{fmt}")
    else:
        output = Path("output") / f"{path.stem}.{fmt}"
    title = model.title
    if model.panels is not None:
        panels = [_panel(p, model.seed) for p in model.panels]
    else:
        panels = [_panel(model.shorthand, model.seed)]
        if panels[0].title == title:
            title = ""
    options = {p.name: getattr(model, p.name) for f in FORMATS.values() for p in f.options}
    table = columns = None
    if model.table is not None:     # a table's panels are named by their row and column
        table, columns = (model.table.rows, model.table.columns), len(model.table.columns)
        for k, spec in enumerate(panels):
            spec.title = f"{table[0][k // columns]} · {table[1][k % columns]}"
    return Scenario(path, title, model.seed, panels, output, fmt, model.fps,
                    model.steps_per_frame, model.duration, model.clock, model.hold,
                    model.hold_first, model.theme, dict(model.colours),
                    model.columns or columns, model.size, model.still, model.strip,
                    model.legend, model.solve_together, options, model.panels is None, table)


def _choice(model: Any) -> AlgorithmChoice:
    params = {k: getattr(model, k) for k in model.model_fields_set if k != "name"}
    return AlgorithmChoice(model.name, params)


def _panel(model: Any, seed: int) -> PanelSpec:
    """The PanelSpec of a validated panel (its seed defaults to the scenario's)."""
    from .maze.endpoints import default_rule

    panel_seed = model.seed if model.seed is not None else seed
    if model.life is not None:
        from .life.spec import life_spec

        return PanelSpec(model.title or "Life", panel_seed, life=life_spec(model.life),
                         cell_size=model.cell_size if model.cell_size is not None else 6,
                         questions=list(model.questions or ()))
    m = model.maze
    auto = (m.rows == AUTO, m.cols == AUTO)
    maze = MazeSpec(AUTO_START if auto[0] else m.rows, AUTO_START if auto[1] else m.cols,
                    m.surface, m.cell_size, m.wall, m.view, auto)
    generator = _choice(model.generator)
    solver = _choice(model.solver) if model.solver is not None else None
    endpoints: Any = model.endpoints
    if endpoints is None:
        endpoints = default_rule(maze.surface)
    elif not isinstance(endpoints, str):
        endpoints = (endpoints.entrance, endpoints.exit)
    title = model.title
    if title is None:
        title = generator.name + (f" + {solver.name}" if solver else "")
    return PanelSpec(title, panel_seed, maze, generator, endpoints, solver,
                     cell_size=maze.cell_size, braid=model.braid, animate=model.animate,
                     questions=list(model.questions or ()), figures=model.figures)


def _questions(scenario: Scenario) -> list[str]:
    """Each panel's raw `questions:` turned into Questions checked against the panel (a
    moment that never happens, a kind that does not fit its algorithm): the errors."""
    errors: list[str] = []
    for i, spec in enumerate(scenario.panels):
        if spec.questions:
            from .questions.spec import parse_questions

            loc = "questions" if scenario.shorthand else f"panels[{i}].questions"
            spec.questions, found = parse_questions(spec.questions, loc, spec)
            errors += found
    return errors


def blocked_cells(spec: PanelSpec, loc: str) -> list[str]:
    """A block maze is generated here so that endpoints and a solver's start or goal in a
    blocked cell are reported like any other bad value: one message per blocked cell."""
    if spec.generator is None or spec.maze is None:
        return []
    algorithm = registry.algorithms("generator").get(spec.generator.name)
    if algorithm is None or not algorithm.blocks:
        return []
    at = f"{loc}." if loc else ""
    wanted = []
    if isinstance(spec.endpoints, tuple):
        wanted += [(f"{at}endpoints.entrance", spec.endpoints[0]),
                   (f"{at}endpoints.exit", spec.endpoints[1])]
    if spec.solver is not None:
        wanted += [(f"{at}solver.{key}", spec.solver.params[key])
                   for key in ("start", "goal") if spec.solver.params.get(key) is not None]
    if not wanted:
        return []
    import numpy as np

    from .maze import Maze

    m = spec.maze
    maze = Maze(m.rows, m.cols, m.surface)
    rng = np.random.default_rng(spec.seed)
    for _ in algorithm.func(maze, rng=rng, **spec.generator.params):
        pass
    return [f"{where}: an open cell; {list(cell)} is blocked in this {spec.generator.name} "
            f"maze (random seed {spec.seed})" for where, cell in wanted if maze.blocked[cell]]
