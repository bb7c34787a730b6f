"""Panels that form a table get one header per column (above the first row) and one per row
(at its left) instead of a title each: the layout's exact places, the schema's located
errors, `life_surfaces_compared` filling a 1280x720 slide with cells of at least 4 pixels,
and the window, the HTML player and the question cards on a table."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from visualizer import pipeline
import streams
from visualizer import scenario as sc
from visualizer.export.html import decode
from streams import resolve
from tiers import shipped_scenario
from visualizer.render.canvas import (PAD, ROW_HEADER_LINES, Canvas, plan_layout,
                                      row_header_lines)
from visualizer.render.cards import legend_box, panel_box, question_card
from visualizer.render.palette import INDEX
from visualizer.render.text import line_metrics, text_width
from visualizer.window.player import Player

ROOT = Path(__file__).resolve().parents[1]
SLIDE = (1280, 720)


class Block:
    """A panel of one colour: all the canvas needs of a renderer."""

    def __init__(self, h: int, w: int) -> None:
        self.raster = np.full((h, w), INDEX["passage"], dtype=np.uint8)

    def apply(self, event: object) -> None: ...

    def take_dirty(self) -> None:
        return None

    def caption(self) -> str:
        return ""

    def snapshot(self) -> "Block":
        return self


ROWS, COLUMNS = ("torus", "Klein bottle"), ("Conway", "HighLife", "Day & Night")


def table_canvas(**options) -> Canvas:
    panels = [Block(40 + 10 * (i // 3), 60 + 5 * (i % 3)) for i in range(6)]
    return Canvas(panels, [f"TITLE {i}" for i in range(6)], headers=(ROWS, COLUMNS),
                  **options)


def test_headers_sit_above_the_columns_and_left_of_the_rows():
    canvas = table_canvas(columns=1)          # the table's shape wins over `columns`
    lay, size = canvas.layout, canvas.title_size
    title_h = line_metrics(size, True)[1]
    assert lay.columns == 3
    assert lay.left == max(text_width(r, size, True) for r in ROWS) + 16
    assert lay.row_title == (title_h, 0)      # only the first row has a band: the headers
    assert lay.column_headers == tuple((c,) for c in COLUMNS)
    assert lay.row_headers == tuple((r,) for r in ROWS)
    # the heading, 3 column headers, 2 row headers: no panel title is drawn
    assert len(canvas.text_boxes) == 5
    columns, rows = canvas.text_boxes[:3], canvas.text_boxes[3:]
    for c, (y0, y1, x0, x1) in enumerate(columns):
        slot = canvas.slots[c]
        assert (y0, y1) == (slot.y - PAD - title_h, slot.y - PAD)
        assert x0 == slot.x_text + (slot.width - text_width(COLUMNS[c], size, True)) // 2
        assert x1 <= slot.x_text + slot.width
    for r, (y0, y1, x0, x1) in enumerate(rows):
        slot = canvas.slots[3 * r]
        assert y0 == slot.y + (lay.row_panel[r] - title_h) // 2 and y1 == y0 + title_h
        assert x1 == slot.x - 16 and x0 >= 12       # right-aligned, a gap from its row
    assert canvas.slots[0].x_text == 12 + lay.left
    assert canvas.titles == [f"TITLE {i}" for i in range(6)]   # still the panels' names


def test_text_appears_only_in_the_headers():
    canvas = table_canvas()
    text = canvas.frame == INDEX["text"]
    for y0, y1, x0, x1 in canvas.text_boxes:
        text[y0:y1, x0:x1] = False
    assert not text.any()
    assert canvas.layout.width == canvas.shape[1] and canvas.layout.height == canvas.shape[0]


def test_without_headers_the_layout_is_the_titled_one():
    panels = [Block(40, 60) for _ in range(4)]
    titled = Canvas(panels, ["a", "b", "c", "d"], columns=2)
    assert titled.layout.left == 0 and not titled.layout.column_headers
    assert len(titled.text_boxes) == 4 and titled.slots[0].x_text == 12


def test_a_long_row_header_wraps_and_its_row_grows_never_cut():
    size = 16
    title_h = line_metrics(size, True)[1]
    label = "the real projective plane, both pairs twisted"
    lines = row_header_lines([label, "torus"], size)[0]
    assert len(lines) > 1 and " ".join(lines) == label
    assert all(text_width(line, size, True) <= ROW_HEADER_LINES * title_h for line in lines)
    lay = plan_layout([(10, 60), (10, 60)], ["", ""], [], heading="", columns=2, margin=12,
                      gap=16, title_size=size, caption_size=13, headers=([label], ["a", "b"]))
    assert lay.row_panel == (len(lines) * title_h,)
    assert lay.left == max(text_width(line, size, True) for line in lines) + 16


def test_a_table_must_hold_its_panels():
    with pytest.raises(ValueError, match="2 rows and 3 columns holds 6 panels, not 5"):
        Canvas([Block(10, 10) for _ in range(5)], [""] * 5, headers=(ROWS, COLUMNS))


# -- the scenario syntax -------------------------------------------------------------------

def life(surface: str = "torus", rule: str = "conway") -> dict:
    return {"cell_size": 4, "life": {"rows": 8, "cols": 8, "surface": surface, "rule": rule,
                                     "generations": 4, "init": {"random": 0.4}}}


TABLE = {"title": "rules by surfaces", "seed": 3,
         "table": {"rows": ["torus", "Klein bottle"], "columns": ["Conway", "HighLife"]},
         "panels": [life(s, r) for s in ("torus", "klein") for r in ("conway", "highlife")]}


def errors(raw: dict) -> list[str]:
    with pytest.raises(sc.ScenarioError) as caught:
        sc.parse(raw, Path("t.yaml"))
    return caught.value.errors


def test_a_table_names_its_panels_by_row_and_column():
    scenario = sc.parse(TABLE, Path("t.yaml"))
    assert scenario.table == (("torus", "Klein bottle"), ("Conway", "HighLife"))
    assert scenario.columns == 2
    assert [p.title for p in scenario.panels] == [
        "torus · Conway", "torus · HighLife", "Klein bottle · Conway", "Klein bottle · HighLife"]
    assert sc.parse({**TABLE, "columns": 2}, Path("t.yaml")).columns == 2


def test_a_wrong_table_is_a_located_error():
    assert errors({**TABLE, "panels": TABLE["panels"][:3]}) == [
        "t.yaml: panels: expected 4 panels for the table's 2 rows × 2 columns (listed row by "
        "row), got 3"]
    titled = [dict(TABLE["panels"][0], title="Conway on a torus"), *TABLE["panels"][1:]]
    assert errors({**TABLE, "panels": titled}) == [
        "t.yaml: panels[0].title: a panel in a table has no title: the table's row and "
        "column headers name it"]
    assert errors({**TABLE, "columns": 3}) == [
        "t.yaml: columns: expected 2 (the table's columns) or no `columns`, got 3"]
    assert errors({**TABLE, "table": {"rows": ["torus", ""], "columns": ["a", "b"]}}) == [
        "t.yaml: table.rows[1]: expected a label (text of 1 to 100 characters), got ''"]
    assert errors({**TABLE, "table": {"rows": [], "columns": ["a"], "cols": 1}}) == [
        "t.yaml: table.cols: unknown option; expected one of rows, columns",
        "t.yaml: table.rows: expected a list of 1 to 8 labels, got []"]
    assert errors({**TABLE, "table": {"rows": ["a"]}}) == [
        "t.yaml: table.columns: a list of 1 to 8 labels (required)"]
    alone = {"title": "one", "table": {"rows": ["a"], "columns": ["b"]}, **life()}
    assert errors(alone) == [
        "t.yaml: table: a table needs its panels listed under `panels:`, row by row"]


def test_every_shipped_table_validates_and_names_each_panel_once():
    tables = [shipped_scenario(p) for p in sorted((ROOT / "scenarios").glob("*.yaml"))]
    tables = [s for s in tables if s.table is not None]
    assert {s.path.stem for s in tables} >= {"life_surfaces_compared"}
    for scenario in tables:
        rows, columns = scenario.table
        assert len(scenario.panels) == len(rows) * len(columns)
        assert len({p.title for p in scenario.panels}) == len(scenario.panels)


# -- the lesson: twelve grids on a slide ----------------------------------------------------

def slide_canvas(name: str):
    scenario = sc.load(ROOT / "scenarios" / f"{name}.yaml")
    scenario.size = SLIDE                      # as `run.py --size 1280x720`
    return scenario, streams.make_canvas(scenario)


def test_life_surfaces_compared_fills_a_slide_with_4_pixel_cells():
    scenario, canvas = slide_canvas("life_surfaces_compared")
    assert canvas.shape == (720, 1280)
    assert len(canvas.panels) == 12 and all(p.cell_size >= 4 for p in canvas.panels)
    covered = sum(p.rows * p.cols * p.cell_size ** 2 for p in canvas.panels) / (1280 * 720)
    assert covered >= 0.4, covered
    lay = canvas.layout
    assert [" ".join(lines) for lines in lay.column_headers] == list(scenario.table[1])
    assert [" ".join(lines) for lines in lay.row_headers] == list(scenario.table[0])
    assert canvas.title_size == 720 // 28 and canvas.shortened == []
    panels = [(s.y, s.y + p.raster.shape[0], s.x, s.x + p.raster.shape[1])
              for s, p in zip(canvas.slots, canvas.panels)]
    for y0, y1, x0, x1 in canvas.text_boxes:     # inside the slide, over no grid
        assert 0 <= y0 and y1 <= 720 and 0 <= x0 and x1 <= 1280
        assert all(y1 <= a or b <= y0 or x1 <= c or d <= x0 for a, b, c, d in panels)
    # the grids are one table: the columns line up, the rows too
    assert len({s.x for s in canvas.slots[::4]}) == 1 and len({s.y for s in canvas.slots[:4]}) == 1


# -- the window, the HTML player and the questions on a table -------------------------------

def test_the_window_steps_a_table_back_exactly():
    scenario = sc.parse(TABLE, Path("t.yaml"))

    def player(every: int) -> Player:
        ready = pipeline.prepare(scenario)
        return Player(ready.canvas(), list(ready.transcripts), every=every)

    forward, pictures = player(10**9), []
    for _ in range(forward.last + 1):
        pictures.append(forward.frame.copy())
        forward.step(1)
    assert not np.array_equal(pictures[0], pictures[-1])
    jumping = player(3)
    for position in range(jumping.last, -1, -1):
        jumping.seek(position)
        assert np.array_equal(jumping.frame, pictures[position]), position


def test_the_html_player_plays_a_table(tmp_path):
    scenario = sc.parse({**TABLE, "output": str(tmp_path / "t.html")}, tmp_path / "t.yaml")
    page = decode(pipeline.render(scenario).path.read_text())
    assert len(page.frames) > 1
    assert page.frames[0].shape == streams.make_canvas(
        sc.parse(TABLE, Path("t.yaml"))).shape


def test_question_cards_stay_in_their_table_cell():
    raw = {**TABLE, "size": "1280x720", "panels": [dict(p) for p in TABLE["panels"]]}
    raw["panels"][3]["questions"] = [{"kind": "next_generation", "at": {"generation": 2}}]
    scenario = sc.parse(raw, Path("t.yaml"))
    canvas = streams.make_canvas(scenario)
    asked, problems = resolve(scenario)
    assert not problems and [a.panel for a in asked] == [3]
    legend = legend_box(canvas)
    assert legend is not None and legend[1] <= canvas.shape[0]
    own = panel_box(canvas, 3)
    card = question_card(canvas.frame.copy(), canvas, asked[0])
    ys, xs = np.nonzero(card != canvas.frame)
    assert own[0] <= ys.min() and ys.max() < own[1] and own[2] <= xs.min() and xs.max() < own[3]
    assert not (legend[0] <= ys.max() and ys.min() < legend[1])
