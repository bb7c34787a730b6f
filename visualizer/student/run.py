"""Running a student's function once on a maze, within limits, and recording what it did.

`run(function, kind, maze, rng, ...)` hands the function a façade over `maze` (which it
changes in place, as the project's generators do), holds it to its step, time and memory
limits, watches Python's and numpy's global random state, and returns a `Run`: the events
its calls became, the student's line of each step, what it returned, and its problems —
the one that stopped it (with the step and the student's line) and those noted on the way.
It never raises for anything the student's code does (Ctrl-C is the user's and is raised).
"""
from __future__ import annotations

import inspect
import time
from contextlib import nullcontext
from functools import lru_cache
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import events as ev
from ..events import Cell
from ..maze import Maze
from . import sandbox
from .facade import MazeFacade, Recorder, Refused, SolverFacade, a_type, shown
from .limits import (DEFAULT_LIMITS, Limits, StepsUp, TimeUp, clock, global_random_state,
                     memory_cap, timer, touched)
from .problems import STOPPING, Problem, ProblemKind, Where, crash, students_frames

GENERATOR, SOLVER = "generator", "solver"
#: what each kind of function is called with, in order (a parameter named `rng` gets the
#: random generator wherever it stands)
OFFERED = {GENERATOR: ("maze", "rng"), SOLVER: ("maze", "start", "goal", "rng")}
#: events a student's generator function may yield besides a bare `yield`: they change no
#: wall (walls change through the façade, which checks them)
SHOWN_ONLY = (ev.CellMarked, ev.CellsMarked, ev.MarksCleared, ev.Milestone,
              ev.WallConsidered, ev.WallRejected)


def files_of(function: Any) -> frozenset[str]:
    """The file(s) the student's function was written in (its code's file name)."""
    code = getattr(getattr(function, "func", function), "__code__", None)
    return frozenset({code.co_filename}) if code is not None else frozenset()


def def_line(function: Any) -> Where | None:
    """Where the student's function is defined."""
    code = getattr(getattr(function, "func", function), "__code__", None)
    return Where(code.co_filename, code.co_firstlineno) if code is not None else None


def name_of(function: Any) -> str:
    """The student's function's name."""
    return str(getattr(function, "__name__", None) or type(function).__name__)


