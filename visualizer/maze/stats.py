"""Figures about a maze and about a solve: the numbers a lesson quotes.

`maze_stats(maze)` and `solve_stats(events)` return plain dicts (JSON-ready);
`maze_summary` / `solve_summary` shorten them to a caption.
"""
from __future__ import annotations

import copy

from collections import deque
from typing import Any, Iterable

from .. import events as ev
from ..events import Cell, Mark, Side
from .model import Maze

#: above this many open cells the diameter of a maze with loops is a double-sweep estimate
EXACT_DIAMETER_CELLS = 600


def adjacency(maze: Maze) -> dict[Cell, list[Cell]]:
    """Every passable cell and the cells its passages lead to (a double edge counts twice)."""
    cells = [(r, c) for r in range(maze.rows) for c in range(maze.cols) if maze.passable((r, c))]
    return {cell: [step.cell for _, step in maze.passages(cell)] for cell in cells}


def distances(adj: dict[Cell, list[Cell]], start: Cell) -> dict[Cell, int]:
    """Moves from `start` to every cell it can reach."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for other in adj[cell]:
            if other not in dist:
                dist[other] = dist[cell] + 1
                queue.append(other)
    return dist


def components(adj: dict[Cell, list[Cell]]) -> list[set[Cell]]:
    """The connected pieces of the passable cells, largest first."""
    seen: set[Cell] = set()
    parts = []
    for cell in adj:
        if cell not in seen:
            part = set(distances(adj, cell))
            seen |= part
            parts.append(part)
    return sorted(parts, key=len, reverse=True)


def diameter(maze: Maze, adj: dict[Cell, list[Cell]] | None = None
             ) -> tuple[int, Cell | None, Cell | None, bool]:
    """The longest shortest path: (moves, one end, other end, exact?).

    Exact on trees (double sweep) and on small mazes (a search from every cell); otherwise
    a double-sweep lower bound (exact = False)."""
    adj = adjacency(maze) if adj is None else adj
    if not adj:
        return 0, None, None, True
    best: tuple[int, Cell | None, Cell | None] = (-1, None, None)
    edges = sum(len(v) for v in adj.values()) // 2
    parts = components(adj)
    is_forest = edges == len(adj) - len(parts)
    exact = is_forest or len(adj) <= EXACT_DIAMETER_CELLS
    for part in parts:
        if len(part) - 1 <= best[0]:
            break
        if is_forest or not exact:
            first = min(part)
            far = _farthest(distances(adj, first))
            dist = distances(adj, far)
            end = _farthest(dist)
            if dist[end] > best[0]:
                best = (dist[end], far, end)
        else:
            length, a, b = _all_pairs_longest(adj, sorted(part))
            if length > best[0]:
                best = (length, a, b)
    return best[0], best[1], best[2], exact


def _all_pairs_longest(adj: dict[Cell, list[Cell]], cells: list[Cell]
                       ) -> tuple[int, Cell, Cell]:
    """The longest shortest path inside one component, by a search from every cell."""
    index = {cell: i for i, cell in enumerate(cells)}
    links = [[index[o] for o in adj[cell]] for cell in cells]
    best = (-1, 0, 0)
    for source in range(len(cells)):
        dist = [-1] * len(cells)
        dist[source] = 0
        frontier = [source]
        level = 0
        while frontier:
            level += 1
            nxt = []
            for i in frontier:
                for j in links[i]:
                    if dist[j] < 0:
                        dist[j] = level
                        nxt.append(j)
            if not nxt:
                break
            frontier = nxt
        far = level - 1
        if far > best[0]:
            best = (far, source, frontier[-1])
    return best[0], cells[best[1]], cells[best[2]]


def _farthest(dist: dict[Cell, int]) -> Cell:
    return max(dist, key=lambda cell: (dist[cell], cell))


def texture(maze: Maze, adj: dict[Cell, list[Cell]]) -> dict[str, Any]:
    """The texture figures of `maze`:

    - `junction_share`: the share of the open cells with three or more passages;
    - `straight_share`: the share of the open cells that are corridor cells (two passages)
      going straight through, their openings on opposite sides (the others turn);
    - `river`: the mean length, in cells, of the corridors — the pieces the maze falls into
      when its junctions are taken out (runs of connected cells with one or two passages).
      This puts a number on Walter Pullen's "river" texture (Think Labyrinth, his
      classification of mazes): an algorithm with a high river factor flows on into the
      space next to it and leaves long winding passages with few but long dead ends; one
      with a low river factor leaves many short dead ends. A backtracker's 40x40 mazes
      measure about 4.7, Kruskal's about 1.7. None when every cell is a junction.

    Shares are rounded to 4 places, `river` to 2."""
    open_cells = len(adj)
    plain = {cell for cell, others in adj.items() if 0 < len(others) < 3}
    junctions = sum(1 for others in adj.values() if len(others) >= 3)
    straight = 0
    square = maze.grid.plain
    for cell in plain:
        sides = [side for side, _ in maze.passages(cell)]
        if len(sides) == 2 and (sides[0].opposite == sides[1] if square
                                else maze.grid.straight(cell, sides[0], sides[1])):
            straight += 1
    corridors = _pieces(adj, plain)
    share = (lambda n: round(n / open_cells, 4)) if open_cells else (lambda n: 0.0)
    return {
        "junction_share": share(junctions),
        "straight_share": share(straight),
        "river": round(sum(corridors) / len(corridors), 2) if corridors else None,
    }


def _pieces(adj: dict[Cell, list[Cell]], cells: set[Cell]) -> list[int]:
    """The sizes of the connected pieces of `cells` (moving only between them)."""
    seen: set[Cell] = set()
    sizes = []
    for first in sorted(cells):
        if first in seen:
            continue
        seen.add(first)
        stack, size = [first], 0
        while stack:
            cell = stack.pop()
            size += 1
            for other in adj[cell]:
                if other in cells and other not in seen:
                    seen.add(other)
                    stack.append(other)
        sizes.append(size)
    return sizes


def maze_stats(maze: Maze) -> dict[str, Any]:
    """The figures of `maze` (see `compute_maze_stats`), remembered for identical mazes:
    a scenario's stream runs twice when its frames are counted first."""
    key = (maze.surface, maze.grid, maze.faces.tobytes(), maze.blocked.tobytes(), maze.entrance,
           maze.exit, maze.entrance_side, maze.exit_side, tuple(sorted(maze.crossings.items())))
    found = _REMEMBERED.get(key)
    if found is None:
        found = compute_maze_stats(maze)
        if len(_REMEMBERED) > 32:
            _REMEMBERED.pop(next(iter(_REMEMBERED)))
        _REMEMBERED[key] = found
    return copy.deepcopy(found)


