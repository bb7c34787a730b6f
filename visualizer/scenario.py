"""YAML scenario -> validated `Scenario`, with every error at once and its location.

A message reads `scenarios/x.yaml: panels[1].maze.rows: expected a whole number from 1 to
1000, got 'ten'`. YAML is read with the safe loader.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import registry
from .export.gifimage import EFFORTS as GIF_EFFORTS
from .render.palette import NAMES as COLOUR_NAMES
from .surfaces import SURFACE_NAMES

GIF_FPS = (50, 25, 20, 10, 5, 4, 2, 1)
FORMATS = ("gif", "mp4")
SLIDE_SIZES = {"960x540": (960, 540), "1280x720": (1280, 720), "1920x1080": (1920, 1080)}
CANVAS_LIMITS = ((160, 3840), (90, 2160))   # the widths and heights a `size` may have


def parse_size(value: Any) -> tuple[int, int] | None:
    """A canvas size `WxH` (e.g. a slide preset "1280x720") as (width, height), or None
    if `value` is not one within `CANVAS_LIMITS`."""
    if not isinstance(value, str):
        return None
    match = re.fullmatch(r"\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*", value)
    if not match:
        return None
    w, h = int(match.group(1)), int(match.group(2))
    (w0, w1), (h0, h1) = CANVAS_LIMITS
    return (w, h) if w0 <= w <= w1 and h0 <= h <= h1 else None


def size_expected() -> str:
    (w0, w1), (h0, h1) = CANVAS_LIMITS
    return (f"a canvas size WxH ({w0}-{w1} by {h0}-{h1} pixels), e.g. a slide: "
            + ", ".join(SLIDE_SIZES))
ENDPOINT_RULES = ("corners", "openings", "first_backtrack", "longest", "across")
MAZE_VIEWS = ("square", "neighbourhood")
MAX_SIDE = 1000
AUTO = "auto"          # `rows: auto` / `cols: auto`: the maze fills its slot on the canvas
AUTO_START = 4         # an auto side's size until the layout sets it
AUTO_CANVAS = (960, 540)    # the canvas auto-sized mazes fill when no `size` is given


class ScenarioError(Exception):
    """Everything wrong with a scenario file, one line each."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


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
    crf: int = 18                  # MP4 quality (lower is better, 0..51)
    preset: str = "medium"         # MP4 encoder speed / size trade-off
    effort: str = "best"           # GIF encoding: "best", "fast" (Life: faster, 2-5 % bigger)
    legend: bool = True            # each panel explains its colours below its caption
    solve_together: bool = False   # every maze is built first, then all solve together


