"""Name -> algorithm. Feeds scenario validation, `run.py --list` and parametrized tests.

An algorithm module registers itself with the `register` decorator; `load_all()` imports
every module of `visualizer.generators` and `visualizer.solvers` so nothing is listed twice.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable

from .events import MilestoneKind, _Word
from .grids.kinds import GridKind

KINDS = ("generator", "solver")
#: `grids=` for an algorithm that only asks a cell for its neighbours: it runs on every grid
ALL_GRIDS: frozenset[GridKind] = frozenset(GridKind)
#: why an algorithm that has not said otherwise runs on the square grid only
ROW_REASON = "it works row by row on the square grid"


class ParamKind(_Word):
    """The type of an algorithm's (or a writer's) scenario option."""

    INT = "int"          # a whole number within min..max
    FLOAT = "float"      # a number within min..max
    BOOL = "bool"        # true or false
    TEXT = "str"         # a piece of text
    CHOICE = "choice"    # one of `choices`
    CELL = "cell"        # a [row, col] pair


class Family(str, Enum):
    """How `--list` and the README group the algorithms: generators by how they build,
    solvers by what they guarantee."""

    CARVER = "passage carvers: start with every wall built, knock walls down"
    WALL_ADDER = "wall adders: start with every wall open, build walls"
    SET_BASED = "set-based: join sets of cells until one is left"
    BLOCK = "block mazes: cells, not walls, are open or solid"
    SHORTEST = "shortest path guaranteed"
    COMPLETE = "finds a path whenever there is one (not always the shortest)"
    LOCAL = "local rules: see only the cell they stand on; may fail or wander"
    MAP = "maps of the whole maze"

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Param:
    """One scenario option of an algorithm (or of a writer, see `export.Format`).

    `kind` is a `ParamKind` (its text is accepted too and turned into the member);
    `default` is the option's one default, which the schema publishes and fills in.
    """

    name: str
    kind: ParamKind
    default: Any = None
    help: str = ""
    min: float | None = None
    max: float | None = None
    choices: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ParamKind(self.kind))


@dataclass(frozen=True)
class Algorithm:
    """A registered generator or solver.

    `func(maze, *, rng, **params)` yields events. `perfect` says whether a generator always
    makes a spanning tree; `surfaces` limits where it runs (None = every surface);
    `blocks` says whether it makes (generator) or accepts (solver) a block maze;
    `milestones` lists the milestone kinds it may yield that other rules rely on (the
    `first_backtrack` endpoint rule needs `MilestoneKind.FIRST_BACKTRACK`); `family` groups
    it in `--list`; `grids` lists the grid kinds it runs on (the square grid only unless
    it says more; `extra["grid_reason"]` says why not, else `ROW_REASON`).
    """

    kind: str
    name: str
    func: Callable[..., Any]
    summary: str
    params: tuple[Param, ...] = ()
    perfect: bool = True
    surfaces: frozenset[str] | None = None
    blocks: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    milestones: frozenset[MilestoneKind] = frozenset()
    family: Family | None = None
    grids: frozenset[GridKind] = frozenset({GridKind.SQUARE})

    def grid_refusal(self, grid: GridKind | str) -> str | None:
        """Why this algorithm cannot run on the grid kind `grid` (None if it can)."""
        if GridKind(grid) in self.grids:
            return None
        reason = self.extra.get("grid_reason", ROW_REASON)
        return (f"`{self.name}` cannot run on a {GridKind(grid).value} grid ({reason}); it "
                f"works on: " + ", ".join(sorted(g.value for g in self.grids)))

    def weave_refusal(self) -> str | None:
        """Why this algorithm cannot make or solve a weave (None if it can): a generator
        says `weave=True` when it digs tunnels; every solver that follows
        `Maze.passages` takes them."""
        if self.kind == "solver" or self.extra.get("weave"):
            return None
        able = ", ".join(sorted(n for n, a in _REGISTRY["generator"].items()
                              if a.extra.get("weave")))
        return (f"`{self.name}` cannot weave (it does not dig tunnels under corridors); the "
                f"generators that weave: {able}")

    def accepts(self, surface: str) -> bool:
        """Whether this algorithm runs on the surface named `surface`."""
        return self.surfaces is None or surface in self.surfaces

    def refusal(self, surface: str) -> str | None:
        """Why this algorithm cannot run on the surface named `surface` (None if it can)."""
        if self.accepts(surface):
            return None
        reason = self.extra.get("surface_reason")
        return (f"`{self.name}` cannot run on the surface `{surface}`"
                + (f" ({reason})" if reason else "") + "; it works on: "
                + ", ".join(sorted(self.surfaces or ())))


_REGISTRY: dict[str, dict[str, Algorithm]] = {kind: {} for kind in KINDS}


def register(kind: str, name: str, summary: str, *, params: tuple[Param, ...] = (),
             perfect: bool = True, surfaces: frozenset[str] | None = None,
             blocks: bool = False, milestones: frozenset[MilestoneKind] = frozenset(),
             family: Family | None = None,
             grids: frozenset[GridKind] = frozenset({GridKind.SQUARE}),
             **extra: Any) -> Callable[[Callable], Callable]:
    """Decorator: list `func` under `kind`/`name` with a one-line `summary`."""
    if kind not in KINDS:
        raise ValueError(f"unknown algorithm kind `{kind}`")

    def decorate(func: Callable) -> Callable:
        _REGISTRY[kind][name] = Algorithm(kind, name, func, summary, tuple(params), perfect,
                                          surfaces, blocks, dict(extra), frozenset(milestones),
                                          family, frozenset(grids))
        return func

    return decorate


_loaded = False


def load_all() -> None:
    """Import every algorithm module once, so that each registers itself."""
    global _loaded
    if _loaded:
        return
    for package_name in ("visualizer.generators", "visualizer.solvers"):
        package = importlib.import_module(package_name)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            if not info.name.startswith("_"):
                importlib.import_module(f"{package_name}.{info.name}")
    _loaded = True


def algorithms(kind: str) -> dict[str, Algorithm]:
    """Every registered algorithm of `kind`, by name (sorted)."""
    load_all()
    return dict(sorted(_REGISTRY[kind].items()))


def get(kind: str, name: str) -> Algorithm:
    """The algorithm `name` of `kind` (KeyError if unknown)."""
    load_all()
    return _REGISTRY[kind][name]
