"""The size of a panel's picture, from its spec alone (no events drawn)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .factory import blank_grid, make_panel

if TYPE_CHECKING:
    from ..scenario import PanelSpec


def panel_shape(spec: "PanelSpec", blocks: bool, text_size: int = 13,
                peak: int | None = None) -> tuple[int, int]:
    """The (height, width) in pixels of panel `spec`'s picture: a maze's (`blocks`: a
    block maze, without thin walls) or a Life grid's with its chart (scaled to `peak`)."""
    first = blank_grid(spec, blocks) if spec.maze is not None else None
    shape = make_panel(spec, text_size=text_size, peak=peak, first=first).raster.shape
    return int(shape[0]), int(shape[1])


__all__ = ["panel_shape"]
