"""Slides are filled: `--size`, the columns chosen, `rows: auto`, and `solve_together`."""
from __future__ import annotations

from pathlib import Path

import imageio.v3 as iio
import pytest

from dataclasses import replace

from visualizer import pipeline, plan
from visualizer.record import record
import streams
from visualizer import scenario as sc
from visualizer.cli import main
from tiers import tiered

ROOT = Path(__file__).resolve().parents[1]


def content_share(canvas) -> tuple[float, float]:
    """The share of the frame's width and height the layout (titles to legend) uses."""
    h, w = canvas.shape
    return canvas.layout.width / w, canvas.layout.height / h


def test_the_default_scenario_fills_a_16_9_slide_both_ways():
    scenario = replace(sc.load(ROOT / "scenarios" / "default.yaml"), size=(1280, 720))
    canvas = streams.make_canvas(scenario)
    width, height = content_share(canvas)
    assert width >= 0.85 and height >= 0.85, (width, height)


@pytest.mark.parametrize("cell_size, small_size, large_size", tiered(
    [(16, "640x360", "960x540"), (12, "960x540", "1920x1080")],
    lambda case: case[2] != "1920x1080",       # 70 x 135 cells: seconds of CPU to plan
    lambda case: f"{case[1]}-{case[2]}", spread=True))
def test_auto_mazes_fill_their_slots_and_grow_with_the_canvas(cell_size, small_size,
                                                              large_size):
    def dims(size):
        scenario = sc.parse({"size": size, "maze": {"rows": "auto", "cols": "auto",
                                                     "cell_size": cell_size},
                             "generator": "kruskal", "solver": "bfs"}, Path("x.yaml"))
        ready = pipeline.prepare(scenario)
        canvas = ready.canvas()
        maze = ready.panels[0].maze
        return maze.rows, maze.cols, content_share(canvas)

    small, large = dims(small_size), dims(large_size)
    assert large[0] > small[0] and large[1] > small[1]
    for _, _, (width, height) in (small, large):
        assert max(width, height) >= 0.97 and min(width, height) >= 0.85


def test_auto_rows_keep_fixed_cols_and_the_sphere_square():
    scenario = sc.parse({"size": "1280x720", "maze": {"rows": "auto", "cols": 12},
                         "generator": "backtracker"}, Path("x.yaml"))
    maze = pipeline.prepare(scenario).panels[0].maze
    assert maze.cols == 12 and maze.rows > 12
    sphere = sc.parse({"maze": {"rows": "auto", "cols": "auto", "surface": "sphere"},
                       "generator": "kruskal"}, Path("x.yaml"))
    ready = pipeline.prepare(sphere)
    assert ready.panels[0].maze.rows == ready.panels[0].maze.cols > 4
    assert ready.canvas().shape == sc.AUTO_CANVAS[::-1]
    assert sphere.size is None, "the scenario is not changed"


@pytest.mark.parametrize("raw, message", [
    ({"maze": {"rows": "auto", "cols": 9, "surface": "sphere"}, "generator": "kruskal"},
     "make both rows and cols auto"),
    ({"maze": {"rows": "auto", "cols": 9}, "generator": "kruskal",
      "endpoints": {"entrance": [0, 0], "exit": [1, 1]}}, "rows or cols are auto"),
    ({"maze": {"rows": "many", "cols": 9}, "generator": "kruskal"}, "or auto"),
    ({"size": "12x3", "maze": {"rows": 3, "cols": 9}, "generator": "kruskal"},
     "a canvas size WxH"),
])
def test_auto_and_size_mistakes_are_located(raw, message):
    with pytest.raises(sc.ScenarioError) as caught:
        sc.parse(raw, Path("x.yaml"))
    assert any(message in error for error in caught.value.errors), caught.value.errors


def test_size_on_the_command_line(tmp_path, capsys):
    out = tmp_path / "k.gif"
    assert main([str(ROOT / "scenarios" / "kruskal.yaml"), "--size", "960x540",
                 "--out", str(out)]) == 0
    assert iio.improps(out, index=0).shape[:2] == (540, 960)
    path = ROOT / "scenarios" / "kruskal.yaml"
    assert main([str(path), "--size", "wide", "--out", str(tmp_path / "w.gif")]) == 2
    assert capsys.readouterr().err.startswith(f"{path}: --size: expected a canvas size WxH")
    assert not (tmp_path / "w.gif").exists()


def test_the_layout_picks_the_columns_that_make_cells_largest():
    scenario = replace(sc.load(ROOT / "scenarios" / "endpoints.yaml"), size=(1280, 720))
    base = scenario.panels[0].maze.cell_size
    ready = pipeline.prepare(scenario)
    chosen = ready.panels[0].maze.cell_size
    assert chosen > base
    transcripts = [record(spec) for spec in scenario.panels]
    text = plan.text_sizes(scenario.size).caption_size
    settings = plan.caption_settings(scenario, scenario.panels, [len(t) for t in transcripts],
                                     [t.building for t in transcripts])
    looks = [pipeline.look_of(spec, t, text, s)
             for spec, t, s in zip(scenario.panels, transcripts, settings)]
    arr = plan.Arrangement(scenario, tuple(scenario.panels), tuple(looks), tuple(transcripts),
                           None, scenario.size)
    for columns in range(1, len(scenario.panels) + 1):
        # one pixel more per cell fits in no number of columns
        bigger = [plan.scaled(spec, (chosen + 1) / base, False) for spec in scenario.panels]
        assert not arr.fits(bigger, columns), columns
    assert arr.fits([plan.scaled(spec, chosen / base, False) for spec in scenario.panels],
                    ready.plan.columns)


def test_solve_together_builds_every_maze_before_any_solves():
    scenario = sc.load(ROOT / "scenarios" / "threshold.yaml")
    assert scenario.solve_together
    ready = pipeline.prepare(scenario)
    built = [t.building for t in ready.transcripts]
    steps = [frame.steps for frame in pipeline.scenario_frames(ready)]
    # no frame has one panel solving while another is still building
    for counts in steps:
        building = [n < b for n, b in zip(counts, built)]
        solving = [n > b for n, b in zip(counts, built)]
        assert not (any(building) and any(solving)), counts
    # and one frame shows every maze built, none of them solving yet
    assert any(all(n == b for n, b in zip(counts, built)) for counts in steps)