_REMEMBERED: dict[tuple, dict[str, Any]] = {}


def compute_maze_stats(maze: Maze) -> dict[str, Any]:
    """Cells, walls, dead ends, junctions, corridors, loops, diameter, solution length,
    and the texture (`texture`: junction and straight shares, river).

    Walls count between two cells (glued walls included); `internal_walls` is the number
    of them (2nm − n − m on the plane). `loops` = open walls − open cells + components
    (the cycle rank); `solution` is the shortest entrance→exit path in moves (None when
    there is none); `solution_share` is the share of the open cells on that path, both
    ends included (moves + 1 cells). A weave adds `crossings`, its crossed cells (a
    tunnel is one passage between its ends, so `loops` counts it once)."""
    adj = adjacency(maze)
    degree = {cell: len(others) for cell, others in adj.items()}
    open_cells = len(adj)
    internal = len(maze.grid.wall_faces)
    open_walls = len(maze.open_walls())
    edges = sum(degree.values()) // 2
    parts = components(adj)
    loops = edges - open_cells + len(parts)
    dead_ends = sum(1 for d in degree.values() if d == 1)
    length, end_a, end_b, exact = diameter(maze, adj)
    entrance, exit_ = maze.default_endpoints()
    solution = None
    reachable = 0
    if entrance in adj:
        dist = distances(adj, entrance)
        reachable = len(dist)
        solution = dist.get(exit_)
    solution_share = round((solution + 1) / open_cells, 4) \
        if solution is not None and open_cells else None
    return {
        "rows": maze.rows, "cols": maze.cols, "surface": maze.surface.name,
        "cells": maze.cell_count, "open_cells": open_cells,
        "blocked": maze.cell_count - open_cells,
        "internal_walls": internal, "open_walls": open_walls,
        "closed_internal_walls": internal - open_walls,
        "dead_ends": dead_ends, "dead_end_share": round(dead_ends / open_cells, 4)
        if open_cells else 0.0,
        "junctions": sum(1 for d in degree.values() if d >= 3),
        "corridors": sum(1 for d in degree.values() if d == 2),
        "isolated": sum(1 for d in degree.values() if d == 0),
        "components": len(parts), "loops": loops,
        "perfect": loops == 0 and len(parts) == 1 and open_cells == maze.cell_count,
        "unreachable": open_cells - reachable,
        "longest_path": length, "longest_path_ends": [list(end_a), list(end_b)]
        if end_a is not None and end_b is not None else None, "longest_path_exact": exact,
        "entrance": list(entrance), "exit": list(exit_), "solution": solution,
        "solution_share": solution_share, **texture(maze, adj),
        **({"crossings": len(maze.crossings)} if maze.crossings else {}),
    }


