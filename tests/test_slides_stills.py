"""Slide presets, stills and key-frame strips."""
import textwrap

import imageio.v3 as iio
import numpy as np
import pytest
from PIL import Image

from visualizer.cli import main
from streams import prepare
from visualizer.render.palette import INDEX
from visualizer.scenario import load

TWO = """
    title: Two mazes
    size: {size}
    steps_per_frame: 40
    panels:
      - {{title: A, maze: {{rows: 6, cols: 8}}, generator: backtracker, solver: bfs}}
      - {{title: B, maze: {{rows: 6, cols: 8}}, generator: kruskal, solver: bfs}}
"""


def scenario_file(tmp_path, size="960x540"):
    path = tmp_path / "two.yaml"
    path.write_text(textwrap.dedent(TWO.format(size=size)))
    return path


@pytest.mark.parametrize("size,expected", [("960x540", (540, 960)), ("1280x720", (720, 1280)),
                                           ("1920x1080", (1080, 1920))])
def test_slide_canvas_has_the_preset_size_and_centred_panels(tmp_path, size, expected):
    scenario = load(scenario_file(tmp_path, size))
    ready = prepare(scenario)
    canvas = ready.canvas()
    assert canvas.shape == expected
    drawn = np.argwhere(canvas.frame != INDEX["background"])
    top, left = drawn.min(axis=0)
    bottom, right = expected[0] - 1 - drawn.max(axis=0)[0], expected[1] - 1 - drawn.max(axis=0)[1]
    assert abs(left - right) <= 0.1 * expected[1]
    assert abs(top - bottom) <= 0.2 * expected[0]
    # the panels were scaled up to fill the slide: the mazes use most of its width
    assert right + left < 0.25 * expected[1]
    assert ready.panels[0].maze.cell_size > 10


def test_mp4_slides_use_even_cell_sizes(tmp_path):
    scenario = load(scenario_file(tmp_path), out=tmp_path / "x.mp4")
    assert all(p.maze.cell_size % 2 == 0 for p in prepare(scenario).panels)


@pytest.mark.slow
def test_too_many_cells_for_the_slide_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    path.write_text("size: 960x540\nmaze: {rows: 400, cols: 900}\ngenerator: kruskal\n"
                    "duration: 10\n")   # within the frame budget: the slide is the problem
    assert main([str(path), "--out", str(tmp_path / "big.gif")]) == 2
    assert "size: the panels do not fit in 960x540" in capsys.readouterr().err
    assert not (tmp_path / "big.gif").exists()


def test_still_and_strip(tmp_path):
    out = tmp_path / "two.gif"
    assert main([str(scenario_file(tmp_path)), "--out", str(out), "--still",
                 "--strip", "3"]) == 0
    pictures = iio.imread(out, index=None)
    still = np.asarray(Image.open(tmp_path / "two.png").convert("RGB"))
    assert np.array_equal(still, pictures[-1][:, :, :3])
    strip = Image.open(tmp_path / "two_strip.png")
    assert strip.mode == "P"
    assert strip.size[0] >= 3 * 960 and strip.size[1] == 540
