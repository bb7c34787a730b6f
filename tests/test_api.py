"""The front door `visualizer.api`: its doctests, its errors, saving every format, and a
light `import visualizer`."""
from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import visualizer as viz
from visualizer import api
from visualizer.export.html import decode
from visualizer.scenario import ScenarioError

ROOT = Path(__file__).resolve().parents[1]
TINY = {"maze": {"rows": 3, "cols": 4, "cell_size": 6}, "generator": "kruskal",
        "solver": "bfs", "seed": 2}


def test_doctests(monkeypatch):
    monkeypatch.chdir(ROOT)               # the examples name scenarios/kruskal.yaml
    result = doctest.testmod(api, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15 and result.failed == 0


def test_import_loads_no_matplotlib_nor_pyav():
    code = ("import sys, visualizer; print(sorted(m for m in ('matplotlib', 'av', 'PIL') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"


def test_generate_is_seeded_and_checks_its_arguments():
    a, b = viz.maze(5, 5), viz.maze(5, 5)
    assert list(viz.generate(a, "kruskal", seed=9)) == list(viz.generate(b, "kruskal", seed=9))
    with pytest.raises(ValueError, match="generator `primm` is not known; use one of .*kruskal"):
        viz.generate(viz.maze(2, 2), "primm")
    with pytest.raises(ValueError, match="has no option 'speed'"):
        viz.solve(viz.maze(2, 2), "bfs", speed=2)
    with pytest.raises(ValueError, match="surface `donut` must be one of plane"):
        viz.maze(2, 2, "donut")
    with pytest.raises(ValueError, match="life.rule"):
        viz.run_life(4, 4, rule="B9/S99x")


def test_scenario_from_a_file_a_dict_and_keywords_with_overrides():
    s = viz.make_scenario(ROOT / "scenarios" / "kruskal.yaml", seed=11)
    assert s.seed == 11 and s.path.name == "kruskal.yaml"
    d = viz.make_scenario(TINY, seed=5)
    assert d.seed == 5 and d.panels[0].solver.name == "bfs"
    with pytest.raises(ScenarioError) as caught:
        viz.make_scenario({**TINY, "fps": 7, "maze": {"rows": "x", "cols": 2}})
    assert len(caught.value.errors) == 2
    assert all(line.startswith("scenario: ") for line in caught.value.errors)
    with pytest.raises(TypeError):
        viz.make_scenario(42)


def test_a_file_is_read_as_run_py_reads_it(tmp_path):
    """One YAML reader: a duplicate key and a byte that is not UTF-8 are located refusals
    from the API as from `run.py`, not a silent last-wins or a UnicodeDecodeError."""
    twice = tmp_path / "twice.yaml"
    twice.write_text("maze: {rows: 3, cols: 3}\ngenerator: kruskal\ngenerator: prim\n")
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"maze: {rows: 3, cols: 3}\ngenerator: kruskal\ntitle: \x80\n")
    for path, message in ((twice, "line 3, column 1: the key `generator` appears twice "
                                  "(first on line 2); keep one"),
                          (binary, "line 3, column 8: expected UTF-8 text, got the byte 0x80; "
                                   "save the file as UTF-8")):
        with pytest.raises(ScenarioError) as caught:
            viz.make_scenario(path)
        assert caught.value.errors == [f"{path}: {message}"]
        with pytest.raises(ScenarioError):
            viz.render(path)
        from visualizer.cli import main

        assert main([str(path), "--stats"]) == 2


def test_keywords_meet_the_rules_and_the_budget_of_the_keys_they_replace(tmp_path):
    """Keywords are merged into the document before validation: a bad one is located by
    its key, and one that makes the scenario too big is refused by the budget."""
    path = tmp_path / "s.yaml"
    path.write_text("maze: {rows: 3, cols: 3}\ngenerator: kruskal\n")
    with pytest.raises(ScenarioError) as caught:
        viz.make_scenario(path, size="banana", clock="sometimes")
    assert [e.split(": ", 2)[1] for e in caught.value.errors] == ["clock", "size"]
    with pytest.raises(ScenarioError) as caught:
        viz.render(path, maze={"rows": 1000, "cols": 1000, "cell_size": 64})
    assert "maze.cell_size: the panel would be" in caught.value.errors[0]
    from visualizer.choices import Clock

    assert viz.make_scenario(path, clock="progress").clock is Clock.PROGRESS


def test_save_checks_its_writer_options_like_the_scenario_keys(tmp_path):
    anim = viz.render(TINY)
    with pytest.raises(ScenarioError) as caught:
        anim.save(tmp_path / "a.html", fit="huge", colour=1)
    assert caught.value.errors == [
        "scenario: colour: unknown option; expected one of autoplay, speed, fit, controls, "
        "questions_as",
        "scenario: fit: expected one of width, whole, none, got 'huge'"]
    with pytest.raises(ScenarioError, match="this takes no options"):
        anim.save(tmp_path / "a.png", fit="whole")
    assert not list(tmp_path.iterdir())


def test_save_every_format_and_the_player_matches_the_gif(tmp_path):
    anim = viz.render(TINY)
    gif = anim.save(tmp_path / "a.gif")
    page = anim.save(tmp_path / "a.html", autoplay=False)
    png = anim.save(tmp_path / "a.png")
    mp4 = anim.save(tmp_path / "a.mp4")
    assert mp4.stat().st_size > 0
    got = decode(page.read_text())
    assert got.meta["autoplay"] is False
    with Image.open(gif) as im:
        assert im.n_frames == len(got.frames)
        im.seek(im.n_frames - 1)
        last = np.asarray(im.convert("RGB"))
    assert np.array_equal(got.palette[got.frames[-1]], last)
    with Image.open(png) as im:
        assert np.array_equal(np.asarray(im.convert("RGB")), last)
    with pytest.raises(ValueError, match="extension must be one of .gif, .mp4, .html, .png"):
        anim.save(tmp_path / "a.webm")
    assert anim.scenario.panels[0].maze.rows == 3     # saving left the scenario as it was


def test_notebook_display_player_or_gif():
    anim = viz.render(TINY)
    shown = anim._repr_html_()
    assert shown.startswith("<style>") and 'class="vz-player"' in shown
    assert "<body" not in shown and anim._repr_html_() is shown     # drawn once
    plain = viz.render(TINY, embed="gif")._repr_html_()
    assert plain.startswith('<img alt="animation"') and "data:image/gif;base64,R0lG" in plain
    with pytest.raises(ValueError, match="embed `video` must be one of player, gif"):
        viz.render(TINY, embed="video")


def test_events_are_the_panels_stream():
    anim = viz.render(TINY)
    events = list(anim.events(0))
    assert type(events[0]).__name__ == "GridCreated"
    assert type(events[-1]).__name__ == "Statistics"
    assert events == list(anim.events(0))


def test_render_stays_the_function_after_the_drawing_is_loaded():
    code = ("import visualizer, visualizer.render.canvas, visualizer.pipeline; "
            "from visualizer import scenario; print(callable(visualizer.render), "
            "type(scenario).__name__)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.split() == ["True", "module"]


def test_the_readme_python_section_runs_and_uses_the_front_door(tmp_path, monkeypatch):
    import re

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Using it from Python"):text.index("### The HTML player")]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert "from visualizer." not in code and "import visualizer as viz" in code
    (tmp_path / "scenarios").symlink_to(ROOT / "scenarios")
    monkeypatch.chdir(tmp_path)
    space: dict = {}
    exec(compile(code, "README.md", "exec"), space)
    assert decode((tmp_path / "output" / "lesson.html").read_text()).frames
    assert space["scenario"].seed == 7 and space["path"].cells[-1] == (9, 14)
