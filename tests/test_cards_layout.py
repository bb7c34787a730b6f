"""Question cards stay inside their own panel's rectangle: over every shipped ask_*.yaml
scenario and a three-column comparison on a 1280x720 slide, each card's changed pixels lie
inside the asked panel's box and touch neither another panel's caption lines nor the legend
band; the words are all there, none cut, and the true answer's outline stays visible."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import streams
from visualizer.render.cards import (
    answer_card, caption_box, card_layout, cell_box, highlight, legend_box, panel_box,
    question_card)
from visualizer.render.palette import INDEX
from streams import resolve
from visualizer.scenario import load, parse

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").glob("ask_*.yaml"))

COMPARISON = {
    "title": "three at once", "seed": 5, "size": "1280x720", "columns": 3,
    "steps_per_frame": 4,
    "panels": [
        {"title": "backtracker", "maze": {"rows": 8, "cols": 10, "cell_size": 12},
         "generator": "backtracker",
         "questions": [{"kind": "next_cell", "auto": 2}]},
        {"title": "Kruskal", "maze": {"rows": 8, "cols": 10, "cell_size": 12},
         "generator": "kruskal",
         "questions": [{"kind": "merge_or_reject", "auto": 1},
                       {"kind": "how_many", "count": "sets", "auto": 1}]},
        {"title": "Conway", "cell_size": 10,
         "life": {"rows": 10, "cols": 10, "surface": "torus", "generations": 6,
                  "init": {"random": 0.35}},
         "questions": [{"kind": "next_generation", "at": {"generation": 2}}]},
    ]}


def _cases():
    for path in SCENARIOS:
        yield pytest.param(lambda p=path: load(p, out=Path("/tmp") / (p.stem + ".gif")),
                           id=path.stem)
    yield pytest.param(lambda: parse({**COMPARISON, "output": "/tmp/three.gif"},
                                     Path("three.yaml")), id="three_columns_1280x720")


def _meets(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def _outlined(frame: np.ndarray, canvas, a, answer: bool) -> np.ndarray:
    """`frame` with only the cells a card outlines (the card's box left out)."""
    out = frame.copy()
    shown = set(a.answer.shown) if answer else set()
    highlight(out, canvas, a.panel, [c for c in a.cells if c not in shown], INDEX["considered"])
    highlight(out, canvas, a.panel, shown, INDEX["goal"])
    return out


def _changed_box(before: np.ndarray, after: np.ndarray):
    ys, xs = np.nonzero(before != after)
    return int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1


@pytest.mark.parametrize("make", list(_cases()))
def test_cards_stay_inside_their_panel(make):
    scenario = make()
    canvas = streams.make_canvas(scenario)
    asked, errors = resolve(scenario)
    assert not errors and asked
    if scenario.size is not None:
        assert canvas.shape == (scenario.size[1], scenario.size[0])
    legend = legend_box(canvas)
    frame = canvas.frame.copy()
    if legend is not None:                    # the band holds the legend's swatches
        band = frame[legend[0]:legend[1], legend[2]:legend[3]]
        assert (band != INDEX["background"]).sum() > 100
        below = frame[legend[1]:]
        assert (below == INDEX["background"]).all()
    for a in asked:
        own = panel_box(canvas, a.panel)
        others = [caption_box(canvas, i) for i in range(len(canvas.panels)) if i != a.panel]
        cards = [(question_card(frame, canvas, a, countdown=3), False),
                 (question_card(frame, canvas, a), False), (answer_card(frame, canvas, a), True)]
        for card, answer in cards:
            y0, y1, x0, x1 = box = _changed_box(_outlined(frame, canvas, a, answer), card)
            assert own[0] <= y0 and y1 <= own[1] and own[2] <= x0 and x1 <= own[3], \
                (a.prompt, box, own)
            assert not any(_meets(box, other) for other in others), (a.prompt, box)
            assert legend is None or not _meets(box, legend), (a.prompt, box, legend)
        # every word of the prompt and of the explanation is on the cards, none cut
        for paragraphs in ([(a.prompt, True, 1), ("3 …", True, 2)],
                           [("Answer: " + a.answer.words, True, 1), (a.explanation, False, 1)]):
            lines, _ = card_layout(canvas, a.panel, paragraphs, a.cells)
            words = [w for line, _, _ in lines for w in line.split()]
            assert words[:len(paragraphs[0][0].split())] == paragraphs[0][0].split() \
                or "(any of these)" in " ".join(words)
            assert " ".join(words).endswith(" ".join(paragraphs[1][0].split()))


@pytest.mark.parametrize("make", list(_cases()))
def test_the_answer_outline_is_not_under_the_card(make):
    scenario = make()
    canvas = streams.make_canvas(scenario)
    asked, _ = resolve(scenario)
    frame = canvas.frame
    for a in asked:
        card = answer_card(frame, canvas, a)
        slot = canvas.slots[a.panel]
        for cell in a.answer.shown:
            y0, _, x0, x1 = cell_box(canvas.panels[a.panel], cell)
            ring = card[slot.y + y0 - 2, slot.x + x0:slot.x + x1]   # 1 px above the cell
            assert (ring == INDEX["goal"]).all(), (a.prompt, cell)


def test_the_asked_cell_is_outlined_apart_from_its_own_colour():
    """The current cell is `considered` orange, like the question's ring: a ring of the
    background parts them, so the ring shows around the very cell it asks about."""
    frame = np.full((40, 40), INDEX["passage"], dtype=np.uint8)

    class Renderer:
        cell_size, oy, ox = 8, 0, 0

    class Slot:
        y = x = 10

    class Canvas:
        panels, slots = [Renderer()], [Slot()]

    frame[10:18, 10:18] = INDEX["considered"]          # cell (0, 0), drawn at (10, 10)
    highlight(frame, Canvas(), 0, [(0, 0)], INDEX["considered"])
    assert (frame[10:18, 10:18] == INDEX["considered"]).all()        # the cell is untouched
    assert (frame[9, 9:19] == INDEX["background"]).all()             # the halo
    assert (frame[8, 8:20] == INDEX["considered"]).all()             # the ring
