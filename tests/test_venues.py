"""`--for VENUE`: one record per venue, validated like every key, and each venue's traps
checked on the file it writes (GIF delays and loop block parsed, MP4 read back with
ffprobe, pages and notebooks read for scripts, byte caps met)."""
from __future__ import annotations

import base64
import dataclasses
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from gifblocks import parse as parse_gif
from visualizer.cli import main
from visualizer.errors import ScenarioError
from visualizer.export import FORMATS
from visualizer.export.venues import MB, VENUES, Extra, Venue
from visualizer.scenario import parse
from visualizer.venue_fit import render_for

#: a small lesson on a small canvas (the venue's own size is replaced: keys given win)
TINY = {"title": "Tiny", "seed": 3, "maze": {"rows": 6, "cols": 8, "cell_size": 8, "wall": 2},
        "generator": "backtracker", "solver": "bfs", "size": "320x180"}
REASONS = ("format", "size", "fps", "loop", "cap", "needs_js")


def tiny(tmp_path: Path, venue: str, **more) -> object:
    return parse({**TINY, "for": venue, **more}, tmp_path / "tiny.yaml")


def test_every_venue_is_one_record_with_a_reason_for_each_choice():
    assert set(VENUES) == set(Venue)
    for venue, record in VENUES.items():
        assert record.venue == venue
        assert record.format in FORMATS and FORMATS[record.format].animation
        assert FORMATS[record.format].fps_allowed(record.fps), venue
        for field in REASONS + (("codec",) if record.codec else ()):
            assert record.because(field), (venue, field)
        assert (record.format == "mp4") == (record.codec is not None)
        assert record.needs_js == (record.format == "html")
        line = record.line()
        assert line.startswith(f"for {venue}: ") and record.reason in line
        assert "\n" not in line


def test_the_issue_venues_are_there():
    names = {str(v) for v in Venue}
    assert names >= {"github", "powerpoint", "keynote", "google-slides", "reveal", "canvas",
                     "moodle", "notebook", "print"}
    assert VENUES[Venue.GITHUB].cap == 10 * MB and VENUES[Venue.MOODLE].cap == 2 * MB
    assert VENUES[Venue.GOOGLE_SLIDES].cap == 50 * MB
    assert not VENUES[Venue.CANVAS].needs_js and not VENUES[Venue.MOODLE].needs_js


def test_an_unknown_venue_lists_the_venues(tmp_path):
    with pytest.raises(ScenarioError) as caught:
        parse({**TINY, "for": "powerpnt"}, tmp_path / "x.yaml")
    (line,) = caught.value.errors
    assert line.startswith(f"{tmp_path / 'x.yaml'}: for: expected one of ")
    assert all(str(v) in line for v in Venue)


def test_the_flag_is_named_in_its_error(tmp_path, capsys):
    path = tmp_path / "x.yaml"
    path.write_text("maze: {rows: 4, cols: 4}\ngenerator: kruskal\n")
    assert main([str(path), "--for", "blackboard"]) == 2
    assert f"{path}: --for: expected one of github" in capsys.readouterr().err
    assert not (tmp_path / "output").exists()


def test_an_output_the_venue_cannot_show_is_refused_where_it_is(tmp_path):
    with pytest.raises(ScenarioError) as caught:
        parse({**TINY, "for": "github", "output": "x.mp4"}, tmp_path / "x.yaml")
    assert caught.value.errors == [f"{tmp_path / 'x.yaml'}: output: expected a .gif file, "
                                   f"as `for: github` writes, got 'x.mp4'"]


def test_the_venue_chooses_what_the_scenario_leaves_unsaid(tmp_path):
    own = parse({k: v for k, v in TINY.items() if k != "size"} | {"for": "powerpoint"},
                tmp_path / "t.yaml")
    assert (own.format, own.size, own.fps, own.options["subtitles"]) == \
        ("mp4", (1920, 1080), 25, True)
    assert own.output == Path("output/t.mp4")
    given = tiny(tmp_path, "powerpoint", fps=30, subtitles=False)
    assert (given.size, given.fps, given.options["subtitles"]) == ((320, 180), 30, False)
    assert tiny(tmp_path, "print").strip == 8


def _gif_traps(path: Path, cap: int | None) -> dict:
    info = parse_gif(path.read_bytes())
    assert info["loop"] == 0, "the NETSCAPE block, looping forever"
    assert all(image["delay"] >= 2 for image in info["images"])
    if cap is not None:
        assert path.stat().st_size <= cap
    return info


@pytest.mark.parametrize("venue", ["github", "google-slides", "canvas", "moodle", "notebook"])
def test_gif_venues_write_safe_delays_and_the_loop_block(tmp_path, venue):
    done = render_for(tiny(tmp_path, venue, output=str(tmp_path / "tiny.gif")))
    record = VENUES[Venue(venue)]
    _gif_traps(done.result.path, record.cap)
    assert done.line.startswith(f"for {venue}: GIF 320x180, 25 fps (delays 4/100 s)")
    for extra in done.extras:
        text = extra.read_text(encoding="utf-8")
        assert "<script" not in text.lower() and "<video" not in text.lower()


