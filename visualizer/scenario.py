"""YAML scenario -> validated `Scenario`, with every error at once and its location.

A message reads `scenarios/x.yaml: panels[1].maze.rows: expected a whole number from 1 to
1000, got 'ten'`. YAML is read by the defensive reader (`schema.yaml_reader`); values given
beside the file (command-line flags, API keywords: `Given`) replace its keys before the
schema validates it, so they meet the same rules, the same budget and the same messages.

The schema (`schema.model`) is the spec: every default is written there, and the types
here (Scenario, PanelSpec, MazeSpec, AlgorithmChoice) have no defaults of their own; they
are filled from the validated model.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from . import registry
from .choices import Animate, Clock, Figures, View
from .errors import ScenarioError
from .export import FORMATS
from .export.venues import Venue
from .life.spec import LifeSpec, life_spec
from .questions.model import Question
from .questions.spec import questions as question_records
from .schema.budget import Budget
from .schema.fields import Located, located
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
    writer_model,
)
from .schema.own_code import ALLOW_CODE, HOW_TO_ALLOW, OwnCode, own_params
from .schema.yaml_reader import YamlProblem, read_yaml

DEFAULT_BUDGET = Budget()
AUTO_START = 4         # an auto side's size until the layout sets it
AUTO_CANVAS = (960, 540)    # the canvas auto-sized mazes fill when no `size` is given


@dataclass
class AlgorithmChoice:
    """A registered algorithm and the options the scenario gives it (the others take their
    `registry.Param` default), or a student's own function (`own`: its record, made by
    `visualizer.student.adapter`, never registered)."""

    name: str
    params: dict[str, Any]
    own: registry.Algorithm | None

    def algorithm(self, kind: str) -> registry.Algorithm:
        """The algorithm this choice runs as a `kind`: the student's own, or the registered
        one named `name`."""
        return self.own if self.own is not None else registry.get(kind, self.name)


@dataclass
class MazeSpec:
    rows: int
    cols: int
    surface: str
    cell_size: int
    wall: int
    view: View
    auto: tuple[bool, bool]     # rows, cols follow the panel's slot
    grid: str                   # square, hex, triangle, polar (visualizer.grids)
    mask: tuple[str, ...] | None            # `X` = no cell (docs/grids.md)
    weave: bool                 # tunnels under corridors (docs/grids.md)

    @property
    def plain(self) -> bool:
        """Whether the maze is on the square grid without a mask."""
        return self.grid == "square" and self.mask is None

    @property
    def sized(self) -> bool:
        """Whether rows and cols are fixed (not `auto`), so cells can be named."""
        return not any(self.auto)


@dataclass
class PanelSpec:
    """One panel: a maze generated (and maybe solved), or a Life run (`life`)."""

    title: str
    seed: int
    maze: MazeSpec | None
    generator: AlgorithmChoice | None
    endpoints: Any                 # a rule name or (entrance, exit) cells
    solver: AlgorithmChoice | None
    life: LifeSpec | None
    cell_size: int
    braid: float
    animate: Animate
    questions: list[Question]      # stop and predict (visualizer.questions)
    figures: Figures
    chart_beside: bool = False     # set by the slide layout (not a scenario key)


@dataclass
class Scenario:
    path: Path
    title: str
    seed: int
    panels: list[PanelSpec]
    output: Path
    format: str
    fps: int
    steps_per_frame: int | None
    duration: float | None
    clock: Clock
    hold: float
    hold_first: float
    theme: str
    colours: dict[str, str]
    columns: int | None
    size: tuple[int, int] | None
    still: bool                    # also save the final frame as a PNG
    strip: int                     # also save this many key frames side by side as a PNG
    legend: bool                   # each panel explains its colours below its caption
    solve_together: bool           # every maze is built first, then all solve together
    #: every writer's own options by key (`export.FORMATS[...].options`), defaults filled
    options: dict[str, Any]
    shorthand: bool                # the file gives its one panel's keys at the top level
    #: panels that form a table: (row headers, column headers); the panels row by row
    table: tuple[tuple[str, ...], tuple[str, ...]] | None
    flash_safe: bool               # slow a render that would flash > 3 times a second
    venue: Venue | None            # where it is shown (`for`): export/venues.py
    transcript: bool               # also write the narration as .vtt and .txt

    def writer_options(self) -> dict[str, Any]:
        """The keyword options this scenario's writer takes (its format's own keys)."""
        return {p.name: self.options[p.name] for p in FORMATS[self.format].options}


@dataclass(frozen=True)
class Given:
    """Keys given beside a scenario document — command-line flags, API keywords — that
    replace the document's own before it is validated. `names` says how a message names a
    key that came from here (`size` -> `--size`); a key not in it is named as itself."""

    values: Mapping[str, Any] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)

    def merged(self, raw: Any) -> Any:
        """The document with these keys in it (a document that is not a mapping as it
        is: its own error is the one to report)."""
        return {**raw, **self.values} if isinstance(raw, dict) and self.values else raw

    def where(self, error: Located) -> str:
        """The location of a validation error, named as its key was given."""
        for key, name in self.names.items():
            if key in self.values and (error.where == key or error.where.startswith(
                    (f"{key}.", f"{key}["))):
                return name + error.where[len(key):]
        return error.where


NOTHING_GIVEN = Given()


def load(path: str | os.PathLike, *, out: str | Path | None = None, roots: tuple[Path, ...] = (),
         budget: Budget | None = DEFAULT_BUDGET, given: Given = NOTHING_GIVEN,
         allow_code: bool = False, how_to_allow: str | None = None) -> Scenario:
    """Read and validate the scenario file at `path` (ScenarioError lists every problem),
    with the keys `given` beside it. Pattern files are read from the scenario's folder and
    `roots` only; a scenario beyond `budget` is refused (None: no resource limits). A
    student's code (`generator: {code: …}`) is refused unless `allow_code`; the refusal
    says how to allow it (`how_to_allow`, default: the command line's --allow-code)."""
    path = Path(path)
    try:
        raw = read_yaml(path)
    except YamlProblem as exc:
        raise ScenarioError([f"{path}: {exc}"]) from None
    return parse(raw, path, out=out, roots=roots, budget=budget, given=given,
                 allow_code=allow_code, how_to_allow=how_to_allow)


def parse(raw: Any, path: Path, *, out: str | Path | None = None,
          roots: tuple[Path, ...] = (), budget: Budget | None = DEFAULT_BUDGET,
          given: Given = NOTHING_GIVEN, allow_code: bool = False,
          how_to_allow: str | None = None) -> Scenario:
    """Validate an already-read scenario mapping (see `load`): the keys `given` merged in,
    the schema, then the resource budget. What needs the panels' runs (the cells a block
    maze must leave open, the moments the questions name) is checked on their recorded
    runs, before anything is drawn (`pipeline.prepare`)."""
    path = Path(path)
    context = {"path": path, "out": out, "base_dir": path.parent, "roots": tuple(roots),
               ALLOW_CODE: allow_code}
    if how_to_allow is not None:
        context[HOW_TO_ALLOW] = how_to_allow
    try:
        model = scenario_model().model_validate(given.merged(raw), context=context)
    except ValidationError as exc:
        raise ScenarioError([f"{path}: {given.where(e) or '(top level)'}: {e.message}"
                             for e in located(exc)]) from None
    scenario = _scenario(model, path)
    too_much = budget.problems(scenario) if budget is not None else []
    if too_much:
        raise ScenarioError([f"{path}: {line}" for line in too_much])
    return scenario


def writer_options(fmt: str, options: Mapping[str, Any], path: Path) -> dict[str, Any]:
    """`options` for format `fmt`'s writer given beside a scenario (`Animation.save(...,
    autoplay=False)`), validated as the scenario's own keys are (ScenarioError, located at
    `path`, otherwise)."""
    try:
        model = writer_model(fmt).model_validate(dict(options))
    except ValidationError as exc:
        raise ScenarioError([f"{path}: {e.where}: {e.message}" for e in located(exc)]) \
            from None
    return {key: getattr(model, key) for key in options}


def panel_location(scenario: Scenario, i: int) -> str:
    """Where panel `i`'s keys are in the file ("" at the top level of a one-panel file)."""
    return "" if scenario.shorthand else f"panels[{i}]"


def _scenario(model: Any, path: Path) -> Scenario:
    """The Scenario of a validated model (whose defaults are filled in)."""
    shorthand = model.shorthand is not None
    panels = [_panel(p, "questions" if shorthand else f"panels[{i}].questions")
              for i, p in enumerate(model.panels)]
    options = {p.name: getattr(model, p.name) for f in FORMATS.values() for p in f.options}
    table = columns = None
    if model.table is not None:     # a table's panels are named by their row and column
        table, columns = (model.table.rows, model.table.columns), len(model.table.columns)
        for k, spec in enumerate(panels):
            spec.title = f"{table[0][k // columns]} · {table[1][k % columns]}"
    return Scenario(
        path=path, title=model.title, seed=model.seed, panels=panels,
        output=Path(model.output), format=model.format, fps=model.fps,
        steps_per_frame=model.steps_per_frame, duration=model.duration, clock=model.clock,
        hold=model.hold, hold_first=model.hold_first, theme=model.theme,
        colours=dict(model.colours), columns=model.columns or columns, size=model.size,
        still=model.still, strip=model.strip, legend=model.legend,
        solve_together=model.solve_together, options=options, shorthand=shorthand,
        table=table, flash_safe=model.flash_safe, venue=model.venue,
        transcript=model.transcript)


def _choice(model: Any) -> AlgorithmChoice:
    if isinstance(model, OwnCode):       # a student's function: run as its own record
        return AlgorithmChoice(model.name, own_params(model), model.record)
    params = {k: getattr(model, k) for k in model.model_fields_set if k != "name"}
    return AlgorithmChoice(model.name, params, None)


def _panel(model: Any, questions_at: str) -> PanelSpec:
    """The PanelSpec of a validated panel; its questions are located at `questions_at`."""
    asked = question_records(model.questions, questions_at)
    if model.life is not None:
        return PanelSpec(title=model.title, seed=model.seed, maze=None, generator=None,
                         endpoints=None, solver=None, life=life_spec(model.life),
                         cell_size=model.cell_size, braid=model.braid, animate=model.animate,
                         questions=asked, figures=model.figures)
    m = model.maze
    auto = (m.rows == AUTO, m.cols == AUTO)
    maze = MazeSpec(rows=AUTO_START if auto[0] else m.rows,
                    cols=AUTO_START if auto[1] else m.cols, surface=m.surface,
                    cell_size=m.cell_size, wall=m.wall, view=m.view, auto=auto,
                    grid=m.grid, mask=m.mask, weave=m.weave)
    endpoints: Any = model.endpoints
    if not isinstance(endpoints, str):
        endpoints = (endpoints.entrance, endpoints.exit)
    return PanelSpec(title=model.title, seed=model.seed, maze=maze,
                     generator=_choice(model.generator), endpoints=endpoints,
                     solver=_choice(model.solver) if model.solver is not None else None,
                     life=None, cell_size=model.cell_size, braid=model.braid,
                     animate=model.animate, questions=asked, figures=model.figures)
