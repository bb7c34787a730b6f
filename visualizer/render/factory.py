"""The renderer of a panel, from its validated spec: a maze panel (square or neighbourhood
view) or a Life panel, with its caption settings given at construction."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..choices import View
from .animate import caption_state
from .life_panel import LifePanel
from .maze_panel import MazePanel
from .neighbourhood import NeighbourhoodPanel

if TYPE_CHECKING:
    from ..plan import CaptionSettings
    from ..scenario import PanelSpec


def blank_grid(spec: "PanelSpec", blocks: bool) -> ev.GridCreated:
    """The first event of maze panel `spec`'s stream as far as the picture's geometry goes:
    a block maze has no thin walls."""
    assert spec.maze is not None
    m = spec.maze
    if blocks:
        return ev.GridCreated(m.rows, m.cols, m.surface, walls_open=True, fill=ev.Fill.PASSAGE)
    return ev.GridCreated(m.rows, m.cols, m.surface)


def make_panel(spec: "PanelSpec", *, text_size: int = 13, peak: int | None = None,
               first: ev.GridCreated | None = None,
               settings: "CaptionSettings | None" = None) -> Any:
    """The renderer that draws panel `spec`'s events: a Life panel (its chart scaled to
    the population `peak`, its labels at `text_size`), or a maze panel whose geometry
    follows the stream's `first` event (thin walls or blocks), its caption paced by
    `settings`."""
    if spec.life is not None:
        return LifePanel(spec.life, cell_size=spec.cell_size, text_size=text_size,
                         population_max=peak if spec.life.chart else None,
                         chart_beside=spec.chart_beside)
    m = spec.maze
    assert m is not None, "a panel is a maze or a Life run"
    panel: Any
    if m.view == View.NEIGHBOURHOOD:
        panel = NeighbourhoodPanel(m.rows, m.cols, cell_size=m.cell_size, wall=m.wall,
                                   surface=m.surface, first=first)
    else:
        panel = MazePanel(m.rows, m.cols, cell_size=m.cell_size, wall=m.wall,
                          surface=m.surface, first=first)
    if settings is not None:
        state = caption_state(panel)
        if state is not None:
            state.caption_clock, state.caption_hold = settings.clock, settings.hold
            state.steps_from = settings.steps_from
            state.figures_wait = settings.figures_wait
    return panel


__all__ = ["blank_grid", "make_panel"]