def test_github_prints_the_image_with_its_alt_text(tmp_path):
    done = render_for(tiny(tmp_path, "github", output=str(tmp_path / "tiny.gif")))
    assert done.snippet is not None and done.snippet.startswith("![Tiny. ")
    assert done.snippet.endswith("](tiny.gif)")
    (md,) = done.extras
    assert done.snippet in md.read_text(encoding="utf-8")


@pytest.mark.parametrize("venue", ["canvas", "moodle"])
def test_canvas_and_moodle_pages_run_no_script(tmp_path, venue):
    done = render_for(tiny(tmp_path, venue, output=str(tmp_path / "tiny.gif")))
    (page,) = done.extras
    text = page.read_text(encoding="utf-8")
    assert "<script" not in text.lower() and "javascript:" not in text.lower()
    assert 'src="tiny.gif"' in text and 'alt="Tiny. ' in text
    assert "<h2>Transcript</h2>" in text and "path found" in text


def test_the_notebook_shows_the_gif_as_an_image_output(tmp_path):
    done = render_for(tiny(tmp_path, "notebook", output=str(tmp_path / "tiny.gif")))
    (path,) = done.extras
    text = path.read_text(encoding="utf-8")
    assert "<script" not in text and "<video" not in text
    nb = json.loads(text)
    assert nb["nbformat"] == 4
    (out,) = [o for c in nb["cells"] for o in c.get("outputs", [])]
    assert out["output_type"] == "display_data"
    gif = base64.b64decode(out["data"]["image/png"])
    assert gif == done.result.path.read_bytes() and gif[:6] == b"GIF89a"
    assert out["data"]["text/plain"].startswith("Tiny. ")
    nbformat = pytest.importorskip("nbformat")
    nbformat.validate(nbformat.reads(text, as_version=4))


def test_reveal_writes_the_player_and_a_section(tmp_path):
    done = render_for(tiny(tmp_path, "reveal", output=str(tmp_path / "tiny.html")))
    (section,) = done.extras
    text = section.read_text(encoding="utf-8")
    assert text.startswith("<section") and text.rstrip().endswith("</section>")
    assert 'class="vz-player"' in text and "slidechanged" in text
    assert '<aside class="notes">' in text and "path found" in text
    assert "vz-description" in text


