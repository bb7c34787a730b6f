"""Plaintext `.cells` pattern files: `!` comments, `.` dead, `O` (or `*`) alive."""
from __future__ import annotations

import pathlib
import re

import numpy as np

from .pattern_file import LifeFile, LifeFormatError, write_text
from .pattern_limits import LIMITS, LifeLimits


_NOT_A_CELL = re.compile(r"[^.Oo*Xx \t]")
_ALIVE_CODES = np.frombuffer(b"Oo*Xx", dtype=np.uint8)


def parse_cells(text: str, source: str = "<string>", limits: LifeLimits = LIMITS
                ) -> LifeFile:
    """The pattern in plaintext `text` (`!` comments, `.` dead, `O` or `*` alive; ragged
    rows are padded with dead cells). Sparse: the live cells are kept as coordinates, their
    count checked against `limits` line by line."""
    name, comments = None, []
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    population = width = height = row = wide_line = 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if line.startswith("!"):
            body = line[1:].strip()
            if body.lower().startswith("name:"):
                name = body[5:].strip()
            else:
                comments.append(body)
            continue
        bad = _NOT_A_CELL.search(line)
        if bad:
            raise LifeFormatError(source, lineno, f"expected '.' (dead) or 'O' (alive), "
                                                  f"found {bad.group()!r} at column "
                                                  f"{bad.start() + 1}")
        if line:
            population += sum(map(line.count, "Oo*Xx"))     # counted before any array
            if population > limits.live_cells:
                raise LifeFormatError(source, lineno, f"expected at most "
                                                      f"{limits.live_cells:,} live cells, "
                                                      f"got {population:,} by this line")
            codes = np.frombuffer(line.encode("ascii"), dtype=np.uint8)
            alive = np.flatnonzero(np.isin(codes, _ALIVE_CODES)).astype(np.int64)
            rows.append(np.full(alive.size, row, dtype=np.int64))
            cols.append(alive)
            width = max(width, len(line))
            height = row + 1                     # blank lines at the end do not count
            if not wide_line and max(width, height) > limits.side:
                wide_line = lineno               # where the box grew too large
        row += 1
    live = np.stack([np.concatenate(rows), np.concatenate(cols)], axis=1) if rows else \
        np.zeros((0, 2), dtype=np.int64)
    return LifeFile(live, (height, width), name, comments, source=source,
                    box_line=wide_line, limits=limits)


def write_cells(grid: np.ndarray, path: str | pathlib.Path | None = None, *,
                name: str | None = None, comments: tuple[str, ...] = ()) -> str:
    """The plaintext `.cells` text of `grid` (also written to `path` if given)."""
    grid = np.asarray(grid)
    lines = []
    if name:
        lines.append(f"!Name: {name}")
    lines.extend(f"!{text}" for text in comments)
    for row in grid:
        lines.append("".join("O" if v else "." for v in row))
    return write_text("\n".join(lines) + "\n", path)


__all__ = ["parse_cells", "write_cells"]
