"""The look's shortcuts give what following every event gives: a stretch of events that only
move a caption's step count on, seen at once (`_Captions.steps`), keeps the same widest
captions as seeing each step; the colours a maze panel surely shows (`maze_certain.certain`)
hold whatever the picture's state: blocked cells, the entrance and exit, a considered wall
are followed, and nothing is sure from a walker or the wall follower on.
(That the whole look equals the run drawn is tests/test_look.py.)"""
from __future__ import annotations

from math import ceil

import pytest

from visualizer import events as ev
from visualizer.events import Mark, Side
from visualizer.render.look import CAPTION_SAMPLES, _Captions, _Widest
from visualizer.render.maze_caption import MazeCaption
from visualizer.render.maze_certain import certain
from visualizer.render.palette import MARK_COLOUR


class _Panel:
    def __init__(self, caption: MazeCaption) -> None:
        self.live_caption = caption

    def caption(self) -> str:
        return self.live_caption.text()


def _widest(stretches: list[tuple[ev.Event | None, int]], *, hold: float | None,
            steps_from: int, runs: bool, at_once: bool) -> tuple[str, ...]:
    """The widest captions over `stretches`: (an event applied, or None) then that many
    events that only count, seen step by step or at once."""
    caption = MazeCaption(lambda p: ceil(p / 3) / 10, hold, steps_from)
    panel = _Panel(caption)
    captions = _Captions(_Widest(13), caption, runs)
    for event, count in stretches:
        if event is not None:
            caption.apply(event)
            captions.see(panel)
        if at_once:
            captions.steps(panel, count)
            continue
        for _ in range(count):
            caption.apply(ev.WallOpened((0, 0), Side.E))
            captions.see(panel)
    assert caption.step == sum(count + (event is not None) for event, count in stretches)
    return captions.flush()


STRETCHES = {
    "digits": [(None, 1234)],
    "a milestone line going mid-stretch": [
        (None, 7), (ev.Milestone("first backtrack", (0, 0)), 250),
        (ev.Milestone("another", (1, 1)), 3), (None, 40)],
    "a line going at a power of ten": [(None, 96), (ev.Milestone("long line said here",
                                                                 (0, 0)), 30)],
    "short stretches": [(ev.Milestone("m", (0, 0)), 1), (None, 2),
                        (ev.Milestone("mm", (0, 0)), 0), (None, CAPTION_SAMPLES)],
}


@pytest.mark.parametrize("name", sorted(STRETCHES))
@pytest.mark.parametrize("hold", [None, 0.5, 3.0])
@pytest.mark.parametrize("steps_from", [0, 5, 95])
@pytest.mark.parametrize("runs", [True, False])
def test_a_stretch_seen_at_once_keeps_the_widest_captions(name, hold, steps_from, runs):
    stretches = STRETCHES[name]
    each = _widest(stretches, hold=hold, steps_from=steps_from, runs=runs, at_once=False)
    once = _widest(stretches, hold=hold, steps_from=steps_from, runs=runs, at_once=True)
    assert once == each
    assert len(each) == CAPTION_SAMPLES or name == "short stretches"


def test_status_goes_where_the_caption_stops_saying_it():
    caption = MazeCaption(lambda p: p / 10, 1.0, 0)
    caption.step = 4
    caption.apply(ev.Milestone("here", (0, 0)))          # said from step 5
    goes = caption.status_goes(6, 100)
    assert goes == 15                                    # 1 s = 10 steps later
    for step, said in ((14, True), (15, False)):
        probe = caption.copy()
        probe.step = step
        assert probe.shows_status() is said


START, GOAL, PATH, VISITED = (MARK_COLOUR[m] for m in (Mark.START, Mark.GOAL, Mark.PATH,
                                                        Mark.VISITED))


def test_certain_colours_are_those_an_event_shows_whatever_the_state():
    stream = [ev.GridCreated(2, 3, "plane"),
              ev.EndpointsSet((0, 0), (1, 2)),
              ev.CellMarked((0, 0), Mark.VISITED),      # the entrance keeps its colour
              ev.CellMarked((0, 1), Mark.VISITED),
              ev.PathFound(((0, 0), (1, 2)), (Side.E,)),   # only the ends: none shows it
              ev.PathFound(((0, 0), (0, 1), (1, 1)), (Side.E, Side.S))]
    assert certain(stream) == {START: 1, GOAL: 1, VISITED: 3, PATH: 5}
    assert certain(stream, since=2) == {VISITED: 3, PATH: 5}
    same = [ev.GridCreated(2, 3, "plane"), ev.EndpointsSet((0, 0), (0, 0))]
    assert certain(same) == {GOAL: 1}                     # the exit's mark wins


def test_blocked_cells_the_ends_and_a_considered_wall_are_followed():
    stream = [ev.GridCreated(2, 3, "plane"),
              ev.CellBlocked((0, 1)),
              ev.CellMarked((0, 1), Mark.VISITED),      # blocked: shows the blocked colour
              ev.CellMarked((0, 0), Mark.START),        # the solver marks the entrance
              ev.CellMarked((0, 0), Mark.VISITED),
              ev.WallConsidered((1, 1), Side.E),
              ev.CellMarked((1, 1), Mark.VISITED),      # a considered wall's strips inside
              ev.Milestone("done"),                     # the considered wall goes
              ev.CellOpened((0, 1)),
              ev.CellMarked((0, 1), Mark.VISITED)]
    assert certain(stream) == {START: 3, VISITED: 9}


@pytest.mark.parametrize("stop", [ev.CellMarked((1, 1), Mark.WALKER),
                                  ev.Heading((1, 1), Side.N, Side.W),
                                  ev.PassageMarked((1, 1), Side.N, 1)])
def test_nothing_is_sure_from_a_walker_or_the_wall_follower_on(stop):
    stream = [ev.GridCreated(2, 3, "plane"), ev.CellMarked((0, 1), Mark.VISITED), stop,
              ev.EndpointsSet((0, 0), (1, 2)), ev.PathFound(((0, 0), (0, 1), (1, 2)),
                                                             (Side.E, Side.S))]
    assert certain(stream) == {VISITED: 1}
