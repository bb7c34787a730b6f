"""A maze panel's keys: its maze (grid, surface, how it is drawn), its endpoints, and the
rules between them and the panel's generator, solver and braid."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any, ClassVar, Union

from pydantic import Discriminator, Field, PlainValidator, Tag, ValidationInfo, WithJsonSchema

from .. import registry
from ..choices import View
from ..events import MilestoneKind
from ..grids import GridError, GridKind, make_grid, normalise
from ..grids.mask_file import read_mask
from ..registry import ParamKind
from ..surfaces import SURFACE_NAMES, SURFACES
from .own_code import is_own
from .fields import (TAG, Problem, Section, cell, choice, dig, expected, fail, flag, is_int,
                     show, value_type, whole)

ENDPOINT_RULES = ("corners", "openings", "first_backtrack", "longest", "across")
MAZE_VIEWS = tuple(View)
MAX_SIDE = 1000
AUTO = "auto"          # `rows: auto` / `cols: auto`: the maze fills its slot on the canvas


def _side_check(value: Any) -> int | str:
    if value == AUTO:
        return AUTO
    if isinstance(value, str):
        raise expected(f"a whole number from 1 to {MAX_SIDE}, or auto (to fill the panel's "
                       "place on the canvas)", value)
    if is_int(value) and 1 <= value <= MAX_SIDE:
        return int(value)
    raise expected(f"a whole number from 1 to {MAX_SIDE}", value)


Side = value_type(Any, _side_check, {"anyOf": [{"type": "integer", "minimum": 1,
                                                "maximum": MAX_SIDE}, {"const": AUTO}]},
                  f"a whole number from 1 to {MAX_SIDE}, or auto")


MASK_EXPECTED = "a list of strings (`X` = no cell) or a path to a text or PNG mask file"


def _mask_check(value: Any, info: ValidationInfo) -> tuple[str, ...]:
    """A mask written out, or read from its file (inside the scenario's folder or the
    roots allowed)."""
    if isinstance(value, list):
        try:
            return normalise(value)
        except GridError as exc:
            raise fail(str(exc)) from None
    if not isinstance(value, str) or not value or len(value) > 4096 or "\x00" in value:
        raise expected(MASK_EXPECTED, value)
    ctx = info.context or {}
    base = Path(ctx.get("base_dir", "."))
    path = Path(value) if Path(value).is_absolute() else base / value
    roots = [Path(r).resolve() for r in (base, *ctx.get("roots", ()))]
    if not any(path.resolve().is_relative_to(root) for root in roots):
        raise fail(f"the mask file `{value}` is outside the scenario's folder")
    try:
        lines = read_mask(path)
    except GridError as exc:
        raise fail(str(exc)) from None
    ctx.setdefault("masks", {})[value] = lines
    return lines


MaskType = Annotated[Any, PlainValidator(_mask_check),
                     WithJsonSchema({"anyOf": [{"type": "array", "items": {"type": "string"}},
                                               {"type": "string"}],
                                     "x-expected": MASK_EXPECTED})]


class Maze(Section):
    """The maze of a panel: its grid, the surface it lives on and how it is drawn."""

    shape: ClassVar[str] = "a mapping with rows and cols"

    rows: Side = Field(description="cells from top to bottom; `auto` fills the panel's "  # type: ignore[valid-type]
                                   "place on the canvas")
    cols: Side = Field(description="cells from left to right; `auto` as for rows")  # type: ignore[valid-type]
    surface: choice(SURFACE_NAMES) = Field(  # type: ignore[valid-type]
        "plane", description="how the edges are glued (see `run.py --list`)")
    cell_size: whole(1, 64) = Field(  # type: ignore[valid-type]
        10, description="pixels per cell (a slide `size` may change it)")
    wall: whole(0, 16) = Field(2, description="pixels per wall")  # type: ignore[valid-type]
    view: choice(View) = Field(  # type: ignore[valid-type]
        View.SQUARE, description="square, or neighbourhood: copies of the maze around it, "
                                 "as glued")
    grid: choice(tuple(k.value for k in GridKind)) = Field(  # type: ignore[valid-type]
        "square", description="the cells' shape: square, hex, triangle or polar (rows = "
                              "rings, cols not used); see docs/grids.md")
    mask: MaskType = Field(
        None, description="cells left out: a list of strings (`X` = no cell) or a text or "
                          "PNG file (black = no cell), relative to the scenario's folder")
    weave: flag() = Field(  # type: ignore[valid-type]
        False, description="passages may go under straight corridors (the square grid, no "
                           "mask; a generator that weaves: backtracker, growing_tree, "
                           "kruskal); see docs/grids.md")

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        yield from _grid_rules(data, bad, (info.context or {}).get("masks", {}))
        if data.get("weave") is True:
            yield from _weave_rules(data, bad)
        if bad("rows") or bad("cols") or bad("surface") or "surface" not in data:
            return
        kind = SURFACES[data["surface"]]
        rows, cols = data.get("rows"), data.get("cols")
        if rows is None or cols is None or not kind.square_only:
            return
        if (rows == AUTO) != (cols == AUTO):
            yield ("surface",), (f"{kind.what} needs a square grid ({kind.square_reason()}): "
                                 "make both rows and cols auto, or neither")
        elif rows != AUTO and (problem := kind.shape_error(rows, cols)):
            yield ("surface",), problem


def view_refusal(grid: str, mask: object, surface: str = "plane") -> str | None:
    """Why the neighbourhood view cannot draw a maze on `grid` (with `mask`) on `surface`,
    or None: it draws squares, hexagons and triangles, without a mask, on the plane and the
    torus (off the square grid: its copies are straight)."""
    if grid in (GridKind.HEX, GridKind.TRIANGLE) and surface not in ("plane", "torus"):
        return (f"the neighbourhood view of a {grid} grid is drawn on the plane and the "
                f"torus only (their copies are straight; on {surface} they are mirrored)")
    if grid == GridKind.POLAR:
        return ("the neighbourhood view is not drawn on a polar grid: a disc lies on the "
                "plane alone, nothing glued to its rim, so no copy continues it")
    if mask is not None:
        return "the neighbourhood view is drawn for grids without a mask only"
    return None


def _grid_rules(data: dict, bad: Callable[..., bool],
                read: dict[str, tuple[str, ...]]) -> Iterable[Problem]:
    """A grid other than the plain square: a size given, the square view, a grid its
    surface can take, a mask (`read`: the mask files read, by what the scenario wrote)
    that fits it and leaves one connected region of cells."""
    grid = data.get("grid", "square")
    mask = data.get("mask")
    if ("grid" in data and bad("grid")) or ("mask" in data and bad("mask")) \
            or (grid == "square" and mask is None):
        return
    if AUTO in (data.get("rows"), data.get("cols")):
        yield ("rows",), ("expected a whole number: `auto` sizes the plain square grid only "
                          f"(this maze is on a {grid} grid{' with a mask' if mask else ''})")
        return
    if data.get("view", View.SQUARE) != View.SQUARE and \
            (refusal := view_refusal(grid, mask, str(data.get("surface", "plane")))) \
            is not None:
        yield ("view",), refusal
    if bad("rows") or bad("cols") or ("surface" in data and bad("surface")):
        return
    try:
        make_grid(grid, data["rows"], data["cols"], data.get("surface", "plane"),
                  None if mask is None else normalise(mask) if isinstance(mask, list)
                  else read.get(mask, ()))
    except GridError as exc:
        yield ("mask",) if "mask" in str(exc) else ("grid",), str(exc)


def _weave_rules(data: dict, bad: Callable[..., bool]) -> Iterable[Problem]:
    """A weave is dug and drawn on the plain square grid: no other grid, no mask, not the
    neighbourhood view."""
    grid = data.get("grid", "square")
    if grid != "square" and not bad("grid"):
        yield ("weave",), (f"a weave needs the square grid (its tunnels run straight under "
                           f"a square cell); this maze is on a {grid} grid")
    if data.get("mask") is not None:
        yield ("weave",), "a weave is drawn on the square grid without a mask"
    if data.get("view", View.SQUARE) != View.SQUARE:
        yield ("weave",), "the neighbourhood view does not draw a weave's crossings"


class EndpointCells(Section):
    """Where a solver starts and ends, as cells."""

    shape: ClassVar[str] = "a mapping with entrance and exit"
    entrance: cell() = Field(description="[row, column]")  # type: ignore[valid-type]
    exit: cell() = Field(description="[row, column]")  # type: ignore[valid-type]


def _endpoints_tag(value: Any) -> str:
    return TAG + ("cells" if isinstance(value, dict) else "rule")


Endpoints = Annotated[Union[Annotated[choice(ENDPOINT_RULES), Tag(TAG + "rule")],  # type: ignore[valid-type]
                            Annotated[EndpointCells, Tag(TAG + "cells")]],
                      Discriminator(_endpoints_tag),
                      Field(json_schema_extra={
                          "x-expected": "a rule (" + ", ".join(ENDPOINT_RULES)
                          + ") or {entrance: [r, c], exit: [r, c]}"})]


def _algorithm_name(value: Any) -> str | None:
    return value if isinstance(value, str) else dig(value, "name")


def maze_panel_rules(data: dict, bad: Callable[..., bool]) -> Iterable[Problem]:
    """Rules between a maze panel's maze, algorithms, endpoints and braid."""
    maze: Any = data.get("maze")
    maze_ok = isinstance(maze, dict) and "rows" in maze and "cols" in maze \
        and not bad("maze", "rows") and not bad("maze", "cols")
    surface = maze.get("surface", "plane") if isinstance(maze, dict) \
        and not bad("maze", "surface") else None
    grid = maze.get("grid", "square") if isinstance(maze, dict) \
        and not bad("maze", "grid") else None
    generator = _algorithm_name(data.get("generator")) if not bad("generator") else None
    if isinstance(maze, dict) and maze.get("weave") is True and not bad("maze", "weave"):
        if is_own(data.get("generator")):
            yield ("generator",), ("a weave needs a generator that digs tunnels; your own "
                                   "function does not (use backtracker, growing_tree or "
                                   "kruskal)")
        elif generator is not None and \
                (refused := registry.get("generator", generator).weave_refusal()):
            yield ("generator", "name"), refused
        if is_own(data.get("solver")):
            yield ("solver",), ("a weave's tunnels are not among the links your own solver "
                                "is shown (it sees the walls beside a cell); use a "
                                "registered solver")
    if generator is not None and data.get("braid") and not bad("braid") \
            and registry.get("generator", generator).blocks:
        yield ("braid",), (f"braiding opens walls; `{generator}` makes a block maze without "
                           "walls")
    for kind in ("generator", "solver"):
        name = _algorithm_name(data.get(kind)) if kind in data and not bad(kind) else None
        if name is None:
            continue
        algo = registry.get(kind, name)
        refused = algo.refusal(surface) if surface is not None else None
        if refused is None and grid is not None:
            refused = algo.grid_refusal(grid)
        if refused is not None:
            yield (kind, "name"), refused
        if isinstance(data[kind], dict) and maze_ok:
            for p in algo.params:
                if p.kind == ParamKind.CELL and p.name in data[kind]:
                    yield from _inside((kind, p.name), data[kind][p.name], maze)
    own = data.get("solver")
    if is_own(own) and isinstance(own, dict) and maze_ok:      # a student's solver's cells
        for key in ("start", "goal"):
            if key in own and not bad("solver", key):
                yield from _inside(("solver", key), own[key], maze)
    endpoints = data.get("endpoints")
    if isinstance(endpoints, dict) and maze_ok and not bad("endpoints"):
        for key in ("entrance", "exit"):
            yield from _inside(("endpoints", key), endpoints[key], maze)
    if endpoints == "first_backtrack":
        yield from _first_backtrack(data.get("generator"), generator)


