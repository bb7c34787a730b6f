"""The fixed palette every frame is drawn in: a few named colours, light and dark themes.

Frames are 2-D uint8 arrays of palette indices; nothing is quantised per frame. Any two
colours that can be on screen together in one panel are far apart, for colour-blind eyes too;
Kruskal's sets take `SET_COLOURS` tints so that neighbouring sets never share one. Every
table here is derived from the slot records of `slots.py`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..events import Mark
from .slots import GROUPS, SETS, SLOTS, Panels

#: named slots, in palette order (index = position in `slots.SLOTS`)
NAMES = tuple(slot.name for slot in SLOTS)
INDEX = {name: i for i, name in enumerate(NAMES)}
#: the distance map's ramp, nearest first
RAMP = next(group.stripes for group in GROUPS if group.name == "ramp")
SET_COLOURS = len(SETS.light)   # how many distinct colours Kruskal's sets are coloured with
SET_BASE = len(NAMES)
SIZE = 128        # palette entries, a power of two (GIF colour table)


def _aliases() -> tuple[tuple[str, ...], ...]:
    twins: dict[str, list[str]] = {}
    for slot in SLOTS:
        if slot.like:
            twins.setdefault(slot.like, [slot.like]).append(slot.name)
    return tuple(tuple(twins[name]) for name in NAMES if name in twins)


#: slots that mean the same thing on screen, so they share the first slot's colour
ALIASES = _aliases()
#: the slots a maze panel (and its neighbourhood view) can show together
MAZE_SLOTS = tuple(s.name for s in SLOTS if not s.like and Panels.MAZE in s.on)
#: the slots a Life panel (with its chart) can show together
LIFE_SLOTS = tuple(s.name for s in SLOTS if not s.like and Panels.LIFE in s.on)
#: the palette index each `Mark` is drawn in by a maze panel, in `Mark`'s order (a distance's
#: colour comes from the ramp: `MazePanel._ramp_colour`)
MARK_COLOUR = {mark: INDEX[slot.name] for mark in Mark for slot in SLOTS if mark in slot.marks}

_OWN = {slot.name: slot for slot in SLOTS}
_LIGHT = {s.name: (_OWN[s.like] if s.like else s).light for s in SLOTS}
_DARK = {s.name: (_OWN[s.like] if s.like else s).dark for s in SLOTS}
_SETS_LIGHT, _SETS_DARK = SETS.light, SETS.dark


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
