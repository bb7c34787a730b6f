"""Why a Life cell lives or dies: its live neighbours as the engine counts them (across glued
edges, with Golly's multiplicities at a twisted corner) and what the rule does with them.

A neighbour is counted from the one-cell ring of copies around the square
(`Surface.ghost_index`), exactly as the engine counts it; a neighbour that is a copy in that
ring comes from the other side of a seam, and is reported in `Why.across`. Outside a
bounded plane a B0 rule's background counts as the engine counts it (`engine.background`).
"""
from __future__ import annotations

from typing import Iterable

import numpy as np

from ..events import Cell, Side, Verdict, Why
from ..surfaces import Surface
from .engine import background
from .rules import Rule, parse_rule

#: the most cells one panel explains at once (each gets a count and an outline)
MAX_WHY_CELLS = 400


def neighbourhood(surface: Surface, cell: Cell) -> tuple[tuple[Cell | None, Side | None], ...]:
    """The eight neighbour places of `cell`, row by row: the cell each one is (None:
    outside the plane: dead, or a B0 rule's background) and the edge of the square crossed
    to reach it (None: inside the square; at a corner, the top or bottom edge)."""
    pad = surface.ghost_index
    h, w = surface.rows, surface.cols
    r, c = cell
    places = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == dc == 0:
                continue
            pr, pc = r + 1 + dr, c + 1 + dc
            flat = int(pad[pr, pc])
            across = Side.N if pr == 0 else Side.S if pr == h + 1 else \
                Side.W if pc == 0 else Side.E if pc == w + 1 else None
            places.append((None if flat < 0 else (flat // w, flat % w), across))
    return tuple(places)


def verdict(rule: Rule, alive: bool, count: int) -> Verdict:
    """What `rule` does with a cell (`alive` or not) that has `count` live neighbours."""
    if not alive:
        return Verdict.BORN if count in rule.birth else Verdict.STAYS_DEAD
    if count in rule.survive:
        return Verdict.SURVIVES
    if rule.survive and count < min(rule.survive):
        return Verdict.LONELY
    if rule.survive and count > max(rule.survive):
        return Verdict.CROWDED
    return Verdict.DIES


def why(grid: np.ndarray, rule: "Rule | str", surface: Surface, cell: Cell,
        generation: int = 0) -> Why:
    """Why `cell` of `grid` (generation `generation`, states > 0 alive) is alive or dead in
    the next generation."""
    rule = parse_rule(rule)
    outside = background(rule, generation)
    count, across = 0, []
    for place, seam in neighbourhood(surface, cell):
        if place is None:
            count += outside
        elif grid[place] != 0:
            count += 1
            if seam is not None:
                across.append((place, seam))
    alive = bool(grid[cell] != 0)
    return Why((int(cell[0]), int(cell[1])), alive, count, verdict(rule, alive, count),
               tuple(across))


def explain(grid: np.ndarray, rule: "Rule | str", surface: Surface,
            cells: Iterable[Cell], generation: int = 0) -> tuple[Why, ...]:
    """`why` for each of `cells` of generation `generation`, in their order."""
    rule = parse_rule(rule)
    grid = np.asarray(grid)
    return tuple(why(grid, rule, surface, cell, generation) for cell in cells)


__all__ = ["MAX_WHY_CELLS", "explain", "neighbourhood", "verdict", "why"]
