"""The `life:` part of a scenario: validation with located errors, and the event stream."""
from __future__ import annotations

import dataclasses
import pathlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Union

import numpy as np
from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    PlainValidator,
    Tag,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
)

from ..events import Event
from ..schema.fields import (
    TAG,
    Problem,
    Section,
    cell,
    choice,
    expected,
    fail,
    flag,
    located,
    number,
    show,
    value_type,
    whole,
)
from ..surfaces import SURFACE_NAMES, SURFACES, Surface, make_surface
from .families import FamilyRule
from .family_parse import EXPECTED_ANY, parse_family_rule
from .formats import LifeFile, LifeFormatError, read_pattern
from .identify import SETTLED_PERIODS, Stop, watch
from .multistate import surface_problem
from .why import MAX_WHY_CELLS, explain
from .patterns import PATTERNS, place, random_soup
from .rules import Rule, RuleError
from .stepping import evolve_any

MAX_SIDE = 4096
#: the French names, accepted as well
SURFACE_ALIASES = {"tore": "torus", "charlie": "projective", "boy": "projective",
                   "plan": "plane", "sphere": "sphere", "sphère": "sphere",
                   "plan_projectif": "projective", "bouteille_de_klein": "klein"}
KEYS = ("rows", "cols", "surface", "rule", "generations", "init", "colour_changes", "chart",
        "seed", "stop", "history", "why")
DEFAULTS = {"surface": "torus", "rule": "conway", "generations": 100,
            "init": {"random": 0.35}, "colour_changes": False, "chart": False}


@dataclass(frozen=True)
class InitRandom:
    """Fill the grid at random: each cell alive with probability `density`."""

    density: float


@dataclass(frozen=True)
class InitCells:
    """Set the live cells of `cells` (a named pattern or a file) with their top-left at
    `at`; `source` says where they came from."""

    cells: np.ndarray
    at: tuple[int, int]
    source: str


@dataclass(frozen=True)
class LifeSpec:
    """A validated Life panel: grid size and surface, rule, how long, how it starts, and what
    the picture shows."""

    rows: int
    cols: int
    surface: Surface
    rule: Rule | FamilyRule
    generations: int
    init: tuple[Any, ...]
    colour_changes: bool = False
    chart: bool = False
    seed: int | None = None
    stop: Stop | None = None
    history: bool = False
    why: tuple[tuple[int, int], ...] = ()


def _surface_key(name: str) -> str:
    key = name.strip().lower()
    return SURFACE_ALIASES.get(key, key)


def _rule_check(value: Any) -> Rule | FamilyRule:
    if not isinstance(value, str) or len(value) > 200:
        raise expected(f"{RULE_EXPECTED}", value)
    try:
        return parse_family_rule(value)
    except RuleError as exc:
        raise fail(str(exc)) from None


WHY_EXPECTED = ("a list of cells [[row, col], …] or a region {from: [row, col], to: [row, "
                "col]}")


def _why_check(value: Any) -> tuple[tuple[int, int], ...]:
    """The cells of a `why:` value (a list of cells, or a region's corners, inclusive)."""
    def pair(v: Any) -> tuple[int, int] | None:
        ok = isinstance(v, (list, tuple)) and len(v) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)
        return (int(v[0]), int(v[1])) if ok else None

    if isinstance(value, dict) and set(value) == {"from", "to"}:
        a, b = pair(value["from"]), pair(value["to"])
        if a is None or b is None or a[0] > b[0] or a[1] > b[1]:
            raise expected("a region {from: [row, col], to: [row, col]} with `from` above "
                           "and left of `to`", value)
        cells = tuple((r, c) for r in range(a[0], b[0] + 1) for c in range(a[1], b[1] + 1))
    elif isinstance(value, list) and value and all(pair(v) is not None for v in value):
        cells = tuple(dict.fromkeys(pair(v) for v in value))  # type: ignore[misc]
    else:
        raise expected(WHY_EXPECTED, value)
    if len(cells) > MAX_WHY_CELLS:
        raise fail(f"expected at most {MAX_WHY_CELLS} cells to explain, got {len(cells)}")
    return cells


WhyCells = value_type(Any, _why_check, {"anyOf": [
    {"type": "array", "items": {"type": "array", "items": {"type": "integer", "minimum": 0},
                                "minItems": 2, "maxItems": 2}, "minItems": 1},
    {"type": "object", "required": ["from", "to"], "additionalProperties": False,
     "properties": {k: {"type": "array", "items": {"type": "integer", "minimum": 0},
                        "minItems": 2, "maxItems": 2} for k in ("from", "to")}}]},
    WHY_EXPECTED)

