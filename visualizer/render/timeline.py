"""What a milestone says on a timeline: the window's status line and the HTML player's marks
read the same words."""
from __future__ import annotations

from .. import events as ev


def milestone_text(event: ev.Event) -> str:
    """What a milestone event says on a timeline ("path found: 57 cells", a label; "" for
    any other event)."""
    said: list[str] = []
    _STATUS(said, event)
    return said[0] if said else ""


_STATUS = ev.Dispatch("the milestone timeline", {
    ev.PathFound: lambda said, e: said.append(f"path found: {len(e.cells)} cells"),
    ev.NoPath: lambda said, e: said.append(f"no path: {e.reason}"),
    ev.Milestone: lambda said, e: said.append(e.label),
}, ignored=(ev.GridCreated, ev.TunnelDug, ev.WallConsidered, ev.WallOpened, ev.WallClosed,
            ev.WallRejected,
            ev.CellBlocked, ev.CellOpened, ev.EndpointsSet, ev.CellMarked, ev.MarksCleared,
            ev.SetsMerged, ev.Heading, ev.PassageMarked, ev.Generation, ev.Statistics,
            ev.Walked,
            ev.CellsMarked))
