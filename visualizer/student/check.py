"""`viz.check(my_backtracker, rows=12, cols=16, like="backtracker")`: run a student's
generator over several seeds on each surface asked for (default: the plane and the torus)
and say, one line each, what held and where it went wrong:

1. legal calls (cells that exist, neighbours only, no carve of an open wall);
2. a perfect maze at the end (connected, cells − 1 passages);
3. the same seed gives the same maze, and no global random state is used;
4. `like=NAME`: the algorithm's fingerprint (`fingerprints.py`, `uniform.py`);
5. within the step and time limits (`limits.py`); a function that does not finish is
   reported once, and the runs after it are not made.

`check_solver` (in `solver_check.py`) does the same for a solver.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .. import events as ev
from ..grids import GridError, make_grid
from ..maze import Maze
from ..surfaces import SURFACE_NAMES, SURFACES
from . import fingerprints as fp
from .limits import MEMORY_LIMIT, TIME_LIMIT, Limits
from .load import LoadError, load_function
from .problems import Problem, ProblemKind
from .report import Line, Report
from .run import GENERATOR, Run, binder, name_of, run
from .uniform import uniformity

DEFAULT_SURFACES = ("plane", "torus")
DEFAULT_SEEDS = 3
#: problems after which no more runs are made: it would not finish again
HALTING = (ProblemKind.TIME, ProblemKind.MEMORY)


@dataclass(frozen=True)
class Setting:
    """What a check runs on: the maze size, surfaces, seeds and limits."""

    rows: int
    cols: int
    surfaces: tuple[str, ...]
    seeds: tuple[int, ...]
    limits: Limits
    grid: str = "square"
    mask: tuple[str, ...] | None = None

    def maze(self, surface: str, walls_open: bool = False) -> Maze:
        """A blank maze of this setting on `surface`."""
        return Maze(self.rows, self.cols, surface, walls_open=walls_open, grid=self.grid,
                    mask=self.mask)

    def words(self) -> str:
        """`12x16 mazes on the plane and torus, seeds 0–2`."""
        names = " and ".join([", ".join(self.surfaces[:-1]), self.surfaces[-1]]
                             if len(self.surfaces) > 1 else self.surfaces)
        seeds = (f"seeds {self.seeds[0]}–{self.seeds[-1]}"
                 if list(self.seeds) == list(range(self.seeds[0], self.seeds[-1] + 1))
                 and len(self.seeds) > 1 else
                 "seed" + "s" * (len(self.seeds) > 1) + " " + ", ".join(map(str, self.seeds)))
        size = f"{self.rows}-ring polar" if self.grid == "polar" else \
            f"{self.rows}x{self.cols}" + ("" if self.grid == "square" else f" {self.grid}")
        masked = " masked" if self.mask is not None else ""
        return f"{size}{masked} mazes on the {names}, {seeds}"

    def runs(self) -> Iterable[tuple[str, int]]:
        """(surface, seed) of every run, surface by surface."""
        return ((surface, seed) for surface in self.surfaces for seed in self.seeds)


def setting(rows: int, cols: int, surface: str | None, surfaces: str | Sequence[str] | None,
            seeds: int | Sequence[int], limits: Limits, grid: str = "square",
            mask: Sequence[str] | None = None) -> Setting:
    """The checked setting from the caller's options (ValueError for a bad one)."""
    if not (isinstance(rows, int) and isinstance(cols, int) and 1 <= rows <= 200
            and 1 <= cols <= 200 and rows * cols >= 2):
        raise ValueError(f"rows and cols are whole numbers from 1 to 200 (at least two "
                         f"cells), got {rows!r} and {cols!r}")
    if surface is not None and surfaces is not None:
        raise ValueError("give surface= or surfaces=, not both")
    if grid != "square" or mask is not None:
        return _grid_setting(rows, cols, surface or surfaces, seeds, limits, grid, mask)
    wanted = surfaces if surfaces is not None else (surface or DEFAULT_SURFACES)
    names = tuple(s.strip() for s in (wanted.split(",") if isinstance(wanted, str)
                                      else wanted))
    for name in names:
        if name not in SURFACE_NAMES:
            raise ValueError(f"surface `{name}` must be one of {', '.join(SURFACE_NAMES)}")
        problem = SURFACES[name].shape_error(rows, cols) if SURFACES[name].square_only else None
        if problem:
            raise ValueError(problem)
    return Setting(rows, cols, names, seed_list(seeds), limits)


