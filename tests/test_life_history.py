"""`history: true`: cells that were ever alive keep a faint trail, named in the legend."""
import numpy as np
import pytest

from visualizer.life.engine import evolve
from visualizer.life.patterns import PATTERNS, place
from visualizer.render.legend import entries
from visualizer.render.life_panel import LifePanel
from visualizer.render.palette import INDEX
from visualizer.surfaces import Surface

ALIVE, DEAD, HISTORY = INDEX["alive"], INDEX["dead"], INDEX["history"]


def glider_run(gens=12, **options):
    grid = np.zeros((10, 10), dtype=np.uint8)
    place(grid, PATTERNS["glider"].cells, (1, 1))
    events = list(evolve(grid, "conway", Surface("torus", 10, 10), gens))
    panel = LifePanel({"rows": 10, "cols": 10, "generations": gens, **options}, 4)
    return panel, events


@pytest.mark.parametrize("history", [True, False])
def test_trail_of_a_glider(history):
    panel, events = glider_run(history=history)
    ever = np.zeros((10, 10), dtype=bool)
    for e in events:
        panel.apply(e)
        ever |= e.grid != 0
        expected = np.where(e.grid != 0, ALIVE, np.where(ever & history, HISTORY, DEAD))
        assert np.array_equal(panel._shown, expected)
    assert (HISTORY in panel.drawn_colours()) == history
    words = [x.label for x in entries(panel.drawn_colours())]
    assert ("alive at some time before" in words) == history


def test_history_restarts_at_generation_zero_and_snapshots_keep_it():
    panel, events = glider_run(history=True)
    for e in events[:6]:
        panel.apply(e)
    saved = panel.snapshot()
    for e in events[6:]:
        panel.apply(e)
    for e in events[6:]:
        saved.apply(e)
    assert np.array_equal(saved.raster, panel.raster)
    panel.apply(events[0])
    assert set(np.unique(panel._shown).tolist()) == {ALIVE, DEAD}


def test_colour_changes_show_over_the_trail():
    panel, events = glider_run(history=True, colour_changes=True)
    for e in events[:5]:
        panel.apply(e)
    shown = panel._shown
    assert (shown[np.asarray(events[4].deaths)] == INDEX["died"]).all()
    assert (shown == HISTORY).any()
