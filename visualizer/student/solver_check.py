"""`viz.check_solver(my_bfs, like="bfs")`: run a student's solver on mazes the project
builds (Kruskal's, braided so that they have loops and "shortest" means something) over
several seeds on each surface, plus one maze per surface whose goal is walled in, and say
what held: legal calls, a legal path from the start to the goal, `None` exactly when there
is none, the shortest path where `like` promises it, the same search for the same seed, the
fingerprint (`fingerprints.bfs`, `fingerprints.dfs`), all within the limits.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import registry
from ..events import Cell
from ..maze import Maze
from ..maze.braid import braid
from . import fingerprints as fp
from .check import (DEFAULT_SEEDS, HALTING, Setting, halted_line, repeatable, resolve,
                    setting)
from .limits import MEMORY_LIMIT, TIME_LIMIT, Limits
from .paths import answer, distances
from .problems import Problem, ProblemKind
from .report import Line, Report
from .run import SOLVER, Run, run

BRAID = 0.3           # the share of dead ends opened: loops, so that paths can be longer


def checked_maze(generator: str, surface: str, rows: int, cols: int, seed: int,
                 chosen: Setting | None = None) -> Maze:
    """The maze a solver is checked on: `generator`'s maze for `seed`, braided (on the
    grid and mask of `chosen` if given)."""
    maze = Maze(rows, cols, surface) if chosen is None else chosen.maze(surface)
    rng = np.random.default_rng(seed)
    for _ in registry.get("generator", generator).func(maze, rng=rng):
        pass
    for _ in braid(maze, BRAID, rng):
        pass
    return maze


def endpoints(maze: Maze) -> tuple[Cell, Cell]:
    """Where the solver starts and must get to: a corner, and the opposite corner on the
    plane or the middle on a glued surface (where the corners touch); on another grid or
    a mask its first cell, and its last or middle one."""
    if not maze.grid.plain:
        cells = maze.grid.cells
        return cells[0], cells[-1] if maze.surface.name == "plane" else cells[len(cells) // 2]
    if maze.surface.name == "plane":
        return (0, 0), (maze.rows - 1, maze.cols - 1)
    return (0, 0), (maze.rows // 2, maze.cols // 2)


def walled_in(maze: Maze, cell: Cell) -> Maze:
    """`maze` with every wall around `cell` built: nothing reaches it."""
    for side in maze.grid.all_sides:
        if maze.move(cell, side) is not None:
            maze.close_wall(cell, side)
    return maze


def solve_problem(record: Run, maze: Maze, start: Cell, goal: Cell,
                  like: str | None) -> tuple[Problem | None, str]:
    """A solver run's first problem (what stopped it, a wrong answer, a path that is not
    the shortest where `like` promises one), or what held."""
    if record.stopped is not None:
        return record.stopped, ""
    found, problem = answer(maze, start, goal, record.result)
    if problem is not None:
        return problem, ""
    far = distances(maze, start)
    if goal not in far:
        return None, f"no path, and it said so (None) in {record.steps:,} steps"
    moves = len(record.result) - 1
    if like == "bfs" and moves > far[goal]:
        return Problem(ProblemKind.PATH, f"returned a path of {moves} moves; the shortest "
                       f"has {far[goal]}: breadth-first search finds a shortest path"), ""
    return None, (f"a path of {moves} moves from {start} to {goal} (shortest: {far[goal]}) "
                  f"in {record.steps:,} steps, {record.seconds:.2f} s")


def _like_line(like: str, done: list[tuple[Run, Maze, Cell]]) -> Line:
    label = f"like {like}"
    if not done:
        return Line(label, "not checked: no run finished", skipped=True)
    for record, maze, start in done:
        problem = fp.bfs(record, maze, start) if like == "bfs" else fp.dfs(record, maze)
        if problem is not None:
            return Line(label, problem=problem)
    visits = sum(len(r.visits) for r, _, _ in done)
    if not visits:
        return Line(label, problem=Problem(ProblemKind.FINGERPRINT, (
            "it never called maze.visit(cell), so the order it explores cells in cannot be "
            "seen")))
    return Line(label, f"{fp.PROMISE[like]} ({len(done)} searches, {visits:,} visits)")


def check_solver(code: Any, /, *, function: str | None = None, rows: int = 8,
                 cols: int = 10, surface: str | None = None,
                 surfaces: str | Sequence[str] | None = None,
                 seeds: int | Sequence[int] = DEFAULT_SEEDS, like: str | None = None,
                 maze_from: str = "kruskal", max_steps: int | None = None,
                 time_limit: float = TIME_LIMIT,
                 memory_limit: int | None = MEMORY_LIMIT, grid: str = "square",
                 mask: Sequence[str] | None = None) -> Report:
    """Check the student's solver `code` (a function `my_bfs(maze, start, goal)` returning
    the path or None, or a .py file and its `function`) on braided `maze_from` mazes of
    `rows` x `cols` over `seeds` on each of `surfaces` (default: plane and torus), `like`
    bfs or dfs if given; `grid` and `mask` as in `check`. Returns the `Report`. Wrong
    options raise ValueError."""
    began = time.perf_counter()
    limits = Limits(max_steps, time_limit, memory_limit)
    chosen = setting(rows, cols, surface, surfaces, seeds, limits, grid, mask)
    if like is not None and like not in fp.SOLVER_LIKES:
        raise ValueError(f"like `{like}` must be one of {', '.join(fp.SOLVER_LIKES)}")
    if maze_from not in registry.algorithms("generator"):
        raise ValueError(f"maze_from `{maze_from}` must be a generator: "
                         + ", ".join(registry.algorithms("generator")))
    refusal = registry.get("generator", maze_from).grid_refusal(chosen.grid)
    if refusal:
        raise ValueError(f"maze_from: {refusal}")
    fn, name, problem = resolve(code, function, limits, SOLVER)
    report = Report(name, SOLVER, chosen.words(), like)
    if fn is None or problem is not None:
        report.lines.append(Line("loading" if fn is None else "signature", problem=problem))
    else:
        _solver_lines(report, chosen, fn, like, maze_from)
    report.seconds = time.perf_counter() - began
    return report


def _solver_lines(report: Report, chosen: Setting, fn: Callable[..., Any], like: str | None,
                  maze_from: str) -> None:
    """Every run's line, each surface's walled-in goal, 'same seed, same search', the
    fingerprint."""
    def made(surface: str, seed: int, walled: bool = False) -> tuple[Run, Maze, Cell, Cell]:
        maze = checked_maze(maze_from, surface, chosen.rows, chosen.cols, seed, chosen)
        start, goal = endpoints(maze)
        if walled:
            walled_in(maze, goal)
        record = run(fn, SOLVER, maze, np.random.default_rng(seed), limits=chosen.limits,
                     start=start, goal=goal)
        return record, maze, start, goal

    todo = [(s, n, False) for s, n in chosen.runs()] + \
        [(s, chosen.seeds[0], True) for s in chosen.surfaces]
    done: list[tuple[Run, Maze, Cell]] = []
    good: list[tuple[str, int, Run]] = []
    everything: list[Run] = []
    for k, (surface, seed, walled) in enumerate(todo):
        record, maze, start, goal = made(surface, seed, walled)
        everything.append(record)
        problem, held = solve_problem(record, maze, start, goal, like)
        label = f"{surface}, seed {seed}" + (", goal walled in" if walled else "")
        report.lines.append(Line(label, held, problem))
        if record.stopped is None and not walled:    # its search can be fingerprinted
            done.append((record, maze, start))
        if problem is None and not walled:
            good.append((surface, seed, record))
        if problem is not None and problem.kind in HALTING:
            if k + 1 < len(todo):
                report.lines.append(halted_line(len(todo) - k - 1, problem))
            return
    report.lines.append(repeatable(good, lambda s, n: made(s, n)[0], everything,
                                   "same seed, same search"))
    if like is not None:
        report.lines.append(_like_line(like, done))


__all__ = ["BRAID", "check_solver", "endpoints", "solve_problem", "checked_maze", "walled_in"]
