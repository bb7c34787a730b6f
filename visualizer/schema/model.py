"""The scenario schema: every key of a scenario file, its type, default and meaning, and the
rules between keys. Algorithms' options come from the registry's `Param`s, output options
from the writers' `Format` records, Life options from `life.spec`.

`ScenarioModel.model_validate(raw, context=...)` either returns the validated model or
raises one pydantic ValidationError holding every problem, each worded in the project's
style (see `fields.located`).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any, ClassVar, Union

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    Tag,
    ValidationInfo,
    create_model,
    model_validator,
)
from pydantic.fields import FieldInfo

from .. import registry
from ..choices import Animate, Clock, Figures, View
from ..events import MilestoneKind
from ..export import ANIMATIONS, FORMATS
from ..life.spec import LifeSection
from ..maze.endpoints import default_rule
from ..questions.spec import ASKED_OF, QuestionList, asked_of
from ..registry import ParamKind
from ..render.palette import NAMES as COLOUR_NAMES
from ..surfaces import SURFACE_NAMES, SURFACES
from .fields import (
    TAG,
    Problem,
    Section,
    cell,
    choice,
    dig,
    expected,
    fail,
    flag,
    is_int,
    number,
    show,
    text,
    value_type,
    whole,
)

SLIDE_SIZES = {"960x540": (960, 540), "1280x720": (1280, 720), "1920x1080": (1920, 1080)}
CANVAS_LIMITS = ((160, 3840), (90, 2160))   # the widths and heights a `size` may have
ENDPOINT_RULES = ("corners", "openings", "first_backtrack", "longest", "across")
MAZE_VIEWS = tuple(View)
MAX_SIDE = 1000
MAX_STRIP = 24
AUTO = "auto"          # `rows: auto` / `cols: auto`: the maze fills its slot on the canvas
LIFE_CELL_SIZE = 6     # a Life panel's pixels per cell when it gives no `cell_size`
LIFE_TITLE = "Life"    # a Life panel's caption when it gives no `title`
MAZE_ONLY = ("braid", "animate", "figures")    # panel keys a Life panel does not read


def parse_size(value: Any) -> tuple[int, int] | None:
    """A canvas size `WxH` (e.g. a slide preset "1280x720") as (width, height), or None
    if `value` is not one within `CANVAS_LIMITS`."""
    if not isinstance(value, str) or len(value) > 20:
        return None
    match = re.fullmatch(r"\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*", value)
    if not match:
        return None
    w, h = int(match.group(1)), int(match.group(2))
    (w0, w1), (h0, h1) = CANVAS_LIMITS
    return (w, h) if w0 <= w <= w1 and h0 <= h <= h1 else None


def size_expected() -> str:
    """What `size` accepts, in words."""
    (w0, w1), (h0, h1) = CANVAS_LIMITS
    return (f"a canvas size WxH ({w0}-{w1} by {h0}-{h1} pixels), e.g. a slide: "
            + ", ".join(SLIDE_SIZES))


def _size_check(value: Any) -> tuple[int, int]:
    size = parse_size(value)
    if size is None:
        raise expected(size_expected(), value)
    return size


Size = value_type(tuple[int, int], _size_check,
                  {"type": "string", "pattern": r"^\s*\d{1,5}\s*[xX×]\s*\d{1,5}\s*$",
                   "examples": list(SLIDE_SIZES)}, size_expected())


def _side_check(value: Any) -> int | str:
    if value == AUTO:
        return AUTO
    if isinstance(value, str):
        raise expected(f"a whole number from 1 to {MAX_SIDE}, or auto (to fill the panel's "
                       "place on the canvas)", value)
    if is_int(value) and 1 <= value <= MAX_SIDE:
        return int(value)
    raise expected(f"a whole number from 1 to {MAX_SIDE}", value)


Side = value_type(Any, _side_check, {"anyOf": [{"type": "integer", "minimum": 1,
                                                "maximum": MAX_SIDE}, {"const": AUTO}]},
                  f"a whole number from 1 to {MAX_SIDE}, or auto")


class Maze(Section):
    """The maze of a panel: its grid, the surface it lives on and how it is drawn."""

    shape: ClassVar[str] = "a mapping with rows and cols"

    rows: Side = Field(description="cells from top to bottom; `auto` fills the panel's "  # type: ignore[valid-type]
                                   "place on the canvas")
    cols: Side = Field(description="cells from left to right; `auto` as for rows")  # type: ignore[valid-type]
    surface: choice(SURFACE_NAMES) = Field(  # type: ignore[valid-type]
        "plane", description="how the edges are glued (see `run.py --list`)")
    cell_size: whole(1, 64) = Field(  # type: ignore[valid-type]
        10, description="pixels per cell (a slide `size` may change it)")
    wall: whole(0, 16) = Field(2, description="pixels per wall")  # type: ignore[valid-type]
    view: choice(View) = Field(  # type: ignore[valid-type]
        View.SQUARE, description="square, or neighbourhood: copies of the maze around it, "
                                 "as glued")

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        if bad("rows") or bad("cols") or bad("surface") or "surface" not in data:
            return
        kind = SURFACES[data["surface"]]
        rows, cols = data.get("rows"), data.get("cols")
        if rows is None or cols is None or not kind.square_only:
            return
        if (rows == AUTO) != (cols == AUTO):
            yield ("surface",), (f"{kind.what} needs a square grid ({kind.square_reason()}): "
                                 "make both rows and cols auto, or neither")
        elif rows != AUTO and (problem := kind.shape_error(rows, cols)):
            yield ("surface",), problem


def param_type(param: registry.Param) -> Any:
    """The value type of an algorithm's option."""
    if param.kind == ParamKind.INT:
        return whole(None if param.min is None else int(param.min),
                     None if param.max is None else int(param.max))
    if param.kind == ParamKind.FLOAT:
        if param.min is None:
            return number(float("-inf"), param.max,
                          phrase="a number" + (f" ≤ {param.max}" if param.max is not None
                                               else ""))
        return number(param.min, param.max)
    if param.kind == ParamKind.BOOL:
        return flag()
    if param.kind == ParamKind.CHOICE:
        return choice(param.choices)
    if param.kind == ParamKind.CELL:
        return cell()
    return text()


