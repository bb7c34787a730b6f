"""Where a Life panel's pixels are, by arithmetic alone (text measured, nothing drawn): the
grid and its edge band, and the population chart below or beside it. The one source of a
Life picture's size, for the panel, the layout and the resource budget."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from ..life.families import FamilyRule, Neighbourhood
from .text import line_metrics, text_width

EDGE = 5                 # the edge band's width for cells under 12 pixels (doubled above)
CHART_MIN_PLOT = 48      # the plot's height in pixels, at the least
CHART_MIN_WIDTH = 40


def spec_value(spec: Any, key: str, default: Any) -> Any:
    """spec[key] or spec.key, else `default`."""
    if isinstance(spec, Mapping):
        return spec.get(key, default)
    return getattr(spec, key, default)


def hexagonal(rule: Any) -> bool:
    """Whether `rule` counts Golly's hexagonal neighbours (its grid is drawn sheared)."""
    return isinstance(rule, FamilyRule) and rule.neighbourhood == Neighbourhood.HEXAGONAL


def nice_at_least(value: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that is >= `value`."""
    step = 1
    while True:
        for m in (1, 2, 5):
            if step * m >= value:
                return step * m
        step *= 10


def ticks(top: int) -> tuple[int, ...]:
    """The y-axis ticks of a chart whose scale ends at `top`: 0, the half if whole, top."""
    return (0, top // 2, top) if top >= 2 and top % 2 == 0 else (0, top)


@dataclass(frozen=True)
class ChartLayout:
    """The population chart's sizes at its text size, relative to the chart's top left:
    the y axis at `axis_x`, the plot from (`py0`, `px0`) down to the x axis's row `py1`,
    the x labels' row at `label_y`; `ymax` the y scale it starts with."""

    text_size: int
    line_h: int
    tick: int
    pad: int
    line_w: int
    ymax: int
    axis_x: int
    px0: int
    py0: int
    py1: int
    label_y: int
    height: int
    needed_width: int


def chart_layout(rows: int, cols: int, generations: int, text_size: int,
                 population_max: int | None, plot_height: int = 0) -> ChartLayout:
    """The chart of a `rows x cols` run of `generations`, its y scale the smallest of 1, 2, 5
    x 10^k at or above `population_max` (half the grid without it), the whole chart at
    least `plot_height` tall; `needed_width` is the width it needs."""
    ts = text_size
    line_h = line_metrics(ts)[1]
    tick, pad, line_w = max(2, ts // 5), max(2, ts // 6), max(1, (ts + 4) // 9)
    cap = nice_at_least(rows * cols)          # the scale if a population overflows
    ymax = nice_at_least(population_max if population_max is not None
                         else (rows * cols + 1) // 2)
    labels = [str(v) for top in (ymax, cap) for v in ticks(top)]
    axis_x = max(text_width(t, ts) for t in labels) + pad + tick
    px0, py0 = axis_x + 1, line_h + pad
    labels_h = 1 + tick + line_h
    plot = max(CHART_MIN_PLOT, 4 * ts, plot_height - py0 - labels_h)
    py1 = py0 + plot                                      # the x axis's row
    label_y = py1 + 1 + tick
    space = 2 * text_width("  ", ts)
    x_row = (text_width("0", ts) + text_width("generation", ts)
             + text_width(str(generations), ts) + space)
    plot_w = max(CHART_MIN_WIDTH, text_width("population", ts), x_row)
    return ChartLayout(ts, line_h, tick, pad, line_w, ymax, axis_x, px0, py0, py1, label_y,
                       label_y + line_h, px0 + plot_w + pad)


@dataclass(frozen=True)
class LifeGeometry:
    """The pixel layout of one Life picture: the grid (`grid_h x grid_w`, its top left
    cell at (`oy`, `ox`), 1-pixel grid lines when `lines`), the band `edge` pixels wide
    around it, and the chart (None without one) at (`chart_y0`, `chart_x0`),
    `chart_w` wide."""

    rows: int
    cols: int
    cell_size: int
    generations: int
    lines: bool
    grid_h: int
    grid_w: int
    edge: int
    edge_scale: int
    oy: int
    ox: int
    height: int
    width: int
    chart: ChartLayout | None
    chart_beside: bool
    chart_y0: int
    chart_x0: int
    chart_w: int
    shear: bool = False

    @property
    def shape(self) -> tuple[int, int]:
        return self.height, self.width

    def row_shift(self, row: int) -> int:
        """How far right (pixels) row `row` is drawn: a hexagonal rule's rows are sheared
        half a cell each, the bottom row flush left, so that Golly's six neighbours of a
        cell, (r±1, c), (r, c±1), (r-1, c-1) and (r+1, c+1), are the six that touch it."""
        return (self.rows - 1 - row) * self.cell_size // 2 if self.shear else 0


def _checked(spec: Any, cell_size: int, text_size: int, population_max: int | None
             ) -> tuple[int, int]:
    """The grid's rows and cols; ValueError for a size, cell, text or population that
    cannot be drawn."""
    rows, cols = int(spec_value(spec, "rows", 0)), int(spec_value(spec, "cols", 0))
    if rows < 1 or cols < 1:
        raise ValueError(f"expected rows and cols >= 1, got {rows}x{cols}")
    if not isinstance(cell_size, int) or cell_size < 1:
        raise ValueError(f"expected a cell size >= 1 pixel, got {cell_size!r}")
    if not isinstance(text_size, int) or text_size < 1:
        raise ValueError(f"expected a text size >= 1 pixel, got {text_size!r}")
    if population_max is not None and (not isinstance(population_max, (int, np.integer))
                                       or population_max < 0):
        raise ValueError(f"expected a population_max >= 0, got {population_max!r}")
    return rows, cols


def life_geometry(spec: Any, cell_size: int = 6, *, edges: bool = True, text_size: int = 13,
                  population_max: int | None = None, chart_beside: bool = False
                  ) -> LifeGeometry:
    """The geometry of Life panel `spec` (a LifeSpec or any mapping/object with rows, cols,
    generations, chart and rule): cells of `cell_size` pixels (grid lines from 4 up; a
    hexagonal rule's rows sheared half a cell each: `LifeGeometry.row_shift`), the edge
    band when `edges` (twice as wide from 12-pixel cells), the chart at `text_size` below
    the grid, or `chart_beside` it (as tall as it, at least two thirds as wide)."""
    rows, cols = _checked(spec, cell_size, text_size, population_max)
    cs = cell_size
    generations = max(1, int(spec_value(spec, "generations", 100)))
    chart = bool(spec_value(spec, "chart", False))
    lines = cs >= 4
    shear = hexagonal(spec_value(spec, "rule", None))
    grid_h, grid_w = rows * cs + int(lines), cols * cs + int(lines)
    if shear:
        grid_w += (rows - 1) * cs // 2
    edge_scale = 2 if cs >= 12 else 1
    edge = EDGE * edge_scale if edges else 0
    beside = chart and chart_beside
    framed_w, framed_h = grid_w + 2 * edge, grid_h + 2 * edge
    gap = max(4, text_size // 3)
    layout, chart_x0, chart_y0 = None, 0, 0
    if beside:
        layout = chart_layout(rows, cols, generations, text_size, population_max, framed_h)
        chart_w = max(layout.needed_width, framed_w * 2 // 3)
        chart_x0 = framed_w + 2 * gap
        width, height, ox = chart_x0 + chart_w, max(framed_h, layout.height), edge
    else:
        width = framed_w
        if chart:
            layout = chart_layout(rows, cols, generations, text_size, population_max)
            width = max(width, layout.needed_width)
        chart_w = width
        ox = (width - framed_w) // 2 + edge       # the grid is centred under a wider chart
        height = framed_h
        if layout is not None:
            chart_y0 = height + gap
            height = chart_y0 + layout.height
    return LifeGeometry(rows, cols, cs, generations, lines, grid_h, grid_w, edge, edge_scale,
                        edge, ox, height, width, layout, beside, chart_y0, chart_x0, chart_w,
                        shear)


__all__ = ["CHART_MIN_PLOT", "CHART_MIN_WIDTH", "ChartLayout", "EDGE", "LifeGeometry",
           "chart_layout", "hexagonal", "life_geometry", "nice_at_least", "spec_value", "ticks"]
