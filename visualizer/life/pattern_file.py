"""A pattern read from a file (`LifeFile`: its live cells, box and what the file said), the
error a file that cannot be read raises, and the guarded file access every format uses:
a path confined to allowed folders, a size checked before reading."""
from __future__ import annotations

import functools
import os
import pathlib
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..surfaces import Surface
from .engine import background
from .golly_rule import parse_golly_rule
from .pattern_limits import LIMITS, LifeLimits
from .families import FamilyRule
from .rules import Rule


class LifeFormatError(ValueError):
    """A pattern file that cannot be read: `source:line: expected ..., found ...`."""

    def __init__(self, source: str, line: int, message: str) -> None:
        """`line` 0 means the file as a whole."""
        super().__init__(f"{source}:{line}: {message}")
        self.source = source
        self.line = line


def confine(path: str | pathlib.Path, roots: Iterable[str | pathlib.Path]
            ) -> pathlib.Path:
    """`path` resolved (symlinks too), if it lies inside one of the folders `roots`;
    otherwise LifeFormatError. The refusal is the same whether or not the file exists, so a
    scenario cannot probe the disk. (Named patterns such as `glider` are built in and read
    no file: they are always allowed.)"""
    given = pathlib.Path(path)
    try:
        resolved = given.resolve()
        folders = [pathlib.Path(root).resolve() for root in roots]
    except (OSError, RuntimeError):        # a symlink loop, say
        resolved, folders = None, []
    if resolved is not None and any(resolved.is_relative_to(folder) for folder in folders):
        return resolved
    raise LifeFormatError(str(given), 0, "expected a pattern file inside the scenario's "
                                         "folder (or a folder allowed on the command line), "
                                         "got a path outside it")