class Algorithm(Section):
    """A generator's or solver's options (subclassed per algorithm)."""

    kind: ClassVar[str] = ""


def algorithm_type(kind: str) -> Any:
    """A generator or solver: its name, or a mapping with `name` and its options."""
    known = registry.algorithms(kind)
    members = []
    for name, algo in known.items():
        fields: dict[str, Any] = {"name": (choice((name,)), Field(description=f"`{name}`"))}
        for p in algo.params:
            fields[p.name] = (param_type(p), Field(p.default, description=p.help))
        model = create_model(f"{kind}_{name}", __base__=Algorithm, __doc__=algo.summary,
                             **fields)
        members.append(Annotated[model, Tag(TAG + name)])
    names = ", ".join(known)

    def shorthand(value: Any) -> Any:
        if isinstance(value, str) and value in known:
            return {"name": value}
        if isinstance(value, str):
            raise fail(f"expected a {kind}: one of {names}, got {show(value)}", ("name",))
        if not isinstance(value, dict) or "name" not in value:
            raise expected(f"a {kind} name or a mapping with `name`", value)
        name = value["name"]
        if not isinstance(name, str) or name not in known:
            raise fail(f"expected a {kind}: one of {names}, got {show(name)}", ("name",))
        return value

    def tag(value: Any) -> str | None:
        return TAG + value["name"] if isinstance(value, dict) else None

    def schema(s: dict[str, Any]) -> None:
        members_schema = s.pop("oneOf", None) or s.pop("anyOf", [])
        s.pop("discriminator", None)
        s["anyOf"] = [{"enum": list(known), "description": f"a {kind} by name"},
                      *members_schema]
        s["x-expected"] = f"a {kind} name ({names}), or a mapping with `name` and its options"

    return Annotated[Union[tuple(members)], Discriminator(tag), BeforeValidator(shorthand),
                     Field(json_schema_extra=schema)]


class EndpointCells(Section):
    """Where a solver starts and ends, as cells."""

    shape: ClassVar[str] = "a mapping with entrance and exit"
    entrance: cell() = Field(description="[row, column]")  # type: ignore[valid-type]
    exit: cell() = Field(description="[row, column]")  # type: ignore[valid-type]


def _endpoints_tag(value: Any) -> str:
    return TAG + ("cells" if isinstance(value, dict) else "rule")


