"""Reference readers for the pattern tests: the dense, cell-by-cell RLE and .cells reading
that the project used before reading became sparse (slow and unbounded, fine for the small
files the tests compare with)."""
from __future__ import annotations

import re

import numpy as np

_TOKEN = re.compile(r"\s*(\d*)\s*([A-Za-z.$!])")
_HEADER = re.compile(r"^\s*x\s*=\s*(\d+)\s*(?:,\s*y\s*=\s*(\d+))?", re.IGNORECASE)


def dense_rle(text: str) -> np.ndarray:
    """The uint8 grid of RLE `text`, one cell at a time (header box or the cells' extent)."""
    width = height = None
    live: list[tuple[int, int]] = []
    r = c = max_c = rows_seen = 0
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(line)
        if header and width is None and not live and r == 0 and c == 0:
            width, height = int(header.group(1)), int(header.group(2) or 0)
            continue
        line, pending = pending + line, ""
        at = 0
        while at < len(line):
            m = _TOKEN.match(line, at)
            if not m:
                rest = line[at:].strip()
                if rest.isdigit():
                    pending = rest
                break
            count = int(m.group(1)) if m.group(1) else 1
            tag, at = m.group(2), m.end()
            if tag == "!":
                return _grid(live, width, height, max_c, rows_seen)
            if tag == "$":
                r, c = r + count, 0
            elif tag in "b.":
                c += count
            else:
                live.extend((r, c + k) for k in range(count))
                c += count
            max_c = max(max_c, c)
            rows_seen = max(rows_seen, r + (1 if c else 0))
    return _grid(live, width, height, max_c, rows_seen)


def _grid(live, width, height, max_c, rows_seen) -> np.ndarray:
    """The dense grid of the `live` (row, col) cells."""
    if live:
        rows_seen = max(rows_seen, max(rr for rr, _ in live) + 1)
    w = max(width or 0, max_c, 1 if live else 0)
    h = max(height or 0, rows_seen)
    cells = np.zeros((h, w), dtype=np.uint8)
    for rr, cc in live:
        cells[rr, cc] = 1
    return cells


def dense_cells(text: str) -> np.ndarray:
    """The uint8 grid of plaintext `text`, one character at a time."""
    rows = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("!"):
            continue
        rows.append([1 if ch in "Oo*Xx" else 0 for ch in line])
    while rows and not rows[-1]:
        rows.pop()
    cells = np.zeros((len(rows), max((len(row) for row in rows), default=0)), np.uint8)
    for r, row in enumerate(rows):
        cells[r, :len(row)] = row
    return cells
