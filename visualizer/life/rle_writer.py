"""Writing RLE that Golly loads in place: a grid's runs, its rule with the bounded-grid
suffix of its surface, and `#CXRLE Pos=`/`Gen=` so that Golly continues it identically.
Under a B0 rule the cells are written as Golly holds them, in negative where it does
(`engine.background`: always with S8, at odd generations without)."""
from __future__ import annotations

import pathlib
from typing import Any

import numpy as np

from ..surfaces import Surface
from .engine import background
from .pattern_file import write_text
from .families import FamilyRule
from .family_parse import parse_family_rule
from .rules import Rule


def state_letters(state: int) -> str:
    """How Golly writes cell `state` in a multi-state RLE: "." for 0, "A".."X" for 1..24,
    then "pA".."pX", "qA".. for 25 and up."""
    if state == 0:
        return "."
    if state <= 24:
        return chr(ord("A") + state - 1)
    return chr(ord("p") + (state - 25) // 24) + chr(ord("A") + (state - 25) % 24)


def _rle_rows(grid: np.ndarray, multi: bool = False) -> str:
    """The RLE data of `grid` (all rows from the top-left), ending with `!`, 70 columns;
    `multi` writes states as Golly's letters (".", "A", "B", …) instead of "b" and "o"."""
    items: list[str] = []
    pending_rows = 0
    for row in grid:
        nz = np.flatnonzero(row)
        if nz.size == 0:
            pending_rows += 1
            continue
        if items or pending_rows:
            n = pending_rows + (1 if items else 0)
            if n:
                items.append(f"{n if n > 1 else ''}$")
        pending_rows = 0
        row = row[:nz[-1] + 1].astype(np.int64) if multi else \
            (row[:nz[-1] + 1] != 0).astype(np.int64)
        change = np.flatnonzero(np.diff(row)) + 1
        starts = np.concatenate([[0], change])
        ends = np.concatenate([change, [row.size]])
        for s, e in zip(starts, ends, strict=True):
            n = int(e - s)
            tag = state_letters(int(row[s])) if multi else ("o" if row[s] else "b")
            items.append(f"{n if n > 1 else ''}{tag}")
    items.append("!")
    lines, current = [], ""
    for item in items:
        if len(current) + len(item) > 70:
            lines.append(current)
            current = ""
        current += item
    lines.append(current)
    return "\n".join(lines) + "\n"


def write_rle(grid: np.ndarray, path: str | pathlib.Path | None = None, *,
              rule: "Rule | FamilyRule | str" = "B3/S23", surface: Surface | None = None,
              name: str | None = None, comments: tuple[str, ...] = (),
              generation: int | None = None) -> str:
    """The RLE text of the whole `grid` (also written to `path` if given). With a `surface`
    the rule carries Golly's bounded-grid suffix and a `#CXRLE Pos=` line places the grid so
    that Golly loads it in place and continues it identically. A rule of more than two
    states (Generations, a rule table) writes the cells as Golly's state letters."""
    grid = np.asarray(grid)
    h, w = grid.shape
    parsed = parse_family_rule(rule)
    if background(parsed, generation or 0):
        grid = (grid == 0).astype(np.uint8)       # Golly's negative of a B0 rule's field
    notation = parsed.notation
    multi = isinstance(parsed, FamilyRule) and parsed.states > 2
    lines = []
    if name:
        lines.append(f"#N {name}")
    lines.extend(f"#C {text}" for text in comments)
    if surface is not None:
        if (surface.rows, surface.cols) != (h, w):
            raise ValueError(f"expected a {surface.rows}x{surface.cols} grid for the "
                             f"surface, got {h}x{w}")
        gen = f" Gen={generation}" if generation else ""
        lines.append(f"#CXRLE Pos={-(w // 2)},{-(h // 2)}{gen}")
        notation += surface.golly_suffix()
    lines.append(f"x = {w}, y = {h}, rule = {notation}")
    return write_text("\n".join(lines) + "\n" + _rle_rows(grid, multi), path)


def write_generation_rle(event: Any, path: str | pathlib.Path | None = None) -> str:
    """The RLE text of a `Generation` event's grid, on its surface, under its rule, with
    `Gen=` set to its index, so Golly continues from exactly there (also written to
    `path` if given)."""
    return write_rle(event.grid, path, rule=event.rule or "B3/S23", surface=event.surface,
                     comments=(f"generation {event.index}, population {event.population}",),
                     generation=event.index)


__all__ = ["state_letters", "write_generation_rle", "write_rle"]