class _Checker:
    """Collects located errors while reading a mapping."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.errors: list[str] = []

    def error(self, loc: str, expected: str, found: Any = None, *, plain: bool = False) -> None:
        if plain:
            self.errors.append(f"{self.path}: {loc}: {expected}")
        else:
            self.errors.append(f"{self.path}: {loc}: expected {expected}, got {_show(found)}")

    def unknown_keys(self, raw: dict, loc: str, allowed: tuple[str, ...]) -> None:
        for key in raw:
            if key not in allowed:
                where = f"{loc}.{key}" if loc else str(key)
                self.error(where, "unknown option; expected one of " + ", ".join(allowed),
                           plain=True)

    def integer(self, raw: dict, key: str, loc: str, default: Any, lo: int | None = None,
                hi: int | None = None) -> Any:
        if key not in raw:
            return default
        value = raw[key]
        ok = isinstance(value, int) and not isinstance(value, bool)
        if ok and (lo is None or value >= lo) and (hi is None or value <= hi):
            return value
        bounds = (f" from {lo} to {hi}" if hi is not None else f" ≥ {lo}") if lo is not None else ""
        self.error(_join(loc, key), f"a whole number{bounds}", value)
        return default

    def number(self, raw: dict, key: str, loc: str, default: Any, lo: float = 0.0,
               hi: float | None = None, strict_lo: bool = False) -> Any:
        if key not in raw:
            return default
        value = raw[key]
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        if ok and (value > lo if strict_lo else value >= lo) and (hi is None or value <= hi):
            return float(value)
        rng = f"{'>' if strict_lo else '≥'} {lo}" + (f" and ≤ {hi}" if hi is not None else "")
        self.error(_join(loc, key), f"a number {rng}", value)
        return default

    def choice(self, raw: dict, key: str, loc: str, default: Any, choices: tuple) -> Any:
        if key not in raw:
            return default
        value = raw[key]
        if value in choices and not isinstance(value, bool):
            return value
        self.error(_join(loc, key), "one of " + ", ".join(map(str, choices)), value)
        return default

    def text(self, raw: dict, key: str, loc: str, default: Any) -> Any:
        if key not in raw:
            return default
        value = raw[key]
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            return str(value)
        self.error(_join(loc, key), "a piece of text", value)
        return default


def _join(loc: str, key: str) -> str:
    return f"{loc}.{key}" if loc else key


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return repr(value)


def _cell(value: Any) -> bool:
    return (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


def _algorithm(check: _Checker, raw: Any, loc: str, kind: str, maze: MazeSpec | None
               ) -> AlgorithmChoice | None:
    known = registry.algorithms(kind)
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, dict) or "name" not in raw:
        check.error(loc, f"a {kind} name or a mapping with `name`", raw)
        return None
    name = raw["name"]
    if name not in known:
        check.error(f"{loc}.name", f"a {kind}: one of " + ", ".join(known), name)
        return None
    algo = known[name]
    specs = {p.name: p for p in algo.params}
    check.unknown_keys(raw, loc, ("name", *specs))
    params: dict[str, Any] = {}
    for key, spec in specs.items():
        if key not in raw:
            continue
        value = raw[key]
        where = f"{loc}.{key}"
        if spec.kind == "cell":
            if not _cell(value):
                check.error(where, "a cell [row, column]", value)
                continue
            if maze and not maze.sized:
                check.error(where, "no cell: the maze's rows or cols are auto (they follow the "
                                   "canvas), so its cells are not known", value)
                continue
            if maze and not (0 <= value[0] < maze.rows and 0 <= value[1] < maze.cols):
                check.error(where, f"a cell inside the {maze.rows}x{maze.cols} maze "
                                   f"(rows 0..{maze.rows - 1}, columns 0..{maze.cols - 1})",
                            value)
                continue
            params[key] = (value[0], value[1])
        elif spec.kind == "int":
            params[key] = check.integer(raw, key, loc, spec.default,
                                        None if spec.min is None else int(spec.min),
                                        None if spec.max is None else int(spec.max))
        elif spec.kind == "float":
            params[key] = check.number(raw, key, loc, spec.default,
                                       spec.min if spec.min is not None else float("-inf"),
                                       spec.max)
        elif spec.kind == "bool":
            if isinstance(value, bool):
                params[key] = value
            else:
                check.error(where, "true or false", value)
        elif spec.kind == "choice":
            params[key] = check.choice(raw, key, loc, spec.default, spec.choices)
        else:
            params[key] = check.text(raw, key, loc, spec.default)
    if maze and algo.surfaces is not None and maze.surface not in algo.surfaces:
        check.error(f"{loc}.name", f"`{name}` cannot run on the surface `{maze.surface}`; it "
                    f"works on: " + ", ".join(sorted(algo.surfaces)), plain=True)
    return AlgorithmChoice(name, params)


def _maze(check: _Checker, raw: Any, loc: str) -> MazeSpec | None:
    if not isinstance(raw, dict):
        check.error(loc, "a mapping with rows and cols", raw)
        return None
    check.unknown_keys(raw, loc, ("rows", "cols", "surface", "cell_size", "wall", "view"))
    for key in ("rows", "cols"):
        if key not in raw:
            check.error(f"{loc}.{key}", "a whole number from 1 to 1000, or auto (required)",
                        plain=True)
    auto = (raw.get("rows") == AUTO, raw.get("cols") == AUTO)
    sides: list[int | None] = []
    for key, is_auto in zip(("rows", "cols"), auto):
        if is_auto:
            sides.append(AUTO_START)
        elif isinstance(raw.get(key), str):
            check.error(f"{loc}.{key}", f"a whole number from 1 to {MAX_SIDE}, or auto (to "
                                        "fill the panel's place on the canvas)", raw[key])
            sides.append(None)
        else:
            sides.append(check.integer(raw, key, loc, None, 1, MAX_SIDE))
    rows, cols = sides
    surface = check.choice(raw, "surface", loc, "plane", tuple(SURFACE_NAMES))
    cell_size = check.integer(raw, "cell_size", loc, 10, 1, 64)
    wall = check.integer(raw, "wall", loc, 2, 0, 16)
    view = check.choice(raw, "view", loc, "square", MAZE_VIEWS)
    if surface == "sphere" and auto[0] != auto[1]:
        check.error(f"{loc}.surface", "the sphere needs a square grid: make both rows and "
                                      "cols auto, or neither", plain=True)
    elif surface == "sphere" and rows and cols and rows != cols:
        check.error(f"{loc}.surface", f"the sphere needs a square grid; got {rows} rows and "
                                      f"{cols} columns", plain=True)
    if rows is None or cols is None:
        return None
    return MazeSpec(rows, cols, surface, cell_size, wall, view, auto)


def _panel(check: _Checker, raw: Any, loc: str, seed: int, base_dir: Path,
           index: int) -> PanelSpec | None:
    if not isinstance(raw, dict):
        check.error(loc, "a mapping describing a panel", raw)
        return None
    check.unknown_keys(raw, loc, ("title", "seed", "maze", "generator", "endpoints", "solver",
                                  "life", "cell_size", "braid", "animate", "questions"))
    title = check.text(raw, "title", loc, None)
    panel_seed = check.integer(raw, "seed", loc, seed, 0)
    if "life" in raw:
        for key in ("maze", "generator", "solver"):
            if key in raw:
                check.error(_join(loc, key), "a Life panel has no maze, generator or solver",
                            plain=True)
        try:
            from .life.spec import parse_life_spec
        except ImportError:
            check.error(_join(loc, "life"), "Life panels are not available in this build",
                        plain=True)
            return None
        before = len(check.errors)
        life_errors: list[str] = []
        life = parse_life_spec(raw["life"], _join(loc, "life"), life_errors, base_dir)
        check.errors += [f"{check.path}: {e}" for e in life_errors]
        cell_size = check.integer(raw, "cell_size", loc, 6, 1, 64)
        if life is None or len(check.errors) > before:
            return None
        return _with_questions(check, raw, loc, PanelSpec(title or "Life", panel_seed, life=life,
                                                          cell_size=cell_size))
    if "maze" not in raw:
        check.error(_join(loc, "maze"), "a maze (rows, cols, …) or a `life` run", plain=True)
        return None
    maze = _maze(check, raw["maze"], _join(loc, "maze"))
    if "generator" not in raw:
        check.error(_join(loc, "generator"), "a generator: one of "
                    + ", ".join(registry.algorithms("generator")) + " (required)", plain=True)
        generator = None
    else:
        generator = _algorithm(check, raw["generator"], _join(loc, "generator"), "generator",
                               maze)
    endpoints = _endpoints(check, raw, loc, maze, generator)
    braid = check.number(raw, "braid", loc, 0.0, 0.0, 1.0)
    animate = check.choice(raw, "animate", loc, "all", ("all", "solve"))
    if braid and generator is not None \
            and registry.get("generator", generator.name).blocks:
        check.error(_join(loc, "braid"), f"braiding opens walls; `{generator.name}` makes a "
                                         f"block maze without walls", plain=True)
    solver = None
    if raw.get("solver") is not None:
        solver = _algorithm(check, raw["solver"], _join(loc, "solver"), "solver", maze)
    if maze is None or generator is None:
        return None
    if title is None:
        title = generator.name + (f" + {solver.name}" if solver else "")
    spec = PanelSpec(title, panel_seed, maze, generator, endpoints, solver,
                     cell_size=maze.cell_size, braid=braid, animate=animate)
    _check_blocked_cells(check, spec, loc)
    return _with_questions(check, raw, loc, spec)


# --- questions (stop and predict): parsed in visualizer.questions.spec ------------------
def _with_questions(check: _Checker, raw: dict, loc: str, spec: PanelSpec) -> PanelSpec:
    """`spec` with the panel's `questions:` list, its errors added to `check`."""
    if "questions" in raw:
        from .questions.spec import parse_questions
        spec.questions, errors = parse_questions(raw["questions"], _join(loc, "questions"),
                                                 spec)
        check.errors += [f"{check.path}: {e}" for e in errors]
    return spec