def seed_list(seeds: int | Sequence[int]) -> tuple[int, ...]:
    """The seeds asked for: a count or a list (ValueError for a bad one)."""
    listed = tuple(range(seeds)) if isinstance(seeds, int) else tuple(int(s) for s in seeds)
    if not listed or any(s < 0 for s in listed):
        raise ValueError(f"seeds is a count ≥ 1 or a list of seeds ≥ 0, got {seeds!r}")
    return listed


def _grid_setting(rows: int, cols: int, wanted: str | Sequence[str] | None,
                  seeds: int | Sequence[int], limits: Limits, grid: str,
                  mask: Sequence[str] | None) -> Setting:
    """The setting on a grid other than the plain square: each surface the grid must take
    at this size (by default the plane, and the torus where the grid takes it)."""
    if wanted is None:
        names: tuple[str, ...] = tuple(s for s in DEFAULT_SURFACES
                                       if s == "plane" or _grid_problem(
                                           grid, rows, cols, s, mask) is None)
    else:
        names = tuple(s.strip() for s in (wanted.split(",") if isinstance(wanted, str)
                                          else wanted))
    for name in names:
        problem = _grid_problem(grid, rows, cols, name, mask)
        if problem:
            raise ValueError(problem)
    return Setting(rows, cols, names, seed_list(seeds), limits, grid,
                   None if mask is None else tuple(mask))


def _grid_problem(grid: str, rows: int, cols: int, surface: str,
                  mask: Sequence[str] | None) -> str | None:
    """Why the `grid` maze cannot exist on `surface` (None if it can)."""
    try:
        make_grid(grid, rows, cols, surface, mask)
    except GridError as exc:
        return str(exc)
    return None


def resolve(code: Any, function: str | None, limits: Limits, kind: str
            ) -> tuple[Callable[..., Any] | None, str, Problem | None]:
    """The student's function (read from its file if `code` is a path), its name, and the
    problem that stops the check before any run (a file that does not load, a wrong
    signature)."""
    if isinstance(code, (str, Path)):
        try:
            code = load_function(code, function, limits=limits)
        except LoadError as exc:
            return None, Path(code).name, exc.problem
    name = name_of(code)
    bound = binder(code, kind)
    return code, name, bound if isinstance(bound, Problem) else None


def imperfection(maze: Maze) -> str | None:
    """What keeps `maze` from being perfect, in a student's words (None if it is)."""
    if maze.is_perfect():
        return None
    cells = maze.cell_count
    every = maze.grid.cells
    lonely = sum(1 for r, c in every
                 if not any(step.cell != (r, c) for _, step in maze.passages((r, c))))
    if lonely:
        return (f"the maze is not connected: {lonely} cell{'s' * (lonely > 1)} never "
                "carved into")
    left = set(every)
    parts = 0
    while left:
        left -= maze.reachable(next(iter(left)))
        parts += 1
    if parts > 1:
        return f"the maze is not connected: it falls into {parts} parts"
    passages = len(maze.open_walls())
    return (f"{passages} passages for {cells} cells: a perfect maze has {cells - 1} "
            "(this one has loops)")


def run_problem(record: Run, maze: Maze | None) -> Problem | None:
    """A run's first problem: a loop it made or what stopped it, whichever came first, or
    its maze not perfect."""
    loop = next((p for p in record.problems if p.kind == ProblemKind.LOOP), None)
    found = [p for p in (loop, record.stopped) if p is not None]
    if found:
        return min(found, key=lambda p: p.step if p.step is not None else 1 << 62)
    wrong = imperfection(maze) if maze is not None else None
    return Problem(ProblemKind.NOT_PERFECT, f"at the end: {wrong}") if wrong else None


