"""Writing RLE that Golly loads in place: a grid's runs, its rule with the bounded-grid
suffix of its surface, and `#CXRLE Pos=`/`Gen=` so that Golly continues it identically."""
from __future__ import annotations

import pathlib
from typing import Any

import numpy as np

from ..surfaces import Surface
from .pattern_file import write_text
from .rules import Rule, parse_rule


def _rle_rows(grid: np.ndarray) -> str:
    """The RLE data of `grid` (all rows from the top-left), ending with `!`, 70 columns."""
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
        row = row[:nz[-1] + 1] != 0
        change = np.flatnonzero(np.diff(row.astype(np.int8))) + 1
        starts = np.concatenate([[0], change])
        ends = np.concatenate([change, [row.size]])
        for s, e in zip(starts, ends, strict=True):
            n = int(e - s)
            items.append(f"{n if n > 1 else ''}{'o' if row[s] else 'b'}")
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
              rule: Rule | str = "B3/S23", surface: Surface | None = None,
              name: str | None = None, comments: tuple[str, ...] = (),
              generation: int | None = None) -> str:
    """The RLE text of the whole `grid` (also written to `path` if given). With a `surface`
    the rule carries Golly's bounded-grid suffix and a `#CXRLE Pos=` line places the grid so
    that Golly loads it in place and continues it identically."""
    grid = np.asarray(grid)
    h, w = grid.shape
    notation = parse_rule(rule).notation
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
    return write_text("\n".join(lines) + "\n" + _rle_rows(grid), path)


def write_generation_rle(event: Any, path: str | pathlib.Path | None = None) -> str:
    """The RLE text of a `Generation` event's grid, on its surface, under its rule, with
    `Gen=` set to its index, so Golly continues from exactly there (also written to
    `path` if given)."""
    return write_rle(event.grid, path, rule=event.rule or "B3/S23", surface=event.surface,
                     comments=(f"generation {event.index}, population {event.population}",),
                     generation=event.index)


__all__ = ["write_generation_rle", "write_rle"]
