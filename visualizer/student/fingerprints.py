"""`like=NAME`: does the student's function work like the algorithm it claims to be? Each
fingerprint reads a run's recorded calls (its carves and visits, with their steps) and
returns the first step that does not fit, located at the student's line, or None.

- backtracker: each carve leaves the top of the stack of visited cells (after popping the
  cells with no unvisited neighbour left);
- prim: each carve joins the tree to a cell outside it;
- kruskal: each carve joins two different components (and, over the runs, two trees of
  several cells existed at once somewhere: a tree-growing algorithm never does that);
- aldous_broder, wilson: the mazes are uniform over the spanning trees (`uniform.py`);
- bfs: cells are visited in order of distance from the start (and the path is shortest);
- dfs: each visit is next to the last visited cell that still has an unvisited way on.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from ..events import Cell
from ..maze import Maze
from ..maze.union_find import UnionFind
from .paths import distances
from .problems import Problem, ProblemKind
from .run import Run

GENERATOR_LIKES = ("backtracker", "prim", "kruskal", "aldous_broder", "wilson")
SOLVER_LIKES = ("bfs", "dfs")
UNIFORM = ("aldous_broder", "wilson")
#: what each fingerprint checks, in the report's words
PROMISE = {
    "backtracker": "each carve leaves the top of the stack of visited cells",
    "prim": "each carve joins the tree to a cell outside it",
    "kruskal": "each carve joins two different components",
    "aldous_broder": "every maze equally likely (chi-square over the 192 spanning trees of "
                     "a 3x3 grid)",
    "wilson": "every maze equally likely (chi-square over the 192 spanning trees of a 3x3 "
              "grid)",
    "bfs": "cells visited in order of distance, and the shortest path",
    "dfs": "each visit is next to the last cell that still has an unvisited way on",
}

Neighbours = Callable[[Cell], Iterable[Cell]]


def neighbours_of(maze: Maze) -> Neighbours:
    """The cells next to a cell of `maze`'s grid (glued edges too), itself left out."""
    def around(cell: Cell) -> list[Cell]:
        out = []
        for side in range(maze.degree):
            step = maze.move(cell, side)
            if step is not None and step.cell != cell:
                out.append(step.cell)
        return out
    return around


def _problem(record: Run, step: int, text: str) -> Problem:
    return Problem(ProblemKind.FINGERPRINT, text, step, record.where(step))


def _first_cell(record: Run) -> Cell | None:
    """Where the maze starts growing: the first visit if it came before the first carve,
    else the first carve's first cell."""
    if record.visits and (not record.carves or record.visits[0][0] < record.carves[0][0]):
        return record.visits[0][1]
    return record.carves[0][1] if record.carves else None


def _grows(record: Run, tree: set[Cell], a: Cell, b: Cell, step: int
           ) -> tuple[Cell, Cell] | Problem:
    """(the cell in the tree, the new cell) of a carve, or the problem that it is not one."""
    if a in tree and b not in tree:
        return a, b
    if b in tree and a not in tree:
        return b, a
    where = "both already in" if a in tree else "neither in"
    return _problem(record, step, f"carve({a}, {b}): {where} the maze grown so far; a "
                                  "tree-growing algorithm joins it to one new cell")


def backtracker(record: Run, around: Neighbours) -> Problem | None:
    """Each carve leaves the top of the stack (see the module)."""
    first = _first_cell(record)
    if first is None:
        return None
    tree, stack = {first}, [first]
    for step, a, b in record.carves:
        grown = _grows(record, tree, a, b, step)
        if isinstance(grown, Problem):
            return grown
        here, there = grown
        while stack and all(n in tree for n in around(stack[-1])):
            stack.pop()
        if not stack or stack[-1] != here:
            top = stack[-1] if stack else "empty"
            return _problem(record, step, (
                f"carve({a}, {b}) leaves {here}, but the top of the stack of visited cells "
                f"is {top}: a backtracker carves from the newest cell that still has an "
                "unvisited neighbour"))
        tree.add(there)
        stack.append(there)
    return None


def prim(record: Run, around: Neighbours) -> Problem | None:
    """Each carve joins the tree to a cell outside it."""
    first = _first_cell(record)
    tree = {first} if first is not None else set()
    for step, a, b in record.carves:
        grown = _grows(record, tree, a, b, step)
        if isinstance(grown, Problem):
            return grown
        tree.add(grown[1])
    return None


def kruskal_forest(record: Run, cols: int, cells: int) -> tuple[Problem | None, bool]:
    """Each carve joins two different components; and whether two trees of several cells
    ever stood at once (Kruskal's forest, which no tree-growing algorithm makes)."""
    sets = UnionFind(cells)
    size = [1] * cells
    big = 0           # components of two cells or more
    forest = False
    for step, a, b in record.carves:
        joined = sets.union(a[0] * cols + a[1], b[0] * cols + b[1])
        if joined is None:
            return _problem(record, step, f"carve({a}, {b}) joins two cells of one component: "
                                          "Kruskal only joins different ones"), forest
        ra, rb, root = joined
        big += 1 - (size[ra] > 1) - (size[rb] > 1)
        size[root] = size[ra] + size[rb]
        forest = forest or big >= 2
    return None, forest


def bfs(record: Run, maze: Maze, start: Cell) -> Problem | None:
    """Visits in order of distance from `start`."""
    far = distances(maze, start)
    last, last_cell = -1, start
    for step, cell in record.visits:
        d = far.get(cell)
        if d is None:
            return _problem(record, step, f"visit({cell}): the start cannot reach it")
        if d < last:
            return _problem(record, step, (
                f"visit({cell}) at distance {d} after visiting {last_cell} at distance "
                f"{last}: breadth-first search visits cells in order of distance"))
        last, last_cell = d, cell
    return None


def dfs(record: Run, maze: Maze) -> Problem | None:
    """Each visit is next to the last visited cell that still has an unvisited way on."""
    seen: set[Cell] = set()
    stack: list[Cell] = []

    def links(cell: Cell) -> list[Cell]:
        return [step.cell for _, step in maze.passages(cell)]

    for step, cell in record.visits:
        if cell in seen:
            continue
        while stack and all(n in seen for n in links(stack[-1])):
            stack.pop()
        if stack and cell not in links(stack[-1]):
            return _problem(record, step, (
                f"visit({cell}) is not next to {stack[-1]}, the last visited cell with an "
                "unvisited way on: depth-first search goes as deep as it can first"))
        seen.add(cell)
        stack.append(cell)
    return None


__all__ = ["GENERATOR_LIKES", "PROMISE", "SOLVER_LIKES", "UNIFORM", "backtracker", "bfs",
           "dfs", "kruskal_forest", "neighbours_of", "prim"]