def step_words(event: ev.Event) -> str:
    """A recorded step as the façade call that made it, roughly: `carve at (2, 3), E`."""
    if isinstance(event, (ev.WallOpened, ev.WallClosed)):
        verb = "carve" if isinstance(event, ev.WallOpened) else "build"
        return f"{verb} at {event.cell}, {event.side.name} wall"
    if isinstance(event, ev.CellMarked):
        return f"{event.mark} {event.cell}"
    if isinstance(event, ev.SetsMerged):
        return f"merge {event.a} and {event.b}"
    return type(event).__name__


def same_again(first: Run, again: Run, label: str) -> Problem | None:
    """Whether a second run with the same seed made the same calls (the first difference,
    located, if not)."""
    a, b = first.events, again.events
    for k, (x, y) in enumerate(zip(a, b), start=1):
        if x != y:
            return Problem(ProblemKind.NOT_REPEATABLE, f"{label}: the second run differed "
                           f"from the first here ({step_words(x)}, then {step_words(y)}): use "
                           "only the `rng` your function receives", k,
                           again.where(k) or first.where(k))
    if len(a) != len(b):
        k = min(len(a), len(b)) + 1
        return Problem(ProblemKind.NOT_REPEATABLE, f"{label}: the second run made "
                       f"{len(b):,} steps, the first {len(a):,}", k, again.where(k))
    return None


def repeatable(runs: list[tuple[str, int, Run]], again: Callable[[str, int], Run],
               everything: list[Run], label: str = "same seed, same maze") -> Line:
    """The line 'the same seed gives the same maze': each surface's first good run made
    again, and every run's use of global random state."""
    if not runs:
        return Line(label, "not checked: no run finished", skipped=True)
    used = next((p for r in everything for p in r.problems
                 if p.kind == ProblemKind.GLOBAL_RANDOM), None)
    if used is not None:
        return Line(label, problem=used)
    checked = []
    for surface, seed, record in runs:
        if surface in checked:
            continue
        checked.append(surface)
        problem = same_again(record, again(surface, seed), f"seed {seed} on the {surface}")
        if problem is not None:
            return Line(label, problem=problem)
    return Line(label, f"each surface's seed {runs[0][1]} run twice gave the same steps; no "
                       "global random state used")


def halted_line(skipped: int, problem: Problem) -> Line:
    """The line for the runs not made after one that did not finish."""
    return Line(f"the other {skipped} run{'s' * (skipped != 1)}",
                f"not made: the function did not finish once ({problem.kind}), it would not "
                "finish again", skipped=True)


def _like_line(like: str, fn: Callable[..., Any], done: list[tuple[str, int, Run, Maze]],
               limits: Limits, walls_open: bool) -> Line:
    """The fingerprint line of a generator check."""
    label = f"like {like}"
    if like in fp.UNIFORM:
        found = uniformity(fn, limits, walls_open=walls_open)
        if found.problem is not None:
            return Line(label, problem=found.problem)
        return Line(label, f"{fp.PROMISE[like]}: {found.mazes:,} mazes, {found.seen} of "
                           f"{found.trees} trees seen, p = {found.p:.2f}")
    if not done:
        return Line(label, "not checked: no run finished with a perfect maze", skipped=True)
    forest = False
    for _, _, record, maze in done:
        if like == "kruskal":
            problem, grew = fp.kruskal_forest(record, maze.cols, maze.cells)
            forest = forest or grew
        else:
            check = fp.backtracker if like == "backtracker" else fp.prim
            problem = check(record, fp.neighbours_of(maze))
        if problem is not None:
            return Line(label, problem=problem)
    if like == "kruskal" and not forest:
        return Line(label, problem=Problem(ProblemKind.FINGERPRINT, (
            "no run ever had two trees of several cells at once: it grows one tree (like "
            "Prim or a backtracker); Kruskal joins many small trees")))
    carves = sum(len(r.carves) for _, _, r, _ in done)
    return Line(label, f"{fp.PROMISE[like]} ({len(done)} mazes, {carves:,} carves)")


