"""The HTML player's file: the GIF's frames decoded back, milestones, options, limits."""
from __future__ import annotations

import re

import numpy as np
import pytest
from PIL import Image, ImageSequence

from visualizer import cli, pipeline
from visualizer.export import HtmlWriter, open_writer
from visualizer.export.html import decode, fragment, split_changes
from visualizer.render.palette import NAMES
from visualizer.scenario import ScenarioError, parse

TINY = {"title": "tiny", "seed": 1, "maze": {"rows": 4, "cols": 5, "cell_size": 6, "wall": 2},
        "generator": "backtracker", "solver": "bfs"}


def write(path, frames, palette, durations=None, dirties=None, marks=(), **options):
    h, w = frames[0].shape
    with open_writer(path, width=w, height=h, palette=palette, **options) as out:
        for k, f in enumerate(frames):
            out.write(f, duration=None if durations is None else durations[k],
                      dirty=None if dirties is None else dirties[k])
            if k in marks:
                out.mark(f"mark {k}")
    return out


def gif_frames(path):
    """The GIF's composited frames (RGB) and their durations in ms (Pillow)."""
    with Image.open(path) as im:
        frames, delays = [], []
        for f in ImageSequence.Iterator(im):
            frames.append(np.asarray(f.convert("RGB")))
            delays.append(f.info["duration"])
    return frames, delays


def test_frames_and_delays_are_the_gifs(tmp_path, frames, palette):
    durations = [0.04, 0.04, 0.06, 0.04, 0.04, 0.5, 0.04, 0.02, 0.04, 0.04, 0.04, 0.04, 1.0]
    write(tmp_path / "a.gif", frames, palette, durations)
    write(tmp_path / "a.html", frames, palette, durations)
    want, want_ms = gif_frames(tmp_path / "a.gif")
    got = decode((tmp_path / "a.html").read_text())
    assert len(got.frames) == len(want) == len(frames) - 2     # frames 4, 5 repeat frame 3
    for k, (mine, theirs) in enumerate(zip(got.frames, want)):
        assert np.array_equal(got.palette[mine], theirs), k
    assert [d * 10 for d in got.delays] == want_ms


def test_dirty_rectangles_give_the_same_frames(tmp_path, frames, palette):
    dirties = [None] + [(0, 30, 0, 41)] * (len(frames) - 1)
    write(tmp_path / "a.html", frames, palette)
    write(tmp_path / "b.html", frames, palette, dirties=dirties)
    a = decode((tmp_path / "a.html").read_text())
    b = decode((tmp_path / "b.html").read_text())
    assert all(np.array_equal(x, y) for x, y in zip(a.frames, b.frames))


def test_marks_name_the_merged_frame(tmp_path, frames, palette):
    out = write(tmp_path / "a.html", frames, palette, marks=(2, 5, 12))
    # frame 5 repeats frames 3 and 4, so it is shown as merged frame 3
    assert out.marks == [(2, "mark 2"), (3, "mark 5"), (10, "mark 12")]
    assert decode((tmp_path / "a.html").read_text()).marks == out.marks


def test_mark_before_any_frame_is_refused(tmp_path, palette):
    writer = HtmlWriter(tmp_path / "a.html", width=4, height=3, palette=palette)
    with pytest.raises(ValueError, match="write a frame first"):
        writer.mark("too early")
    writer.abort()
    assert list(tmp_path.iterdir()) == []


def test_page_is_self_contained_and_deterministic(tmp_path, frames, palette):
    write(tmp_path / "a.html", frames, palette)
    write(tmp_path / "b.html", frames, palette)
    page = (tmp_path / "a.html").read_text()
    assert page == (tmp_path / "b.html").read_text()
    # the one link is the empty inline icon, so that a server is not asked for /favicon.ico
    assert not re.search(r"https?://|<link(?! rel=\"icon\" href=\"data:,\">)|\bsrc=|@import|url\(",
                         page)
    assert page.count("<script") == 3 and "visualizerPlayer(" in page
    part = fragment(page)
    assert part.startswith("<style>") and "<body" not in part and "</html>" not in part


def test_split_changes_covers_each_change_and_splits_far_apart_ones():
    changed = np.zeros((40, 60), bool)
    changed[2, 3] = changed[2, 50] = changed[30, 3:6] = True
    rects = split_changes(changed)
    assert sorted(rects) == [(2, 3, 3, 4), (2, 3, 50, 51), (30, 31, 3, 6)]
    near = np.zeros((10, 10), bool)
    near[1, 1] = near[4, 6] = True
    assert split_changes(near) == [(1, 5, 1, 7)]