# --- end of questions ------------------------------------------------------------------


def _endpoints(check: _Checker, raw: dict, loc: str, maze: MazeSpec | None,
               generator: AlgorithmChoice | None) -> Any:
    """`endpoints`: a rule name, or {entrance: [r, c], exit: [r, c]}. By default the corners
    on the plane; on a glued surface either side of a glued edge (`endpoints.default_rule`)."""
    from .endpoints import default_rule

    default = default_rule(maze.surface if maze is not None else "plane")
    value = raw.get("endpoints", default)
    where = _join(loc, "endpoints")
    if isinstance(value, dict):
        check.unknown_keys(value, where, ("entrance", "exit"))
        cells = []
        for key in ("entrance", "exit"):
            cell = value.get(key)
            if not _cell(cell):
                check.error(f"{where}.{key}", "a cell [row, column]", cell)
            elif maze and not maze.sized:
                check.error(f"{where}.{key}", "no cell: the maze's rows or cols are auto (they "
                                              "follow the canvas), so its cells are not known",
                            cell)
            elif maze and not (0 <= cell[0] < maze.rows and 0 <= cell[1] < maze.cols):
                check.error(f"{where}.{key}", f"a cell inside the {maze.rows}x{maze.cols} maze "
                            f"(rows 0..{maze.rows - 1}, columns 0..{maze.cols - 1})", cell)
            else:
                cells.append((cell[0], cell[1]))
        return tuple(cells) if len(cells) == 2 else "corners"
    rule = check.choice(raw, "endpoints", loc, default, ENDPOINT_RULES)
    if rule == "first_backtrack" and generator is not None and generator.name != "backtracker":
        check.error(where, "`first_backtrack` reads the recursive backtracker's moves; use it "
                           f"with generator: backtracker (got `{generator.name}`)", plain=True)
    return rule


