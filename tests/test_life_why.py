"""The why overlay: each explained cell's live-neighbour count as the engine counts it,
what the rule does with it, and the neighbours counted across a seam."""
import pathlib

import numpy as np
import pytest

from visualizer.events import Side, Verdict, Why
from visualizer.life.engine import Stepper, step
from visualizer.life.rules import parse_rule
from visualizer.life.why import explain, neighbourhood, verdict, why
from visualizer.record import record
from visualizer.render.legend import entries
from visualizer.render.life_panel import LifePanel
from visualizer.render.life_why import CAPTION_CELLS, _ink, caption, digit_size
from visualizer.render.palette import INDEX
from visualizer.scenario import ScenarioError, parse
from visualizer.surfaces import SURFACE_NAMES, make_surface


@pytest.mark.parametrize("name", SURFACE_NAMES)
def test_the_verdicts_are_the_engines_next_generation(name):
    rng = np.random.default_rng(7)
    for h, w in ((5, 5), (6, 9), (1, 4), (3, 3)):
        if name == "sphere" and h != w:
            continue
        surface = make_surface(name, h, w)
        for rule in ("B3/S23", "B36/S23", "B1/S012345678", "B12345678/S", "B3678/S34678"):
            grid = (rng.random((h, w)) < 0.5).astype(np.uint8)
            cells = [(r, c) for r in range(h) for c in range(w)]
            fates = [x.verdict in (Verdict.BORN, Verdict.SURVIVES)
                     for x in explain(grid, rule, surface, cells)]
            assert np.array_equal(np.reshape(fates, (h, w)), step(grid, rule, surface) != 0)



@pytest.mark.parametrize("name", SURFACE_NAMES)
@pytest.mark.parametrize("rule", ["B0/S8", "B03/S23", "B0123478/S01234678"])
def test_b0_verdicts_count_the_planes_background(name, rule):
    """Under B0 the cells outside a plane hold the rule's background: the verdicts of
    generation k are the engine's generation k+1 there too."""
    surface = make_surface(name, 5, 5)
    grid = (np.random.default_rng(3).random((5, 5)) < 0.4).astype(np.uint8)
    cells = [(r, c) for r in range(5) for c in range(5)]
    stepper = Stepper(grid, rule, surface)
    for k in range(3):
        fates = [x.verdict in (Verdict.BORN, Verdict.SURVIVES)
                 for x in explain(stepper.grid(), rule, surface, cells, k)]
        stepper.step()
        assert np.array_equal(np.reshape(fates, (5, 5)), stepper.grid() != 0), k

def test_verdict_words():
    conway = parse_rule("B3/S23")
    assert [verdict(conway, False, n) for n in (2, 3)] == [Verdict.STAYS_DEAD, Verdict.BORN]
    assert [verdict(conway, True, n) for n in (1, 2, 3, 4)] == \
        [Verdict.LONELY, Verdict.SURVIVES, Verdict.SURVIVES, Verdict.CROWDED]
    assert verdict(parse_rule("B3/S24"), True, 3) == Verdict.DIES       # between 2 and 4
    assert verdict(parse_rule("B3/S"), True, 0) == Verdict.DIES
    assert Why((0, 0), False, 3, Verdict.BORN).text() == "3 → born"
    assert Why((0, 0), True, 4, Verdict.CROWDED).text() == "4 → dies: crowded"


def test_neighbours_across_the_seams_are_named_with_their_edge():
    torus = make_surface("torus", 6, 6)
    grid = np.zeros((6, 6), np.uint8)
    grid[5, 0] = grid[0, 5] = grid[5, 5] = grid[1, 1] = 1
    w = why(grid, "B3/S23", torus, (0, 0))
    assert (w.count, w.verdict) == (4, Verdict.STAYS_DEAD)
    assert sorted(w.across) == sorted([((5, 0), Side.N), ((5, 5), Side.N), ((0, 5), Side.W)])
    plane = make_surface("plane", 6, 6)
    assert why(grid, "B3/S23", plane, (0, 0)).count == 1
    assert all(place is None for place, _ in neighbourhood(plane, (0, 0))[:3])


def test_a_klein_twist_mirrors_the_neighbour():
    klein = make_surface("klein", 8, 8)
    grid = np.zeros((8, 8), np.uint8)
    grid[0, 0] = 1                       # below (7, 7) across the twist: column 7 -> 0
    w = why(grid, "B3/S23", klein, (7, 7))
    assert w.count == 1 and w.across == (((0, 0), Side.S),)


