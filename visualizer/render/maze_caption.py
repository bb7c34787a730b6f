"""What a maze panel's caption says: the step count, the running totals, the milestone just
reached and the figures once computed — from the events alone (no picture state), so that a
run's captions can be read without drawing it (`render/look.py`).

How it is paced comes from the plan's `CaptionSettings` (when each event is drawn, how
long a milestone's line stays, where the count starts, whether a solve follows), given to
the caption when it is made, so that the export and the window draw the same captions.
"""
from __future__ import annotations

import bisect
import copy
from typing import TYPE_CHECKING, Callable

from .. import events as ev

if TYPE_CHECKING:
    from ..plan import CaptionSettings


class MazeCaption:
    """A maze panel's live caption. `clock(p)` is when (seconds) p animated events are
    drawn, `hold` the seconds a milestone's line stays at most (None or no clock: until the
    next one), `steps_from` the step drawn as "step 0" (`animate: solve`: the built maze is
    the first picture), `figures_wait` whether the maze's figures wait for a solve's end."""

    def __init__(self, clock: Callable[[int], float] | None = None, hold: float | None = None,
                 steps_from: int = 0, figures_wait: bool = False) -> None:
        self.clock, self.hold = clock, hold
        self.steps_from, self.figures_wait = steps_from, figures_wait
        self.step = 0
        self.status = ""               # the last milestone reached (path found, no path …)
        self._status_step = 0
        self.maze_figures = self.solve_figures = ""
        self.stopped = ""              # why the algorithm stopped short: said to the end
        #: counts the changes of what follows the step count (`tail`; the milestone's line
        #: also goes when its time is up): captions of one version differ by the count only
        self.version = 0
        self._expired = -1           # the version whose milestone line has gone
        self.start(None)

    @classmethod
    def of(cls, settings: CaptionSettings | None) -> MazeCaption:
        """The caption paced by the plan's `settings` (None: nothing expires)."""
        if settings is None:
            return cls()
        return cls(settings.clock, settings.hold, settings.steps_from, settings.figures_wait)

    def copy(self) -> MazeCaption:
        """An independent copy (the window's checkpoints)."""
        return copy.copy(self)

    def start(self, grid: ev.GridCreated | None) -> None:
        """The running totals of the fresh grid `grid` (the panel's first picture, or an
        event starting a new one)."""
        fill = None if grid is None else grid.fill
        self.turns: int | None = None                 # Pledge's turn count
        sets = fill == ev.Fill.SETS or fill == ev.Fill.ROWS      # Kruskal's, Eller's
        self.sets = grid.rows * grid.cols if sets and grid is not None else None
        self.merge_cost = 0
        self.built = self.kept_open = 0
        self.tests_walls = fill == ev.Fill.OPEN      # reverse-delete keeps walls open
        self.walk_length = 0                          # a random walk's length so far
        self.version += 1

    def apply(self, event: ev.Event) -> None:
        """One more event drawn."""
        self.step += 1
        _APPLY(self, event)

    def _on_grid(self, event: ev.GridCreated) -> None:
        self.step = 0
        self.status = self.maze_figures = self.solve_figures = self.stopped = ""
        self.start(event)

    def _on_milestone(self, event: ev.Milestone) -> None:
        """A milestone's line, said for `hold` seconds; an algorithm stopped short on a
        problem (`STOPPED`) is said to the end, since what follows shows its outcome."""
        if event.kind is ev.MilestoneKind.STOPPED:
            self.stopped = event.label
            self.version += 1
        else:
            self._tell(event.label)

    def _tell(self, line: str) -> None:
        """A milestone reached now: the caption says it for `hold` seconds."""
        self.status, self._status_step = line, self.step
        self.version += 1

    def _on_built(self, event: ev.WallClosed) -> None:
        self.built += 1
        self.version += 1

    def _on_endpoints(self, event: ev.EndpointsSet) -> None:
        self.status = ""           # the building's milestones are over
        self.version += 1

    def _on_walked(self, event: ev.Walked) -> None:
        self.walk_length = event.count
        self.version += 1

    def _on_path(self, event: ev.PathFound) -> None:
        moves = len(event.sides)
        self._tell(f"path: {moves} move{'s' * (moves != 1)}")   # as the figures count

    def _on_merge(self, event: ev.SetsMerged) -> None:
        if self.sets is not None:
            self.sets -= 1
            self.merge_cost += event.cost
            self.version += 1

    def _on_rejected(self, event: ev.WallRejected) -> None:
        if event.reason == ev.Rejection.WOULD_DISCONNECT:
            self.kept_open += 1
            self.version += 1

    def _on_heading(self, event: ev.Heading) -> None:
        if event.turns is not None:
            self.turns = event.turns
            self.version += 1

    def _on_marked(self, event: ev.CellMarked) -> None:
        if event.mark == ev.Mark.WALKER and event.count:
            self.walk_length = event.count
            self.version += 1

    def _figures(self, event: ev.Statistics) -> None:
        """Figures computed: the maze's (once its building is drawn) or the solve's."""
        if event.scope == ev.Scope.SOLVE:
            self.solve_figures = event.summary
        else:
            self.maze_figures = event.summary
        if event.scope == ev.Scope.SOLVE or not self.figures_wait:
            self.status = ""          # the figures now say what the milestone said
        self.version += 1

    def shows_status(self) -> bool:
        """Whether the milestone line is still said now (for `hold` seconds at most: once
        gone it stays gone, the clock never going back)."""
        if not self.status or self._expired == self.version:
            return False
        start = self.steps_from
        said = max(0, self._status_step - start)  # a first picture's: from the start on
        hold, clock = self.hold, self.clock
        if hold is None or clock is None or clock(self.step - start) - clock(said) < hold:
            return True
        self._expired = self.version
        return False

    def status_goes(self, first: int, last: int) -> int | None:
        """The step in (`first`, `last`] at which the milestone line said at step `first`
        goes, if it does (by `shows_status`'s rule, without noting it: the clock never goes
        back, so the line is said up to that step and never after)."""
        hold, clock = self.hold, self.clock
        if not self.status or self._expired == self.version or hold is None or clock is None:
            return None
        start = self.steps_from
        since = clock(max(0, self._status_step - start))
        said = bisect.bisect_left(range(first, last + 1), True,
                                  key=lambda s: clock(s - start) - since >= hold)
        return first + said if 0 < said <= last - first else None

    def tail(self) -> list[str]:
        """The caption's parts after the step count."""
        parts = []
        if self.turns is not None:
            parts.append(f"turns {self.turns:+d}")
        if self.sets is not None:
            parts.append(f"sets {self.sets} · cost {self.merge_cost}")
        if self.walk_length:
            parts.append(f"walked {self.walk_length}")
        if self.built or self.kept_open:     # "kept open" only where walls start open
            parts.append(f"built {self.built}" + (f" · kept open {self.kept_open}"
                                                  if self.tests_walls else ""))
        if self.stopped:
            parts.append(self.stopped)
        if self.shows_status():
            parts.append(self.status)
        if self.solve_figures:
            parts.append(self.solve_figures)
        if self.maze_figures and (self.solve_figures or not self.figures_wait):
            parts.append(self.maze_figures)
        return parts

    def text(self) -> str:
        """The live caption: the step count (from `steps_from`: where the animation starts
        after a first picture drawn whole), the running totals, the milestone just reached
        in the animation (for `hold` seconds at most, or until the next one), then the
        figures once computed: the solve's when it has ended, then the maze's — at once
        when nothing follows its building, after the solve when one does (`figures_wait`),
        so that no figure tells what the animation has not shown yet."""
        return " · ".join([f"step {max(0, self.step - self.steps_from)}", *self.tail()])


_APPLY = ev.Dispatch("the maze caption", {
    ev.GridCreated: MazeCaption._on_grid,
    ev.WallClosed: MazeCaption._on_built,
    ev.EndpointsSet: MazeCaption._on_endpoints,
    ev.CellMarked: MazeCaption._on_marked,
    ev.SetsMerged: MazeCaption._on_merge,
    ev.PathFound: MazeCaption._on_path,
    ev.WallRejected: MazeCaption._on_rejected,
    ev.NoPath: lambda caption, e: caption._tell(e.reason),
    ev.Statistics: MazeCaption._figures,
    ev.Heading: MazeCaption._on_heading,
    ev.Milestone: MazeCaption._on_milestone,
    ev.Walked: MazeCaption._on_walked,
}, ignored=(ev.WallConsidered, ev.WallOpened, ev.TunnelDug, ev.CellBlocked, ev.CellOpened,
            ev.MarksCleared, ev.PassageMarked, ev.Generation, ev.CellsMarked))

#: the events that move the caption's step count on and nothing else (a `CellMarked` too,
#: but of a walker with its walk's length)
STEPS_ONLY = _APPLY.ignored


__all__ = ["MazeCaption", "STEPS_ONLY"]
