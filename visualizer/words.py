"""The words every vocabulary shares: a cell, a square cell's sides, and the enum whose
members read as their text (`visualizer.events` re-exports them)."""
from __future__ import annotations

from enum import Enum, IntEnum
from typing import Any

Cell = tuple[int, int]


def as_cell(value: Any) -> Cell:
    """`value` (a `[row, col]` pair from a scenario, a tuple, numpy ints) as a Cell."""
    row, col = value
    return int(row), int(col)


class _Word(str, Enum):
    """An enum whose members are also their value as text (`Mark.PATH == "path"`), so that
    they read well in messages and scenario files; code compares members, never the text."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class Side(IntEnum):
    """A side of a square cell, clockwise from north. On another grid an event's side is a
    member of that grid's own side enum (`visualizer.grids`: HexSide, TriSide, PolarSide),
    an IntEnum too: the index of the side in the grid's tables."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def opposite(self) -> "Side":
        return Side((self + 2) % 4)

    @property
    def letter(self) -> str:
        return "NESW"[self]