def check(code: Any, /, *, function: str | None = None, rows: int = 8, cols: int = 10,
          surface: str | None = None, surfaces: str | Sequence[str] | None = None,
          seeds: int | Sequence[int] = DEFAULT_SEEDS, like: str | None = None,
          start: str = "closed", max_steps: int | None = None,
          time_limit: float = TIME_LIMIT, memory_limit: int | None = MEMORY_LIMIT,
          grid: str = "square", mask: Sequence[str] | None = None) -> Report:
    """Check the student's generator `code` (a function, or a .py file and its `function`)
    on `rows` x `cols` mazes over `seeds` (a count or a list) on each of `surfaces`
    (default: plane and torus), `like` an algorithm (backtracker, prim, kruskal,
    aldous_broder, wilson) if given; `start="open"` for a wall adder; `grid` (square,
    hex, triangle, polar: `rows` rings) and `mask` (strings, `X` = no cell) as in a
    scenario (default surfaces there: the plane, and the torus where the grid takes it).
    Returns the `Report` (`print(report)`, `report.ok`). Wrong options raise ValueError."""
    began = time.perf_counter()
    limits = Limits(max_steps, time_limit, memory_limit)
    chosen = setting(rows, cols, surface, surfaces, seeds, limits, grid, mask)
    if like is not None and like not in fp.GENERATOR_LIKES:
        raise ValueError(f"like `{like}` must be one of {', '.join(fp.GENERATOR_LIKES)}")
    if start not in ("closed", "open"):
        raise ValueError(f"start `{start}` must be closed or open")
    if start == "open" and like in ("backtracker", "prim", "kruskal"):
        raise ValueError(f"like `{like}` reads carves; a wall adder (start='open') builds")
    fn, name, problem = resolve(code, function, limits, GENERATOR)
    report = Report(name, GENERATOR, chosen.words(), like)
    if fn is None or problem is not None:
        report.lines.append(Line("loading" if fn is None else "signature", problem=problem))
        report.seconds = time.perf_counter() - began
        return report
    walls_open = start == "open"

    def made(surface: str, seed: int) -> tuple[Run, Maze]:
        maze = chosen.maze(surface, walls_open)
        return run(fn, GENERATOR, maze, np.random.default_rng(seed), limits=limits,
                   walls_open=walls_open), maze

    _run_lines(report, chosen, made, like, fn, walls_open)
    report.seconds = time.perf_counter() - began
    return report


def _run_lines(report: Report, chosen: Setting, made: Callable[[str, int], tuple[Run, Maze]],
               like: str | None, fn: Callable[..., Any], walls_open: bool) -> None:
    """Every run's line, then 'same seed, same result', then the fingerprint."""
    done: list[tuple[str, int, Run, Maze]] = []
    everything: list[Run] = []
    halted: Problem | None = None
    todo = list(chosen.runs())
    for k, (surface, seed) in enumerate(todo):
        record, maze = made(surface, seed)
        everything.append(record)
        problem = run_problem(record, maze)
        label = f"{surface}, seed {seed}"
        if problem is None:
            done.append((surface, seed, record, maze))
            report.lines.append(Line(label, f"a perfect maze ({maze.cell_count} cells, "
                                            f"{maze.cell_count - 1} passages) in "
                                            f"{record.steps:,} "
                                            f"steps, {record.seconds:.2f} s"))
            continue
        report.lines.append(Line(label, problem=problem))
        if problem.kind in HALTING:
            halted = problem
            if k + 1 < len(todo):
                report.lines.append(halted_line(len(todo) - k - 1, problem))
            break
    if halted is not None:
        return
    report.lines.append(repeatable([(s, n, r) for s, n, r, _ in done],
                                   lambda s, n: made(s, n)[0], everything))
    if like is not None:
        report.lines.append(_like_line(like, fn, done, chosen.limits, walls_open))


__all__ = ["DEFAULT_SEEDS", "DEFAULT_SURFACES", "HALTING", "Setting", "check", "imperfection",
           "repeatable", "resolve", "run_problem", "same_again", "seed_list", "setting"]