def test_writer_options_come_from_the_format_record_and_are_checked_by_the_schema(tmp_path):
    """The writer takes its defaults from `FORMATS["html"]` and checks nothing itself: the
    schema validates the options once, as scenario keys or as `save`'s keywords."""
    import inspect

    from visualizer.choices import QuestionsAs
    from visualizer.export import FORMATS
    from visualizer.scenario import writer_options

    signature = inspect.signature(HtmlWriter)
    for param in FORMATS["html"].options:
        assert signature.parameters[param.name].default == param.default, param.name
    assert FORMATS["html"].options[-1].default is QuestionsAs.ASK
    with pytest.raises(ScenarioError) as caught:
        writer_options("html", {"fit": "huge", "autoplay": "yes", "colour": 1},
                       tmp_path / "s.yaml")
    where = tmp_path / "s.yaml"
    assert caught.value.errors == [
        f"{where}: colour: unknown option; expected one of autoplay, speed, fit, controls, "
        "questions_as",
        f"{where}: autoplay: expected true or false, got 'yes'",
        f"{where}: fit: expected one of width, whole, none, got 'huge'"]
    assert writer_options("html", {"questions_as": "cards"}, where) == {
        "questions_as": QuestionsAs.CARDS}


def test_scenario_html_options_are_located_errors(tmp_path):
    raw = {**TINY, "output": "x.html", "speed": "fast", "fit": 3}
    with pytest.raises(ScenarioError) as caught:
        parse(raw, tmp_path / "s.yaml")
    where = tmp_path / "s.yaml"
    assert caught.value.errors == [
        f"{where}: speed: expected one of 0.25, 0.5, 1, 2, 4, 8, got 'fast'",
        f"{where}: fit: expected one of width, whole, none, got 3"]
    good = parse({**TINY, "output": "x.html", "speed": 2, "autoplay": False},
                 tmp_path / "s.yaml")
    assert good.format == "html"
    assert good.writer_options() == {"speed": 2, "autoplay": False, "fit": "width",
                                     "controls": True, "questions_as": "ask"}


def test_scenario_renders_the_gifs_frames_with_milestones(tmp_path):
    gif = parse({**TINY, "output": str(tmp_path / "t.gif")}, tmp_path / "s.yaml")
    page = parse({**TINY, "output": str(tmp_path / "t.html"),
                  "autoplay": False}, tmp_path / "s.yaml")
    pipeline.render(gif)
    result = pipeline.render(page)
    want, want_ms = gif_frames(tmp_path / "t.gif")
    got = decode(result.path.read_text())
    assert len(got.frames) == len(want)
    assert all(np.array_equal(got.palette[a], b) for a, b in zip(got.frames, want))
    assert [d * 10 for d in got.delays] == want_ms
    assert got.meta["autoplay"] is False and got.meta["loop"] is True
    labels = [label for _, label in got.marks]
    assert labels[-1].startswith("tiny: path found: ") and "tiny: first backtrack" in labels
    assert [i for i, _ in got.marks] == sorted(i for i, _ in got.marks)
    path = NAMES.index("path")            # the found path appears in its mark's frame
    at = got.marks[-1][0]
    assert (got.frames[at] == path).sum() > (got.frames[at - 1] == path).sum()


def test_too_long_an_export_is_refused_before_drawing(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(HtmlWriter, "MAX_FRAMES", 20)
    drawn = []
    monkeypatch.setattr(pipeline, "scenario_frames",
                        lambda *a, **k: drawn.append(1) or iter(()))
    path = tmp_path / "s.yaml"
    path.write_text("seed: 1\nmaze: {rows: 4, cols: 5}\ngenerator: backtracker\n")
    status = cli.render_file(path, str(tmp_path / "out.html"), bar=False)
    err = capsys.readouterr().err
    assert status.status == cli.EXIT_BAD_INPUT and not drawn
    assert re.search(r"s\.yaml: output: an HTML player of about \d+ frames is too long "
                     r"for a browser \(limit 20 frames\)", err)
    assert not (tmp_path / "out.html").exists()


def test_refuse_names_the_estimate_and_the_limit():
    assert HtmlWriter.refuse(100, 100, 10) is None
    why = HtmlWriter.refuse(3840, 2160, 250_000)
    assert "about 250,000 frames" in why and "limit 200,000 frames" in why
    why = HtmlWriter.refuse(40_000, 30_000, 10)
    assert "40000x30000" in why and "1,144 MiB" in why and "limit 1,024 MiB" in why


def test_run_py_out_html(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("seed: 2\nmaze: {rows: 3, cols: 3}\ngenerator: kruskal\nsolver: bfs\n")
    assert cli.main([str(path), "--out", str(tmp_path / "lesson.html")]) == 0
    got = decode((tmp_path / "lesson.html").read_text())
    assert got.frames and got.meta["width"] == got.frames[0].shape[1]
