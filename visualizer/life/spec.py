"""The `life:` part of a scenario: validation with located errors, and the event stream."""
from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np

from ..events import Event
from ..surfaces import SURFACE_NAMES, Surface, make_surface
from .engine import evolve
from .formats import LifeFormatError, read_pattern
from .patterns import PATTERNS, place, random_soup
from .rules import Rule, RuleError, parse_rule

MAX_SIDE = 4096
#: the French names, accepted as well
SURFACE_ALIASES = {"tore": "torus", "charlie": "projective", "boy": "projective",
                   "plan": "plane", "sphere": "sphere", "sphère": "sphere",
                   "plan_projectif": "projective", "bouteille_de_klein": "klein"}
KEYS = ("rows", "cols", "surface", "rule", "generations", "init", "colour_changes", "chart",
        "seed")
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
    rule: Rule
    generations: int
    init: tuple[Any, ...]
    colour_changes: bool = False
    chart: bool = False
    seed: int | None = None


def _shown(value: Any) -> str:
    """How a found value is quoted in an error message."""
    return repr(value) if isinstance(value, str) else f"{value!r}"


def _whole(raw: dict, key: str, loc: str, errors: list[str], low: int,
           high: int | None = None) -> int | None:
    """raw[key] (or its default) if it is a whole number in range, else None + an error."""
    value = raw.get(key, DEFAULTS.get(key))
    if value is None:
        errors.append(f"{loc}.{key}: expected a whole number >= {low}, got nothing")
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (
            high is not None and value > high):
        limit = f" and <= {high}" if high is not None else ""
        errors.append(f"{loc}.{key}: expected a whole number >= {low}{limit}, "
                      f"got {_shown(value)}")
        return None
    return value


def _flag(raw: dict, key: str, loc: str, errors: list[str]) -> bool:
    """raw[key] (or its default) if it is a boolean, else False + an error."""
    value = raw.get(key, DEFAULTS[key])
    if not isinstance(value, bool):
        errors.append(f"{loc}.{key}: expected true or false, got {_shown(value)}")
        return False
    return value


