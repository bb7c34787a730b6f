"""Grids a maze can be carved on: square, hex, triangle, polar, each one record
(`GridShape`, listed in `GRIDS` by `GridKind`), with masks; `make_grid` makes one."""
from .grid import GRIDS, Grid, grid_shape, make_grid
from .hex import HexSide
from .kinds import GridError, GridKind, GridShape, Tables
from .mask import normalise
from .polar import PolarSide, ring_counts
from .triangle import TriSide, upward

__all__ = ["GRIDS", "Grid", "GridError", "GridKind", "GridShape", "HexSide", "PolarSide",
           "Tables", "TriSide", "grid_shape", "make_grid", "normalise", "ring_counts",
           "upward"]
