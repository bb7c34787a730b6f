"""A mark or palette slot is one record (`render/slots.py`): every `Mark` has exactly one,
every record's words reach the legend, and the palette, the legend and the maze panel read
their tables from the records."""
from __future__ import annotations

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.events import Mark
from visualizer.maze import Maze
from visualizer.render import legend, palette
from visualizer.render.maze_panel import MazePanel
from visualizer.render.palette import INDEX, SET_BASE, SET_COLOURS, make_theme
from visualizer.render.slots import GROUPS, SLOTS, UNMARKED, Group, Panels, Slot

BY_NAME = {slot.name: slot for slot in SLOTS}
STRIPED = {name: group for group in GROUPS for name in group.stripes}


def slot_of(mark: Mark) -> list[Slot]:
    return [slot for slot in SLOTS if mark in slot.marks]


def test_every_mark_has_exactly_one_slot_record():
    for mark in Mark:
        owners = [slot.name for slot in slot_of(mark)]
        if mark in UNMARKED:       # the cell's own colour: no slot of its own
            assert owners == [], mark
        else:
            assert len(owners) == 1, (mark, owners)


def test_a_marks_slot_is_explained_by_the_legend_and_drawn_on_a_maze():
    for slot in SLOTS:
        if slot.marks:
            assert slot.words or slot.name in STRIPED, slot.name
            assert Panels.MAZE in slot.on and not slot.like, slot.name


def test_every_records_words_are_used_by_the_legend():
    for slot in SLOTS:
        if slot.words:
            assert legend.entries({INDEX[slot.name]}) == [
                legend.Entry((INDEX[slot.name],), slot.words)], slot.name
    for group in GROUPS:
        colours = (tuple(INDEX[name] for name in group.stripes) if group.stripes
                   else tuple(range(SET_BASE, SET_BASE + SET_COLOURS)))
        assert legend.entries(set(colours)) == [legend.Entry(colours, group.words)], group
    worded = {slot.name for slot in SLOTS if slot.words} | {group.name for group in GROUPS}
    assert set(legend.ORDER) == worded and len(legend.ORDER) == len(worded)


def test_the_legend_follows_the_records_places():
    places = [slot.legend for slot in SLOTS if slot.legend] + [g.legend for g in GROUPS]
    assert len(places) == len(set(places)), "two legend entries in one place"
    place = {slot.name: slot.legend for slot in SLOTS} | {g.name: g.legend for g in GROUPS}
    assert [place[key] for key in legend.ORDER] == sorted(places)


def test_stripes_and_twins_name_slots_with_colours_of_their_own():
    for group in GROUPS:
        assert bool(group.stripes) != bool(group.light), group.name
        assert len(group.light) == len(group.dark), group.name
        for name in group.stripes:
            assert name in BY_NAME and not BY_NAME[name].words, (group.name, name)
    stripes = [name for group in GROUPS for name in group.stripes]
    assert len(stripes) == len(set(stripes)), "a slot in two groups"
    for slot in SLOTS:
        if slot.like:
            assert not BY_NAME[slot.like].like, slot.name
    assert len(BY_NAME) == len(SLOTS), "two records with one name"


def test_the_palette_is_the_records_in_order():
    assert palette.NAMES == tuple(slot.name for slot in SLOTS)
    assert SET_BASE + SET_COLOURS <= palette.SIZE
    for theme in ("light", "dark"):
        colours = make_theme(theme).colours
        for i, slot in enumerate(SLOTS):
            own = BY_NAME[slot.like] if slot.like else slot
            assert palette._rgb(getattr(own, theme)) == tuple(colours[i]), (theme, slot.name)
        sets = next(group for group in GROUPS if group.light)
        for k, hex_colour in enumerate(getattr(sets, theme)):
            assert palette._rgb(hex_colour) == tuple(colours[SET_BASE + k])


def test_a_record_states_its_colour_once_and_its_words_with_their_place():
    with pytest.raises(ValueError):
        Slot("x")                                  # no colour
    with pytest.raises(ValueError):
        Slot("x", "#000000", "#ffffff", like="wall")
    with pytest.raises(ValueError):
        Slot("x", "#000000", "#ffffff", "words")    # words without a place
    assert Group("g", "words", 1, ("a",)).stripes == ("a",)


def test_the_maze_panel_paints_each_mark_in_its_slots_colour():
    maze = Maze(5, 5)
    events = list(registry.get("generator", "backtracker").func(
        maze, rng=np.random.default_rng(1)))
    assert len(Mark) <= 25
    panel = MazePanel(5, 5, cell_size=6, wall=1, first=events[0])
    for e in events:
        panel.apply(e)
    cells = [(r, c) for r in range(5) for c in range(5)]
    for mark, cell in zip(Mark, cells):       # a cell each: start and goal stay on theirs
        own = panel.fill(cell)
        panel.apply(ev.CellMarked(cell, mark))
        expected = own if mark in UNMARKED else INDEX[slot_of(mark)[0].name]
        assert panel.fill(cell) == expected, mark
        assert palette.MARK_COLOUR.get(mark, own) == expected, mark
