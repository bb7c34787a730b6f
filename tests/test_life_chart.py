"""The Life panel's population chart reads from the back of the room: axis titles and tick
labels at caption size, a y scale fixed from the first frame, the current generation
marked, and only what changes redrawn."""
import numpy as np
import pytest

from visualizer import pipeline
import streams
from visualizer.life.engine import evolve
from visualizer.render.life_panel import LifePanel
from visualizer.render.palette import INDEX
from visualizer.render.text import line_metrics, text_mask, text_width
from visualizer.scenario import load
from visualizer.surfaces import Surface
from visualizer.window.snapshot import restore, snapshot

TEXT, CHART = INDEX["text"], INDEX["chart"]

SCENARIO = """
title: Life
seed: 3
fps: 10
panels:
  - title: torus
    cell_size: 5
    life: {rows: 24, cols: 24, surface: torus, rule: conway, generations: 60,
           init: {random: 0.35}, chart: true, colour_changes: true}
"""


def soup_events(n=24, gens=60, seed=0):
    grid = (np.random.default_rng(seed).random((n, n)) < 0.4).astype(np.uint8)
    return list(evolve(grid, "conway", Surface("torus", n, n), gens))


def chart_panel(events, text_size=13, population_max="run", n=24):
    peak = max(e.population for e in events) if population_max == "run" else population_max
    return LifePanel({"rows": n, "cols": n, "generations": len(events) - 1, "chart": True},
                     5, text_size=text_size, population_max=peak)


def chart(panel):
    return panel.raster[panel.chart_y0:panel.chart_y0 + panel.chart_height]


def gutter(panel):
    """The chart's y tick labels: everything left of the ticks on the y axis."""
    return chart(panel)[:, :panel._axis_x - panel._tick]


def ink_height(mask):
    rows = np.flatnonzero(mask.any(axis=1))
    return 0 if rows.size == 0 else int(rows[-1] - rows[0] + 1)


def contains(area, text, size):
    """Whether the 1-bit picture of `text` at `size` appears in `area` as TEXT pixels."""
    mask = text_mask(text, size)[:, :text_width(text, size)]
    ink = area == TEXT
    h, w = mask.shape
    for y in range(ink.shape[0] - h + 1):
        for x in range(ink.shape[1] - w + 1):
            if np.array_equal(ink[y:y + h, x:x + w] & mask, mask):
                return True
    return False


def marker_column(panel):
    """The plot column holding the generation marker's dashed line."""
    py0, py1, px0, px1 = panel._chart_box()
    counts = (chart(panel)[py0:py1, px0:px1] == TEXT).sum(axis=0)
    return px0 + int(counts.argmax())


def test_y_scale_labels_are_the_same_in_the_first_and_the_last_frame(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO)
    scenario = load(path)
    canvas = streams.make_canvas(scenario)
    panel, slot = canvas.panels[0], canvas.slots[0]
    y0 = slot.y + panel.chart_y0
    area = (slice(y0, y0 + panel.chart_height),
            slice(slot.x, slot.x + panel._axis_x - panel._tick))
    pictures = [frame.image[area].copy() for frame in pipeline.scenario_frames(scenario,
                                                                              canvas)]
    assert len(pictures) > 10
    assert (pictures[0] == TEXT).sum() > 20                   # labels from the first frame
    assert all(np.array_equal(pictures[0], p) for p in pictures)
    assert contains(pictures[0], str(panel.chart_scale()), 13)
    assert contains(pictures[0], "0", 13)