Endpoints = Annotated[Union[Annotated[choice(ENDPOINT_RULES), Tag(TAG + "rule")],  # type: ignore[valid-type]
                            Annotated[EndpointCells, Tag(TAG + "cells")]],
                      Discriminator(_endpoints_tag),
                      Field(json_schema_extra={
                          "x-expected": "a rule (" + ", ".join(ENDPOINT_RULES)
                          + ") or {entrance: [r, c], exit: [r, c]}"})]


def _algorithm_name(value: Any) -> str | None:
    return value if isinstance(value, str) else dig(value, "name")


def _panel_rules(data: dict, bad: Callable[..., bool]) -> Iterable[Problem]:
    """Rules between a maze panel's maze, algorithms, endpoints and braid."""
    maze: Any = data.get("maze")
    maze_ok = isinstance(maze, dict) and "rows" in maze and "cols" in maze \
        and not bad("maze", "rows") and not bad("maze", "cols")
    surface = maze.get("surface", "plane") if isinstance(maze, dict) \
        and not bad("maze", "surface") else None
    generator = _algorithm_name(data.get("generator")) if not bad("generator") else None
    if generator is not None and data.get("braid") and not bad("braid") \
            and registry.get("generator", generator).blocks:
        yield ("braid",), (f"braiding opens walls; `{generator}` makes a block maze without "
                           "walls")
    for kind in ("generator", "solver"):
        name = _algorithm_name(data.get(kind)) if kind in data and not bad(kind) else None
        if name is None:
            continue
        algo = registry.get(kind, name)
        refused = algo.refusal(surface) if surface is not None else None
        if refused is not None:
            yield (kind, "name"), refused
        if isinstance(data[kind], dict) and maze_ok:
            for p in algo.params:
                if p.kind == ParamKind.CELL and p.name in data[kind]:
                    yield from _inside((kind, p.name), data[kind][p.name], maze)
    endpoints = data.get("endpoints")
    if isinstance(endpoints, dict) and maze_ok and not bad("endpoints"):
        for key in ("entrance", "exit"):
            yield from _inside(("endpoints", key), endpoints[key], maze)
    if endpoints == "first_backtrack" and generator is not None and \
            MilestoneKind.FIRST_BACKTRACK not in registry.get("generator", generator).milestones:
        able = [n for n, a in registry.algorithms("generator").items()
                if MilestoneKind.FIRST_BACKTRACK in a.milestones]
        yield ("endpoints",), ("`first_backtrack` needs a generator that announces its first "
                               f"backtrack ({', '.join(able)}); got `{generator}`")


def _inside(at: tuple[str, ...], value: list, maze: dict) -> Iterable[Problem]:
    rows, cols = maze["rows"], maze["cols"]
    if AUTO in (rows, cols):
        yield at, ("expected no cell: the maze's rows or cols are auto (they follow the "
                   f"canvas), so its cells are not known, got {show(value)}")
    elif not (0 <= value[0] < rows and 0 <= value[1] < cols):
        yield at, (f"expected a cell inside the {rows}x{cols} maze (rows 0..{rows - 1}, "
                   f"columns 0..{cols - 1}), got {show(value)}")


def _colours_check(value: Any) -> Any:
    if not isinstance(value, dict):
        raise expected("a mapping of colour names to '#rrggbb'", value)
    return value


CHANGEABLE = tuple(n for n in COLOUR_NAMES if n != "transparent")
ColourName = choice(CHANGEABLE, phrase="a colour name: one of " + ", ".join(CHANGEABLE))
Colour = value_type(str, lambda v: v if isinstance(v, str) and re.fullmatch(
    r"#[0-9a-fA-F]{6}", v) else _refuse_colour(v), {"type": "string",
                                                   "pattern": "^#[0-9a-fA-F]{6}$"},
    "a colour like '#1a2b3c'")


def _refuse_colour(value: Any) -> str:
    raise expected("a colour like '#1a2b3c'", value)


Colours = Annotated[dict[ColourName, Colour], BeforeValidator(_colours_check)]  # type: ignore[valid-type]


def _panels_check(value: Any) -> Any:
    if not isinstance(value, list) or not value:
        raise expected("a non-empty list of panels", value)
    return value


