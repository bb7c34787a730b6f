"""Content digests: a lesson is rendered again only when its digest changes.

A lesson's digest covers the scenario file's bytes, what it references as the validated
scenario holds it (a Life pattern file's cells, a student's code file, any other file it
names), the tool (every source file of the package: a changed renderer changes the
pictures) and the command line's changes (`key`: flags, variants). SHA-256, hex.
"""
from __future__ import annotations

import dataclasses
import hashlib
from functools import lru_cache
from pathlib import Path
from types import FunctionType
from typing import Any

import numpy as np

#: the package's files whose content makes the pictures
TOOL_SUFFIXES = (".py", ".js", ".css")
PACKAGE = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=1)
def tool_digest() -> str:
    """The digest of the package's source (its .py, .js and .css files, by relative path)."""
    h = hashlib.sha256()
    for path in sorted(p for p in PACKAGE.rglob("*") if p.suffix in TOOL_SUFFIXES):
        h.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def lesson_digest(source: Path, scenario: Any, key: str) -> str:
    """The digest of the lesson in `source`: its bytes, what the validated `scenario` (None
    when it failed validation) holds of the files it references, the tool and `key`."""
    h = hashlib.sha256()
    h.update(tool_digest().encode() + b"\0" + key.encode() + b"\0")
    h.update(source.read_bytes())
    if scenario is not None:
        _feed(h, scenario, skip={Path(scenario.output)}, seen=set())
    return h.hexdigest()


def _feed(h: Any, value: Any, skip: set[Path], seen: set[int]) -> None:
    """Add to `h` the arrays and the files' bytes found anywhere in `value` (dataclasses,
    sequences, mappings, a student's functions: their files), in a fixed order; other values
    are what the scenario file says."""
    if id(value) in seen:
        return
    if isinstance(value, np.ndarray):
        h.update(repr((value.dtype.str, value.shape)).encode())
        h.update(np.ascontiguousarray(value).tobytes())
    elif isinstance(value, Path):
        if value not in skip and value.is_file():
            h.update(value.as_posix().encode() + b"\0" + value.read_bytes())
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        seen.add(id(value))
        for f in dataclasses.fields(value):
            _feed(h, getattr(value, f.name), skip, seen)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _feed(h, item, skip, seen)
    elif isinstance(value, dict):
        for k in sorted(value, key=repr):
            _feed(h, value[k], skip, seen)
    elif isinstance(value, FunctionType):     # a student's code: its file, and what it wraps
        seen.add(id(value))
        source = Path(value.__code__.co_filename)
        if not source.is_relative_to(PACKAGE):
            _feed(h, source, skip, seen)
        for cell in value.__closure__ or ():
            _feed(h, cell.cell_contents, skip, seen)
