"""Every frame explains itself: over every shipped scenario, the legend lists exactly the
colours the panels show, no text is cut, and a 16:9 slide is used."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest

from visualizer import pipeline
import streams
from tiers import shipped, shipped_names
from visualizer import scenario as sc
from visualizer.questions.schedule import CardFrame
from visualizer.render import legend
from visualizer.render.palette import ALIASES, INDEX, SIZE
from visualizer.render.wrap import ELLIPSIS, wrap

ROOT = Path(__file__).resolve().parents[1]
SLIDE = "1280x720"


@cache
def rendered(name: str, size: str | None = None):
    """The canvas and, per panel, the palette slots its raster area showed in any frame."""
    scenario = sc.load(ROOT / "scenarios" / f"{name}.yaml")
    if size:
        scenario.size = sc.parse_size(size)
    canvas = streams.make_canvas(scenario)
    seen = [np.zeros(SIZE, bool) for _ in canvas.panels]
    for frame in pipeline.scenario_frames(scenario, canvas):
        if isinstance(frame, CardFrame):   # a question's card is drawn over the frame
            continue
        for k, (slot, panel) in enumerate(zip(canvas.slots, canvas.panels)):
            h, w = panel.raster.shape
            area = frame.image[slot.y:slot.y + h, slot.x:slot.x + w]
            seen[k] |= np.bincount(area.ravel(), minlength=SIZE)[:SIZE] > 0
    return scenario, canvas, seen


@pytest.mark.parametrize("path", shipped())
def test_the_legend_lists_exactly_the_colours_shown(path):
    _, canvas, seen = rendered(path.stem)
    shown = set(np.flatnonzero(np.logical_or.reduce(seen)).tolist())
    same = {INDEX[n]: INDEX[group[0]] for group in ALIASES for n in group}   # one colour
    expected = {same.get(c, c) for e in legend.entries(shown) for c in e.colours}
    listed = {same.get(c, c) for e in canvas.legend for c in e.colours}
    assert listed == expected, (sorted(listed - expected), sorted(expected - listed))
    assert canvas.legend, "every shipped scenario explains its colours"


@pytest.mark.parametrize("path", shipped())
def test_no_text_is_cut(path):
    scenario, canvas, _ = rendered(path.stem)
    assert canvas.shortened == []
    assert_text_inside(canvas)
    for text in [scenario.title, *(spec.title for spec in scenario.panels)]:
        for width in (120, 300):
            lines = wrap(text, 16, width, bold=True)
            def bare(t: str) -> str:
                return t.replace(" ", "").replace("·", "")
            assert bare("".join(lines)) == bare(text)   # breaks drop only separators
            assert not any(line.endswith(ELLIPSIS) for line in lines) or text.endswith(ELLIPSIS)


@pytest.mark.parametrize("name", shipped_names())
def test_slides_are_landscape_and_text_is_not_cut(name):
    _, canvas, _ = rendered(name, SLIDE)
    assert canvas.shape == (720, 1280)
    assert canvas.shortened == []
    assert_text_inside(canvas)


def assert_text_inside(canvas) -> None:
    """Every heading and title line lies inside the frame and overlaps no panel."""
    h, w = canvas.shape
    panels = [(s.y, s.y + p.raster.shape[0], s.x, s.x + p.raster.shape[1])
              for s, p in zip(canvas.slots, canvas.panels)]
    for y0, y1, x0, x1 in canvas.text_boxes:
        assert 0 <= y0 and y1 <= h and 0 <= x0 and x1 <= w, (y0, y1, x0, x1, w)
        for py0, py1, px0, px1 in panels:
            assert y1 <= py0 or py1 <= y0 or x1 <= px0 or px1 <= x0


def spans(canvas) -> tuple[float, float]:
    """The share of the frame's width and height the panels' rasters span."""
    boxes = [(s.y, s.y + p.raster.shape[0], s.x, s.x + p.raster.shape[1])
             for s, p in zip(canvas.slots, canvas.panels)]
    h, w = canvas.shape
    return ((max(b[3] for b in boxes) - min(b[2] for b in boxes)) / w,
            (max(b[1] for b in boxes) - min(b[0] for b in boxes)) / h)


@pytest.mark.parametrize("path", shipped())
def test_a_slide_is_filled_along_one_dimension_at_least(path):
    scenario = sc.load(path)
    scenario.size = sc.parse_size(SLIDE)
    canvas = streams.make_canvas(scenario)
    width, height = spans(canvas)
    assert max(width, height) >= 0.65, (width, height)


def test_legend_off_draws_no_legend(tmp_path):
    scenario = sc.load(ROOT / "scenarios" / "kruskal.yaml")
    scenario.legend = False
    assert streams.make_canvas(scenario).legend == []


def test_legend_entries_follow_the_slots():
    from visualizer.render.palette import INDEX, SET_BASE
    entries = legend.entries({INDEX["stack"], INDEX["current"], SET_BASE, SET_BASE + 3,
                              INDEX["wall"], INDEX["background"]})
    assert [e.label for e in entries] == ["a set of joined cells (one colour each)",
                                          "current cell", "on the stack"]
    assert entries[0].colours == (SET_BASE, SET_BASE + 3)
    worded = legend.entries({INDEX["frontier"]}, {"frontier": "queued by BFS"})
    assert worded[0].label == "queued by BFS"


def test_a_comparison_legend_shows_each_colour_once():
    """Panels that name one colour differently (a carver's "not visited yet", a tree grower's
    "not in the maze yet"; the current cell and a random walker) share one swatch."""
    from visualizer.render.palette import ALIASES, INDEX

    canvas = streams.make_canvas(sc.load(ROOT / "scenarios" / "texture_compared.yaml"))
    alias = {INDEX[n]: INDEX[group[0]] for group in ALIASES for n in group}
    swatches = [tuple(alias.get(s, s) for s in e.colours) for e in canvas.legend]
    assert len(swatches) == len(set(swatches))
    labels = [e.label for e in canvas.legend]
    assert "not visited yet / not in the maze yet" in labels


def test_a_legend_entry_wider_than_the_line_wraps_its_words_and_cuts_none():
    entry = legend.Entry((INDEX["stack"],), "a set of joined cells (one colour each)")
    flowed = legend.lines([entry, legend.Entry((INDEX["current"],), "current cell")], 13, 150)
    texts = [[p.text for p in line] for line in flowed]
    assert " ".join(t for line in texts for t in line).startswith(entry.label)
    assert len(texts) >= 3 and [p.swatch for line in flowed for p in line][:2] == [True, False]
    assert all(sum(p.width(13) for p in line) <= 150 for line in flowed)
    frame = np.zeros((200, 150), dtype=np.uint8)
    boxes = legend.draw(frame, [entry], 0, 0, 150, 13)
    assert len(boxes) == len(legend.lines([entry], 13, 150)) and max(b[3] for b in boxes) <= 150