RULE_EXPECTED = EXPECTED_ANY
LifeRule = value_type(Any, _rule_check, {"type": "string"}, RULE_EXPECTED)


@dataclass(frozen=True)
class Loaded:
    """A pattern file read while validating: what the scenario wrote, and its cells."""

    rel: str
    cells: np.ndarray
    file: LifeFile | None = None


def _file_check(value: Any, info: ValidationInfo) -> Loaded:
    if not isinstance(value, str) or not value or len(value) > 4096 or "\x00" in value:
        raise expected("a path to a .rle, .cells or .mcl file", value)
    ctx = info.context or {}
    base = pathlib.Path(ctx.get("base_dir", "."))
    path = pathlib.Path(value)
    if not path.is_absolute():
        path = base / path
    try:
        found = read_pattern(path, roots=(base, *ctx.get("roots", ())))
        cells = found.cells
    except LifeFormatError as exc:
        raise fail(str(exc)) from None
    loaded = Loaded(value, cells, found)
    ctx.setdefault("patterns", {})[value] = loaded
    return loaded


PatternFile = Annotated[Any, PlainValidator(_file_check),
                        WithJsonSchema({"type": "string",
                                        "x-expected": "a path to a .rle, .cells or .mcl file"})]


def _pattern_key(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


class InitItem(Section):
    """One way the grid starts: a random fill, a named pattern, or a pattern file."""

    shape: ClassVar[str] = "a mapping with one of random, pattern, file"

    random: number(0.0, 1.0, phrase="a density between 0 and 1") = Field(  # type: ignore[valid-type]
        None, description="each cell alive with this probability")
    pattern: choice(sorted(PATTERNS), phrase="a pattern name (" + ", ".join(sorted(PATTERNS))  # type: ignore[valid-type]
                    + ")", normal=_pattern_key) = Field(
        None, description="a built-in pattern (see `run.py --list`)")
    file: PatternFile = Field(None, description="a .rle, .cells or .mcl file, relative to the "
                                                "scenario's folder")
    at: cell("a cell [row, col] of whole numbers >= 0", lo=0) = Field(  # type: ignore[valid-type]
        None, description="the pattern's top-left cell (default: centred)")

    @classmethod
    def unknown_key(cls, key: Any) -> str:
        return f"expected one of random, pattern, file, at, got {show(key)}"

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        kinds = [k for k in ("random", "pattern", "file") if k in data]
        if len(kinds) != 1:
            yield (), ("expected exactly one of random, pattern, file, got "
                       + (", ".join(kinds) if kinds else "none"))
        elif kinds == ["random"] and "at" in data:
            yield ("at",), ("expected no `at` with random (it fills the grid), got "
                            f"{show(data['at'])}")


def _init_tag(value: Any) -> str:
    return TAG + ("many" if isinstance(value, list) else "one")


def _init_list(value: Any) -> Any:
    if isinstance(value, list) and not value:
        raise expected("a mapping or a non-empty list of them", value)
    return value


Init = Annotated[Union[Annotated[InitItem, Tag(TAG + "one")],
                       Annotated[list[InitItem], BeforeValidator(_init_list), Tag(TAG + "many")]],
                 Discriminator(_init_tag),
                 Field(json_schema_extra={"x-expected": "a mapping (random, pattern or file) "
                                                        "or a list of them"})]


class LifeSection(Section):
    """A Game-of-Life panel: grid size and surface, rule, how long, how it starts, and what
    the picture shows."""

    shape: ClassVar[str] = "a mapping with rows, cols, surface, rule, ..."

    rows: whole(1, MAX_SIDE, phrase=f"a whole number >= 1 and <= {MAX_SIDE}") = Field(  # type: ignore[valid-type]
        description="cells from top to bottom")
    cols: whole(1, MAX_SIDE, phrase=f"a whole number >= 1 and <= {MAX_SIDE}") = Field(  # type: ignore[valid-type]
        description="cells from left to right")
    generations: whole(0, phrase="a whole number >= 0") = Field(  # type: ignore[valid-type]
        DEFAULTS["generations"], description="steps after generation 0")
    surface: choice(SURFACE_NAMES, normal=_surface_key) = Field(  # type: ignore[valid-type]
        DEFAULTS["surface"], description="how the edges are glued (French names too: tore, "
                                         "bouteille_de_klein, …)")
    rule: LifeRule = Field(  # type: ignore[valid-type]
        DEFAULTS["rule"], validate_default=True,
        description="B/S notation or a named rule; any family Golly writes (B13/S012V, "
                    "B2/S34H, B2n3/S23-q, 345/2/4, W30, a .rule name like WireWorld)")
    init: Init = Field(  # type: ignore[valid-type]
        DEFAULTS["init"], validate_default=True,
        description="how the grid starts: one item or a list, applied in order")
    colour_changes: flag() = Field(DEFAULTS["colour_changes"], description="show births "  # type: ignore[valid-type]
                                                                           "and deaths")
    chart: flag() = Field(DEFAULTS["chart"], description="a chart under the grid: "  # type: ignore[valid-type]
                                                         "population, births and deaths "
                                                         "per generation")
    seed: whole(0, phrase="a whole number >= 0 (this panel's own random seed)") = Field(  # type: ignore[valid-type]
        None, description="the panel's own random seed (panels with one seed start alike)")

    history: flag() = Field(False, description="cells that were ever alive keep a faint "  # type: ignore[valid-type]
                                                "trail")
    why: WhyCells = Field(  # type: ignore[valid-type]
        None, description="cells whose live-neighbour count and fate are written on them "
                          "each generation (\"3 → born\"), counted across glued edges")
    stop: choice(Stop, phrase="settled (end the run once it has repeated for "  # type: ignore[valid-type]
                  f"{SETTLED_PERIODS} periods)") = Field(
        None, description=f"`settled`: end the run {SETTLED_PERIODS} periods after it is seen "
                          "to repeat (still life, oscillator, spaceship, died)")

    @classmethod
    def unknown_key(cls, key: Any) -> str:
        return f"expected one of {', '.join(KEYS)}, got {show(key)}"

    @classmethod
    def prepare(cls, data: dict, info: ValidationInfo) -> dict:
        """rows and cols are reported as `got nothing` when absent."""
        return {"rows": None, "cols": None, **data}

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        if bad("rows") or bad("cols"):
            return
        rows, cols = data["rows"], data["cols"]
        surface = data.get("surface", DEFAULTS["surface"])
        key = None if bad("surface") else _surface_key(surface)
        if key in SURFACES and (problem := SURFACES[key].shape_error(rows, cols)):
            yield ("surface",), problem
        rule = None if bad("rule") else parse_family_rule(data.get("rule", DEFAULTS["rule"]))
        if isinstance(rule, FamilyRule) and key in SURFACES and \
                (problem := surface_problem(rule, key)):
            yield ("rule",), problem
        init = data.get("init", DEFAULTS["init"])
        items = [((), init)] if isinstance(init, dict) else list(
            (((k,), item) for k, item in enumerate(init)) if isinstance(init, list) else ())
        if "why" in data and not bad("why"):
            outside = [cell for cell in _why_check(data["why"])
                       if cell[0] >= rows or cell[1] >= cols]
            if outside:
                yield ("why",), (f"expected cells inside the {rows}x{cols} grid, got "
                                 f"{list(outside[0])}")
            if isinstance(rule, FamilyRule):
                yield ("why",), (f"explains the live neighbours of a two-state rule of B/S "
                                 f"counts on the Moore neighbourhood (like B3/S23), not the "
                                 f"{rule.family.value} rule {rule.notation}")
        patterns = (info.context or {}).get("patterns", {})
        for at, item in items:
            if bad("init", *at):
                continue
            cells, source = _cells_of(item, patterns)
            if cells is not None:
                yield from _fit(("init", *at), item, cells, source, rows, cols)
            found = patterns[item["file"]].file if "file" in item else None
            if found is not None and rule is not None and \
                    (wrong := found.state_problem(getattr(rule, "states", 2), rule.notation)):
                yield ("init", *at, "file"), str(wrong)


def _cells_of(item: dict, patterns: dict) -> tuple[np.ndarray | None, str]:
    """The cells an init item places (None for a random fill) and where they come from."""
    if "pattern" in item:
        key = _pattern_key(item["pattern"])
        return PATTERNS[key].cells, f"pattern {key}"
    if "file" in item and item["file"] in patterns:
        return patterns[item["file"]].cells, str(item["file"])
    return None, ""


def _fit(at: tuple, item: dict, cells: np.ndarray, source: str, rows: int,
         cols: int) -> Iterable[Problem]:
    ph, pw = cells.shape
    where = "at"
    if "at" in item:
        r, c = item["at"]
    else:
        (r, c), where = ((rows - ph) // 2, (cols - pw) // 2), "centred at"
    if r < 0 or c < 0 or r + ph > rows or c + pw > cols:
        yield at, (f"expected {source} ({ph} rows x {pw} columns) to fit in the {rows}x{cols} "
                   f"grid, got it {where} [{r}, {c}]")


def life_spec(section: LifeSection) -> LifeSpec:
    """The LifeSpec of a validated `life:` mapping."""
    items = section.init if isinstance(section.init, list) else [section.init]
    init: list[Any] = []
    for item in items:
        if item.random is not None:
            init.append(InitRandom(float(item.random)))
            continue
        if item.pattern is not None:
            cells, source = PATTERNS[item.pattern].cells, f"pattern {item.pattern}"
        else:
            cells, source = item.file.cells, item.file.rel
        ph, pw = cells.shape
        at = item.at if item.at is not None else ((section.rows - ph) // 2,
                                                 (section.cols - pw) // 2)
        init.append(InitCells(cells, tuple(at), source))
    return LifeSpec(section.rows, section.cols,
                    make_surface(section.surface, section.rows, section.cols), section.rule,
                    section.generations, tuple(init), section.colour_changes, section.chart,
                    section.seed, section.stop, section.history, section.why or ())


def parse_life_spec(raw: Any, loc: str, errors: list[str], base_dir: pathlib.Path,
                    roots: tuple[pathlib.Path, ...] = ()) -> LifeSpec | None:
    """The LifeSpec described by the mapping `raw`, or None; every problem is appended to
    `errors` as one line "{loc}.key: expected ..., got ..." (all of them, not the first).
    Pattern files are read inside `base_dir` and `roots` only."""
    try:
        section = LifeSection.model_validate(raw, context={"base_dir": base_dir,
                                                           "roots": roots})
    except ValidationError as exc:
        errors += [f"{loc}.{e.where}: {e.message}" if e.where else f"{loc}: {e.message}"
                   for e in located(exc)]
        return None
    return life_spec(section)


def initial_grid(spec: LifeSpec, rng: np.random.Generator) -> np.ndarray:
    """The generation-0 grid of `spec` (random fills drawn, in order, from `rng`, or from a
    generator of the panel's own `seed` when it has one: panels compared side by side can
    then start from the same soup)."""
    if spec.seed is not None:
        rng = np.random.default_rng(spec.seed)
    grid = np.zeros((spec.rows, spec.cols), dtype=np.uint8)
    for item in spec.init:
        if isinstance(item, InitRandom):
            grid |= random_soup(spec.rows, spec.cols, item.density, rng)
        else:
            place(grid, item.cells, item.at)
    return grid


def life_events(spec: LifeSpec, rng: np.random.Generator) -> Iterator[Event]:
    """Yields the `Generation` events of `spec`: generation 0 (the initial grid), then one
    per step up to `spec.generations` (fewer with `stop: settled`); each carries what the
    run became from the generation that is seen on (`Generation.identity`), and why the
    cells of `spec.why` live or die next (`Generation.why`)."""
    events = watch(evolve_any(initial_grid(spec, rng), spec.rule, spec.surface,
                              spec.generations), spec.surface, stop=spec.stop)
    if not spec.why:
        yield from events
        return
    for event in events:
        assert isinstance(spec.rule, Rule), "why: is refused for other families"
        yield dataclasses.replace(event, why=explain(event.grid, spec.rule, spec.surface,
                                                     spec.why, event.index))


def check_states(grid: np.ndarray, rule: Rule | FamilyRule, loc: str) -> str | None:
    """Why `grid` cannot start a run of `rule` (a state the rule does not have, with the
    first such cell), or None."""
    states = rule.states if isinstance(rule, FamilyRule) else 2
    out = np.argwhere((grid < 0) | (grid >= states))
    if not out.size:
        return None
    r, c = (int(v) for v in out[0])
    return (f"{loc}: expected cell states 0..{states - 1} for the rule {rule.notation}, got "
            f"{grid[r, c]} at [{r}, {c}] ({len(out)} such cells)")


def array_events(spec: LifeSpec, init: np.ndarray, loc: str) -> Iterator[Event]:
    """The `Generation` events of `spec` started from the array of states `init` (instead
    of its `init` items); ValueError, located at `loc`, for an array of the wrong shape or
    kind, or with a state the rule does not have."""
    arr = np.asarray(init)
    if arr.shape != (spec.rows, spec.cols) or arr.dtype.kind not in "biu":
        raise ValueError(f"{loc}: expected a {spec.rows}x{spec.cols} array of whole cell "
                         f"states, got shape {arr.shape} of {arr.dtype}")
    problem = check_states(arr, spec.rule, loc)
    if problem:
        raise ValueError(problem)
    return evolve_any(arr.astype(np.uint8), spec.rule, spec.surface, spec.generations)


__all__ = ["InitCells", "InitRandom", "LifeSection", "LifeSpec", "array_events",
           "check_states", "initial_grid", "life_events", "life_spec", "parse_life_spec"]
