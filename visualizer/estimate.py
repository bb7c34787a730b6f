"""How big a render's file will be, worked out from its plan before any frame is drawn.

The estimate reads what `pipeline.prepare` decided: the canvas (its pixels, drawn whole
into the first frame), the frames the pacing makes of the recorded events
(`animate.frame_counts`, milestones ending their frames as when drawn), and the pixels
each event changes (its cells and walls at the panel's drawn cell size; a Life
generation's births and deaths). A format's bytes are then

    first-frame bytes per pixel x canvas pixels
    + bytes per frame x frames
    + bytes per changed pixel x changed pixels (mazes; Life grids apart: scattered)

(for a GIF, the format of every venue with a byte cap) with constants fitted once on
the shipped scenarios (`benchmarks/venue_estimate.py`
prints each scenario's estimate against the real file; `tests/test_venues_estimate.py`
holds the ratio band). It is a guide for choosing what to shrink, not a promise: the
venue's cap is checked again on the file written.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import events as ev
from .record import LifeTranscript
from .plan import shape_of
from .render.animate import frame_counts

if TYPE_CHECKING:
    from .pipeline import Prepared
    from .record import Transcript
    from .scenario import PanelSpec


@dataclass(frozen=True)
class Cost:
    """One format's bytes: per canvas pixel (the first frame), per frame, per changed
    pixel of a maze, per pixel of a moving panel in a frame (`Plan.active`), the file's
    fixed part, per changed pixel row of a Life grid (`Plan.scattered`) and per canvas
    pixel of a question's held frames (`Plan.cards`)."""

    pixel: float
    frame: float
    changed: float
    active: float
    fixed: float
    scattered: float = 0.0
    card: float = 0.0


#: fitted on the 55 shipped scenarios as GIFs at their own sizes, 2026-12-02
#: (`python benchmarks/venue_estimate.py --fit --frame-cost 100`): estimate / real from
#: 0.61 to 1.63. The bytes a frame adds are held at 100, measured apart (a 6x8 maze at
#: 320x180: 13,704 B at 96 frames, 6,027 B at 21, 102 B a frame): left free, the fit on
#: these large scenarios set it near 0 and a small lesson came out at a quarter of its
#: size. Only GIF is estimated: every venue with a byte cap writes a GIF.
COSTS = {
    "gif": Cost(pixel=0.04461, frame=100.0, changed=0.05928, active=0.00368, fixed=0.0,
                scattered=0.79399, card=0.05306),
}


CAPTION_LINES = 2  # the caption lines under a panel that change as it moves
WALK_SEEN = 16     # a random walk's stretch shows at most this many cells changed


@dataclass(frozen=True)
class Plan:
    """What the estimate reads of a render: canvas pixels, frames, changed pixels of the
    mazes (next to each other: a walk, a flood), `active`: the pixels of the panels (with
    their captions) that move, summed over the frames (a frame's changed rectangle spans
    the panels whose picture or caption moved), `scattered`: the changed pixel rows of
    Life grids (spread over the grid, they compress worse), and `cards`: the canvas
    pixels times the questions asked (each holds a card, a countdown and its answer)."""

    pixels: int
    frames: int
    changed: float
    active: float
    scattered: float = 0.0
    cards: float = 0.0

    def bytes(self, fmt: str) -> int:
        """The estimated size of a `fmt` file ("gif", "mp4" or "html") in bytes."""
        cost = COSTS[fmt]
        return round(cost.fixed + cost.pixel * self.pixels + cost.frame * self.frames
                     + cost.changed * self.changed + cost.active * self.active
                     + cost.scattered * self.scattered + cost.card * self.cards)


def _event_pixels(event: ev.Event, cell: int, wall: int) -> int:
    """The pixels `event` changes on a maze panel of `cell`-pixel cells and `wall`-pixel
    walls (a mark on a cell: its block; a wall: its segment)."""
    if isinstance(event, (ev.WallOpened, ev.WallClosed, ev.WallConsidered, ev.WallRejected,
                          ev.PassageMarked)):
        return (cell + wall) * max(wall, 1)
    if isinstance(event, ev.CellsMarked):
        return len(event.cells) * cell * cell
    if isinstance(event, ev.Walked):     # the walker's cell, the cells its walk changed
        return (1 + min(event.steps, WALK_SEEN) + len(event.grew) + event.cut
                + event.loop) * cell * cell
    if isinstance(event, ev.Generation):
        return int(event.births.sum() + event.deaths.sum()) * cell * cell
    return cell * cell


def changed_per_event(spec: PanelSpec, transcript: Transcript) -> list[int]:
    """Cumulative changed pixels after each event of panel `spec` (index k: the first k
    events)."""
    if spec.maze is not None:
        cell, wall = spec.maze.cell_size, spec.maze.wall
    else:
        cell, wall = spec.cell_size, 0
    # births and deaths shown in their own colours change again a generation later
    again = 2 if spec.life is not None and spec.life.colour_changes else 1
    total, out = 0, [0]
    for event in transcript:
        total += _event_pixels(event, cell, wall) * again
        out.append(total)
    return out


def life_changed(spec: PanelSpec, transcript: LifeTranscript, ends: list[int]) -> int:
    """The pixel rows a Life panel changes from frame to frame: the cells that differ
    between the generations the frames end on (`ends`: events consumed by each frame),
    times the drawn cell size (a changed cell is that many runs of pixels, and LZW pays
    by the run more than by the pixel: halving the cells does not halve the bytes);
    twice when births and deaths are coloured (they change again a generation later). A
    frame that spans several generations changes only what differs at its end, so
    lowering the frame rate lowers this."""
    again = 2 if spec.life is not None and spec.life.colour_changes else 1
    cells = 0
    for before, after in zip(ends, ends[1:]):
        if after > before and before > 0:
            diff = np.bitwise_xor(transcript.packed[before - 1], transcript.packed[after - 1])
            cells += int(np.unpackbits(diff).sum())
    return cells * spec.cell_size * again


def milestones_of(transcript: Transcript) -> list[int]:
    """The indices of `transcript`'s milestone events (they end their frame)."""
    if isinstance(transcript, LifeTranscript):      # generations only
        return []
    return [k for k, event in enumerate(transcript) if isinstance(event, ev.MILESTONE_TYPES)]


def plan_of(ready: Prepared, size: tuple[int, int]) -> Plan:
    """What the estimate reads of `ready`, on a canvas of `size` (width, height)."""
    schedule = ready.plan.schedule
    lengths = [len(t) for t in ready.transcripts]
    steps = frame_counts(lengths, schedule.pacing, schedule.counts, schedule.first,
                         schedule.split, [milestones_of(t) for t in ready.transcripts])
    changed = active = scattered = 0.0
    text = ready.plan.text.caption_size
    for i, (spec, transcript) in enumerate(zip(ready.panels, ready.transcripts)):
        ends = [frame[i] for frame in steps]
        if isinstance(transcript, LifeTranscript):
            scattered += life_changed(spec, transcript, ends)
        else:
            cumulative = changed_per_event(spec, transcript)
            changed += cumulative[-1] - cumulative[ends[0] if ends else 0]
        height, width = shape_of(spec, transcript, text)
        moving = sum(1 for a, b in zip(steps, steps[1:]) if b[i] > a[i])
        active += moving * (height + CAPTION_LINES * text) * width
    pixels = size[0] * size[1]
    return Plan(pixels, len(steps), changed, active, scattered, len(ready.asked) * pixels)


__all__ = ["COSTS", "Cost", "Plan", "changed_per_event", "milestones_of", "plan_of"]
