"""A student's file read into the function to run: every way that can fail is one clear
line (a syntax error at its line, an import that is missing, no function, several and none
named, top-level code that crashes, loops or exits).

The file's top-level code runs once, under the same time and memory limits as a run and,
in the grader's process, the same refusal to write files. Its module is named
`student_<name>_<n>`, never `__main__`, so that an `if __name__ == "__main__":` block (a
student's own tries) does not run.
"""
from __future__ import annotations

import inspect
import itertools
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import sandbox
from .limits import DEFAULT_LIMITS, Limits, TimeUp, memory_cap, timer
from .problems import Problem, ProblemKind, Where, crash, place_name

_LOADED = itertools.count(1)


class LoadError(ValueError):
    """A student's file that gives no function to run; `problem` says why, located."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.located())
        self.problem = problem


def _compiled(path: Path) -> types.CodeType:
    name = place_name(str(path))
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LoadError(Problem(ProblemKind.LOAD, f"cannot read {name}: "
                                f"{getattr(exc, 'strerror', None) or exc}")) from None
    try:
        return compile(source, str(path), "exec")
    except SyntaxError as exc:
        where = Where(str(path), exc.lineno) if exc.lineno else None
        raise LoadError(Problem(ProblemKind.LOAD, f"syntax error: {exc.msg}", where=where)
                        ) from None
    except ValueError as exc:         # a NUL byte in the source
        raise LoadError(Problem(ProblemKind.LOAD, f"cannot compile {name}: {exc}")) from None


def _executed(path: Path, code: types.CodeType, limits: Limits) -> types.ModuleType:
    """The module of `code`, its top-level code run within `limits`."""
    module = types.ModuleType(f"student_{path.stem}_{next(_LOADED)}")
    module.__file__ = str(path)
    sys.modules[module.__name__] = module      # (dataclasses, pickling look it up)
    try:
        with sandbox.watched(), memory_cap(limits.memory_limit), timer(limits.time_limit):
            exec(code, module.__dict__)
    except KeyboardInterrupt:
        raise
    except ModuleNotFoundError as exc:
        problem = crash(exc, None)
        raise LoadError(Problem(ProblemKind.LOAD, f"cannot import `{exc.name}` (it is not "
                                "installed here)", where=problem.where)) from None
    except BaseException as exc:   # noqa: BLE001 - whatever the top-level code does
        raise LoadError(_top_level_problem(exc, limits)) from None
    return module


def _top_level_problem(exc: BaseException, limits: Limits) -> Problem:
    problem = crash(exc, None)
    if isinstance(exc, TimeUp):
        return Problem(ProblemKind.TIME, f"its top-level code ran {limits.time_limit:g} s "
                       "without finishing", where=problem.where)
    if isinstance(exc, SystemExit):
        return Problem(ProblemKind.EXIT, "its top-level code called sys.exit",
                       where=problem.where)
    if isinstance(exc, MemoryError):
        return Problem(ProblemKind.MEMORY, "its top-level code ran out of memory",
                       where=problem.where)
    if isinstance(exc, sandbox.Forbidden):
        return Problem(ProblemKind.FILES, str(exc), where=problem.where)
    return Problem(ProblemKind.LOAD, f"its top-level code {problem.text}",
                   where=problem.where, traceback=problem.traceback)


def functions_in(module: types.ModuleType) -> dict[str, Callable[..., Any]]:
    """The top-level functions written in `module`'s own file (imported ones left out), in
    the order they are defined."""
    found = [(name, value) for name, value in vars(module).items()
             if inspect.isfunction(value) and value.__code__.co_filename == module.__file__]
    return dict(sorted(found, key=lambda item: item[1].__code__.co_firstlineno))


def load_function(path: str | Path, function: str | None = None, *,
                  limits: Limits = DEFAULT_LIMITS) -> Callable[..., Any]:
    """The function named `function` in the student's file `path` (default: its only
    top-level function). Raises `LoadError` with the located problem otherwise."""
    path = Path(path)
    module = _executed(path, _compiled(path), limits)
    found = functions_in(module)
    name = place_name(str(path))
    if function is not None:
        value = vars(module).get(function)
        if callable(value):
            return value
        listed = f"; it defines {', '.join(found)}" if found else ""
        raise LoadError(Problem(ProblemKind.LOAD, f"{name} defines no function "
                                f"`{function}`{listed}"))
    if len(found) == 1:
        return next(iter(found.values()))
    if not found:
        raise LoadError(Problem(ProblemKind.LOAD, f"{name} defines no function"))
    raise LoadError(Problem(ProblemKind.LOAD, f"{name} defines {len(found)} functions "
                            f"({', '.join(found)}): name the one to run (function: …, or "
                            "--function NAME)"))


__all__ = ["LoadError", "functions_in", "load_function"]