def _probe(path: Path) -> list[dict]:
    out = subprocess.run(["ffprobe", "-v", "error", "-show_streams", "-of", "json", str(path)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["streams"]


def _boxes(data: bytes) -> list[bytes]:
    """The MP4's top-level box types, in order."""
    boxes, pos = [], 0
    while pos + 8 <= len(data):
        size = int.from_bytes(data[pos:pos + 4], "big")
        boxes.append(data[pos + 4:pos + 8])
        if size == 1:
            size = int.from_bytes(data[pos + 8:pos + 16], "big")
        if size < 8:
            break
        pos += size
    return boxes


@pytest.mark.skipif(shutil.which("ffprobe") is None, reason="no ffprobe on PATH")
@pytest.mark.parametrize("venue", [
    "powerpoint", pytest.param("keynote", marks=pytest.mark.slow)])
def test_slide_video_is_h264_yuv420p_even_faststart_with_subtitles(tmp_path, venue):
    done = render_for(tiny(tmp_path, venue, size="322x182", output=str(tmp_path / "t.mp4")))
    video, text = _probe(done.result.path)
    assert (video["codec_name"], video["pix_fmt"]) == ("h264", "yuv420p")
    assert video["width"] % 2 == 0 and video["height"] % 2 == 0
    assert (text["codec_type"], text["codec_name"]) == ("subtitle", "mov_text")
    boxes = _boxes(done.result.path.read_bytes())
    assert boxes.index(b"moov") < boxes.index(b"mdat"), boxes
    said = subprocess.run(["ffmpeg", "-v", "error", "-i", str(done.result.path), "-map",
                           "0:s:0", "-f", "webvtt", "-"], check=True, capture_output=True,
                          text=True).stdout
    cues = done.result.cues
    assert said.startswith("WEBVTT") and "path found" in said
    assert said.count(" --> ") == len(cues)


def test_print_writes_a_storyboard_and_a_handout(tmp_path):
    done = render_for(tiny(tmp_path, "print", output=str(tmp_path / "t.pdf")))
    data = done.result.path.read_bytes()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= 2
    strip = tmp_path / "t_strip.png"
    assert strip in done.result.extras and strip.read_bytes()[:4] == b"\x89PNG"
    again = render_for(tiny(tmp_path, "print", output=str(tmp_path / "u.pdf")))
    assert again.result.path.read_bytes() == data, "same scenario, same bytes"


def test_over_the_cap_the_frame_rate_goes_first(tmp_path, monkeypatch):
    scenario = tiny(tmp_path, "moodle", output=str(tmp_path / "t.gif"), duration=4)
    free = render_for(scenario)
    real = free.result.bytes
    monkeypatch.setitem(VENUES, Venue.MOODLE, dataclasses.replace(
        VENUES[Venue.MOODLE], cap=int(real * 0.75), floor_size=(320, 180)))
    done = render_for(scenario)
    assert "frame rate 25 -> " in done.line and "canvas" not in done.line
    assert done.result.bytes <= real * 0.75
    _gif_traps(done.result.path, int(real * 0.75))


def test_a_cap_that_cannot_be_met_is_refused_before_drawing(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(VENUES, Venue.MOODLE, dataclasses.replace(
        VENUES[Venue.MOODLE], cap=2000))
    path = tmp_path / "t.yaml"
    path.write_text(json.dumps({k: v for k, v in TINY.items()}))
    assert main([str(path), "--for", "moodle", "--out", str(tmp_path / "t.gif")]) == 2
    err = capsys.readouterr().err
    assert f"{path}: for: the GIF for moodle would be about " in err
    assert "takes at most 0.002 MB" in err and "shorten it" in err
    assert " MB even at 5 fps, 320x180 and effort smallest;" in err
    assert list(tmp_path.iterdir()) == [path], "nothing written"


def test_the_command_line_says_what_it_chose_and_why(tmp_path, capsys):
    path = tmp_path / "t.yaml"
    path.write_text(json.dumps(TINY))
    assert main([str(path), "--for", "canvas", "--out", str(tmp_path / "t.gif")]) == 0
    out = capsys.readouterr().out.splitlines()
    (line,) = [x for x in out if x.startswith("for canvas: ")]
    assert "no JavaScript" in line and "Canvas does not run JavaScript" in line
    assert str(tmp_path / "t.page.html") in out


def test_a_venue_does_not_change_other_renders_bytes(tmp_path):
    from visualizer import pipeline

    plain = pipeline.render(parse({**TINY, "output": str(tmp_path / "a.gif")},
                                  tmp_path / "a.yaml"))
    venue = render_for(tiny(tmp_path, "canvas", output=str(tmp_path / "b.gif")))
    assert plain.path.read_bytes() == venue.result.path.read_bytes()
    assert Extra.PAGE in VENUES[Venue.CANVAS].extras


def test_the_python_front_door_takes_a_venue(tmp_path):
    import visualizer as viz

    anim = viz.render({k: v for k, v in TINY.items()}, venue="moodle")
    assert anim.scenario.venue == Venue.MOODLE and anim.scenario.format == "gif"
    path = anim.save(tmp_path / "m.gif")
    _gif_traps(path, VENUES[Venue.MOODLE].cap)
    assert anim.told[0].startswith("for moodle: GIF 320x180")
    assert anim.told[1] == str(tmp_path / "m.page.html")
    with pytest.raises(ScenarioError, match="venue: expected one of github"):
        viz.render(dict(TINY), venue="slack")


def test_a_file_over_the_cap_is_drawn_again_with_the_estimate_corrected(tmp_path,
                                                                        monkeypatch):
    from visualizer import estimate

    scenario = tiny(tmp_path, "moodle", output=str(tmp_path / "t.gif"), duration=4)
    real = render_for(scenario).result.bytes
    cap = int(real * 0.75)
    monkeypatch.setitem(VENUES, Venue.MOODLE, dataclasses.replace(
        VENUES[Venue.MOODLE], cap=cap, floor_size=(320, 180)))
    low = estimate.COSTS["gif"]
    monkeypatch.setitem(estimate.COSTS, "gif", dataclasses.replace(
        low, pixel=low.pixel / 10, frame=low.frame / 10, changed=low.changed / 10,
        active=low.active / 10))      # an estimate ten times too small: every step "fits"
    done = render_for(scenario)
    assert f"drawn again after {real / MB:.3g} MB at 25 fps and 320x180" in done.line
    assert done.result.bytes <= cap
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.gif", "t.page.html"]


def test_what_costs_the_lesson_least_shrinks_first(tmp_path):
    from visualizer.venue_fit import Step, steps

    scenario = parse({k: v for k, v in TINY.items() if k != "size"} | {"for": "moodle"},
                     tmp_path / "t.yaml")
    order = list(steps(scenario, VENUES[Venue.MOODLE]))
    assert order == [Step(25, (960, 540)), Step(20, (960, 540)), Step(10, (960, 540)),
                     Step(5, (960, 540)), Step(5, (864, 486)), Step(5, (800, 450)),
                     Step(5, (720, 405)), Step(5, (640, 360)), Step(5, (560, 315)),
                     Step(5, (480, 270)), Step(5, (480, 270), "smallest")]
    github = list(steps(tiny(tmp_path, "github"), VENUES[Venue.GITHUB]))
    assert github[:3] == [Step(25, (320, 180)), Step(20, (320, 180)), Step(10, (320, 180))]
    assert github[3:] == [Step(10, (320, 180), "smallest")], "no canvas under the floor"