def _first_backtrack(value: Any, name: str | None) -> Iterable[Problem]:
    """The `first_backtrack` rule needs a generator that announces its first backtrack
    (a student's own function never does)."""
    if is_own(value):
        got = "your own function, which does not"
    elif name is not None and MilestoneKind.FIRST_BACKTRACK not in \
            registry.get("generator", name).milestones:
        got = f"`{name}`"
    else:
        return
    able = [n for n, a in registry.algorithms("generator").items()
            if MilestoneKind.FIRST_BACKTRACK in a.milestones]
    yield ("endpoints",), ("`first_backtrack` needs a generator that announces its first "
                           f"backtrack ({', '.join(able)}); got {got}")


def _inside(at: tuple[str, ...], value: list, maze: dict) -> Iterable[Problem]:
    rows, cols = maze["rows"], maze["cols"]
    if AUTO in (rows, cols):
        yield at, ("expected no cell: the maze's rows or cols are auto (they follow the "
                   f"canvas), so its cells are not known, got {show(value)}")
    elif not (0 <= value[0] < rows and 0 <= value[1] < cols):
        yield at, (f"expected a cell inside the {rows}x{cols} maze (rows 0..{rows - 1}, "
                   f"columns 0..{cols - 1}), got {show(value)}")


__all__ = ["AUTO", "ENDPOINT_RULES", "MAX_SIDE", "MAZE_VIEWS", "EndpointCells", "Endpoints", "Maze",
           "Side", "maze_panel_rules"]
