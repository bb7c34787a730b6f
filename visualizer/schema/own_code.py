"""A student's own generator or solver as a scenario value: `{code: student.py, function:
my_backtracker}` in a file (the path relative to the scenario's folder), or the function
itself from Python (`viz.render(generator=my_backtracker)`).

A scenario file never runs code by surprise: a `code` key is refused unless whoever loads the
scenario allows it (`run.py --allow-code`, `viz.render(path, allow_code=True)`); a function
or a mapping given from Python is the caller's own code and always allowed. The file is
read and its function found while the scenario is validated, so a syntax error, a missing
import or a missing function is a located error like any other.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field, PrivateAttr, ValidationInfo, model_validator

from .. import registry
from ..registry import Algorithm
from ..student.adapter import STARTS, own_record
from ..student.limits import TIME_LIMIT, Limits
from ..student.load import LoadError, load_function
from .fields import Problem, Section, cell, choice, fail, number, show, text, value_type, whole

OWN = "own code"                 # the union tag of a student's function
ALLOW_CODE = "allow_code"        # context: whether a scenario file may run code
HOW_TO_ALLOW = "how_to_allow"    # context: how the caller says so, in a message
COMMAND_LINE = "add --allow-code to the command line (python run.py SCENARIO --allow-code)"
#: the keys that make a mapping a student's own function rather than a registered one
OWN_KEYS = ("code", "function")


def is_own(value: Any) -> bool:
    """Whether a generator or solver value names a student's function (a function, or a
    mapping with `code` or `function` and no `name`)."""
    if callable(value) and not isinstance(value, (str, type)):
        return True
    return isinstance(value, dict) and "name" not in value and any(k in value for k in OWN_KEYS)


def _function_check(value: Any) -> Any:
    if isinstance(value, str) and value.isidentifier():
        return value
    if callable(value) and not isinstance(value, (str, type)):
        return value
    raise fail(f"expected a function's name (a Python identifier), got {show(value)}")


Function = value_type(Any, _function_check, {"type": "string"},
                      "a function's name (from Python: the function itself)")


class OwnCode(Section):
    """A student's own function (see `OwnGenerator`, `OwnSolver`)."""

    shape: ClassVar[str] = "a mapping with code and function"
    kind: ClassVar[str] = ""

    code: text("a Python file such as student.py") = Field(  # type: ignore[valid-type]
        None, description="the student's Python file, relative to the scenario's folder "
                          "(run only with --allow-code)")
    function: Function = Field(  # type: ignore[valid-type]
        None, description="the function to run (default: the file's only top-level "
                          "function)")
    max_steps: whole(1) = Field(  # type: ignore[valid-type]
        None, description="steps the function may make (default: 200 per cell + 10,000)")
    time_limit: number(0.0, 3600.0, strict_lo=True) = Field(  # type: ignore[valid-type]
        TIME_LIMIT, description="seconds the function may run")
    _record: Algorithm | None = PrivateAttr(None)

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        given = data.get("function")
        if "code" not in data and not (callable(given) and not isinstance(given, str)):
            yield ("code",), ("a Python file (code: student.py, function: name); from Python, "
                              "the function itself")
            return
        ctx = info.context or {}
        if "code" in data and not ctx.get(ALLOW_CODE, False):
            yield ("code",), (f"runs the Python code of {show(data['code'])}; a scenario runs "
                              f"code only when asked: {ctx.get(HOW_TO_ALLOW, COMMAND_LINE)}")

    @model_validator(mode="after")
    def _load(self, info: ValidationInfo) -> OwnCode:
        """The student's function, read from its file if need be, as a registry record."""
        ctx = info.context or {}
        function = self.function
        if (self.code is None and not callable(function)) or (
                self.code is not None and not ctx.get(ALLOW_CODE, False)):
            return self            # (the rules say what is missing; no code runs unasked)
        limits = Limits(max_steps=self.max_steps, time_limit=self.time_limit)
        if self.code is not None:
            base = Path(ctx.get("base_dir", "."))
            try:
                function = load_function(base / self.code, function, limits=limits)
            except LoadError as exc:
                raise fail(exc.problem.located(), ("code",)) from None
        name = getattr(function, "__name__", None) or "your function"
        if name in registry.algorithms(self.kind):
            name = f"your {name}"
        options: dict[str, Any] = {"limits": limits, "name": name}
        if isinstance(self, OwnGenerator):
            options["start"] = self.start
        self._record = own_record(self.kind, function, **options)
        return self

    @property
    def record(self) -> Algorithm:
        """The student's function as a (never registered) registry record."""
        assert self._record is not None, "validated"
        return self._record

    @property
    def name(self) -> str:
        """The name the panel's title and messages give the student's function."""
        return self.record.name


class OwnGenerator(OwnCode):
    """A student's own generator: `{code: student.py, function: my_backtracker}`."""

    kind: ClassVar[str] = "generator"
    start: choice(STARTS) = Field(  # type: ignore[valid-type]
        "closed", description="closed: every wall starts built (carvers); open: every wall "
                              "starts open (wall adders, which build)")


class OwnSolver(OwnCode):
    """A student's own solver: `{code: student.py, function: my_bfs}`."""

    kind: ClassVar[str] = "solver"
    start: cell() = Field(None, description="where it starts (default: the entrance)")  # type: ignore[valid-type]
    goal: cell() = Field(None, description="where it must get to (default: the exit)")  # type: ignore[valid-type]


OWN_MODELS: dict[str, type[OwnCode]] = {"generator": OwnGenerator, "solver": OwnSolver}


def own_params(model: OwnCode) -> dict[str, Any]:
    """The options a student's solver is run with (its start and goal if given)."""
    if isinstance(model, OwnSolver):
        return {k: getattr(model, k) for k in ("start", "goal") if getattr(model, k) is not None}
    return {}


__all__ = ["ALLOW_CODE", "COMMAND_LINE", "HOW_TO_ALLOW", "OWN", "OWN_MODELS", "OwnCode",
           "OwnGenerator", "OwnSolver", "is_own", "own_params"]
