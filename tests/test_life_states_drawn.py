"""Rules of more than two states drawn: each state its own colour (runs of states when there
are more than the slots), the legend's words from the rule, a table's @COLORS as the theme's."""
import numpy as np
import pytest

from visualizer.life.family_parse import parse_family_rule
from visualizer.life.rule_table import RULE_DIRS
from visualizer.life.stepping import evolve_any
from visualizer.render.life_panel import LifePanel
from visualizer.render.life_states import (STATE_SLOTS, rule_colours, shown_states,
                                           state_colours, state_runs, state_words)
from visualizer.render.palette import INDEX, make_theme
from visualizer.surfaces import Surface

needs_golly_rules = pytest.mark.skipif(not (RULE_DIRS[0] / "WireWorld.rule").is_file(),
                                       reason="Golly's Rules folder is not installed")


def test_states_take_the_slots_in_runs():
    assert state_runs(2) == [] and state_runs(3) == [(2, 2)]
    assert state_runs(6) == [(2, 2), (3, 3), (4, 4), (5, 5)]
    assert state_runs(10) == [(2, 3), (4, 5), (6, 7), (8, 9)]
    assert state_runs(256)[-1] == (192, 255)
    colours = state_colours(parse_family_rule("345/2/4"))
    assert colours[:4].tolist() == [INDEX["dead"], INDEX["alive"], INDEX["state_2"],
                                    INDEX["state_3"]]
    conway = state_colours(parse_family_rule("B3/S23"))
    assert conway[0] == INDEX["dead"] and set(conway[1:].tolist()) == {INDEX["alive"]}


def test_generations_words_name_every_state():
    assert state_words(parse_family_rule("345/2/4")) == {
        "alive": "alive (state 1)", "state_2": "dying: state 2", "state_3": "dying: state 3"}
    assert state_words(parse_family_rule("B3/S23")) == {}
    many = state_words(parse_family_rule("/2/12"))
    assert many["state_2"] == "dying: states 2–3" and many["state_5"] == "dying: states 9–11"


@needs_golly_rules
def test_tables_use_their_names_and_colours():
    wire = parse_family_rule("WireWorld")
    assert state_words(wire) == {"alive": "electron tail (1)", "state_2": "electron head (2)",
                                 "state_3": "copper wire (3)"}
    assert rule_colours([parse_family_rule("B3/S23"), wire]) == {
        "dead": "#303030", "alive": "#0080ff", "state_2": "#ffffff", "state_3": "#ff8000"}
    ant = parse_family_rule("Langtons-Ant")      # every ant state black, like state 1
    assert rule_colours([ant]) == {"dead": "#ffffff", "alive": "#000000"}
    assert state_words(ant)["state_2"] == "states 2–3"
    theme = make_theme("light", rule_colours([wire]))
    assert tuple(theme.colours[INDEX["state_3"]]) == (255, 128, 0)


def test_the_panel_paints_each_state_and_expects_its_colours():
    rule = parse_family_rule("345/2/4")
    grid = np.zeros((6, 6), dtype=np.uint8)
    grid[1, 1], grid[2, 2], grid[3, 3] = 1, 2, 3
    events = list(evolve_any(grid, rule, Surface("plane", 6, 6), 1))
    panel = LifePanel({"rows": 6, "cols": 6, "generations": 1, "rule": rule}, cell_size=5,
                      edges=False)
    panel.apply(events[0])
    cs = panel.cell_size

    def colour(r, c):
        return panel.raster[panel.oy + r * cs + 2, panel.ox + c * cs + 2]

    assert [colour(1, 1), colour(2, 2), colour(3, 3), colour(0, 0)] == \
        [INDEX["alive"], INDEX["state_2"], INDEX["state_3"], INDEX["dead"]]
    assert set(shown_states(rule)) <= set(panel.candidates(events))
    assert STATE_SLOTS[0] == "state_2"


@pytest.mark.parametrize("cell_size", [6, 10, 16])
def test_hexagonal_cells_touch_exactly_goldys_six_neighbours(cell_size):
    from scipy import ndimage

    rule = parse_family_rule("B2/S34H")
    panel = LifePanel({"rows": 7, "cols": 7, "generations": 1, "rule": rule},
                      cell_size=cell_size, edges=False)
    g = panel.geometry
    assert g.shear and g.grid_w == 7 * cell_size + 1 + 6 * cell_size // 2
    assert panel._hex is not None
    index = panel._hex
    r, c = 3, 3
    near = ndimage.binary_dilation(index == r * 7 + c, iterations=2)   # across a grid line
    touching = {divmod(int(i), 7) for i in np.unique(index[near]) if i >= 0} - {(r, c)}
    assert touching == {(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c),
                        (r + 1, c + 1)}


def test_a_hexagonal_run_paints_its_cells_where_the_geometry_puts_them():
    rule = parse_family_rule("B2/S34H")
    grid = np.zeros((5, 6), dtype=np.uint8)
    grid[4, 0] = grid[0, 5] = 1
    events = list(evolve_any(grid, rule, Surface("torus", 5, 6), 0))
    panel = LifePanel({"rows": 5, "cols": 6, "generations": 1, "rule": rule}, cell_size=8,
                      edges=False)
    panel.apply(events[0])
    area = panel.raster[panel.oy:panel.oy + panel.grid_h, panel.ox:panel.ox + panel.grid_w]
    alive = {divmod(int(i), 6) for i in np.unique(panel._hex[area == INDEX["alive"]])}
    assert alive == {(4, 0), (0, 5)}
    assert panel.geometry.row_shift(4) == 0 and panel.geometry.row_shift(0) == 16


def test_a_click_finds_the_hexagon_under_it():
    from visualizer.window.session import grid_cell_at

    rule = parse_family_rule("B2/S34H")
    panel = LifePanel({"rows": 5, "cols": 6, "generations": 1, "rule": rule}, cell_size=8,
                      edges=False)
    for r, c in [(0, 0), (0, 5), (4, 0), (2, 3)]:
        y = panel.oy + r * 8 + 4
        x = panel.ox + panel.geometry.row_shift(r) + c * 8 + 4
        assert grid_cell_at(panel, y, x) == (r, c)


@pytest.mark.parametrize("surface, colour", [("torus", "glue_b"), ("plane", "wall")])
def test_a_sheared_grid_is_banded_along_its_slanted_edges(surface, colour):
    rule = parse_family_rule("B2/S34H")
    panel = LifePanel({"rows": 6, "cols": 5, "generations": 1, "rule": rule,
                       "surface": Surface(surface, 6, 5)}, cell_size=8)
    g = panel.geometry
    row_w = 5 * 8 + 1
    for r in range(6):
        y = panel.oy + r * 8 + 4
        x = panel.ox + g.row_shift(r)
        assert panel.raster[y, x - 2] == INDEX[colour]              # left of the row
        assert panel.raster[y, x + row_w + 1] == INDEX[colour]      # right of the row
        if r < 5:                     # a staircase: left of the band is the background
            assert panel.raster[y, x - g.edge - 2] == INDEX["background"]