@dataclass
class LifeFile:
    """A pattern read from a file: its live cells as coordinates, its bounding box, and
    what the file said about it (name, comments, rule text, Golly position and
    generation). The dense grid `cells` is derived on demand, after a size check."""

    live: np.ndarray                       # (n, 2) int64 (row, column) of live cells
    shape: tuple[int, int]                 # (rows, columns) of the box (header and cells)
    name: str | None = None
    comments: list[str] = field(default_factory=list)
    rule: str | None = None
    pos: tuple[int, int] | None = None
    generation: int | None = None
    source: str = "<string>"
    box_line: int = 0                      # the line that set the box (the header), for errors
    limits: LifeLimits = LIMITS
    states: np.ndarray | None = None       # each live cell's state (None: all 1)
    state_lines: dict[int, int] = field(default_factory=dict)   # state -> first line

    @classmethod
    def from_cells(cls, cells: np.ndarray, **info: Any) -> LifeFile:
        """A LifeFile holding the dense grid `cells` (nonzero = alive, its state kept)."""
        cells = np.asarray(cells)
        live = np.argwhere(cells != 0).astype(np.int64)
        states = cells[live[:, 0], live[:, 1]].astype(np.uint8)
        return cls(live, cells.shape, states=states if states.size and states.max() > 1
                   else None, **info)

    @property
    def max_state(self) -> int:
        """The largest state of a live cell (1 for a two-state pattern, 0 if empty)."""
        if self.states is not None:
            return int(self.states.max())
        return 1 if self.population else 0

    def state_problem(self, states: int, rule: str) -> LifeFormatError | None:
        """The error naming the first line with a state the rule `rule` of `states` states
        does not have, or None."""
        if self.max_state < states:
            return None
        bad = min((line, s) for s, line in self.state_lines.items() if s >= states) \
            if self.state_lines else (self.box_line, self.max_state)
        return LifeFormatError(self.source, bad[0], f"expected cell states 0..{states - 1} "
                                                    f"for the rule {rule}, found state "
                                                    f"{bad[1]}")

    @property
    def population(self) -> int:
        """How many live cells the file holds."""
        return int(self.live.shape[0])

    @functools.cached_property
    def cells(self) -> np.ndarray:
        """The pattern's box as a uint8 0/1 grid (rows x cols); LifeFormatError naming the
        header's line if the box is larger than the limits allow per side."""
        h, w = self.shape
        if max(h, w) > self.limits.side:
            raise LifeFormatError(self.source, self.box_line,
                                  f"expected a pattern at most {self.limits.side} cells on a "
                                  f"side to place on a grid, got {w}x{h} (its "
                                  f"{self.population} live cells span "
                                  f"{self._live_box()})")
        cells = np.zeros((h, w), dtype=np.uint8)
        cells[self.live[:, 0], self.live[:, 1]] = 1 if self.states is None else self.states
        return cells

    def _live_box(self) -> str:
        """The live cells' own bounding box, "WxH" ("nothing" if there are none)."""
        if not self.population:
            return "nothing"
        low, high = self.live.min(axis=0), self.live.max(axis=0)
        return f"{high[1] - low[1] + 1}x{high[0] - low[0] + 1}"

    def rule_and_surface(self) -> tuple[Rule | FamilyRule | None, Surface | None]:
        """The file's rule and bounded grid (None where it names none)."""
        if self.rule is None:
            return None, None
        return parse_golly_rule(self.rule, self.limits)

    def placed_grid(self) -> tuple[np.ndarray, Surface]:
        """The whole bounded grid with the pattern where Golly would put it (the rule must
        name a bounded grid; a missing `Pos` means Golly's default, centred placement).
        The live cells are placed directly: no grid of the pattern's box is made. Under a
        B0 rule the grid is the rule's own field: Golly's negative is turned back."""
        rule, surface = self.rule_and_surface()
        if surface is None:
            raise LifeFormatError(self.source, self.box_line,
                                  f"expected a rule with a bounded grid such as "
                                  f"B3/S23:T40,20, got {self.rule!r}")
        h, w = surface.rows, surface.cols
        ph, pw = self.shape
        if self.pos is None:
            x0, y0 = -(pw // 2), -(ph // 2)
        else:
            x0, y0 = self.pos
        r0, c0 = y0 + h // 2, x0 + w // 2
        if r0 < 0 or c0 < 0 or r0 + ph > h or c0 + pw > w:
            raise LifeFormatError(self.source, self.box_line,
                                  f"expected the pattern ({pw}x{ph} at Pos={x0},{y0}) to fit "
                                  f"in the {w}x{h} grid")
        grid = np.zeros((h, w), dtype=np.uint8)
        grid[self.live[:, 0] + r0, self.live[:, 1] + c0] = 1 if self.states is None \
            else self.states
        if rule is not None and background(rule, self.generation or 0):
            grid ^= 1
        return grid, surface


def read_text(path: pathlib.Path, source: str, limits: LifeLimits) -> str:
    """The text of the regular file `path`, at most `limits.file_bytes` long (checked
    before it is read); LifeFormatError naming `source` otherwise."""
    try:
        with open(path, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise LifeFormatError(source, 0, "expected a pattern file, got something "
                                                 "that is not a regular file")
            size = os.fstat(handle.fileno()).st_size
            data = handle.read(size + 1) if size <= limits.file_bytes else b""
            if len(data) > size:              # it grew since: read on up to the limit
                data += handle.read(limits.file_bytes + 1 - len(data))
    except OSError as exc:
        raise LifeFormatError(source, 0, f"expected a readable pattern file, got "
                                         f"{exc.strerror or exc}") from None
    if size > limits.file_bytes or len(data) > limits.file_bytes:
        raise LifeFormatError(source, 0, f"expected a pattern file of at most "
                                         f"{limits.file_bytes:,} bytes, got "
                                         f"{max(size, len(data)):,}")
    return data.decode("utf-8", errors="replace")


def write_text(text: str, path: str | pathlib.Path | None) -> str:
    """`text`, also written to `path` if given."""
    if path is not None:
        pathlib.Path(path).write_text(text, encoding="utf-8")
    return text


__all__ = ["LifeFile", "LifeFormatError", "confine", "read_text", "write_text"]
