"""One submission graded in its own process (the batch grader starts this; see `grade.py`):

    python -m visualizer.student.grade_one '{"file": ..., "result": ..., ...}'

It first caps its own CPU time, address space and file sizes (so an endless C loop or a
memory bomb ends this process, never the batch), then refuses file writes and programs
while the student's code runs (`sandbox`), loads the file, checks it (`check` or
`check_solver`), draws its animation as a GIF, and writes its result as JSON to the
`result` path the grader gave. Whatever the submission does, the grader reads a result or
reports how this process ended.
"""
from __future__ import annotations

import json
import sys
import time
import warnings
from pathlib import Path
from typing import Any

try:
    import resource
except ImportError:          # pragma: no cover - not on POSIX
    resource = None          # type: ignore[assignment]

from ..api import render
from . import sandbox
from .check import HALTING, check
from .limits import Limits
from .load import LoadError, load_function
from .problems import ProblemKind
from .report import Line, Report
from .run import SOLVER
from .solver_check import check_solver

#: bytes a file written by this process may have (the GIF): a backstop, not a budget
FILE_SIZE = 256 << 20
#: no animation is drawn of a submission that cannot be called, did not finish, or ran into
#: its step limit (thousands of steps that go nowhere: drawing them would take longer than
#: the check)
NOT_DRAWN = (*HALTING, ProblemKind.STEPS, ProblemKind.SIGNATURE)


def cap(cpu: float, memory: int) -> None:
    """Limit this process: `cpu` seconds of CPU time (then SIGXCPU ends it), `memory`
    bytes of address space (then MemoryError), files of `FILE_SIZE` bytes."""
    if resource is None:
        return
    seconds = max(1, int(cpu + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_SIZE, FILE_SIZE))


def _checked(fn: Any, spec: dict[str, Any], limits: Limits) -> Report:
    common = dict(rows=spec["rows"], cols=spec["cols"], surfaces=spec["surfaces"],
                  seeds=spec["seeds"], like=spec["like"], max_steps=limits.max_steps,
                  time_limit=limits.time_limit, memory_limit=limits.memory_limit,
                  grid=spec.get("grid", "square"))
    if spec["kind"] == SOLVER:
        return check_solver(fn, **common)
    return check(fn, **common)


def _animation(fn: Any, spec: dict[str, Any], out: Path) -> str:
    """Draw the submission's animation into `out` (a GIF); returns its file name."""
    own = {"function": fn, "time_limit": spec["time_limit"]}
    if spec["max_steps"] is not None:
        own["max_steps"] = spec["max_steps"]
    maze = {"rows": spec["rows"], "cols": spec["cols"], "surface": spec["surfaces"][0]}
    if spec.get("grid", "square") != "square":
        maze["grid"] = spec["grid"]
    keys: dict[str, Any] = {"maze": maze,
                            "seed": spec["seeds"][0], "title": Path(spec["file"]).name}
    if spec["kind"] == SOLVER:
        keys.update(generator="kruskal", solver=own)
    else:
        keys.update(generator=own, solver="bfs")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")         # the report already says it
        render(**keys).save(out)
    return out.name


def grade(spec: dict[str, Any]) -> dict[str, Any]:
    """Check one submission as `spec` says; its result as plain data."""
    began = time.perf_counter()
    path = Path(spec["file"])
    limits = Limits(spec["max_steps"], spec["time_limit"], spec["memory_limit"])
    try:
        fn = load_function(path, spec["function"], limits=limits)
    except LoadError as exc:
        report = Report(path.name, spec["kind"], "", spec["like"],
                        [Line("loading", problem=exc.problem)])
        fn = None
    else:
        report = _checked(fn, spec, limits)
    result: dict[str, Any] = {"file": path.name, **report.as_dict(), "gif": None}
    drawable = fn is not None and not any(p.kind in NOT_DRAWN for p in report.problems)
    if drawable:
        try:
            result["gif"] = _animation(fn, spec, Path(spec["gif"]))
        except Exception as exc:   # noqa: BLE001 - the report stands without its picture
            result["gif_error"] = f"{type(exc).__name__}: {str(exc)[:200]}"
    result["seconds"] = round(time.perf_counter() - began, 3)
    return result


def main(argv: list[str]) -> int:
    spec = json.loads(argv[0])
    cap(spec["cpu"], spec["address_space"])
    sys.dont_write_bytecode = True
    sandbox.install()
    result = grade(spec)
    Path(spec["result"]).write_text(json.dumps(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
