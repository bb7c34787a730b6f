"""The fixed palette every frame is drawn in: a few named colours, light and dark themes.

Frames are 2-D uint8 arrays of palette indices; nothing is quantised per frame. Any two
colours that can be on screen together in one panel are far apart, for colour-blind eyes too;
Kruskal's sets take `SET_COLOURS` tints so that neighbouring sets never share one.
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
    "built",         # the wall reverse-delete considered and built (the maze stays connected)
    # --- the generator catalogue
    "walk",          # Wilson's loop-erased walk, not in the maze yet
    "erased",        # a loop of Wilson's walk, being erased
    "scan",          # hunt-and-kill's scan line
    "chamber",       # the chamber recursive division is dividing
    "cheap",         # weighted Prim: a frontier cell whose lightest wall is light ...
    "middling",      # ... middling
    "dear",          # ... or heavy
    # --- the distance map (solvers): a ramp from near the flood's source to far, dark to
    # bright, and the longest path its two floods find
    "ramp_0", "ramp_1", "ramp_2", "ramp_3",
    "longest",
)
#: the distance map's ramp, nearest first
RAMP = ("ramp_0", "ramp_1", "ramp_2", "ramp_3")
SET_COLOURS = 8   # how many distinct colours Kruskal's sets are coloured with
SET_BASE = len(NAMES)
SIZE = 64         # palette entries, a power of two (GIF colour table)

INDEX = {name: i for i, name in enumerate(NAMES)}

#: slots that mean the same thing on screen, so they share the first slot's colour
ALIASES = (
    ("background", "passage", "done", "dead"),   # nothing there / an open cell
    ("wall", "text", "blocked", "alive", "heading"),  # ink: walls, rock, living cells, arrows
    ("current", "considered"),                   # what the algorithm looks at right now
)
#: the slots a maze panel (and its neighbourhood view) can show together
MAZE_SLOTS = (
    "background", "wall", "unvisited", "current", "stack", "frontier", "visited", "path",
    "dead_end", "start", "goal", "tested", "glue_a", "glue_b", "opened", "rejected", "hand",
    "open_set", "once", "twice", "ghost_wall", "ghost_fill", "frame", "built",
    # the generator catalogue
    "walk", "erased", "scan", "chamber", "cheap", "middling", "dear",
    *RAMP, "longest",
)
#: the slots a Life panel (with its chart) can show together
LIFE_SLOTS = ("background", "wall", "born", "died", "grid", "chart", "glue_a", "glue_b")

# Chosen by a search that keeps every pair of colours that can share a maze panel at least
# CIE76 ΔE 20 apart, and 10 apart under deuteranopia and protanopia (Machado et al. 2009),
# near Okabe-Ito hues for the marks; `tests/test_palette.py` checks it. Slots that mean the
# same thing share a colour (`ALIASES`).
_LIGHT = {
    "transparent": "#ff00ff", "background": "#ffffff", "text": "#1a1a1a", "wall": "#1a1a1a",
    "passage": "#ffffff", "unvisited": "#70888d", "current": "#c75d04", "stack": "#e4e940",
    "done": "#ffffff", "frontier": "#659bd8", "visited": "#a8f0ff", "path": "#e4ab00",
    "dead_end": "#d2c3d7", "blocked": "#1a1a1a", "start": "#0a875e", "goal": "#e57eba",
    "tested": "#88c1ac", "alive": "#1a1a1a", "dead": "#ffffff", "born": "#44e890",
    "died": "#c87c4c", "chart": "#7874b8", "grid": "#c4c4c4", "glue_a": "#175d9e",
    "glue_b": "#86003f", "considered": "#c75d04", "opened": "#049f48", "rejected": "#ab1210",
    "heading": "#1a1a1a", "hand": "#902d74", "open_set": "#47cbff", "once": "#f6d167",
    "twice": "#a14644", "ghost_wall": "#b69889", "ghost_fill": "#d6d3b1", "frame": "#023d99",
    "built": "#3c5adc",
    # the generator catalogue
    "walk": "#9c74ec", "erased": "#0a01f7", "scan": "#287064", "chamber": "#4106b3",
    "cheap": "#30193d", "middling": "#6c6020", "dear": "#643c24",
    # the distance map: a viridis-like ramp kept clear of every other maze colour
    "ramp_0": "#420054", "ramp_1": "#307296", "ramp_2": "#54901e", "ramp_3": "#f6fc84",
    "longest": "#ea0c6c",
}
_DARK = {
    "transparent": "#ff00ff", "background": "#15171c", "text": "#f2f2f2", "wall": "#f2f2f2",
    "passage": "#15171c", "unvisited": "#57525f", "current": "#bf5311", "stack": "#fdf569",
    "done": "#15171c", "frontier": "#0cb3ff", "visited": "#003965", "path": "#ffbc00",
    "dead_end": "#433923", "blocked": "#f2f2f2", "start": "#41c099", "goal": "#e99fc4",
    "tested": "#32664e", "alive": "#f2f2f2", "dead": "#15171c", "born": "#2ccccc",
    "died": "#681c38", "chart": "#10707c", "grid": "#45484f", "glue_a": "#009cc0",
    "glue_b": "#fe6e00", "considered": "#bf5311", "opened": "#6add87", "rejected": "#fc5a5b",
    "heading": "#f2f2f2", "hand": "#dd6bc3", "open_set": "#91e5f5", "once": "#cab452",
    "twice": "#be6475", "ghost_wall": "#88969a", "ghost_fill": "#412040", "frame": "#9ec0ee",
    "built": "#7c86ff",
    # the generator catalogue
    "walk": "#0d00ff", "erased": "#bc041c", "scan": "#9cdcc0", "chamber": "#0c60ec",
    "cheap": "#fcd8b0", "middling": "#8c803c", "dear": "#5c0000",
    # the distance map: a plasma-like ramp kept clear of every other maze colour
    "ramp_0": "#0c0684", "ramp_1": "#a21eb4", "ramp_2": "#c08436", "ramp_3": "#f0fc24",
    "longest": "#c6247e",
}
_SETS_LIGHT = (
    "#39b0bf", "#9e9dff", "#85c166", "#7cf9d8", "#ffc18f", "#a6aa43",
    "#c8ffb3", "#97a870",
)
_SETS_DARK = (
    "#885d36", "#15449a", "#916c98", "#225300", "#823f8d", "#7b9d64",
    "#98193b", "#3b80d6",
)


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
