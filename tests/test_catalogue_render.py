"""The maze panel draws the catalogue's marks: a walker without a trail and its walk length
in the caption, Wilson's walk and erased loops, Eller's row sets (rows not reached yet stay
grey), and the legend words each generator gives its colours."""
from __future__ import annotations

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.events import Mark
from visualizer.maze import Maze
from visualizer.render.legend import WORDS, entries
from visualizer.render.maze_panel import MazePanel
from visualizer.render.palette import INDEX, MAZE_SLOTS, SET_BASE


def panel_after(events, rows, cols, surface="plane"):
    panel = MazePanel(rows, cols, cell_size=6, wall=1, surface=surface)
    for e in events:
        panel.apply(e)
    return panel


def test_a_walker_leaves_no_trail_and_its_walk_length_is_in_the_caption():
    maze = Maze(1, 3)
    panel = panel_after([ev.GridCreated(1, 3, maze.surface),
                         ev.CellMarked((0, 0), Mark.WALKER), ev.WallOpened((0, 0), ev.Side.E),
                         ev.CellMarked((0, 1), Mark.WALKER, 1),
                         ev.CellMarked((0, 2), Mark.WALKER, 2)], 1, 3)
    assert panel.fill((0, 0)) == INDEX["passage"]      # carved, the walker gone
    assert panel.fill((0, 1)) == INDEX["passage"]
    assert panel.fill((0, 2)) == INDEX["current"]      # the walker, on a cell not carved
    assert "walked 2" in panel.caption()
    panel.apply(ev.CellMarked((0, 2), Mark.CLEAR))
    assert panel.fill((0, 2)) == INDEX["passage"]


@pytest.mark.parametrize("mark,slot", [(Mark.WALK, "walk"), (Mark.ERASED, "erased"),
                                       (Mark.SCAN, "scan"), (Mark.RUN, "stack"),
                                       (Mark.CHAMBER, "chamber"), (Mark.CHEAP, "cheap"),
                                       (Mark.MIDDLING, "middling"), (Mark.DEAR, "dear")])
def test_each_new_mark_has_its_colour_and_clears(mark, slot):
    maze = Maze(2, 2)
    panel = panel_after([ev.GridCreated(2, 2, maze.surface), ev.CellMarked((1, 0), mark)], 2, 2)
    assert panel.fill((1, 0)) == INDEX[slot]
    panel.apply(ev.MarksCleared(mark))
    assert panel.fill((1, 0)) == INDEX["unvisited"]


def test_new_slots_can_share_a_maze_panel_and_have_words():
    for slot in ("walk", "erased", "scan", "chamber", "cheap", "middling", "dear"):
        assert slot in MAZE_SLOTS and slot in WORDS


def test_eller_rows_not_reached_yet_stay_grey():
    maze = Maze(4, 4)
    events = list(registry.get("generator", "eller").func(maze, rng=np.random.default_rng(2)))
    panel = MazePanel(4, 4, cell_size=6, wall=1)
    first_row_done = None
    for k, e in enumerate(events):
        panel.apply(e)
        if isinstance(e, ev.WallConsidered) and e.side == ev.Side.S:
            first_row_done = k
            break
    assert first_row_done is not None
    assert all(panel.base[0, c] >= SET_BASE for c in range(4))   # the row's set colours
    assert all(panel.fill((3, c)) == INDEX["unvisited"] for c in range(4))
    for e in events[first_row_done + 1:]:
        panel.apply(e)
    assert panel.sets == 1
    assert all(panel.fill((r, c)) == INDEX["passage"] for r in range(4) for c in range(4))


@pytest.mark.parametrize("name", ["aldous_broder", "wilson", "hunt_and_kill", "growing_tree",
                                  "prim", "prim_true", "eller", "sidewinder", "binary_tree",
                                  "recursive_division"])
