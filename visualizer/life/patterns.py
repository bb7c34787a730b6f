"""Named Life patterns (the planeur and the objet, and classics), placing them on a grid,
and random soups."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


class PatternError(ValueError):
    """An unknown pattern name, or a pattern that does not fit where it is placed."""


@dataclass(frozen=True)
class Pattern:
    """A named pattern: `cells` is a read-only uint8 0/1 array (rows x cols)."""

    name: str
    cells: np.ndarray
    summary: str = ""

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, cols) of the pattern's bounding box."""
        return self.cells.shape


def from_picture(name: str, picture: str, summary: str = "") -> Pattern:
    """A pattern drawn in ASCII: `O` alive, `.` dead, one row per line."""
    rows = [line.strip() for line in picture.strip().splitlines()]
    width = max(len(row) for row in rows)
    cells = np.zeros((len(rows), width), dtype=np.uint8)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            cells[r, c] = ch == "O"
    cells.flags.writeable = False
    return Pattern(name, cells, summary)


_PICTURES = {
    "glider": ("""
        .O.
        ..O
        OOO
    """, "the glider: moves one cell diagonally every 4 generations"),
    "planeur": ("""
        .O.
        ..O
        OOO
    """, "the planeur: French for glider (usually placed at row 0, column 3)"),
    "objet": ("""
        O..
        OOO
        .O.
    """, "the objet: a five-cell pattern (usually at the corner (0, 0)); a methuselah-like "
         "pentomino"),
    "blinker": ("OOO", "period-2 oscillator"),
    "block": ("""
        OO
        OO
    """, "the smallest still life"),
    "beehive": ("""
        .OO.
        O..O
        .OO.
    """, "still life"),
    "loaf": ("""
        .OO.
        O..O
        .O.O
        ..O.
    """, "still life"),
    "boat": ("""
        OO.
        O.O
        .O.
    """, "still life"),
    "toad": ("""
        .OOO
        OOO.
    """, "period-2 oscillator"),
    "beacon": ("""
        OO..
        O...
        ...O
        ..OO
    """, "period-2 oscillator"),
    "pulsar": ("""
        ..OOO...OOO..
        .............
        O....O.O....O
        O....O.O....O
        O....O.O....O
        ..OOO...OOO..
        .............
        ..OOO...OOO..
        O....O.O....O
        O....O.O....O
        O....O.O....O
        .............
        ..OOO...OOO..
    """, "period-3 oscillator"),
    "pentadecathlon": ("""
        ..O....O..
        OO.OOOO.OO
        ..O....O..
    """, "period-15 oscillator"),
    "lwss": ("""
        .O..O
        O....
        O...O
        OOOO.
    """, "lightweight spaceship: moves 2 cells every 4 generations"),
    "r_pentomino": ("""
        .OO
        OO.
        .O.
    """, "R-pentomino: five cells that take 1103 generations to settle"),
    "diehard": ("""
        ......O.
        OO......
        .O...OOO
    """, "vanishes after 130 generations"),
    "acorn": ("""
        .O.....
        ...O...
        OO..OOO
    """, "methuselah: 5206 generations to settle"),
    "gosper_glider_gun": ("""
        ........................O...........
        ......................O.O...........
        ............OO......OO............OO
        ...........O...O....OO............OO
        OO........O.....O...OO..............
        OO........O...O.OO....O.O...........
        ..........O.....O.......O...........
        ...........O...O....................
        ............OO......................
    """, "Gosper glider gun: a new glider every 30 generations"),
}

PATTERNS: dict[str, Pattern] = {
    name: from_picture(name, picture, summary)
    for name, (picture, summary) in _PICTURES.items()
}


def get_pattern(name: str) -> Pattern:
    """The pattern called `name` (raises PatternError listing the known names)."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in PATTERNS:
        raise PatternError(f"unknown pattern `{name}`; expected one of "
                           + ", ".join(sorted(PATTERNS)))
    return PATTERNS[key]


def place(grid: np.ndarray, pattern: "Pattern | str | np.ndarray",
          at: tuple[int, int] = (0, 0)) -> np.ndarray:
    """Returns `grid` with the live cells of `pattern` set (to their state), its top-left
    corner at `at` (row, col); the grid is modified in place. Raises PatternError if it
    does not fit."""
    if isinstance(pattern, str):
        pattern = get_pattern(pattern)
    cells = pattern.cells if isinstance(pattern, Pattern) else np.asarray(pattern)
    label = pattern.name if isinstance(pattern, Pattern) else "the pattern"
    r, c = at
    ph, pw = cells.shape
    gh, gw = grid.shape
    if r < 0 or c < 0 or r + ph > gh or c + pw > gw:
        raise PatternError(f"{label} ({ph} rows x {pw} columns) does not fit at ({r}, {c}) "
                           f"in a {gh}x{gw} grid; it needs rows {r}..{r + ph - 1} and "
                           f"columns {c}..{c + pw - 1}")
    region = grid[r:r + ph, c:c + pw]
    np.copyto(region, cells.astype(grid.dtype), where=cells != 0)   # states kept
    return grid


def random_soup(rows: int, cols: int, density: float,
                rng: np.random.Generator) -> np.ndarray:
    """A rows x cols uint8 grid whose cells are alive with probability `density`."""
    if not 0.0 <= density <= 1.0:
        raise ValueError(f"expected a density between 0 and 1, got {density!r}")
    return (rng.random((rows, cols)) < density).astype(np.uint8)