def _cell(value: Any, loc: str, errors: list[str]) -> tuple[int, int] | None:
    """`value` as a (row, col) pair of whole numbers >= 0, else None + an error."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                    for v in value)):
        return int(value[0]), int(value[1])
    errors.append(f"{loc}: expected a cell [row, col] of whole numbers >= 0, "
                  f"got {_shown(value)}")
    return None


def _init_item(item: Any, loc: str, errors: list[str], base_dir: pathlib.Path,
               size: tuple[int, int] | None) -> Any:
    """One `init` entry as InitRandom or InitCells (checked to fit a grid of `size`), else
    None + errors."""
    if not isinstance(item, dict):
        errors.append(f"{loc}: expected a mapping with one of random, pattern, file, "
                      f"got {_shown(item)}")
        return None
    kinds = [k for k in ("random", "pattern", "file") if k in item]
    unknown = [k for k in item if k not in ("random", "pattern", "file", "at")]
    for key in unknown:
        errors.append(f"{loc}.{key}: expected one of random, pattern, file, at, "
                      f"got {_shown(key)}")
    if len(kinds) != 1:
        errors.append(f"{loc}: expected exactly one of random, pattern, file, "
                      f"got {', '.join(kinds) if kinds else 'none'}")
        return None
    kind = kinds[0]
    if kind == "random":
        density = item["random"]
        if "at" in item:
            errors.append(f"{loc}.at: expected no `at` with random (it fills the grid), "
                          f"got {_shown(item['at'])}")
        if isinstance(density, bool) or not isinstance(density, (int, float)) or not (
                0 <= density <= 1):
            errors.append(f"{loc}.random: expected a density between 0 and 1, "
                          f"got {_shown(density)}")
            return None
        return InitRandom(float(density))
    if kind == "pattern":
        name = item["pattern"]
        key = name.strip().lower().replace("-", "_").replace(" ", "_") \
            if isinstance(name, str) else None
        if key not in PATTERNS:
            errors.append(f"{loc}.pattern: expected a pattern name ("
                          + ", ".join(sorted(PATTERNS)) + f"), got {_shown(name)}")
            return None
        cells, source = PATTERNS[key].cells, f"pattern {key}"
    else:
        rel = item["file"]
        if not isinstance(rel, str) or not rel:
            errors.append(f"{loc}.file: expected a path to a .rle or .cells file, "
                          f"got {_shown(rel)}")
            return None
        path = pathlib.Path(rel)
        if not path.is_absolute():
            path = base_dir / path
        if not path.is_file():
            errors.append(f"{loc}.file: expected an existing .rle or .cells file, "
                          f"got {_shown(rel)} (looked for {path})")
            return None
        try:
            cells, source = read_pattern(path).cells, str(rel)
        except LifeFormatError as exc:
            errors.append(f"{loc}.file: {exc}")
            return None
    at = None
    if "at" in item:
        at = _cell(item["at"], f"{loc}.at", errors)
        if at is None:
            return None
    if size is None:
        return None
    rows, cols = size
    ph, pw = cells.shape
    where = "at"
    if at is None:
        at, where = ((rows - ph) // 2, (cols - pw) // 2), "centred at"
    r, c = at
    if r < 0 or c < 0 or r + ph > rows or c + pw > cols:
        errors.append(f"{loc}: expected {source} ({ph} rows x {pw} columns) to fit in the "
                      f"{rows}x{cols} grid, got it {where} [{r}, {c}]")
        return None
    return InitCells(cells, at, source)


def parse_life_spec(raw: Any, loc: str, errors: list[str],
                    base_dir: pathlib.Path) -> LifeSpec | None:
    """The LifeSpec described by the mapping `raw`, or None; every problem is appended to
    `errors` as one line "{loc}.key: expected ..., got ..." (all of them, not the first)."""
    if not isinstance(raw, dict):
        errors.append(f"{loc}: expected a mapping with rows, cols, surface, rule, ..., "
                      f"got {_shown(raw)}")
        return None
    before = len(errors)
    for key in raw:
        if key not in KEYS:
            errors.append(f"{loc}.{key}: expected one of {', '.join(KEYS)}, got {_shown(key)}")
    rows = _whole(raw, "rows", loc, errors, 1, MAX_SIDE)
    cols = _whole(raw, "cols", loc, errors, 1, MAX_SIDE)
    generations = _whole(raw, "generations", loc, errors, 0)

    surface = None
    name = raw.get("surface", DEFAULTS["surface"])
    key = SURFACE_ALIASES.get(name.strip().lower(), name.strip().lower()) \
        if isinstance(name, str) else None
    if key not in SURFACE_NAMES:
        errors.append(f"{loc}.surface: expected one of {', '.join(SURFACE_NAMES)}, "
                      f"got {_shown(name)}")
    elif rows is not None and cols is not None:
        if key == "sphere" and rows != cols:
            errors.append(f"{loc}.surface: expected a square grid for the sphere (it glues "
                          f"the top edge to the left edge), got {rows} rows x {cols} cols")
        else:
            surface = make_surface(key, rows, cols)

    rule = None
    try:
        rule = parse_rule(raw.get("rule", DEFAULTS["rule"]))
    except RuleError as exc:
        errors.append(f"{loc}.rule: {exc}")

    init_raw = raw.get("init", DEFAULTS["init"])
    size = (rows, cols) if rows is not None and cols is not None else None
    items = []
    if isinstance(init_raw, list):
        if not init_raw:
            errors.append(f"{loc}.init: expected a mapping or a non-empty list of them, "
                          f"got []")
        for k, item in enumerate(init_raw):
            items.append(_init_item(item, f"{loc}.init[{k}]", errors, base_dir, size))
    else:
        items.append(_init_item(init_raw, f"{loc}.init", errors, base_dir, size))

    colour_changes = _flag(raw, "colour_changes", loc, errors)
    chart = _flag(raw, "chart", loc, errors)
    seed = raw.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        errors.append(f"{loc}.seed: expected a whole number >= 0 (this panel's own random "
                      f"seed), got {_shown(seed)}")
    if len(errors) > before or surface is None or rule is None or generations is None:
        return None
    return LifeSpec(rows, cols, surface, rule, generations, tuple(items), colour_changes,
                    chart, seed)


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
    per step up to `spec.generations`."""
    yield from evolve(initial_grid(spec, rng), spec.rule, spec.surface, spec.generations)


__all__ = ["LifeSpec", "InitRandom", "InitCells", "parse_life_spec", "initial_grid",
           "life_events"]
