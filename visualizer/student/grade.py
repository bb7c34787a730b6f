"""The batch grader: `python run.py --check DIR --like backtracker [--rows R --cols C
--surfaces plane,torus --function NAME --seeds N --jobs N --out FOLDER]`.

Each submission (one `.py` file of DIR) is checked in its own process (`grade_one.py`) with
its own limits, so that an endless loop, a memory bomb, `sys.exit` or `os._exit` in one of
them never stops the batch:

- CPU time: 60 s + 2 × the time limit per run (80 s by default), then the process ends
  (SIGXCPU) — a loop inside C code that never lets the timer in is stopped here;
- wall clock: twice that (160 s), then the grader kills it (a sleep does not use CPU);
- address space: `--memory` MiB (1,024 by default); the grader's own process with numpy
  and the pipeline loaded peaks near 210 MiB, so a submission has some 800 MiB of its own;
- inside it, each run keeps the check's limits (`limits.py`: 10 s, 200 steps per cell +
  10,000), and writing files or starting programs is refused (`sandbox.py`).

The table (file, ok, first problem, time) is printed and written as `report.json` and
`report.csv` into the output folder (`--out`, default `output/check-<DIR>`), each
submission's animation as `<name>.gif` beside them. Nothing is written outside that
folder. The exit status is 0 once the batch ran (its submissions may have failed), 2 for
the tool's own bad arguments.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..registry import KINDS
from ..grids import GridKind
from .check import DEFAULT_SEEDS, DEFAULT_SURFACES, setting
from .fingerprints import GENERATOR_LIKES, SOLVER_LIKES
from .limits import MEMORY_LIMIT, TIME_LIMIT, Limits
from .run import GENERATOR, SOLVER

EXIT_BAD_ARGUMENTS = 2
MEMORY_MIB = 1024           # a submission's process: address space, MiB
CPU_BASE = 60.0             # a submission's process: CPU seconds, plus 2 x the time limit
WORK = ".work"              # the scratch folder inside the output folder (removed after)
PACKAGE_ROOT = Path(__file__).resolve().parents[2]
SHOWN = 72                  # characters of a first problem in the terminal's table


def add_flags(parser: argparse.ArgumentParser) -> None:
    """The grader's flags on the command line's parser (`run.py --check DIR …`)."""
    group = parser.add_argument_group("checking students' code (--check DIR)")
    group.add_argument("--check", metavar="DIR", type=Path,
                       help="check every .py submission of DIR, each in its own process, "
                            "and write a table (terminal, JSON, CSV) and their GIFs")
    group.add_argument("--like", help="the algorithm the submissions implement: "
                                      + ", ".join(GENERATOR_LIKES + SOLVER_LIKES))
    group.add_argument("--kind", choices=KINDS,
                       help="generator or solver (default: from --like, else generator)")
    group.add_argument("--function", help="the function to check in each file (default: "
                                          "its only top-level function)")
    for flag, kind, default, text in FLAGS:
        group.add_argument(flag, type=kind, metavar=flag[2:].split("-")[0].upper(),
                           help=f"{text} (default {default})")


#: the grader's flags with a value: (flag, type, default, help); their defaults are
#: filled in by `settled`, so that a flag given without --check can be told
FLAGS: tuple[tuple[str, Any, Any, str], ...] = (
    ("--rows", int, 8, "maze rows"),
    ("--cols", int, 10, "maze columns"),
    ("--surfaces", str, ",".join(DEFAULT_SURFACES), "surfaces, comma-separated (on "
     "another grid: the plane, and the torus where the grid takes it)"),
    ("--grid", str, "square", "the grid: square, hex, triangle or polar (rows = rings)"),
    ("--seeds", int, DEFAULT_SEEDS, "seeds per surface"),
    ("--time-limit", float, TIME_LIMIT, "seconds per run"),
    ("--max-steps", int, "200 per cell + 10,000", "steps per run"),
    ("--memory", int, MEMORY_MIB, "address space of each submission's process, MiB"),
)
#: the grids `--grid` names
GRID_NAMES = tuple(g.value for g in GridKind)
#: every flag of the grader but --check: they mean nothing without it
CHECK_ONLY = ("like", "kind", "function") + tuple(f[0][2:].replace("-", "_") for f in FLAGS)


def settled(args: argparse.Namespace) -> argparse.Namespace:
    """`args` with the grader's defaults filled in where a flag was not given."""
    filled = vars(args).copy()
    for flag, _, default, _ in FLAGS:
        key = flag[2:].replace("-", "_")
        if filled.get(key) is None and flag != "--max-steps":
            filled[key] = default
    return argparse.Namespace(**filled)


