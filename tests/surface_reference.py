"""An independent reading of `docs/surfaces.md` for the tests: the glued cell graph built
straight from the gluing table, without `visualizer.surfaces`.

A face is `(row, col, side)` with sides N=0, E=1, S=2, W=3. `partner(...)` is the face on
the other side of the same wall (None on the plane's border); `edges(...)` lists every wall
between two cells once, double edges included, self-loops flagged.
"""
from __future__ import annotations

from collections import deque

N, E, S, W = 0, 1, 2, 3
NAMES = ("plane", "torus", "klein", "klein_lr", "projective", "sphere")

Face = tuple[int, int, int]


def partner(name: str, h: int, w: int, r: int, c: int, side: int) -> Face | None:
    """The face across the wall on `side` of (r, c), read from the gluing table."""
    if side == N and r > 0:
        return (r - 1, c, S)
    if side == S and r < h - 1:
        return (r + 1, c, N)
    if side == W and c > 0:
        return (r, c - 1, E)
    if side == E and c < w - 1:
        return (r, c + 1, W)
    if name == "plane":
        return None
    top_bottom_twisted = name in ("klein", "projective")
    left_right_twisted = name in ("klein_lr", "projective")
    if name == "sphere":
        # top edge glued to the left edge, bottom edge to the right edge, by the same index
        return {N: (c, 0, W), W: (0, r, N), S: (c, w - 1, E), E: (h - 1, r, S)}[side]
    if side == N:
        return (h - 1, w - 1 - c if top_bottom_twisted else c, S)
    if side == S:
        return (0, w - 1 - c if top_bottom_twisted else c, N)
    if side == W:
        return (h - 1 - r if left_right_twisted else r, w - 1, E)
    return (h - 1 - r if left_right_twisted else r, 0, W)


def edges(name: str, h: int, w: int) -> list[tuple[Face, Face]]:
    """Every wall between two cells, once, as the pair of its faces (smaller first)."""
    seen = set()
    for r in range(h):
        for c in range(w):
            for side in range(4):
                other = partner(name, h, w, r, c, side)
                if other is not None:
                    seen.add(tuple(sorted(((r, c, side), other))))
    return sorted(seen)


def open_edges(maze) -> list[tuple[Face, Face]]:
    """The walls of `maze` open on both faces (a face open on one side only is an error)."""
    out = []
    for a, b in edges(maze.surface.name, maze.rows, maze.cols):
        if maze.faces[a] != maze.faces[b]:
            raise AssertionError(f"faces {a} and {b} of one wall disagree")
        if maze.faces[a]:
            out.append((a, b))
    return out


def distances(maze, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    """Breadth-first distances from `start` through open walls into unblocked cells."""
    h, w = maze.rows, maze.cols
    dist = {start: 0}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for side in range(4):
            if not maze.faces[r, c, side]:
                continue
            other = partner(maze.surface.name, h, w, r, c, side)
            if other is None or maze.blocked[other[0], other[1]]:
                continue
            cell = (other[0], other[1])
            if cell not in dist:
                dist[cell] = dist[(r, c)] + 1
                queue.append(cell)
    return dist


def check_walk(maze, cells, sides) -> None:
    """Raise AssertionError unless each step leaves through an open wall into the next cell."""
    if len(sides) != len(cells) - 1:
        raise AssertionError(f"{len(cells)} cells but {len(sides)} sides")
    for here, side, there in zip(cells, sides, cells[1:]):
        if not maze.faces[here[0], here[1], side]:
            raise AssertionError(f"the walk leaves {here} through the closed side {side}")
        other = partner(maze.surface.name, maze.rows, maze.cols, here[0], here[1], side)
        if other is None or (other[0], other[1]) != tuple(there):
            raise AssertionError(f"side {side} of {here} leads to {other}, not {there}")


def check_spanning_tree(maze) -> None:
    """Raise AssertionError unless the open walls form a spanning tree of the glued graph
    (the plane's border closed)."""
    h, w = maze.rows, maze.cols
    for r in range(h):
        for c in range(w):
            for side in range(4):
                if partner(maze.surface.name, h, w, r, c, side) is None and maze.faces[r, c, side]:
                    raise AssertionError(f"border face {(r, c, side)} is open")
    opened = open_edges(maze)
    loops = [(a, b) for a, b in opened if a[:2] == b[:2]]
    if loops:
        raise AssertionError(f"open self-loops {loops}")
    if len(opened) != h * w - 1:
        raise AssertionError(f"{len(opened)} open walls, expected {h * w - 1}")
    parent = list(range(h * w))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in opened:
        parent[find(a[0] * w + a[1])] = find(b[0] * w + b[1])
    roots = {find(i) for i in range(h * w)}
    if len(roots) != 1:
        raise AssertionError(f"{len(roots)} separate pieces")