@pytest.mark.parametrize("text_size", [13, 18, 27])
def test_axis_titles_and_tick_labels_at_caption_size(text_size):
    events = soup_events()
    panel = chart_panel(events, text_size)
    for event in events[:10]:
        panel.apply(event)
    area = chart(panel)
    _, line_h = line_metrics(text_size)
    for title in ("population", "generation"):
        assert contains(area, title, text_size), title
        assert ink_height(text_mask(title, text_size)) >= 0.6 * text_size
    assert ink_height(area[:line_h, panel._axis_x + 1:] == TEXT) >= 0.6 * text_size
    assert ink_height(area[-line_h:] == TEXT) >= 0.6 * text_size
    labels = gutter(panel) == TEXT
    assert contains(gutter(panel), str(panel.chart_scale()), text_size)
    top_label = labels[:panel._py0 + line_h // 2]
    assert ink_height(top_label) >= 0.6 * text_size
    assert contains(area[-line_h:], str(len(events) - 1), text_size)


def test_chart_grows_with_the_text_size():
    events = soup_events()
    small, large = chart_panel(events, 13), chart_panel(events, 27)
    assert large.chart_height >= 1.8 * small.chart_height
    assert large.raster.shape[0] - small.raster.shape[0] == \
        large.chart_height - small.chart_height + (27 // 3 - 4)
    with pytest.raises(ValueError, match="text size"):
        chart_panel(events, 0)


def test_the_generation_marker_moves_with_the_generation():
    events = soup_events()
    panel = chart_panel(events)
    columns = []
    for event in events:
        panel.apply(event)
        columns.append(marker_column(panel))
    assert columns == sorted(columns) and columns[-1] > columns[0]
    assert len(set(columns)) > len(events) // 2
    # the dot sits on the curve's end, at the current population
    dot = panel._xy(events[-1].index, events[-1].population)
    assert chart(panel)[dot] == TEXT
    # stepping back moves it back, leaving nothing behind
    panel.apply(events[5])
    assert marker_column(panel) == columns[5]
    fresh = chart_panel(events)
    for event in events[:6]:
        fresh.apply(event)
    assert np.array_equal(fresh.raster, panel.raster)


def test_the_scale_is_a_round_number_at_or_above_the_runs_maximum(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO)
    spec = load(path).panels[0]
    peak = max(e.population for e in streams.panel_stream(spec))
    panel = streams.panel_renderer(spec)
    top = panel.chart_scale()
    assert top >= peak
    assert any(top == m * 10 ** k for m in (1, 2, 5) for k in range(8))
    assert top / peak <= 2.5                                   # the smallest such number
    assert streams.panel_renderer(spec, 27).text_size == 27
    # the scale stays through the run
    for event in streams.panel_stream(spec):
        panel.apply(event)
    assert panel.chart_scale() == top


def test_without_a_maximum_the_scale_is_still_fixed():
    events = soup_events()
    panel = chart_panel(events, population_max=None)
    top = panel.chart_scale()
    assert top >= 24 * 24 // 2
    before = gutter(panel).copy()
    for event in events:
        panel.apply(event)
    assert panel.chart_scale() == top and np.array_equal(gutter(panel), before)
    # a population beyond the scale rescales once, to the whole grid
    small = chart_panel(events, population_max=10)
    scales = [small.chart_scale()]
    for event in events:
        small.apply(event)
        scales.append(small.chart_scale())
    assert scales[0] == 10 and set(scales) == {10, 1000}       # 1000 >= 24 x 24
    assert np.array_equal(gutter(small), gutter(chart_panel(events, population_max=1000)))


def test_the_chart_redraws_only_what_changes():
    grid = np.zeros((24, 24), np.uint8)
    grid[5:7, 5:7] = 1                                          # a block: nothing moves
    still = list(evolve(grid, "conway", Surface("torus", 24, 24), 60))
    panel = chart_panel(still)
    for event in still[:20]:
        panel.apply(event)
    panel.take_dirty()
    panel.apply(still[20])
    y0, y1, x0, x1 = panel.take_dirty()
    assert x1 - x0 <= 3 * (2 * (13 // 6) + 1)                   # the marker's old and new place
    assert panel.chart_y0 <= y0 < y1 <= panel.chart_y0 + panel.chart_height
    events = soup_events()
    panel = chart_panel(events)
    for event in events[:21]:
        panel.apply(event)
    # a raster redrawn from nothing matches the incremental one
    whole = chart_panel(events)
    for event in events[:21]:
        whole.apply(event)
    assert np.array_equal(whole.raster, panel.raster)
    assert (chart(panel) == CHART).sum() > 20


def test_a_snapshot_continues_like_the_original():
    events = soup_events()
    panel = chart_panel(events)
    for event in events[:15]:
        panel.apply(event)
    saved = snapshot(panel)
    for event in events[15:]:
        panel.apply(event)
    again = restore(saved)
    assert not np.array_equal(again.raster, panel.raster)
    for event in events[15:]:
        again.apply(event)
    assert np.array_equal(again.raster, panel.raster)
    assert np.array_equal(again._base, panel._base)


def test_the_chart_can_sit_beside_the_grid_as_tall_as_it():
    from visualizer.events import Generation
    spec = {"rows": 12, "cols": 16, "generations": 20, "chart": True}
    below = LifePanel(spec, cell_size=8, text_size=13, population_max=100)
    beside = LifePanel(spec, cell_size=8, text_size=13, population_max=100,
                       chart_beside=True)
    framed_h = 12 * 8 + 1 + 2 * beside.edge
    assert beside.raster.shape[0] == max(framed_h, beside.chart_height)
    assert beside.raster.shape[1] > below.raster.shape[1]
    assert beside.raster.shape[0] < below.raster.shape[0]
    grid = np.zeros((12, 16), np.uint8)
    grid[2, 2:5] = 1
    for k in range(3):
        event = Generation(k, grid, grid > 0, grid < 0, int(grid.sum()))
        beside.apply(event)
    # the chart's pixels are right of the grid, none below it
    chart = beside.raster[:, beside.chart_x0:]
    assert (chart == INDEX["chart"]).any() and (chart == INDEX["text"]).any()
    assert beside.chart_x0 >= beside.ox + beside.grid_w + beside.edge


def test_a_wide_slide_puts_a_lone_life_chart_beside_its_grid():
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    scenario = load(root / "scenarios" / "life_gun_torus.yaml")
    cells = scenario.panels[0].cell_size
    scenario.size = (1280, 720)
    ready = pipeline.prepare(scenario)
    canvas = ready.canvas()
    assert ready.panels[0].chart_beside
    assert canvas.panels[0].raster.shape[1] > 0.85 * 1280
    assert ready.panels[0].cell_size > cells


def test_a_chart_line_is_linspace_rounded():
    """The chart's curves step from point to point as `np.rint(np.linspace(...))` does."""
    from visualizer.render.life_chart import _line

    for a, b, n in [(0, 0, 1), (3, 3, 4), (0, 5, 6), (10, 2, 5), (0, 3, 7), (7, -4, 12)]:
        assert _line(a, b, n) == np.rint(np.linspace(a, b, n)).astype(int).tolist()


def test_text_is_drawn_where_its_mask_has_ink():
    """A line of text sets exactly its mask's pixels (clipped), leaving the rest."""
    from visualizer.render.text import draw_text, text_mask

    raster = np.full((20, 40), 7, dtype=np.uint8)
    rect = draw_text(raster, "step 12", 3, 5, 2, 13, max_width=30)
    mask = text_mask("step 12", 13)
    h, w = min(mask.shape[0], 17), min(mask.shape[1], 30)
    expected = np.full((20, 40), 7, dtype=np.uint8)
    expected[3:3 + h, 5:5 + w][mask[:h, :w]] = 2
    assert (raster == expected).all() and rect == (3, 3 + mask.shape[0], 5, 35)
