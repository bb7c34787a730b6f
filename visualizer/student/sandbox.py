"""What a submission may not do in the batch grader's process: write, delete or rename
files, make folders, start programs, open network connections.

`install()` (the grader's child process only: an audit hook cannot be removed) adds a
Python audit hook that, while a student's code runs (`watched()`), refuses those actions
with `Forbidden` and notes each attempt in `ATTEMPTS`, so that a submission that catches the
error is still reported. Reading files stays allowed (their own imports need it). This is
a guard against accidents and casual misuse, not a security boundary: the process limits
(CPU, memory, wall clock) and a throwaway working folder are the grader's other walls.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: the attempts refused so far, one sentence each
ATTEMPTS: list[str] = []
_WATCHING = [False]
_INSTALLED = [False]

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
#: audit events refused outright, and how a message names them
_REFUSED = {
    "os.remove": "delete a file", "os.unlink": "delete a file", "os.rmdir": "delete a folder",
    "shutil.rmtree": "delete a folder", "os.rename": "rename a file",
    "os.replace": "rename a file", "os.mkdir": "make a folder", "os.truncate": "truncate a file",
    "os.system": "run a program", "subprocess.Popen": "run a program",
    "os.posix_spawn": "run a program", "os.exec": "run a program", "os.fork": "fork the process",
    "os.kill": "signal a process", "socket.connect": "open a network connection",
    "os.chmod": "change a file's permissions", "os.symlink": "make a link",
    "os.link": "make a link", "shutil.copyfile": "copy a file", "shutil.move": "move a file",
}


class Forbidden(PermissionError):
    """A submission tried something the grader does not allow."""


def _writes(args: tuple[Any, ...]) -> bool:
    """Whether an `open` audit event opens for writing."""
    mode = args[1] if len(args) > 1 else None
    flags = args[2] if len(args) > 2 else 0
    if isinstance(mode, str):
        return any(ch in mode for ch in "wax+")
    return isinstance(flags, int) and bool(flags & _WRITE_FLAGS)


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if not _WATCHING[0]:
        return
    what = None
    if event == "open" and _writes(args):
        what = f"write the file {args[0]!r}"
    elif event in _REFUSED:
        what = _REFUSED[event] + (f" ({args[0]!r})" if args and isinstance(args[0], str)
                                  else "")
    if what is None:
        return
    message = f"tried to {what}: a submission may not write files or run programs"
    ATTEMPTS.append(message)
    raise Forbidden(message)


def install() -> None:
    """Add the audit hook to this process (once; for the grader's child process)."""
    if not _INSTALLED[0]:
        sys.addaudithook(_hook)
        _INSTALLED[0] = True


@contextmanager
def watched() -> Iterator[None]:
    """While the block runs (the student's code), the installed hook refuses writes."""
    before = _WATCHING[0]
    _WATCHING[0] = _INSTALLED[0]
    try:
        yield
    finally:
        _WATCHING[0] = before


__all__ = ["ATTEMPTS", "Forbidden", "install", "watched"]