def scenario(**life):
    return parse({"panels": [{"cell_size": 30, "life": {"rows": 8, "cols": 8, **life}}]},
                 pathlib.Path("s.yaml"))


def test_the_spec_takes_cells_or_a_region_with_located_errors():
    spec = scenario(why={"from": [6, 1], "to": [7, 3]}).panels[0].life
    assert spec.why == ((6, 1), (6, 2), (6, 3), (7, 1), (7, 2), (7, 3))
    assert scenario(why=[[1, 2], [1, 2], [0, 0]]).panels[0].life.why == ((1, 2), (0, 0))
    for bad, words in (([[9, 0]], "panels[0].life.why: expected cells inside the 8x8 grid, "
                                  "got [9, 0]"),
                       ({"from": [3, 3], "to": [1, 1]}, "with `from` above and left of `to`"),
                       ("all", "expected a list of cells [[row, col], …] or a region")):
        with pytest.raises(ScenarioError) as err:
            scenario(why=bad)
        assert any(words in line for line in err.value.errors), err.value.errors


def draw(**life):
    spec = scenario(init={"pattern": "blinker", "at": [0, 2]}, generations=2, **life).panels[0]
    panel = LifePanel(spec.life, cell_size=30)
    transcript = record(spec)
    return panel, transcript


def block(panel, cell):
    r, c = cell
    cs = panel.cell_size
    return panel.raster[panel.oy + r * cs + 1:panel.oy + (r + 1) * cs,
                        panel.ox + c * cs + 1:panel.ox + (c + 1) * cs]


def test_the_overlay_writes_counts_outlines_and_seam_dots():
    panel, transcript = draw(why=[[7, 3], [1, 0]])
    event = transcript[0]
    assert [w.text() for w in event.why] == ["3 → born", "0 → stays dead"]
    panel.apply(event)
    born = block(panel, (7, 3))
    assert (born[0] == INDEX["why_born"]).all()            # outlined: born next
    assert (born[5:-5, 5:-5] == INDEX["text"]).any()       # its count, in ink
    quiet = block(panel, (1, 0))
    assert not (quiet == INDEX["why_born"]).any() and not (quiet == INDEX["why_dies"]).any()
    for cell in ((0, 2), (0, 3), (0, 4)):                  # counted across the top edge
        assert block(panel, cell)[0, 0] == INDEX["glue_a"]
    assert panel.caption() == ("gen 0 · pop 3 · (7, 3): 3 → born (3 across a seam, dotted) · "
                               "(1, 0): 0 → stays dead")
    words = " ".join(e.label for e in entries(panel.drawn_colours()))
    assert "outlined: born next" in words


def test_the_overlay_moves_on_and_snapshots_keep_it():
    panel, transcript = draw(why=[[7, 3]])
    panel.apply(transcript[0])
    saved = panel.snapshot()
    panel.apply(transcript[1])                              # (7, 3) alive now, dies next
    assert (block(panel, (7, 3))[0] == INDEX["why_dies"]).all()
    assert block(panel, (0, 2))[0, 0] != INDEX["glue_a"]    # (0, 2) died: no dot left
    saved.apply(transcript[1])
    assert np.array_equal(saved.raster, panel.raster)
    fresh, _ = draw(why=[[7, 3]])
    fresh.apply(transcript[1])
    assert np.array_equal(fresh.raster, panel.raster)


def test_many_cells_caption_says_what_the_marks_mean():
    whys = tuple(Why((0, k), False, 0, Verdict.STAYS_DEAD) for k in range(CAPTION_CELLS + 1))
    assert caption(whys) == "in a cell: its live neighbours · dotted: a neighbour across a seam"
    assert caption(()) == ""


def test_digits_fit_their_cell():
    assert digit_size(8) == 0
    for cs in (12, 20, 40, 64):
        size = digit_size(cs)
        assert size > 0 and max(_ink(size, "8").shape) <= cs * 3 // 5
        assert max(_ink(size + 1, "8").shape) > min(cs - 6, cs * 3 // 5)


def test_why_is_refused_for_a_rule_without_birth_and_survival_counts():
    with pytest.raises(ScenarioError) as err:
        scenario(rule="/2/3", why=[[1, 1]])
    assert any("panels[0].life.why: explains the live neighbours of a two-state rule" in line
               and "Generations rule" in line for line in err.value.errors), err.value.errors