def _check_blocked_cells(check: _Checker, spec: PanelSpec, loc: str) -> None:
    """A block maze is generated here so that endpoints and a solver's start or goal in a
    blocked cell are reported like any other bad value."""
    algorithm = registry.algorithms("generator").get(spec.generator.name)
    if algorithm is None or not algorithm.blocks:
        return
    wanted = []
    if isinstance(spec.endpoints, tuple):
        wanted += [(f"{_join(loc, 'endpoints')}.entrance", spec.endpoints[0]),
                   (f"{_join(loc, 'endpoints')}.exit", spec.endpoints[1])]
    if spec.solver is not None:
        wanted += [(f"{_join(loc, 'solver')}.{key}", spec.solver.params[key])
                   for key in ("start", "goal") if spec.solver.params.get(key) is not None]
    if not wanted:
        return
    import numpy as np

    from .maze import Maze

    m = spec.maze
    maze = Maze(m.rows, m.cols, m.surface)
    rng = np.random.default_rng(spec.seed)
    for _ in algorithm.func(maze, rng=rng, **spec.generator.params):
        pass
    for where, cell in wanted:
        if maze.blocked[cell]:
            check.error(where, f"an open cell; {list(cell)} is blocked in this "
                               f"{spec.generator.name} maze (random seed {spec.seed})", plain=True)


TOP_KEYS = ("title", "seed", "fps", "steps_per_frame", "duration", "clock", "hold",
            "hold_first", "output", "format", "theme", "colours", "columns", "size", "panels",
            "still", "strip", "crf", "preset", "effort", "legend", "solve_together")
MP4_PRESETS = ("ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow",
               "slower", "veryslow")
PANEL_KEYS = ("maze", "generator", "endpoints", "solver", "life", "cell_size", "braid",
              "animate", "questions")