def test_every_colour_a_generator_shows_has_its_words(name):
    algo = registry.get("generator", name)
    surface = "plane"
    maze = Maze(8, 8, surface)
    panel = MazePanel(8, 8, cell_size=6, wall=1)
    seen = set()
    for e in algo.func(maze, rng=np.random.default_rng(1)):
        panel.apply(e)
        rect = panel.take_dirty()
        if rect:
            y0, y1, x0, x1 = rect
            seen |= set(np.unique(panel.raster[y0:y1, x0:x1]).tolist())
    legend = entries(seen, algo.extra.get("legend", {}))
    words = {entry.label for entry in legend}
    for slot, text in algo.extra.get("legend", {}).items():
        if slot in INDEX and INDEX[slot] in seen:
            assert text in words, (slot, text)
    marks_shown = {INDEX[s] for s in ("current", "walk", "scan", "stack", "frontier",
                                      "chamber", "cheap", "middling", "dear")} & seen
    assert marks_shown, "the algorithm's own state shows in some frame"


def test_a_stretch_of_walk_leaves_a_light_trail_until_the_next_one():
    """Walked: the cells its trail passed through (replayed from where the walker stood,
    that cell included) are drawn in the trail colour for that stretch only; the walker
    moves to its cell."""
    maze = Maze(2, 3)
    panel = panel_after([ev.GridCreated(2, 3, maze.surface),
                         ev.CellMarked((0, 0), Mark.WALKER),
                         # E, E, S, S (the bottom edge: stays), W: (0,1) (0,2) (1,2) (1,2)
                         # (1,1)
                         ev.Walked((1, 1), 5, 5, bytes([1, 1, 2, 2, 3]))], 2, 3)
    assert panel.fill((1, 1)) == INDEX["current"]
    trail = INDEX["tested"]
    assert [panel.fill(c) for c in ((0, 1), (0, 2), (1, 2))] == [trail] * 3
    assert panel.fill((0, 0)) == trail and "walked 5" in panel.caption()    # it started there
    panel.apply(ev.Walked((1, 0), 1, 6, bytes([3])))
    assert panel.fill((1, 0)) == INDEX["current"] and panel.fill((1, 1)) == trail
    assert panel.fill((0, 1)) == INDEX["unvisited"]           # the last trail is gone
    panel.apply(ev.CellMarked((1, 0), Mark.CLEAR))
    assert panel.fill((1, 1)) == INDEX["unvisited"]           # and so is this one


def test_a_kept_walk_grows_and_its_loops_show_as_erased():
    """Wilson's Walked: `grew` cells join the walk, `loop` ones show as erased for one
    stretch; the walker sits on the walk's head; a new walk starts on its first cell."""
    maze = Maze(2, 2)
    grow = ev.Walked((1, 0), 3, 3, bytes([1, 2, 3]), 0, ((0, 0), (0, 1), (1, 1), (1, 0)))
    panel = panel_after([ev.GridCreated(2, 2, maze.surface), grow], 2, 2)
    walk, erased = INDEX["walk"], INDEX["erased"]
    assert [panel.fill(c) for c in ((0, 0), (0, 1), (1, 1))] == [walk] * 3
    assert panel.fill((1, 0)) == INDEX["current"]
    panel.apply(ev.Walked((0, 0), 1, 4, bytes([0]), 0, (), 3))  # back to (0, 0): a loop
    assert [panel.fill(c) for c in ((0, 1), (1, 1), (1, 0))] == [erased] * 3
    assert panel.fill((0, 0)) == INDEX["current"]
    panel.apply(ev.Walked((0, 1), 1, 5, bytes([1]), 0, ((0, 1),)))
    assert [panel.fill(c) for c in ((1, 1), (1, 0))] == [INDEX["unvisited"]] * 2
    assert panel.fill((0, 0)) == walk and panel.fill((0, 1)) == INDEX["current"]
    panel.apply(ev.MarksCleared(Mark.WALK))
    assert panel.fill((0, 0)) == INDEX["unvisited"]
