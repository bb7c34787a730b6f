"""Grids in scenarios (issue 23, steps 4 and 5): `grid:` and `mask:` in a maze section;
bad grid input refused with its place (exit 2, nothing written); the shipped grid
scenarios rendered, at 1280x720 too."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from tiers import tiered
from visualizer import cli
from visualizer.scenario import ScenarioError, parse

MAZE = "maze: {{{maze}}}\ngenerator: {generator}\nsolver: bfs\n"


def scenario(maze: str, generator: str = "backtracker") -> dict:
    import yaml

    return yaml.safe_load(MAZE.format(maze=maze, generator=generator))


@pytest.mark.parametrize("maze, generator, where, words", [
    ("grid: octagon, rows: 4, cols: 4", "backtracker", "maze.grid", "one of square, hex"),
    ("grid: hex, rows: 4, cols: 5, surface: torus", "backtracker", "maze.grid",
     "even number of columns"),
    ("grid: triangle, rows: 3, cols: 4, surface: torus", "backtracker", "maze.grid",
     "even number of columns and of rows"),
    ("grid: polar, rows: 4, cols: 1, surface: torus", "backtracker", "maze.grid",
     "plane only"),
    ("grid: hex, rows: 4, cols: 4", "sidewinder", "generator.name",
     "cannot run on a hex grid"),
    ("grid: hex, rows: auto, cols: 4", "backtracker", "maze.rows", "plain square grid only"),
    ("grid: polar, rows: 4, cols: 1, view: neighbourhood", "backtracker", "maze.view",
     "not drawn on a polar grid"),
    ("grid: hex, rows: 2, cols: 2, mask: ['..', '.X'], view: neighbourhood", "backtracker",
     "maze.view", "without a mask only"),
    ("grid: hex, rows: 2, cols: 4, surface: klein, view: neighbourhood", "backtracker",
     "maze.view", "on klein they are mirrored"),
    ("grid: hex, rows: 2, cols: 3, surface: klein", "backtracker", "maze.grid",
     "Klein bottle needs an even number of columns"),
    ("rows: 2, cols: 3, mask: ['..X', 'XX.']", "backtracker", "maze.mask",
     "row 1, column 2 cannot be reached"),
    ("rows: 2, cols: 3, mask: ['XXX', 'XXX']", "backtracker", "maze.mask", "leaves no cell"),
    ("rows: 2, cols: 3, mask: ['...', '..']", "backtracker", "maze.mask",
     "row 1 has 2 characters"),
    ("rows: 3, cols: 3, mask: ['...', '...']", "backtracker", "maze.mask",
     "2 rows x 3 columns but the grid is 3 x 3"),
    ("rows: 2, cols: 3, mask: 7", "backtracker", "maze.mask", "a list of strings"),
])
def test_bad_grid_input_is_located(maze, generator, where, words, tmp_path):
    with pytest.raises(ScenarioError) as info:
        parse(scenario(maze, generator), tmp_path / "s.yaml")
    text = str(info.value)
    assert where in text and words in text, text


def test_mask_files_text_png_and_refused(tmp_path):
    (tmp_path / "m.txt").write_text("X..\n...\n")
    picture = np.full((2, 3, 3), 255, dtype=np.uint8)
    picture[0, 0] = 0
    Image.fromarray(picture).save(tmp_path / "m.png")
    (tmp_path / "m.bin").write_bytes(bytes(range(200)))
    for name in ("m.txt", "m.png"):
        spec = parse(scenario(f"grid: hex, rows: 2, cols: 3, mask: {name}"),
                     tmp_path / "s.yaml").panels[0]
        assert spec.maze.mask == ("X..", "...") and spec.maze.grid == "hex"
    with pytest.raises(ScenarioError, match="neither text"):
        parse(scenario("rows: 2, cols: 3, mask: m.bin"), tmp_path / "s.yaml")
    with pytest.raises(ScenarioError, match="outside the scenario's folder"):
        parse(scenario("rows: 2, cols: 3, mask: /etc/passwd"), tmp_path / "s.yaml")


def test_a_bad_grid_exits_2_and_writes_nothing(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("maze: {grid: hex, rows: 4, cols: 5, surface: torus}\n"
                    "generator: backtracker\n")
    out = tmp_path / "out" / "bad.gif"
    assert cli.main([str(path), "--out", str(out)]) == 2
    assert "even number of columns" in capsys.readouterr().err
    assert not out.exists() and not (tmp_path / "out").exists()


GRID_SCENARIOS = ["grids_compared", "grids_mask", "grids_hex_torus", "grids_polar_distance",
                  "grids_ask_hex", "grids_torus_neighbourhood", "grids_mask_files"]


#: whole `run.py` renders: the full suite (every grid is drawn and exported in the fast tier
#: by smaller tests)
@pytest.mark.parametrize("name", tiered(GRID_SCENARIOS, lambda n: False))
def test_the_grid_scenarios_render_at_1280x720(name, tmp_path):
    out = tmp_path / f"{name}.gif"
    assert cli.main([f"scenarios/{name}.yaml", "--out", str(out), "--size", "1280x720"]) == 0
    with Image.open(out) as gif:
        assert gif.size == (1280, 720) and gif.n_frames > 100


def test_a_click_lands_on_the_hexagon_triangle_or_sector_clicked():
    """Every cell's question box (`cell_box`, where a click is aimed) has its middle on
    that cell, on every grid."""
    from visualizer.render.cards import cell_box
    from visualizer.render.maze_panel import MazePanel
    import visualizer as viz

    for kind, rows, cols in (("hex", 5, 6), ("triangle", 4, 7), ("polar", 5, 1)):
        maze = viz.maze(rows, cols, grid=kind)
        panel = MazePanel(rows, maze.cols, cell_size=12, wall=2, grid=maze.grid)
        for cell in maze.grid.cells:
            y0, y1, x0, x1 = cell_box(panel, cell)
            assert panel.cell_at((y0 + y1) / 2, (x0 + x1) / 2) == cell, (kind, cell)


def test_a_next_cell_question_on_hexagons_is_answered_by_hex_neighbours():
    """Every answer of the shipped hex question is a hexagon next to the cell asked about
    (the backtracker's: any of its unvisited neighbours)."""
    import visualizer as viz
    from visualizer.pipeline import prepare
    from visualizer.scenario import load

    scenario = load("scenarios/grids_ask_hex.yaml")
    m = scenario.panels[0].maze
    grid = viz.maze(m.rows, m.cols, m.surface, grid=m.grid).grid
    asked = prepare(scenario).asked
    assert len(asked) >= 3
    for question in asked:
        cell = question.cells[0]
        near = {there for _, there in grid.neighbours(cell)}
        assert set(question.answer.accepted) <= near, question