def load(path: str | Path, *, out: str | Path | None = None) -> Scenario:
    """Read and validate the scenario file at `path` (ScenarioError lists every problem)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError([f"{path}: cannot read the scenario: {exc.strerror or exc}"])
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "YAML"
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError([f"{path}: {where}: this is not valid YAML: {problem}"])
    return parse(raw, path, out=out)


def parse(raw: Any, path: Path, *, out: str | Path | None = None) -> Scenario:
    """Validate an already-read scenario mapping (see `load`)."""
    check = _Checker(path)
    if not isinstance(raw, dict):
        check.error("(top level)", "a mapping of options (title, seed, panels …)", raw)
        raise ScenarioError(check.errors)
    check.unknown_keys(raw, "", TOP_KEYS + PANEL_KEYS)
    title = check.text(raw, "title", "", "")
    seed = check.integer(raw, "seed", "", 0, 0)
    fmt = check.choice(raw, "format", "", None, FORMATS)
    fps = check.choice(raw, "fps", "", 25, GIF_FPS)
    steps = check.integer(raw, "steps_per_frame", "", None, 1)
    duration = check.number(raw, "duration", "", None, 0.0, 3600.0, strict_lo=True)
    if steps is not None and duration is not None:
        check.error("duration", "either steps_per_frame or duration, not both", plain=True)
    clock = check.choice(raw, "clock", "", "steps", ("steps", "progress"))
    hold = check.number(raw, "hold", "", 2.0, 0.0, 60.0)
    hold_first = check.number(raw, "hold_first", "", 0.5, 0.0, 60.0)
    theme = check.choice(raw, "theme", "", "light", ("light", "dark"))
    columns = check.integer(raw, "columns", "", None, 1, 8)
    colours: dict[str, str] = {}
    if "colours" in raw:
        if not isinstance(raw["colours"], dict):
            check.error("colours", "a mapping of colour names to '#rrggbb'", raw["colours"])
        else:
            for name, value in raw["colours"].items():
                if name not in COLOUR_NAMES or name == "transparent":
                    check.error(f"colours.{name}", "a colour name: one of "
                                + ", ".join(n for n in COLOUR_NAMES if n != "transparent"),
                                name)
                elif not (isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value)):
                    check.error(f"colours.{name}", "a colour like '#1a2b3c'", value)
                else:
                    colours[name] = value
    still = raw.get("still", False)
    if not isinstance(still, bool):
        check.error("still", "true or false", still)
        still = False
    strip = check.integer(raw, "strip", "", 0, 0, 24)
    crf = check.integer(raw, "crf", "", 18, 0, 51)
    preset = check.choice(raw, "preset", "", "medium", MP4_PRESETS)
    effort = check.choice(raw, "effort", "", "best", GIF_EFFORTS)
    size = None
    if "size" in raw:
        size = parse_size(raw["size"])
        if size is None:
            check.error("size", size_expected(), raw["size"])
    show_legend = raw.get("legend", True)
    if not isinstance(show_legend, bool):
        check.error("legend", "true or false", show_legend)
        show_legend = True
    solve_together = raw.get("solve_together", False)
    if not isinstance(solve_together, bool):
        check.error("solve_together", "true or false", solve_together)
        solve_together = False

    panels: list[PanelSpec] = []
    if "panels" in raw:
        for key in PANEL_KEYS:
            if key in raw:
                check.error(key, "put panel options inside `panels:` when the scenario "
                                 "lists panels", plain=True)
        items = raw["panels"]
        if not isinstance(items, list) or not items:
            check.error("panels", "a non-empty list of panels", items)
            items = []
        for i, item in enumerate(items):
            panel = _panel(check, item, f"panels[{i}]", seed, path.parent, i)
            if panel is not None:
                panels.append(panel)
    else:
        single = {k: raw[k] for k in PANEL_KEYS if k in raw}
        single["title"] = raw.get("title") if isinstance(raw.get("title"), str) else None
        if not single.get("title"):
            single.pop("title")
        panel = _panel(check, single, "", seed, path.parent, 0)
        if panel is not None:
            panels.append(panel)
            if panel.title == title:
                title = ""

    output = _output(check, raw, path, out, fmt)
    if output is not None and fmt is None:
        fmt = output.suffix.lstrip(".").lower()
    if check.errors:
        raise ScenarioError(check.errors)
    return Scenario(path, title, seed, panels, output, fmt or "gif", fps, steps, duration,
                    clock, hold, hold_first, theme, colours, columns, size, still, strip, crf,
                    preset, effort, show_legend, solve_together)


def _output(check: _Checker, raw: dict, path: Path, out: str | Path | None,
            fmt: str | None) -> Path | None:
    if out is not None:
        target, where = Path(out).expanduser(), "--out"
    elif "output" in raw:
        if not isinstance(raw["output"], str) or not raw["output"].strip():
            check.error("output", "a file path such as output/maze.gif", raw["output"])
            return None
        target, where = Path(raw["output"]).expanduser(), "output"
    else:
        return Path("output") / f"{path.stem}.{fmt or 'gif'}"
    suffix = target.suffix.lstrip(".").lower()
    if not suffix and fmt:
        return target.with_suffix(f".{fmt}")
    if suffix not in FORMATS:
        check.error(where, "a file name ending in .gif or .mp4", str(target))
        return None
    if fmt and suffix != fmt:
        check.error(where, f"a .{fmt} file, as `format` says", str(target))
        return None
    return target
