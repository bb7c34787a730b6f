"""The renderer of a panel, from its validated spec: a maze panel (square or neighbourhood
view) or a Life panel, with its caption settings given at construction; and the geometry
of its picture, by arithmetic alone."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..choices import View
from ..grids import make_grid
from .grid_geometry import GridGeometry
from .grid_neighbourhood import GridNeighbourhoodPanel
from .grid_view import GridViewGeometry, shaped_geometry
from .life_geometry import LifeGeometry, life_geometry
from .life_panel import LifePanel
from .maze_caption import MazeCaption
from .maze_geometry import MazeGeometry, ViewGeometry
from .maze_panel import MazePanel
from .neighbourhood import NeighbourhoodPanel

if TYPE_CHECKING:
    from ..plan import CaptionSettings
    from ..scenario import PanelSpec


def geometry(spec: "PanelSpec", blocks: bool, *, text_size: int = 13, peak: int | None = None
             ) -> MazeGeometry | ViewGeometry | LifeGeometry | GridGeometry | GridViewGeometry:
    """Where panel `spec`'s pixels are, as `make_panel` draws it: a maze's (`blocks`: a
    block maze, without thin walls), a neighbourhood view's, or a Life grid's with its chart
    (labelled at `text_size`, scaled to `peak`)."""
    if spec.life is not None:
        return life_geometry(spec.life, spec.cell_size, text_size=text_size,
                             population_max=peak if spec.life.chart else None,
                             chart_beside=spec.chart_beside)
    m = spec.maze
    assert m is not None, "a panel is a maze or a Life run"
    shaped = shaped_geometry(m.grid, m.rows, m.cols, m.surface, m.mask,
                             view=m.view == View.NEIGHBOURHOOD, cell_size=m.cell_size,
                             wall=m.wall)
    if shaped is not None:
        return shaped
    kind = ViewGeometry if m.view == View.NEIGHBOURHOOD else MazeGeometry
    return kind.of(m.rows, m.cols, cell_size=m.cell_size, wall=m.wall, surface=m.surface,
                   blocks=blocks)


def make_panel(spec: "PanelSpec", *, text_size: int = 13, peak: int | None = None,
               first: ev.GridCreated | None = None,
               settings: "CaptionSettings | None" = None, quiet: bool = False) -> Any:
    """The renderer that draws panel `spec`'s events: a Life panel (its chart scaled to
    the population `peak`, its labels at `text_size`), or a maze panel whose geometry
    follows the stream's `first` event (thin walls or blocks), its caption paced by
    `settings`. A `quiet` renderer keeps the state but draws only what it is asked to
    note (`render/look.py`)."""
    if spec.life is not None:
        return LifePanel(spec.life, cell_size=spec.cell_size, text_size=text_size,
                         population_max=peak if spec.life.chart else None,
                         chart_beside=spec.chart_beside, quiet=quiet)
    m = spec.maze
    assert m is not None, "a panel is a maze or a Life run"
    if not m.plain:
        shaped = GridNeighbourhoodPanel if m.view == View.NEIGHBOURHOOD else MazePanel
        return shaped(m.rows, m.cols, cell_size=m.cell_size, wall=m.wall,
                      surface=m.surface, first=first, caption=MazeCaption.of(settings),
                      quiet=quiet, grid=make_grid(m.grid, m.rows, m.cols, m.surface, m.mask))
    kind = NeighbourhoodPanel if m.view == View.NEIGHBOURHOOD else MazePanel
    return kind(m.rows, m.cols, cell_size=m.cell_size, wall=m.wall, surface=m.surface,
                first=first, caption=MazeCaption.of(settings), quiet=quiet)


__all__ = ["geometry", "make_panel"]