MAX_TABLE = 8          # rows or columns a table has at most


def _labels_check(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_TABLE:
        raise expected(f"a list of 1 to {MAX_TABLE} labels", value)
    for i, label in enumerate(value):
        if not isinstance(label, (str, int, float)) or isinstance(label, bool) \
                or not str(label).strip() or len(str(label)) > 100:
            raise fail(f"expected a label (text of 1 to 100 characters), got {show(label)}",
                       (i,))
    return tuple(str(label) for label in value)


Labels = value_type(tuple[str, ...], _labels_check, {
    "type": "array", "minItems": 1, "maxItems": MAX_TABLE,
    "items": {"type": "string", "minLength": 1, "maxLength": 100}},
    f"a list of 1 to {MAX_TABLE} labels")


class Table(Section):
    """Panels that form a table (rules × surfaces, generators × grids …): one header per row
    and per column instead of a title per panel. The panels are listed row by row."""

    shape: ClassVar[str] = "a mapping with rows and columns"
    rows: Labels = Field(description="the rows' headers, top to bottom (drawn at the left "  # type: ignore[valid-type]
                                     "of each row)")
    columns: Labels = Field(description="the columns' headers, left to right (drawn above "  # type: ignore[valid-type]
                                        "the first row)")


def _table_rules(data: dict, bad: Callable[..., bool]) -> Iterable[Problem]:
    """A `table` and the panels it holds: as many as its cells, none with its own title."""
    if "table" not in data or bad("table"):
        return
    rows, columns = len(data["table"]["rows"]), len(data["table"]["columns"])
    panels = data.get("panels")
    if not isinstance(panels, list):
        if "panels" not in data:
            yield ("table",), "a table needs its panels listed under `panels:`, row by row"
        return
    if len(panels) != rows * columns:
        yield ("panels",), (f"expected {rows * columns} panels for the table's {rows} rows × "
                            f"{columns} columns (listed row by row), got {len(panels)}")
    for i, panel in enumerate(panels):
        if isinstance(panel, dict) and "title" in panel:
            yield ("panels", i, "title"), ("a panel in a table has no title: the table's row "
                                           "and column headers name it")
    if "columns" in data and not bad("columns") and data["columns"] != columns:
        yield ("columns",), (f"expected {columns} (the table's columns) or no `columns`, got "
                             f"{show(data['columns'])}")


def writer_model(fmt: str) -> type[Section]:
    """The model of format `fmt`'s own options alone (as given beside a scenario)."""
    if fmt not in _WRITER_MODELS:
        _WRITER_MODELS[fmt] = create_model(  # type: ignore[call-overload]
            f"{fmt}_options", __base__=Section,
            **{p.name: (param_type(p), Field(p.default, description=p.help))
               for p in FORMATS[fmt].options})
    return _WRITER_MODELS[fmt]


_WRITER_MODELS: dict[str, type[Section]] = {}


def _writer_fields() -> dict[str, Any]:
    """Each writer's own options, as top-level keys."""
    fields = {}
    for fmt in FORMATS.values():
        for p in fmt.options:
            fields[p.name] = (param_type(p), Field(p.default, description=p.help
                                                   + f" ({fmt.name.upper()} only)"))
    return fields


class PanelFields(Section):
    """One panel: a maze generated (and maybe solved), or a Life run (`life`)."""

    shape: ClassVar[str] = "a mapping describing a panel"

    title: text() = Field(None, description="the panel's caption (default: the "  # type: ignore[valid-type]
                                            f"algorithms' names, or {LIFE_TITLE})")
    seed: whole(0) = Field(None, description="the panel's random seed (default: "  # type: ignore[valid-type]
                                             "the scenario's)")
    maze: Maze = Field(None, description="the grid (a maze panel)")  # type: ignore[assignment]
    #: typed by `models()` from the registry: a generator's name or options
    generator: Any = Field(None, description="how the maze is made (required for a maze "
                                             "panel)")
    endpoints: Endpoints = Field(  # type: ignore[valid-type]
        None, description="where the solver starts and ends: a rule, or the two cells "
                          "(default: corners on the plane, across on a glued surface)")
    #: typed by `models()` from the registry: a solver's name or options
    solver: Any = Field(None, description="how the maze is solved (none: the maze is only "
                                          "built)")
    life: LifeSection = Field(None, description="a Game-of-Life run instead of "  # type: ignore[assignment]
                                                "a maze")
    cell_size: whole(1, 64) = Field(  # type: ignore[valid-type]
        None, description=f"a Life panel's pixels per cell (default {LIFE_CELL_SIZE}; a "
                          "maze's is maze.cell_size)")
    braid: number(0.0, 1.0) = Field(  # type: ignore[valid-type]
        0.0, description="the share of dead ends opened after generation (0 = a perfect "
                         "maze)")
    animate: choice(Animate) = Field(  # type: ignore[valid-type]
        Animate.ALL, description="all, or solve: the maze appears built in the first frame")
    figures: choice(Figures) = Field(  # type: ignore[valid-type]
        Figures.SUMMARY, description="the maze's figures in its caption: summary (perfect or "
                                     "loops, solution, longest path, dead ends) or texture "
                                     "(dead-end share and river, for comparing generators)")
    questions: QuestionList = Field(  # type: ignore[valid-type]
        None,  # type: ignore[arg-type]
        description="stop and predict: questions asked at moments of the run, each a "
                    "mapping with `kind` and a moment (see Questions)")

    @classmethod
    def prepare(cls, data: dict, info: ValidationInfo) -> dict:
        if data.get("solver", ...) is None:
            data = {k: v for k, v in data.items() if k != "solver"}
        if info.context is not None:     # what this panel's questions are asked of
            info.context[ASKED_OF] = asked_of(data)
        return data

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        if "life" in data:
            for key in ("maze", "generator", "solver"):
                if key in data:
                    yield (key,), "a Life panel has no maze, generator or solver"
            return
        if "maze" not in data:
            yield ("maze",), "a maze (rows, cols, …) or a `life` run"
        if "generator" not in data:
            yield ("generator",), ("a generator: one of " + ", ".join(
                registry.algorithms("generator")) + " (required)")
        yield from _panel_rules(data, bad)

    @model_validator(mode="after")
    def _defaults(self) -> PanelFields:
        """The defaults that follow from the panel's kind: a Life panel's title and cell
        size (its maze keys are left at their defaults: a Life run does not read them); a
        maze panel's title (its algorithms), cell size (its maze's) and endpoints (by its
        surface)."""
        if self.life is not None:
            self.title = self.title or LIFE_TITLE
            if self.cell_size is None:
                self.cell_size = LIFE_CELL_SIZE
            for key in MAZE_ONLY:
                setattr(self, key, type(self).model_fields[key].default)
            return self
        if self.title is None:
            self.title = self.generator.name + (f" + {self.solver.name}" if self.solver
                                                else "")
        self.cell_size = self.maze.cell_size
        if self.endpoints is None:
            self.endpoints = default_rule(self.maze.surface)
        return self


class TopFields(Section):
    """A scenario: what is shown (panels), how it is paced and where it is written."""

    shape: ClassVar[str] = "a mapping of options (title, seed, panels …)"

    title: text() = Field("", description="the heading above the panels")  # type: ignore[valid-type]
    seed: whole(0) = Field(0, description="the random seed every panel starts from "  # type: ignore[valid-type]
                                          "(same seed, same picture)")
    #: typed by `models()`: a list of the registry's panels
    panels: Any = Field(None, description="the panels, side by side (or give one panel's "
                                          "keys at the top level instead)")
    output: text("a file path such as output/maze.gif") = Field(  # type: ignore[valid-type]
        None, description="where the animation is written (default: output/<scenario>.gif); "
                          "its suffix picks the format")
    format: choice(ANIMATIONS) = Field(  # type: ignore[valid-type]
        None, description="the output format, when the output's suffix does not say")
    fps: whole(1, 120) = Field(25, description="frames per second (each format has its "  # type: ignore[valid-type]
                                               "own rates; GIF: 50, 25, 20, 10, 5, 4, 2, 1)")
    steps_per_frame: whole(1) = Field(None, description="algorithm steps per frame "  # type: ignore[valid-type]
                                                        "(default: from duration)")
    duration: number(0.0, 3600.0, strict_lo=True) = Field(  # type: ignore[valid-type]
        None, description="seconds the animation lasts (instead of steps_per_frame)")
    clock: choice(Clock) = Field(  # type: ignore[valid-type]
        Clock.STEPS, description="steps: panels advance one step per tick; progress: every "
                                 "panel finishes together")
    hold: number(0.0, 60.0) = Field(2.0, description="seconds the last frame stays")  # type: ignore[valid-type]
    hold_first: number(0.0, 60.0) = Field(0.5, description="seconds the first frame "  # type: ignore[valid-type]
                                                           "stays")
    theme: choice(("light", "dark")) = Field("light", description="light or dark colours")  # type: ignore[valid-type]
    colours: Colours = Field(default_factory=dict, description="colours to change, by "  # type: ignore[valid-type]
                                                               "name: '#rrggbb'")
    columns: whole(1, 8) = Field(None, description="panels per row (default: chosen by the "  # type: ignore[valid-type]
                                                   "layout)")
    size: Size = Field(None, description="a fixed canvas WxH, e.g. a slide 1280x720 (the "  # type: ignore[valid-type]
                                         "layout picks columns and cell sizes that fill it)")
    still: flag() = Field(False, description="also save the final frame as a PNG")  # type: ignore[valid-type]
    strip: whole(0, MAX_STRIP) = Field(0, description="also save this many key frames "  # type: ignore[valid-type]
                                                      "side by side as a PNG")
    legend: flag() = Field(True, description="each panel explains its colours below its "  # type: ignore[valid-type]
                                             "caption")
    solve_together: flag() = Field(False, description="every maze is built first, then "  # type: ignore[valid-type]
                                                      "all solve together")
    table: Table = Field(None, description="panels that form a table: a header per row "  # type: ignore[assignment]
                                           "and per column instead of a title per panel")
    #: typed by `models()`: the one panel of a file that gives its keys at the top level
    shorthand: Any = Field(None, alias=TAG + "panel", exclude=True)  # type: ignore[literal-required]

    @classmethod
    def unknown_key(cls, key: Any) -> str:
        return "unknown option; expected one of " + ", ".join(TOP_KEYS + PANEL_KEYS)

    @classmethod
    def prepare(cls, data: dict, info: ValidationInfo) -> dict:
        """Without `panels`, the panel keys at the top level are the one panel."""
        if "panels" in data:
            return data
        single = {k: data[k] for k in PANEL_KEYS if k in data}
        title = data.get("title")
        if isinstance(title, str) and 0 < len(title) <= 500:   # a bad title: told once
            single["title"] = title
        rest = {k: v for k, v in data.items() if k not in PANEL_KEYS}
        return {**rest, TAG + "panel": single}

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        if "panels" in data:
            for key in PANEL_KEYS:
                if key in data:
                    yield (key,), ("put panel options inside `panels:` when the scenario "
                                   "lists panels")
        if data.get("steps_per_frame") is not None and data.get("duration") is not None \
                and not bad("steps_per_frame") and not bad("duration"):
            yield ("duration",), "either steps_per_frame or duration, not both"
        ctx = info.context or {}
        fmt, problems = resolve_output(data, bad, ctx.get("path", Path("scenario.yaml")),
                                       ctx.get("out"))
        yield from problems
        yield from _table_rules(data, bad)
        if fmt is not None and not bad("fps") and "fps" in data:
            record = FORMATS[fmt]
            if not record.fps_allowed(data["fps"]):
                yield ("fps",), (f"expected {record.fps_expected()}, got {show(data['fps'])} "
                                 f"(the frame rates {fmt.upper()} plays exactly)")

    @model_validator(mode="after")
    def _defaults(self, info: ValidationInfo) -> TopFields:
        """The defaults that follow from other keys: the format (from the output's suffix),
        the output (from the scenario's file name), the panels (the one panel of a
        shorthand file, which takes the title), each panel's seed (the scenario's)."""
        ctx = info.context or {}
        path, out = Path(ctx.get("path", Path("scenario.yaml"))), ctx.get("out")
        given = {k: getattr(self, k) for k in ("format", "output") if getattr(self, k)
                 is not None}
        fmt, _ = resolve_output(given, lambda *p: False, path, out)
        self.format = fmt or "gif"
        if out is not None or self.output is not None:
            target = Path(out if out is not None else self.output).expanduser()
            self.output = str(target if target.suffix else target.with_suffix(
                f".{self.format}"))
        else:
            self.output = str(Path("output") / f"{path.stem}.{self.format}")
        if self.panels is None:
            self.panels = [self.shorthand]
            if self.shorthand.title == self.title:
                self.title = ""
        for panel in self.panels:
            if panel.seed is None:
                panel.seed = self.seed
        return self


#: the top level with each writer's own options as keys
TopBase = create_model("TopBase", __base__=TopFields, __doc__=TopFields.__doc__,
                       **_writer_fields())
#: every key of a scenario file (besides the panel keys when there is one panel)
TOP_KEYS = tuple(name for name, field in TopBase.model_fields.items()
                 if not (field.alias or "").startswith(TAG))
#: every key of a panel besides its title and seed, which a one-panel file gives at the top
PANEL_KEYS = tuple(name for name in PanelFields.model_fields if name not in TOP_KEYS)


def _retyped(base: type[Section], **types: Any) -> dict[str, Any]:
    """Fields of `base` with new types and their own description, default and alias."""
    out = {}
    for name, kind in types.items():
        info: FieldInfo = base.model_fields[name]
        out[name] = (kind, Field(info.default, alias=info.alias, description=info.description,
                                 exclude=info.exclude))
    return out


def _build() -> tuple[type[Section], type[Section]]:
    """The scenario and panel models for the algorithms registered now."""
    panel = create_model("Panel", __base__=PanelFields, __doc__=PanelFields.__doc__,
                         **_retyped(PanelFields, generator=algorithm_type("generator"),
                                    solver=algorithm_type("solver")))
    model = create_model("ScenarioModel", __base__=TopBase, __doc__=TopFields.__doc__,
                         **_retyped(TopBase, panels=Annotated[list[panel],  # type: ignore[valid-type]
                                                              BeforeValidator(_panels_check)],
                                    shorthand=panel))
    return model, panel


_BUILT: dict[tuple, tuple[type[Section], type[Section]]] = {}


def _registry_key() -> tuple:
    return tuple((kind, name, id(algo)) for kind in registry.KINDS
                 for name, algo in registry.algorithms(kind).items())


def models() -> tuple[type[Section], type[Section]]:
    """(ScenarioModel, Panel) for the registry as it is now (built once per registry)."""
    key = _registry_key()
    if key not in _BUILT:
        _BUILT[key] = _build()
    return _BUILT[key]


def scenario_model() -> type[Section]:
    """The model of a whole scenario file."""
    return models()[0]


def resolve_output(data: dict, bad: Callable[..., bool], path: Path,
                   out: str | Path | None) -> tuple[str | None, list[Problem]]:
    """The format a scenario is written in (None when its output is wrong) and the
    problems of `output` / `--out` / `format`."""
    fmt = data.get("format") if not bad("format") else None
    if out is not None:
        target, where = Path(out).expanduser(), "--out"
    elif "output" in data:
        value = data["output"]
        if bad("output") or not isinstance(value, str) or not value.strip():
            return None, [] if bad("output") else [
                (("output",), (f"expected a file path such as output/maze.gif, got "
                               f"{show(value)}"))]
        target, where = Path(value).expanduser(), "output"
    else:
        return fmt or "gif", []
    suffix = target.suffix.lstrip(".").lower()
    if not suffix and fmt:
        return fmt, []
    suffixes = [f".{n}" for n in ANIMATIONS]
    names = ", ".join(suffixes[:-1]) + f" or {suffixes[-1]}" if len(suffixes) > 1 else suffixes[0]
    if suffix not in ANIMATIONS:
        return None, [((where,), (f"expected a file name ending in {names}, got "
                                  f"{show(str(target))}"))]
    if fmt and suffix != fmt:
        return None, [((where,), (f"expected a .{fmt} file, as `format` says, got "
                                  f"{show(str(target))}"))]
    return suffix, []




__all__ = ["AUTO", "CANVAS_LIMITS", "ENDPOINT_RULES", "LIFE_CELL_SIZE", "LIFE_TITLE",
           "MAX_SIDE", "MAX_STRIP", "MAZE_VIEWS", "PANEL_KEYS", "SLIDE_SIZES", "TOP_KEYS", "Maze",
           "models", "parse_size", "resolve_output", "scenario_model", "size_expected",
           "writer_model"]