def texture_summary(stats: dict[str, Any]) -> str:
    """The texture in a few words, for a caption comparing generators: "dead ends 31 % ·
    river 1.7" (the river left out when there is none)."""
    parts = [f"dead ends {stats['dead_end_share']:.0%}"]
    if stats.get("river") is not None:
        parts.append(f"river {stats['river']:.1f}")
    return " · ".join(parts)


def maze_summary(stats: dict[str, Any]) -> str:
    """A short caption, most telling first: perfect or loops, solution, longest, dead ends."""
    if stats["perfect"]:
        parts = ["perfect"]
    else:
        parts = [f"loops {stats['loops']}"]
        if stats["unreachable"]:
            parts.append(f"unreachable {stats['unreachable']}")
    if stats.get("crossings"):          # a weave: the tunnels under its corridors
        parts.append(f"crossings {stats['crossings']}")
    parts.append("no solution" if stats["solution"] is None else f"solution {stats['solution']}")
    parts.append(f"longest {stats['longest_path']}"
                 f"{'' if stats['longest_path_exact'] else '+'}")
    parts.append(f"dead ends {stats['dead_ends']} ({stats['dead_end_share']:.0%})")
    return " · ".join(parts)


#: marks that say a solver has been in a cell
_VISIT_MARKS = {Mark.CURRENT, Mark.STACK, Mark.DONE, Mark.VISITED, Mark.DEAD_END,
                Mark.DISTANCE, Mark.WALKER}


def solve_stats(events: Iterable[ev.Event]) -> dict[str, Any]:
    """From a solver's events: cells visited, path length (moves), steps (events), result,
    and the path as move letters ("moves": "e e s o", o = ouest = west)."""
    tally = _SolveTally()
    for event in events:
        tally.steps += 1
        _TALLY(tally, event)
    return {"visited": len(tally.visited), "steps": tally.steps, **tally.result}


class _SolveTally:
    """What `solve_stats` accumulates."""

    def __init__(self) -> None:
        self.visited: set[Cell] = set()
        self.steps = 0
        self.result: dict[str, Any] = {"found": False, "path_length": None, "reason": "",
                                       "why": ""}

    def marked(self, event: ev.CellMarked) -> None:
        if event.mark in _VISIT_MARKS:
            self.visited.add(event.cell)

    def walked(self, event: ev.Walked) -> None:
        # the walker stands there; the cells its trail passed through are not counted (the
        # tally has no surface to replay the trail with). Only generators yield Walked today.
        self.visited.add(event.cell)

    def marked_many(self, event: ev.CellsMarked) -> None:
        if event.mark in _VISIT_MARKS:
            self.visited.update(event.cells)

    def found(self, event: ev.PathFound) -> None:
        self.result.update(found=True, path_length=len(event.sides),
                           moves=" ".join("neso"[side] if type(side) is Side
                                          else side.name.lower() for side in event.sides))

    def failed(self, event: ev.NoPath) -> None:
        self.result.update(found=False, reason=event.reason, why=str(event.why))


_TALLY = ev.Dispatch("the solve statistics", {
    ev.CellsMarked: _SolveTally.marked_many,
    ev.CellMarked: _SolveTally.marked, ev.PathFound: _SolveTally.found,
    ev.NoPath: _SolveTally.failed,
    ev.Walked: _SolveTally.walked,
}, ignored=(ev.GridCreated, ev.TunnelDug, ev.WallConsidered, ev.WallOpened, ev.WallClosed,
            ev.WallRejected,
            ev.CellBlocked, ev.CellOpened, ev.EndpointsSet, ev.MarksCleared, ev.SetsMerged,
            ev.Heading, ev.PassageMarked, ev.Generation, ev.Statistics, ev.Milestone))


def solve_summary(stats: dict[str, Any]) -> str:
    """A short caption: visited cells, then path length or failure (steps: in the JSON)."""
    if stats["found"]:
        result = f"path {stats['path_length']}"
    else:
        result = "loop detected" if stats["why"] == ev.NoPathReason.LOOP else "no path"
    return f"visited {stats['visited']} · {result}"


def as_event(scope: ev.Scope, stats: dict[str, Any], *, texture: bool = False
             ) -> ev.Statistics:
    """The Statistics event carrying `stats` and its caption (for a maze with `texture`,
    the texture figures a comparison of generators needs: dead ends and river)."""
    if scope != ev.Scope.MAZE:
        summary = solve_summary(stats)
    else:
        summary = texture_summary(stats) if texture else maze_summary(stats)
    values = tuple((k, tuple(map(tuple, v)) if k == "longest_path_ends" and v else
                    tuple(v) if isinstance(v, list) else v) for k, v in stats.items())
    return ev.Statistics(ev.Scope(scope), summary, values)
