"""A student's function as a registry record the render pipeline runs like the project's
own algorithms — never registered, so `--list`, the schema and the catalogue stay ours.

The record's `func(maze, *, rng, ...)` runs the student's function once (`run.run`) and
yields the project's events: `GridCreated`, the events of the student's calls, their marks
cleared at the end (as our generators leave a finished maze plain), and for a solver the
`PathFound` or `NoPath` of its answer. A problem does not break the render: the animation
runs up to it, its caption says it (a `Milestone` at the problem's cell), and a
`StudentWarning` gives the located message and, for a crash, the student's traceback.
"""
from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np

from .. import events as ev
from ..events import Cell, Fill, Mark
from ..maze import Maze, created
from ..registry import ALL_GRIDS, Algorithm, Family
from ..solvers._common import ENDPOINT_PARAMS, opening, resolve
from .limits import DEFAULT_LIMITS, Limits
from .paths import answer
from .problems import Problem
from .run import GENERATOR, SOLVER, Run, name_of, run

#: how a generator's maze starts: every wall built (carvers), or every wall open (wall
#: adders, which `build`)
STARTS = ("closed", "open")


class StudentWarning(UserWarning):
    """A student's function had a problem during a render (the animation shows it)."""


def _told(problem: Problem, name: str) -> list[ev.Event]:
    """The caption's milestone for `problem`, after warning with the located message."""
    text = f"{name}: {problem.located()}"
    if problem.traceback:
        text += "\n" + "\n".join(problem.traceback)
    if problem.where is not None:     # shown at the student's line, every time
        warnings.warn_explicit(text, StudentWarning, problem.where.filename,
                               problem.where.line)
    else:
        warnings.warn(text, StudentWarning, stacklevel=3)
    return [ev.Milestone(f"{name}: {problem.short()}", kind=ev.MilestoneKind.STOPPED)]


def _closing(record: Run) -> list[ev.Event]:
    """The student's marks cleared, each mark once, in a fixed order (a cell that was
    `current` is drawn `stack` once the current cell moves on: that too)."""
    left = {mark for mark in record.marked.values()}
    if Mark.CURRENT in left:
        left.add(Mark.STACK)
    return [ev.MarksCleared(mark) for mark in Mark if mark in left]


def generator_record(function: Any, *, start: str = "closed", limits: Limits = DEFAULT_LIMITS,
                     name: str | None = None) -> Algorithm:
    """The registry record of the student's generator `function` (not registered)."""
    if start not in STARTS:
        raise ValueError(f"start `{start}` must be one of {', '.join(STARTS)}")
    title = name or name_of(function)
    walls_open = start == "open"

    def generate(maze: Maze, *, rng: np.random.Generator) -> Iterator[ev.Event]:
        """Run the student's generator once; yields GridCreated, its calls' events, the
        marks it left cleared, and a Milestone saying its problem if it had one."""
        if walls_open:
            maze.faces[:] = maze.grid.step_table[0].reshape(maze.faces.shape) >= 0
        grid = created(maze, Fill.OPEN if walls_open else Fill.UNVISITED)
        record = run(function, GENERATOR, maze, rng, limits=limits, walls_open=walls_open)
        if record.merged:
            grid = ev.GridCreated(grid.rows, grid.cols, grid.surface, grid.walls_open,
                                  Fill.SETS)
        yield grid
        yield from record.events
        yield from _closing(record)
        if record.stopped is not None or record.problems:
            yield from _told(record.stopped or record.problems[0], title)

    return Algorithm(GENERATOR, title, generate, f"{title}: your own generator",
                     perfect=False, family=Family.WALL_ADDER if walls_open else Family.CARVER,
                     grids=ALL_GRIDS,
                     extra={"own": function, "legend": {"visited": "visited by your code"}})


def solver_record(function: Any, *, limits: Limits = DEFAULT_LIMITS,
                  name: str | None = None) -> Algorithm:
    """The registry record of the student's solver `function` (not registered)."""
    title = name or name_of(function)

    def solve(maze: Maze, *, rng: np.random.Generator | None = None,
              start: Cell | None = None, goal: Cell | None = None) -> Iterator[ev.Event]:
        """Run the student's solver once from `start` to `goal` (default: the entrance and
        exit); yields the start and goal marks, its calls' events (their marks stay, as
        our solvers' do) and its answer (PathFound or NoPath), with a Milestone for a
        problem."""
        begin, end = resolve(maze, start, goal)
        first = opening(maze, begin, end)
        yield from first
        if isinstance(first[0], ev.NoPath):
            return
        record = run(function, SOLVER, maze, rng or np.random.default_rng(0), limits=limits,
                     start=begin, goal=end)
        yield from record.events
        problem = record.stopped
        if problem is None:
            found, problem = answer(maze, begin, end, record.result)
            yield found
        if problem is not None:
            yield from _told(problem, title)

    return Algorithm(SOLVER, title, solve, f"{title}: your own solver", params=ENDPOINT_PARAMS,
                     blocks=True, family=Family.COMPLETE, grids=ALL_GRIDS,
                     extra={"own": function, "legend": {"visited": "visited by your code"}})


def own_record(kind: str, function: Any, **options: Any) -> Algorithm:
    """The record of a student's `kind` ("generator" or "solver") `function`."""
    if kind == GENERATOR:
        return generator_record(function, **options)
    if kind == SOLVER:
        return solver_record(function, **options)
    raise ValueError(f"kind `{kind}` must be generator or solver")


__all__ = ["STARTS", "StudentWarning", "generator_record", "own_record",
           "solver_record"]
