"""Which colours a maze panel surely shows, read from its events alone: what a look of its run
(`render/look.py`) need not follow the panel to see.

A cell's inside shows its mark's colour whatever else the picture holds, unless the cell is
blocked, keeps the entrance's or exit's mark (`maze_paint.STICKY`), or an algorithm draws
over it (a considered wall's strips, the wall follower, chalk, a walk and its walker). The
first three are followed here from the events; from the first event of the others on,
nothing more is taken as sure.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import events as ev
from ..events import Cell, Mark
from .maze_overlays import CONSIDERING
from .palette import MARK_COLOUR

#: events from which on no colour is taken as sure: what the cells they touch show
#: afterwards depends on more than their marks (the wall follower, chalk, a walk)
_STOP = frozenset({ev.Heading, ev.PassageMarked, ev.Walked})
#: the events during which a considered wall stays drawn (`maze_overlays.before`)
_CONSIDERING = frozenset(CONSIDERING)
#: marks whose colour a marked cell shows (but a blocked cell, the entrance and the exit)
_PLAIN = frozenset(MARK_COLOUR) - {Mark.DISTANCE, Mark.WALKER, Mark.START, Mark.GOAL,
                                   Mark.CLEAR, Mark.DONE}
_ENDS = frozenset({Mark.START, Mark.GOAL})
_START, _GOAL, _PATH = MARK_COLOUR[Mark.START], MARK_COLOUR[Mark.GOAL], MARK_COLOUR[Mark.PATH]


def _free(cells: Iterable[Cell], *taken: set[Cell]) -> bool:
    """Whether one of `cells` is in none of the sets `taken`."""
    return any(all(cell not in t for t in taken) for cell in cells)


def certain(events: Iterable[Any], since: int = 0) -> dict[int, int]:
    """Colours a maze panel surely paints while drawing `events`, each with the index of
    the first event from `since` on that paints it whatever the picture's state: the
    entrance's and exit's, the path's, a plain mark's (the current cell's too) on a cell
    that is not blocked and keeps neither of theirs; none while a considered wall is
    drawn; read up to the first event of `_STOP` or a walker's mark."""
    out: dict[int, int] = {}
    sticky: set[Cell] = set()          # the cells keeping the entrance's or exit's mark
    blocked: set[Cell] = set()
    considering = False                # a considered wall is drawn
    for k, event in enumerate(events):
        kind = type(event)
        considering = kind is ev.WallConsidered or considering and kind in _CONSIDERING
        colours: tuple[int, ...] = ()
        if kind is ev.CellMarked or kind is ev.CellsMarked:
            mark = event.mark
            if mark == Mark.WALKER:
                break
            cells = (event.cell,) if kind is ev.CellMarked else event.cells
            if mark in _ENDS:
                sticky.update(cells)
                if _free(cells, blocked):
                    colours = (MARK_COLOUR[mark],)
            elif mark in _PLAIN or mark == Mark.CURRENT:
                colour = MARK_COLOUR[mark]
                if colour in out:
                    continue
                if mark == Mark.CURRENT:     # one at a time: the last cell stays current
                    cells = cells[-1:]
                if _free(cells, sticky, blocked):
                    colours = (colour,)
        elif kind in _STOP:
            break
        elif kind is ev.GridCreated:
            sticky, blocked = set(), set()
        elif kind is ev.CellBlocked:
            blocked.add(event.cell)
        elif kind is ev.CellOpened:
            blocked.discard(event.cell)
        elif kind is ev.EndpointsSet:
            entrance, exit_ = event.entrance, event.exit
            sticky |= {entrance, exit_}
            colours = ((_START,) if entrance != exit_ and entrance not in blocked else ()) \
                + ((_GOAL,) if exit_ not in blocked else ())
        elif kind is ev.PathFound and _free(event.cells, sticky, blocked):
            colours = (_PATH,)
        if colours and k >= since and not considering:
            for colour in colours:
                out.setdefault(colour, k)
    return out


__all__ = ["certain"]
