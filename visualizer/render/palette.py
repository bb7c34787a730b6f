"""The fixed palette every frame is drawn in: a few named colours, light and dark themes.

Frames are 2-D uint8 arrays of palette indices; nothing is quantised per frame. The maze
colours follow the Okabe-Ito colour-blind-safe set; the set colours for Kruskal are a cycle
of distinguishable tints.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: named slots, in palette order (index = position)
NAMES = (
    "transparent",   # reserved for GIF frame differencing; never drawn
    "background",    # canvas around the panels
    "text",
    "wall",
    "passage",       # an open cell of a finished maze
    "unvisited",     # a cell no algorithm has reached yet
    "current",
    "stack",
    "done",
    "frontier",
    "visited",
    "path",
    "dead_end",
    "blocked",
    "start",
    "goal",
    "tested",
    "alive",
    "dead",
    "born",
    "died",
    "chart",
    "grid",
    "glue_a",        # border identifications: one colour per glued pair of edges
    "glue_b",
    "considered",    # the wall an algorithm is looking at (Kruskal, reverse-delete)
    "opened",        # ... which it has just opened
    "rejected",      # ... which it has just left closed (same set / would disconnect)
    "heading",       # the wall follower's arrow: where it faces
    "hand",          # the wall the wall follower's hand touches
    "open_set",      # A*'s frontier (distinct from BFS's queue)
    "once",          # a passage chalked once (Trémaux)
    "twice",         # a passage chalked twice (Trémaux)
    "ghost_wall",    # the glued copies of a neighbourhood view: dimmed wall ...
    "ghost_fill",    # ... and dimmed cell
    "frame",         # the outline of the central copy in a neighbourhood view
)
SET_COLOURS = 8   # how many distinct colours Kruskal's sets are coloured with
SET_BASE = len(NAMES)
SIZE = 64         # palette entries, a power of two (GIF colour table)

INDEX = {name: i for i, name in enumerate(NAMES)}

_LIGHT = {
    "transparent": "#ff00ff", "background": "#ffffff", "text": "#1a1a1a", "wall": "#1a1a1a",
    "passage": "#ffffff", "unvisited": "#9a9a9a", "current": "#d55e00", "stack": "#f0e442",
    "done": "#ffffff", "frontier": "#56b4e9", "visited": "#cde6f5", "path": "#e69f00",
    "dead_end": "#c8c8c8", "blocked": "#1a1a1a", "start": "#009e73", "goal": "#cc79a7",
    "tested": "#b9e3d3", "alive": "#1a1a1a", "dead": "#ffffff", "born": "#009e73",
    "died": "#f4b6a0", "chart": "#0072b2", "grid": "#e6e6e6", "glue_a": "#0072b2",
    "glue_b": "#d55e00", "considered": "#d55e00", "opened": "#009e73", "rejected": "#c0392b",
    "heading": "#1a1a1a", "hand": "#d55e00", "open_set": "#56b4e9", "once": "#e69f00",
    "twice": "#c0392b", "ghost_wall": "#9a9a9a", "ghost_fill": "#f2f2f2", "frame": "#0072b2",
}
_DARK = dict(_LIGHT, **{
    "background": "#15171c", "text": "#f2f2f2", "wall": "#f2f2f2", "passage": "#15171c",
    "unvisited": "#4a4d55", "done": "#15171c", "visited": "#23405a", "dead_end": "#3a3a3a",
    "blocked": "#f2f2f2", "tested": "#1f4a3c", "alive": "#f2f2f2", "dead": "#15171c",
    "died": "#7a3a28", "grid": "#2a2d33", "chart": "#56b4e9", "glue_a": "#56b4e9",
    "heading": "#f2f2f2", "ghost_wall": "#6a6d75", "ghost_fill": "#202228", "frame": "#56b4e9",
})
_SETS_LIGHT = ("#f6c28b", "#9fd3f0", "#a7dcc4", "#f3ec9a", "#c6b3e6", "#f4a8a8",
               "#b5c99a", "#e0c0a0")
_SETS_DARK = ("#8a5a2b", "#2b6a8a", "#2b7a5a", "#8a842b", "#5a4a8a", "#8a3a3a", "#55703a",
              "#6a5040")


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


@dataclass(frozen=True)
class Theme:
    """A palette: `colours` is a `SIZE x 3` uint8 array indexed by palette index."""

    name: str
    colours: np.ndarray

    def rgb(self, frame: np.ndarray) -> np.ndarray:
        """An RGB picture of a palette-index frame."""
        return self.colours[frame]


def make_theme(name: str = "light", overrides: dict[str, str] | None = None) -> Theme:
    """The `light` or `dark` theme, with optional `{colour name: "#rrggbb"}` overrides."""
    base = {"light": (_LIGHT, _SETS_LIGHT), "dark": (_DARK, _SETS_DARK)}
    if name not in base:
        raise ValueError(f"unknown theme `{name}`; expected light or dark")
    named, sets = base[name]
    named = dict(named, **(overrides or {}))
    colours = np.zeros((SIZE, 3), dtype=np.uint8)
    for i, key in enumerate(NAMES):
        colours[i] = _rgb(named[key])
    for i, hex_colour in enumerate(sets):
        colours[SET_BASE + i] = _rgb(hex_colour)
    return Theme(name, colours)


def set_colour(k: int) -> int:
    """The palette index of the k-th set colour (cycling)."""
    return SET_BASE + (k % SET_COLOURS)
