"""The population chart also draws births and deaths per generation, each named in the
legend."""
import numpy as np

from visualizer.life.engine import evolve
from visualizer.render.legend import entries
from visualizer.render.life_panel import LifePanel
from visualizer.render.palette import INDEX
from visualizer.surfaces import Surface

BIRTHS, DEATHS, CHART = INDEX["births"], INDEX["deaths"], INDEX["chart"]


def run(n=24, gens=40, seed=0, back_to=None):
    grid = (np.random.default_rng(seed).random((n, n)) < 0.4).astype(np.uint8)
    events = list(evolve(grid, "conway", Surface("torus", n, n), gens))
    panel = LifePanel({"rows": n, "cols": n, "generations": gens, "chart": True}, 5,
                      population_max=max(e.population for e in events))
    for e in events:
        panel.apply(e)
    return panel, events


def plot(panel):
    py0, py1, px0, px1 = panel._chart_box()
    return panel.raster[panel.chart_y0 + py0:panel.chart_y0 + py1,
                        panel.chart_x0 + px0:panel.chart_x0 + px1]


def test_three_curves_at_their_heights():
    panel, events = run()
    area = plot(panel)
    assert {BIRTHS, DEATHS, CHART} <= set(np.unique(area).tolist())
    py0, py1 = panel._chart_box()[:2]
    near = {BIRTHS: 0, DEATHS: 0, CHART: 0}
    inner = events[1:-1]                  # the last generation's column holds the marker
    for e in inner:
        for series, value in ((BIRTHS, int(e.births.sum())), (DEATHS, int(e.deaths.sum())),
                              (CHART, e.population)):
            y, x = panel._xy(e.index, value)
            column = panel.raster[panel.chart_y0 + py0:panel.chart_y0 + py1,
                                  panel.chart_x0 + x]
            ys = np.flatnonzero(column == series) + py0
            near[series] += bool(ys.size) and abs(ys - y).min() <= panel._line_w
    # the population is drawn last, on top: always where it should be; births and deaths
    # run close together, so one may hide the other at a few generations
    assert near[CHART] == len(inner)
    assert near[BIRTHS] >= 0.6 * len(inner) and near[DEATHS] >= 0.6 * len(inner)


def test_the_legend_names_each_series():
    panel, _ = run()
    words = [e.label for e in entries(panel.drawn_colours())]
    assert any("births per generation" in w for w in words)
    assert any("deaths per generation" in w for w in words)
    assert any("population" in w for w in words)
    assert {BIRTHS, DEATHS, CHART} <= set(panel.candidates([]))


def test_stepping_back_redraws_the_same_chart():
    panel, events = run()
    fresh = LifePanel({"rows": 24, "cols": 24, "generations": 40, "chart": True}, 5,
                      population_max=max(e.population for e in events))
    for e in events[:31]:
        fresh.apply(e)
    panel.apply(events[30])                      # back: the whole chart redrawn to gen 30
    assert np.array_equal(panel.raster, fresh.raster)
