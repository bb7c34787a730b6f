"""The Life panel: palette raster, births/deaths colours, dirty rectangles, the chart."""
import numpy as np

from visualizer.events import Generation, Milestone
from visualizer.life.engine import evolve
from visualizer.render.life_panel import LifePanel, save_population_chart
from visualizer.render.palette import INDEX
from visualizer.surfaces import Surface

ALIVE, DEAD, BORN, DIED = INDEX["alive"], INDEX["dead"], INDEX["born"], INDEX["died"]


def blinker_events(gens=3, size=7):
    grid = np.zeros((size, size), dtype=np.uint8)
    grid[3, 2:5] = 1
    return list(evolve(grid, "conway", Surface("torus", size, size), gens))


def cell_colour(panel, r, c):
    cs = panel.cell_size
    return panel.raster[r * cs + cs // 2, c * cs + cs // 2]


def test_raster_shape_and_cells():
    panel = LifePanel({"rows": 7, "cols": 9, "generations": 3}, cell_size=6)
    assert panel.raster.dtype == np.uint8 and panel.raster.shape == (7 * 6 + 1, 9 * 6 + 1)
    assert panel.take_dirty() == (0, 43, 0, 55)
    assert panel.take_dirty() is None
    small = LifePanel({"rows": 7, "cols": 9}, cell_size=2)
    assert small.raster.shape == (14, 18)


def test_apply_draws_alive_and_dirty_is_the_changed_cells():
    events = blinker_events()
    panel = LifePanel({"rows": 7, "cols": 7, "generations": 3}, cell_size=5)
    panel.take_dirty()
    panel.apply(events[0])
    assert [cell_colour(panel, 3, c) for c in range(1, 6)] == [DEAD, ALIVE, ALIVE, ALIVE, DEAD]
    assert panel.take_dirty() == (15, 20, 10, 25)
    assert panel.caption() == "gen 0 · pop 3"
    panel.apply(events[1])
    assert panel.take_dirty() == (10, 25, 10, 25)      # rows 2..4, cols 2..4
    assert cell_colour(panel, 2, 3) == ALIVE and cell_colour(panel, 3, 2) == DEAD
    assert panel.caption() == "gen 1 · pop 3"
    panel.apply(Milestone("ignored"))
    assert panel.take_dirty() is None


def test_colour_changes_show_births_and_deaths():
    events = blinker_events()
    panel = LifePanel({"rows": 7, "cols": 7, "generations": 3, "colour_changes": True}, 4)
    panel.apply(events[0])
    panel.apply(events[1])
    assert cell_colour(panel, 2, 3) == BORN and cell_colour(panel, 3, 2) == DIED
    assert cell_colour(panel, 3, 3) == ALIVE
    panel.apply(events[2])
    assert cell_colour(panel, 2, 3) == DIED and cell_colour(panel, 3, 2) == BORN


def test_grid_lines_stay():
    events = blinker_events()
    panel = LifePanel({"rows": 7, "cols": 7, "generations": 3}, 6)
    for event in events:
        panel.apply(event)
    assert (panel.raster[::6, :] == INDEX["grid"]).all()
    assert (panel.raster[:, ::6] == INDEX["grid"]).all()


def test_chart_grows_below_the_grid():
    rng = np.random.default_rng(0)
    grid = (rng.random((20, 20)) < 0.4).astype(np.uint8)
    events = list(evolve(grid, "conway", Surface("torus", 20, 20), 40))
    panel = LifePanel({"rows": 20, "cols": 20, "generations": 40, "chart": True}, 4)
    assert panel.raster.shape[0] > 20 * 4 + 1
    chart = panel.raster[panel.chart_y0:]
    counts = []
    for event in events:
        panel.apply(event)
        panel.take_dirty()
        counts.append(int((chart == INDEX["chart"]).sum()))
    assert counts[0] >= 1 and counts[-1] > counts[5] > counts[0]
    assert (chart == INDEX["text"]).any()           # the axes
    # stepping back redraws the chart up to that generation
    panel.apply(events[5])
    assert int((chart == INDEX["chart"]).sum()) == counts[5]


def test_save_population_chart(tmp_path):
    path = save_population_chart({"conway": [5, 6, 7], "highlife": [5, 4, 3]},
                                 tmp_path / "pop.png", title="population")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    save_population_chart([1, 2, 3], tmp_path / "one.png")
    assert (tmp_path / "one.png").exists()
