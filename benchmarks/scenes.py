"""Synthetic palette-index animations for the export benchmarks and tests.

    python benchmarks/scenes.py            # each scene's size, frames and changed pixels
    python benchmarks/scenes.py --quick    # the same on small scenes: a second
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import numpy as np

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from visualizer.render.palette import INDEX  # noqa: E402

# 3x5 bitmap digits, row-major, '#' = ink
_DIGITS = ("###,#.#,#.#,#.#,###", ".#.,##.,.#.,.#.,###", "###,..#,###,#..,###",
           "###,..#,###,..#,###", "#.#,#.#,###,..#,..#", "###,#..,###,..#,###",
           "###,#..,###,#.#,###", "###,..#,..#,..#,..#", "###,#.#,###,#.#,###",
           "###,#.#,###,..#,###")
GLYPHS = [np.array([[c == "#" for c in row] for row in d.split(",")]) for d in _DIGITS]


def draw_number(canvas: np.ndarray, value: int, *, y: int, x: int, scale: int = 3,
                ink: int = INDEX["text"], paper: int = INDEX["background"]) -> tuple:
    """Draws `value` (6 digits) at (y, x); returns the dirty rectangle."""
    h, w = 5 * scale, 4 * scale
    for k, ch in enumerate(f"{value:6d}"):
        box = canvas[y:y + h, x + k * w:x + k * w + w]
        box[:] = paper
        if ch != " ":
            glyph = np.kron(GLYPHS[int(ch)], np.ones((scale, scale), bool))
            box[:, :3 * scale][glyph] = ink
    return (y, y + h, x, x + 6 * w)


def union(a, b):
    """The bounding rectangle of two rectangles (either may be None)."""
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]))


def maze_frames(*, rows: int = 40, cols: int = 60, cell: int = 10, top: int = 24,
                frames: int = 300, seed: int = 1) -> Iterator[tuple[np.ndarray, tuple]]:
    """Randomised depth-first carving, drawn at `cell` px; yields (frame, dirty)."""
    rng = np.random.default_rng(seed)
    wall = 2
    height, width = top + rows * cell + wall, cols * cell + wall
    canvas = np.full((height, width), INDEX["background"], np.uint8)
    canvas[top:, :] = INDEX["wall"]
    for r in range(rows):
        for c in range(cols):
            y, x = top + r * cell + wall, c * cell + wall
            canvas[y:y + cell - wall, x:x + cell - wall] = INDEX["unvisited"]

    def fill(r, c, colour, dr=0, dc=0):
        y, x = top + r * cell + wall, c * cell + wall
        y0, y1 = y - (wall if dr < 0 else 0), y + cell - wall + (wall if dr > 0 else 0)
        x0, x1 = x - (wall if dc < 0 else 0), x + cell - wall + (wall if dc > 0 else 0)
        canvas[y0:y1, x0:x1] = colour
        return (y0, y1, x0, x1)

    steps = []   # (cell, colour, direction to open)
    seen = np.zeros((rows, cols), bool)
    stack = [(0, 0)]
    came = {(0, 0): (0, 0)}   # direction back to the parent
    seen[0, 0] = True
    steps.append(((0, 0), INDEX["current"], (0, 0)))
    while stack:
        r, c = stack[-1]
        options = [(dr, dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                   if 0 <= r + dr < rows and 0 <= c + dc < cols and not seen[r + dr, c + dc]]
        if options:
            dr, dc = options[rng.integers(len(options))]
            seen[r + dr, c + dc] = True
            steps.append(((r, c), INDEX["stack"], (dr, dc)))
            steps.append(((r + dr, c + dc), INDEX["current"], (0, 0)))
            stack.append((r + dr, c + dc))
            came[r + dr, c + dc] = (-dr, -dc)
        else:
            steps.append(((r, c), INDEX["passage"], came[r, c]))
            stack.pop()
            if stack:
                steps.append((stack[-1], INDEX["current"], (0, 0)))
    per = max(1, len(steps) // frames)
    yield canvas, None
    for i in range(0, len(steps), per):
        dirty = None
        for (r, c), colour, (dr, dc) in steps[i:i + per]:
            dirty = union(dirty, fill(r, c, colour, dr, dc))
        dirty = union(dirty, draw_number(canvas, i + per, y=4, x=4))
        yield canvas, dirty


def life_frames(*, rows: int = 100, cols: int = 150, cell: int = 4, frames: int = 300,
                seed: int = 1) -> Iterator[tuple[np.ndarray, tuple]]:
    """A random Game-of-Life soup drawn with born/died tints; yields (frame, dirty)."""
    rng = np.random.default_rng(seed)
    alive = rng.random((rows, cols)) < 0.35
    before = alive
    colour = np.array([INDEX["dead"], INDEX["alive"]], np.uint8)
    canvas = np.full((rows * cell, cols * cell), INDEX["grid"], np.uint8)
    inner = np.zeros((cell, cell), bool)
    inner[:cell - 1, :cell - 1] = True
    mask = np.tile(inner, (rows, cols))
    for _ in range(frames):
        grid = colour[alive.astype(int)]
        grid[alive & ~before] = INDEX["born"]
        grid[~alive & before] = INDEX["died"]
        canvas[mask] = np.kron(grid, np.ones((cell, cell), np.uint8))[mask]
        yield canvas, None
        n = sum(np.roll(np.roll(alive, dy, 0), dx, 1)
                for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dy, dx) != (0, 0))
        before, alive = alive, (n == 3) | (alive & (n == 2))


def describe(name: str, frames: Iterator[tuple[np.ndarray, tuple]]) -> str:
    """One line about a scene: its size, frames, and the pixels its frames change."""
    first, _ = next(frames)
    shown, count, changed = first.copy(), 1, first.size
    for frame, _ in frames:
        changed += int(np.count_nonzero(frame != shown))
        shown[:] = frame
        count += 1
    height, width = first.shape
    return (f"{name}: {width}x{height} px, {count} frames, {changed:,} changed pixels "
            f"({changed / (count * first.size):.1%} of all frames' pixels)")


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small scenes of 30 frames")
    args = parser.parse_args()
    maze = {"rows": 10, "cols": 15, "frames": 30} if args.quick else {}
    life = {"rows": 30, "cols": 40, "frames": 30} if args.quick else {}
    print(describe("maze", maze_frames(**maze)))
    print(describe("life", life_frames(**life)))


if __name__ == "__main__":
    main()