def stray_flags(args: argparse.Namespace) -> list[str]:
    """The grader's flags given without --check."""
    return ["--" + key.replace("_", "-") for key in CHECK_ONLY
            if getattr(args, key, None) is not None]


@dataclass
class Graded:
    """One submission's row: its file, whether it passed, its first problem, the time."""

    file: str
    ok: bool
    first: str
    seconds: float
    gif: str | None = None
    report: dict[str, Any] = field(default_factory=dict)


def _spec(args: argparse.Namespace, kind: str) -> dict[str, Any]:
    """What each submission's process is told (all but its file and result paths)."""
    grid = args.grid
    if grid not in GRID_NAMES:
        raise ValueError(f"--grid: expected one of {', '.join(GRID_NAMES)}, got {grid!r}")
    given = None if grid != "square" and args.surfaces == ",".join(DEFAULT_SURFACES) \
        else args.surfaces
    chosen = setting(args.rows, args.cols, None, given, args.seeds,
                     Limits(args.max_steps, args.time_limit, MEMORY_LIMIT), grid)
    memory = args.memory << 20
    return {"kind": kind, "function": args.function, "like": args.like, "rows": args.rows,
            "cols": args.cols, "surfaces": list(chosen.surfaces), "grid": grid,
            "seeds": list(chosen.seeds), "max_steps": args.max_steps,
            "time_limit": args.time_limit, "memory_limit": min(MEMORY_LIMIT, memory),
            "cpu": CPU_BASE + 2 * args.time_limit, "address_space": memory}


def problems_with(args: argparse.Namespace) -> tuple[str | None, str]:
    """The first thing wrong with the grader's arguments (None if nothing), and the kind
    of function the submissions are."""
    kind = args.kind or (SOLVER if args.like in SOLVER_LIKES else GENERATOR)
    likes = SOLVER_LIKES if kind == SOLVER else GENERATOR_LIKES
    folder: Path = args.check
    if not folder.is_dir():
        return f"--check: {folder} is not a folder", kind
    if not sorted(folder.glob("*.py")):
        return f"--check: {folder} holds no .py submissions", kind
    if args.like is not None and args.like not in likes:
        return f"--like: expected one of {', '.join(likes)} (a {kind}), got {args.like!r}", kind
    if args.function is not None and not args.function.isidentifier():
        return f"--function: expected a Python name, got {args.function!r}", kind
    if args.memory < 256:
        return f"--memory: expected at least 256 MiB, got {args.memory}", kind
    try:
        _spec(args, kind)
    except ValueError as exc:
        return f"--check: {exc}", kind
    return None, kind


def _ended(proc: subprocess.CompletedProcess | None, spec: dict[str, Any],
           wall: float) -> str:
    """How a submission's process ended without a result, in one line."""
    if proc is None:
        return f"stopped after {wall:g} s of wall-clock time (the limit for one submission)"
    code = proc.returncode
    if code == -signal.SIGXCPU:
        return (f"its process used {spec['cpu']:g} s of CPU time (the limit): an endless "
                "loop inside Python's C code, which the timer cannot interrupt?")
    if code == -signal.SIGKILL:
        return ("its process was killed (SIGKILL): past its CPU time or out of the "
                "machine's memory")
    if code < 0:
        return f"its process was killed by signal {-code} ({signal.Signals(-code).name})"
    return (f"its process ended without a result (exit status {code}): did it call "
            "os._exit, or exhaust its memory while loading?")


