"""The limits a student's function runs within, and the guards that hold it to them.

Defaults (each can be raised: `viz.check(..., max_steps=, time_limit=, memory_limit=)`, the
`generator: {…}` mapping's keys of the same names, `run.py --check … --max-steps
--time-limit --memory`):

- steps: 200 per cell + 10,000 (48,400 on a 12x16 maze). A step is one call that changes
  the maze or its marks (carve, build, visit, mark, unmark, merge, a yield). The project's
  own generators take 1–5 steps per cell, a random walk that marks every move a few dozen:
  200 leaves room for any honest algorithm and stops a runaway one within a second.
- time: 10 s per run, wall clock (a sleep counts). A 40x40 maze takes a student's
  backtracker well under a second through the façade; ten seconds is a loop that will not
  end, and is reported once, not once per seed.
- memory: 1 GiB more address space than the process had when the run began (the batch
  grader also caps each submission's whole process, see `grade.py`).

The time limit is a timer signal (SIGALRM, main thread, POSIX) that interrupts an endless
loop even when it never calls the façade, and a clock the façade reads at every call
(other threads, other systems). The memory limit lowers the process's address-space limit
for the run's duration (Linux) and puts it back after.
"""
from __future__ import annotations

import random
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

try:
    import resource
except ImportError:          # pragma: no cover - not on POSIX
    resource = None          # type: ignore[assignment]

STEPS_PER_CELL = 200
STEPS_BASE = 10_000
TIME_LIMIT = 10.0            # seconds per run
MEMORY_LIMIT = 1 << 30       # bytes of address space a run may add
#: after the time is up, the timer fires again this often (a student's bare `except:`
#: that swallows the first one does not escape)
AGAIN = 0.2


def default_steps(cells: int) -> int:
    """The default step limit of a maze of `cells` cells."""
    return STEPS_PER_CELL * cells + STEPS_BASE


@dataclass(frozen=True)
class Limits:
    """How far one run may go: steps (None: `default_steps`), seconds, bytes."""

    max_steps: int | None = None
    time_limit: float = TIME_LIMIT
    memory_limit: int | None = MEMORY_LIMIT

    def steps_for(self, cells: int) -> int:
        """The step limit on a maze of `cells` cells."""
        return self.max_steps if self.max_steps is not None else default_steps(cells)

    def __post_init__(self) -> None:
        if self.max_steps is not None and self.max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, got {self.max_steps}")
        if not self.time_limit > 0:
            raise ValueError(f"time_limit must be a number of seconds > 0, got "
                             f"{self.time_limit}")
        if self.memory_limit is not None and self.memory_limit < 1 << 20:
            raise ValueError(f"memory_limit is in bytes and at least 1 MiB, got "
                             f"{self.memory_limit}")


DEFAULT_LIMITS = Limits()


class Stop(BaseException):
    """Ends a student's run from inside it. A BaseException, so that the student's own
    `except Exception:` does not swallow it."""


class TimeUp(Stop):
    """The run's time is up."""


class StepsUp(Stop):
    """The run made more steps than its limit."""


def _alarm(signum: int, frame: object) -> None:
    raise TimeUp()


@contextmanager
def timer(seconds: float) -> Iterator[bool]:
    """Raise `TimeUp` in this thread after `seconds` (and again every `AGAIN` s) while the
    block runs; yields whether a signal timer could be set (only in the main thread of a
    POSIX process: elsewhere the façade's clock is the only guard)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is \
        threading.main_thread()
    if not usable:
        yield False
        return
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds, AGAIN)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, previous)


def address_space() -> int | None:
    """This process's address space in bytes (Linux), or None."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


@contextmanager
def memory_cap(extra: int | None) -> Iterator[None]:
    """Let the block add at most `extra` bytes of address space (a MemoryError past it);
    no cap when `extra` is None or the system cannot say or set it."""
    now = address_space() if extra is not None and resource is not None else None
    if now is None or extra is None:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = now + extra
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft != resource.RLIM_INFINITY:
        cap = min(cap, soft)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def global_random_state() -> tuple[object, tuple]:
    """Python's and numpy's global random states, to compare before and after a run."""
    state: Any = np.random.get_state()
    name, key, pos, gauss, cached = state
    return random.getstate(), (name, bytes(key), pos, gauss, cached)


def touched(before: tuple[object, tuple]) -> list[str]:
    """Which global random states changed since `before` ("Python's `random`", "numpy's
    `np.random`")."""
    after = global_random_state()
    out = []
    if after[0] != before[0]:
        out.append("Python's global `random` (random.choice, random.randint …)")
    if after[1] != before[1]:
        out.append("numpy's global `np.random` (np.random.randint, np.random.shuffle …)")
    return out


def clock() -> float:
    """Seconds, for deadlines."""
    return time.monotonic()


__all__ = ["DEFAULT_LIMITS", "Limits", "MEMORY_LIMIT", "STEPS_BASE", "STEPS_PER_CELL",
           "StepsUp", "Stop", "TIME_LIMIT", "TimeUp", "address_space", "clock", "default_steps",
           "global_random_state", "memory_cap", "timer", "touched"]
