"""The size of a panel's picture, from its spec alone: arithmetic on its geometry, nothing
drawn."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .factory import geometry

if TYPE_CHECKING:
    from ..scenario import PanelSpec


def panel_shape(spec: "PanelSpec", blocks: bool, text_size: int = 13,
                peak: int | None = None) -> tuple[int, int]:
    """The (height, width) in pixels of panel `spec`'s picture: a maze's (`blocks`: a
    block maze, without thin walls) or a Life grid's with its chart (scaled to `peak`)."""
    return geometry(spec, blocks, text_size=text_size, peak=peak).shape


__all__ = ["panel_shape"]
