"""The Life panel: palette raster, births/deaths colours, dirty rectangles, the chart."""
import itertools

import numpy as np

from visualizer.events import Milestone
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
    return panel.raster[panel.oy + r * cs + cs // 2, panel.ox + c * cs + cs // 2]


def test_raster_shape_and_cells():
    panel = LifePanel({"rows": 7, "cols": 9, "generations": 3}, cell_size=6, edges=False)
    assert panel.raster.dtype == np.uint8 and panel.raster.shape == (7 * 6 + 1, 9 * 6 + 1)
    assert panel.take_dirty() == (0, 43, 0, 55)
    assert panel.take_dirty() is None
    small = LifePanel({"rows": 7, "cols": 9}, cell_size=2, edges=False)
    assert small.raster.shape == (14, 18)
    framed = LifePanel({"rows": 7, "cols": 9}, cell_size=2)
    assert framed.raster.shape == (14 + 2 * framed.edge, 18 + 2 * framed.edge)


def test_apply_draws_alive_and_dirty_is_the_changed_cells():
    events = blinker_events()
    panel = LifePanel({"rows": 7, "cols": 7, "generations": 3}, cell_size=5, edges=False)
    panel.take_dirty()
    panel.apply(events[0])
    assert [cell_colour(panel, 3, c) for c in range(1, 6)] == [DEAD, ALIVE, ALIVE, ALIVE, DEAD]
    assert panel.take_dirty() == (15, 20, 10, 25)
    assert panel.caption() == "gen 0 · pop 3"
    panel.apply(events[1])
    assert panel.take_dirty() == (10, 25, 10, 25)      # rows 2..4, cols 2..4
    framed = LifePanel({"rows": 7, "cols": 7, "generations": 3}, cell_size=5)
    framed.take_dirty()
    framed.apply(events[0])
    e = framed.edge
    assert framed.take_dirty() == (15 + e, 20 + e, 10 + e, 25 + e)
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
    panel = LifePanel({"rows": 7, "cols": 7, "generations": 3}, 6, edges=False)
    for event in events:
        panel.apply(event)
    assert (panel.raster[::6, :] == INDEX["grid"]).all()
    assert (panel.raster[:, ::6] == INDEX["grid"]).all()


def arrow_of(panel, side):
    """Which way the arrowhead on `side` of the grid points: >, <, v or ^."""
    e, h, w, oy, ox = panel.edge, panel.grid_h, panel.grid_w, panel.oy, panel.ox
    band = {"top": panel.raster[oy - e:oy, ox:ox + w],
            "bottom": panel.raster[oy + h:oy + h + e, ox:ox + w],
            "left": panel.raster[oy:oy + h, ox - e:ox],
            "right": panel.raster[oy:oy + h, ox + w:ox + w + e]}
    ys, xs = np.nonzero(band[side] == INDEX["background"])
    if side in ("top", "bottom"):
        wide = np.bincount(xs).argmax()
        return ">" if wide == xs.min() else "<"
    wide = np.bincount(ys).argmax()
    return "v" if wide == ys.min() else "^"


def test_glued_edges_colour_and_arrows():
    def panel(name, cell_size=4):
        return LifePanel({"rows": 8, "cols": 8, "surface": Surface(name, 8, 8)}, cell_size)

    glue_a, glue_b = INDEX["glue_a"], INDEX["glue_b"]
    expect = {
        "torus": (">", ">", "v", "v"), "klein": (">", "<", "v", "v"),
        "klein_lr": (">", ">", "v", "^"), "projective": (">", "<", "v", "^"),
        "sphere": (">", ">", "v", "v"),
    }
    for (name, arrows), cell_size in itertools.product(expect.items(), (4, 16)):
        p = panel(name, cell_size)
        assert tuple(arrow_of(p, side) for side in ("top", "bottom", "left", "right")) == arrows
        e = p.edge
        top, left = p.raster[0, e + 1], p.raster[e + 1, 0]
        bottom, right = p.raster[-1, e + 1], p.raster[e + 1, -1]
        if name == "sphere":
            assert top == left == glue_a and bottom == right == glue_b
        else:
            assert top == bottom == glue_a and left == right == glue_b
    plane = panel("plane")
    assert plane.raster[0, 0] == INDEX["wall"] and plane.raster[-1, -1] == INDEX["wall"]


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
    # the first point hides under the generation marker's dot; the curve then grows
    assert counts[-1] > counts[5] > counts[1] >= 1
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


def test_tiny_grids_with_chart_and_edges():
    for h, w in [(1, 1), (1, 5), (3, 1), (2, 2)]:
        for cell_size in (1, 2, 4):
            for edges in (True, False):
                for name in ("torus", "plane", "sphere" if h == w else "klein"):
                    surface = Surface(name, h, w)
                    panel = LifePanel({"rows": h, "cols": w, "generations": 5, "chart": True,
                                       "colour_changes": True, "surface": surface},
                                      cell_size, edges=edges)
                    for event in evolve(np.ones((h, w), np.uint8), "daynight", surface, 5):
                        panel.apply(event)
                        y0, y1, x0, x1 = panel.take_dirty()
                        assert 0 <= y0 < y1 <= panel.raster.shape[0]
                        assert 0 <= x0 < x1 <= panel.raster.shape[1]
                    assert cell_colour(panel, 0, 0) in (ALIVE, DEAD, BORN, DIED)