def grade_file(path: Path, spec: dict[str, Any], out: Path) -> Graded:
    """Check one submission in its own process; never raises for what it does."""
    work = out / WORK / path.stem
    work.mkdir(parents=True, exist_ok=True)
    result = work / "result.json"
    job = {**spec, "file": str(path.resolve()), "result": str(result),
           "gif": str((out / f"{path.stem}.gif").resolve())}
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(PACKAGE_ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                               if p]),
        "PYTHONDONTWRITEBYTECODE": "1", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
        "MPLBACKEND": "Agg", "PYTHONHASHSEED": "0",
        "MPLCONFIGDIR": str(work / "matplotlib")}       # a font cache, if any, stays inside
    wall = 2 * spec["cpu"]
    began = time.perf_counter()
    proc: subprocess.CompletedProcess | None = None
    try:
        proc = subprocess.run([sys.executable, "-m", "visualizer.student.grade_one",
                               json.dumps(job)], cwd=work, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=wall, start_new_session=True)
    except subprocess.TimeoutExpired:
        proc = None
    seconds = time.perf_counter() - began
    try:
        data = json.loads(result.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Graded(path.name, False, _ended(proc, spec, wall), seconds)
    return Graded(path.name, bool(data["ok"]), data.get("first_problem") or "", seconds,
                  data.get("gif"), data)


def table(rows: list[Graded]) -> str:
    """The terminal's table: file, ok, first problem (cut to fit), time."""
    head = ("file", "ok", "first problem", "time")
    cells = [head] + [(g.file, "yes" if g.ok else "no",
                       g.first if len(g.first) <= SHOWN else g.first[:SHOWN - 1] + "…",
                       f"{g.seconds:.1f} s") for g in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(4)]
    lines = ["  ".join(c.rjust(w) if i == 3 else c.ljust(w)
                       for i, (c, w) in enumerate(zip(row, widths))).rstrip()
             for row in cells]
    passed = sum(g.ok for g in rows)
    lines.append(f"{len(rows)} submissions: {passed} passed, {len(rows) - passed} failed")
    return "\n".join(lines)


def write_reports(rows: list[Graded], out: Path, spec: dict[str, Any]) -> tuple[Path, Path]:
    """report.json (every line of every report) and report.csv (the table) in `out`."""
    as_json = out / "report.json"
    as_json.write_text(json.dumps({"settings": {k: spec[k] for k in (
        "kind", "like", "function", "rows", "cols", "grid", "surfaces", "seeds", "time_limit",
        "max_steps", "cpu", "address_space")}, "submissions": [
        {"file": g.file, "ok": g.ok, "first_problem": g.first or None,
         "seconds": round(g.seconds, 2), "gif": g.gif, "report": g.report} for g in rows]},
        indent=1, ensure_ascii=False), encoding="utf-8")
    as_csv = out / "report.csv"
    with as_csv.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["file", "ok", "first problem", "seconds", "gif"])
        for g in rows:
            writer.writerow([g.file, "yes" if g.ok else "no", g.first, f"{g.seconds:.2f}",
                             g.gif or ""])
    return as_json, as_csv


def main(args: argparse.Namespace) -> int:
    """Grade the folder `args.check`; 0 once the batch ran, 2 for bad arguments."""
    args = settled(args)
    wrong, kind = problems_with(args)
    if wrong is not None:
        print(wrong, file=sys.stderr)
        return EXIT_BAD_ARGUMENTS
    spec = _spec(args, kind)
    folder: Path = args.check
    out = Path(args.out) if args.out else Path("output") / f"check-{folder.resolve().name}"
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"--out: cannot create {out}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_ARGUMENTS
    files = sorted(folder.glob("*.py"))
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(lambda path: grade_file(path, spec, out), files))
    shutil.rmtree(out / WORK, ignore_errors=True)
    as_json, as_csv = write_reports(rows, out, spec)
    print(table(rows))
    print(f"report: {as_json}, {as_csv}; animations beside them")
    return 0


__all__ = ["CHECK_ONLY", "EXIT_BAD_ARGUMENTS", "FLAGS", "Graded", "add_flags", "grade_file",
           "main", "settled", "stray_flags", "table", "write_reports"]
