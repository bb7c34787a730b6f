"""What can go wrong with a student's function, and where: a closed set of problem kinds,
the student's own line a problem points at, and their traceback without our frames.

A problem reads `step 41 (student.py line 12: maze.carve(here, there)): carve((2, 3),
(2, 5)): these cells are not neighbours`: the step is the number of the façade call that
went wrong (the animation's step), the line is the student's line that made it.
"""
from __future__ import annotations

import linecache
import os
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from ..events import _Word

#: where the project's own code lives: its frames never appear in a student's traceback
PACKAGE_DIR = str(Path(__file__).resolve().parents[1])
#: where Python's own library and the installed packages live
LIBRARY_DIRS = tuple({os.path.realpath(p) for p in (sys.prefix, sys.base_prefix,
                                                    sys.exec_prefix)})


class ProblemKind(_Word):
    """What kind of problem a check found (the report's classes)."""

    LOAD = "load"                    # the file: syntax error, missing import, no function
    SIGNATURE = "signature"          # the function takes the wrong arguments
    ILLEGAL = "illegal call"         # a façade call that cannot be made (not neighbours …)
    LOOP = "loop"                    # a carve between cells already connected
    NOT_PERFECT = "not perfect"      # the finished maze is not a spanning tree
    CRASH = "crash"                  # the function raised an exception
    EXIT = "exit"                    # the function called sys.exit
    TIME = "time"                    # ran out of time (an endless loop, a sleep)
    STEPS = "steps"                  # ran out of steps (millions of carves)
    MEMORY = "memory"                # ran out of memory
    RETURN = "return"                # returned something it should not
    YIELD = "yield"                  # yielded something that is no event
    FILES = "files"                  # wrote files, ran programs (the batch grader forbids it)
    GLOBAL_RANDOM = "global random"  # used Python's or numpy's global random state
    NOT_REPEATABLE = "not repeatable"  # the same seed gave another run
    PATH = "path"                    # a solver's answer is wrong
    FINGERPRINT = "fingerprint"      # it does not work like the algorithm it claims to be
    PROCESS = "process"              # the grader's process died (killed, os._exit)


#: the kinds that stop a run at once (the others are found after it, or let it go on)
STOPPING = frozenset({ProblemKind.ILLEGAL, ProblemKind.CRASH, ProblemKind.EXIT,
                      ProblemKind.TIME, ProblemKind.STEPS, ProblemKind.MEMORY,
                      ProblemKind.RETURN, ProblemKind.YIELD, ProblemKind.FILES,
                      ProblemKind.SIGNATURE})


def place_name(filename: str) -> str:
    """How a message names the student's file: its name (`student.py`), or `your cell`
    for code typed into a notebook."""
    if "ipykernel_" in filename or filename.startswith("<ipython-input"):
        return "your cell"
    if filename.startswith("<"):
        return filename.strip("<>") or "your code"
    return Path(filename).name


@dataclass(frozen=True)
class Where:
    """A line of the student's code: its file, number and text."""

    filename: str
    line: int

    @property
    def text(self) -> str:
        """The line's source, stripped ("" if the source is not known)."""
        return linecache.getline(self.filename, self.line).strip()

    def __str__(self) -> str:
        return f"{place_name(self.filename)} line {self.line}"

    def quoted(self) -> str:
        """The line as a report shows it under a problem: `    12 |     maze.carve(a, b)`."""
        text = linecache.getline(self.filename, self.line).rstrip()
        return f"{self.line:>6} | {text}" if text.strip() else ""


@dataclass(frozen=True)
class Problem:
    """One problem: its kind, what went wrong (without its place), the step at which it
    happened (None: not during a step), the student's line, and for a crash the student's
    own traceback lines."""

    kind: ProblemKind
    text: str
    step: int | None = None
    where: Where | None = None
    traceback: tuple[str, ...] = ()
    after: bool = False          # it happened after `step`, between two steps

    @property
    def at(self) -> str:
        """`step 41` or `after step 41` ("" when not during the run)."""
        if self.step is None:
            return ""
        return ("after " if self.after else "") + f"step {self.step:,}"

    @property
    def line(self) -> int | None:
        """The student's line number, if known."""
        return self.where.line if self.where is not None else None

    def located(self) -> str:
        """`step 41 (student.py line 12: maze.carve(a, b)): …`, as much as is known."""
        place = [self.at] if self.at else []
        if self.where is not None:
            place.append(f"({self.where})" if place else str(self.where))
        return (" ".join(place) + ": " if place else "") + self.text

    def short(self) -> str:
        """A caption-sized line: step, line number and what went wrong."""
        place = [self.at] if self.at else []
        if self.where is not None:
            place.append(f"line {self.where.line}")
        return (", ".join(place) + ": " if place else "") + self.text

    def as_dict(self) -> dict:
        """The problem as plain data (the grader's JSON)."""
        return {"kind": str(self.kind), "text": self.text, "step": self.step,
                "after": self.after,
                "file": self.where.filename if self.where else None,
                "line": self.line, "located": self.located(),
                "traceback": list(self.traceback)}


def is_students(filename: str) -> bool:
    """Whether a frame of `filename` belongs to the student: not the project's code, not
    Python's library or an installed package."""
    if filename.startswith("<frozen"):
        return False
    if filename.startswith("<"):
        return True
    real = os.path.realpath(filename)
    return not (real.startswith(PACKAGE_DIR) or any(real.startswith(d + os.sep)
                                                    for d in LIBRARY_DIRS))


def students_frames(tb: TracebackType | None) -> list[traceback.FrameSummary]:
    """The frames of a traceback that run the student's code."""
    return [f for f in traceback.extract_tb(tb) if is_students(f.filename)]


def crash(exc: BaseException, step: int | None) -> Problem:
    """The problem an exception raised in the student's code is: `raised IndexError: list
    index out of range` at their last line in the traceback, with their traceback lines."""
    frames = students_frames(exc.__traceback__)
    where = Where(frames[-1].filename, frames[-1].lineno or 0) if frames else None
    lines = ["Traceback (your code only):"]
    for f in frames:
        lines.append(f'  File "{place_name(f.filename)}", line {f.lineno}, in {f.name}')
        if f.line:
            lines.append(f"    {f.line.strip()}")
    message = str(exc)
    lines.append(f"{type(exc).__name__}" + (f": {message}" if message else ""))
    text = f"raised {type(exc).__name__}" + (f": {message[:300]}" if message else "")
    return Problem(ProblemKind.CRASH, text, step or None, where, tuple(lines), after=True)


__all__ = ["STOPPING", "Problem", "ProblemKind", "Where", "crash", "is_students",
           "place_name", "students_frames"]
