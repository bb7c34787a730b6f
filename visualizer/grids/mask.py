"""Masks: which slots of a grid are cells. A mask is a tuple of equal-length strings, one per
row, `X` (or `x`) for no cell and any other character for a cell (Buck's `.`); read from a
list of strings, a text file or a PNG (black = no cell) by `mask_file.read_mask`."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .kinds import GridError

#: the characters that say "no cell here"
OFF = frozenset("Xx")


def normalise(lines: Sequence[str]) -> tuple[str, ...]:
    """`lines` as the canonical mask (`.` = cell, `X` = none), checked rectangular and not
    empty (GridError naming the first bad line)."""
    if isinstance(lines, str) or not all(isinstance(line, str) for line in lines):
        raise GridError("a mask is a list of strings, one per row")
    rows = [line.rstrip("\r\n") for line in lines]
    if not rows or not rows[0]:
        raise GridError("the mask is empty: it needs at least one row of at least one cell")
    width = len(rows[0])
    for r, line in enumerate(rows):
        if len(line) != width:
            raise GridError(f"mask row {r} has {len(line)} characters, row 0 has {width}: "
                            f"every row must be as long")
    return tuple("".join("X" if ch in OFF else "." for ch in line) for line in rows)


def as_array(mask: Sequence[str]) -> np.ndarray:
    """The mask as a `rows x cols` boolean array (True = a cell)."""
    return np.array([[ch != "X" for ch in line] for line in mask], dtype=bool)


def fit(mask: tuple[str, ...], rows: int, cols: int, what: str) -> np.ndarray:
    """The mask's cells over a `rows x cols` rectangle of slots (GridError when its shape
    differs; `what` names the rectangle in the message)."""
    if (len(mask), len(mask[0])) != (rows, cols):
        raise GridError(f"the mask is {len(mask)} rows x {len(mask[0])} columns but {what} is "
                        f"{rows} x {cols}")
    return as_array(mask)