@lru_cache(maxsize=64)
def binder(function: Any, kind: str) -> Callable[[dict[str, Any]], Any] | Problem:
    """How to call `function` as a `kind` with the values `OFFERED` names (by name when
    every parameter it needs is named as they are, else by position), or the signature
    problem: `my_bfs(maze, start): a solver is called with (maze, start, goal) …`."""
    if not callable(function):
        return Problem(ProblemKind.SIGNATURE, f"expected a function, got {shown(function)}")
    offered = OFFERED[kind]
    try:
        params = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return lambda given: function(*[given[k] for k in offered])
    least = 3 if kind == SOLVER else 1               # rng is optional to both
    needed = [p for p in params if p.default is p.empty
              and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if all(p.name in offered for p in needed) and len(needed) >= least:
        names = [p.name for p in params if p.name in offered and p.kind != p.POSITIONAL_ONLY]
        if len(names) == len([p for p in params if p.name in offered]):
            return lambda given: function(**{k: given[k] for k in names})
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    open_ended = any(p.kind == p.VAR_POSITIONAL for p in params)
    count = len(offered) if open_ended else min(len(positional), len(offered))
    left = [p for p in needed if p.kind == p.KEYWORD_ONLY or p in positional[count:]]
    if left or (count < least and not open_ended):
        return Problem(ProblemKind.SIGNATURE, f"{name_of(function)}("
                       f"{', '.join(p.name for p in params)}): a {kind} is called with "
                       f"({', '.join(offered[:least])}), and rng if it asks"
                       + (f"; {', '.join(p.name for p in left)} would get no value" if left
                          else f"; it takes {len(positional)}"), where=def_line(function))
    return lambda given: function(*[given[k] for k in offered[:count]])


@dataclass
class Run:
    """One run of a student's function: its events (without the opening GridCreated), the
    student's line of each step, what it returned, its problems (the stopping one first),
    how long it took, and what the façade saw (marks left, whether it merged sets)."""

    kind: str
    events: list[ev.Event]
    lines: array
    filename: str
    problems: list[Problem] = field(default_factory=list)
    result: Any = None
    seconds: float = 0.0
    marked: dict[Cell, ev.Mark] = field(default_factory=dict)
    merged: bool = False
    visits: list[tuple[int, Cell]] = field(default_factory=list)
    carves: list[tuple[int, Cell, Cell]] = field(default_factory=list)

    @property
    def steps(self) -> int:
        """Steps the run made."""
        return len(self.lines)

    @property
    def stopped(self) -> Problem | None:
        """The problem that stopped the run, if one did."""
        return next((p for p in self.problems if p.kind in STOPPING), None)

    def where(self, step: int) -> Where | None:
        """The student's line of step `step` (counted from 1)."""
        line = self.lines[step - 1] if 1 <= step <= len(self.lines) else 0
        return Where(self.filename, line) if line else None


def _stopped_by(exc: BaseException, facade: Recorder, limits: Limits) -> Problem:
    """The problem an exception out of the student's run is."""
    frames = students_frames(exc.__traceback__)
    where = Where(frames[-1].filename, frames[-1].lineno or 0) if frames else None
    step = facade.step or None
    if isinstance(exc, Refused):
        return exc.problem
    if isinstance(exc, TimeUp):
        at = (f"{facade.step:,} step{'s' * (facade.step != 1)} made" if facade.step else
              "before its first step")
        return Problem(ProblemKind.TIME, f"ran {limits.time_limit:g} s without finishing "
                       f"({at}); if it needs longer, raise the time limit", step, where,
                       after=True)
    if isinstance(exc, StepsUp):
        return Problem(ProblemKind.STEPS, f"made more than {facade.step:,} steps (the limit "
                       "on this maze): does it ever stop? If it needs more, raise the step "
                       "limit", facade.step + 1, where)
    if isinstance(exc, MemoryError):
        limit = f" (the limit: {limits.memory_limit >> 20:,} MiB)" if limits.memory_limit \
            else ""
        return Problem(ProblemKind.MEMORY, f"ran out of memory{limit}", step, where,
                       after=True)
    if isinstance(exc, SystemExit):
        return Problem(ProblemKind.EXIT, f"called sys.exit({shown(exc.code)}): a function "
                       "must return, not end the program", step, where, after=True)
    if isinstance(exc, sandbox.Forbidden):
        return Problem(ProblemKind.FILES, str(exc), step, where, after=True)
    return crash(exc, step)


def global_random_problems(before: tuple[object, tuple]) -> list[Problem]:
    """A problem for each global random state changed since `before`."""
    return [Problem(ProblemKind.GLOBAL_RANDOM, f"used {what}: use the `rng` your function "
                    "receives, so that the same seed gives the same maze")
            for what in touched(before)]


def _drive(generator: Iterator[Any], facade: Recorder) -> Any:
    """Run a student's generator function to its end: a bare `yield` is a pause, a
    yielded display event is a step; returns what it returned (a solver's path)."""
    while True:
        try:
            value = next(generator)
        except StopIteration as done:
            return done.value
        if value is None:
            continue
        frame = getattr(generator, "gi_frame", None)
        line = frame.f_lineno if frame is not None else 0
        if isinstance(value, SHOWN_ONLY):
            facade.act(value, line)
            continue
        what = (f"{a_type(value)} event: change walls through maze.carve / "
                "maze.build (and sets through maze.merge), which check them"
                if isinstance(value, ev.EVENT_TYPES) else
                f"{shown(value)} ({a_type(value)}): yield nothing (a bare `yield`) "
                "or a display event of visualizer.events (CellMarked, Milestone …)")
        facade.stopped = Problem(ProblemKind.YIELD, f"yielded {what}", facade.step or None,
                                 facade.where(line), after=True)
        raise Refused(facade.stopped)


def _call(function: Any, call: Callable[[dict[str, Any]], Any], given: dict[str, Any],
          facade: Recorder) -> Any:
    if inspect.isgeneratorfunction(getattr(function, "func", function)):
        return _drive(call(given), facade)
    result = call(given)
    if inspect.isgenerator(result):
        return _drive(result, facade)
    return result


def run(function: Any, kind: str, maze: Maze, rng: np.random.Generator, *,
        limits: Limits = DEFAULT_LIMITS, start: Cell | None = None, goal: Cell | None = None,
        walls_open: bool = False, batch: bool = False) -> Run:
    """Run the student's `function` once as a `kind` on `maze` (changed in place) with
    `rng`; a solver goes from `start` to `goal`. Returns the `Run`. In a `batch` of many
    small runs the caller holds the memory cap and watches the global random state around
    the whole batch (they cost more than a 3x3 run)."""
    files = files_of(function)
    deadline = clock() + limits.time_limit
    steps = limits.steps_for(maze.cells)
    facade: Recorder = (MazeFacade(maze, files, steps, deadline, walls_open=walls_open)
                        if kind == GENERATOR else SolverFacade(maze, files, steps, deadline))
    record = Run(kind, facade.events, facade.lines, facade.filename)
    try:
        call = binder(function, kind)
    except TypeError:            # an unhashable callable: not kept
        call = binder.__wrapped__(function, kind)
    if isinstance(call, Problem):
        record.problems.append(call)
        return record
    given = {"maze": facade, "rng": rng, "start": start, "goal": goal}
    before = global_random_state() if not batch else None
    began = time.perf_counter()
    attempts = len(sandbox.ATTEMPTS)
    capped = memory_cap(limits.memory_limit) if not batch else nullcontext()
    try:
        with sandbox.watched(), capped, timer(limits.time_limit):
            record.result = _call(function, call, given, facade)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:    # noqa: BLE001 - whatever the student's code does
        record.problems.append(_stopped_by(exc, facade, limits))
    record.seconds = time.perf_counter() - began
    if facade.stopped is not None and facade.stopped not in record.problems:
        record.problems.insert(0, facade.stopped)     # refused, then swallowed by them
    if len(sandbox.ATTEMPTS) > attempts and not any(
            p.kind == ProblemKind.FILES for p in record.problems):
        record.problems.insert(0, Problem(ProblemKind.FILES, sandbox.ATTEMPTS[attempts]))
    if before is not None:
        record.problems.extend(global_random_problems(before))
    record.problems.extend(facade.noted)
    record.marked, record.merged = dict(facade.marked), facade.merged
    record.visits, record.carves = facade.visits, facade.carves
    if kind == GENERATOR and record.stopped is None and record.result is not None \
            and record.result is not facade:
        record.problems.insert(0, Problem(
            ProblemKind.RETURN, f"returned {shown(record.result)} ({a_type(record.result)}): "
            "a generator returns nothing; it changes the "
            "maze through `maze`", record.steps or None, def_line(function), after=True))
    return record


__all__ = ["GENERATOR", "OFFERED", "Run", "SHOWN_ONLY", "SOLVER", "binder", "def_line",
           "files_of", "global_random_problems", "name_of", "run"]
