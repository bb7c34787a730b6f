"""The animation in words: cues timed like the frames that show their milestones, the
WebVTT and plain-text transcripts (`--transcript`), the text alternative."""
from __future__ import annotations

import json

from visualizer import pipeline
from visualizer.cli import main
from visualizer.narration import MIN_CUE, Narration, alt_text, plain_text, webvtt
from visualizer.scenario import parse

TINY = {"title": "Tiny", "seed": 3, "maze": {"rows": 6, "cols": 8, "cell_size": 8, "wall": 2},
        "generator": "backtracker", "solver": "bfs", "size": "320x180"}


def test_cues_last_until_the_next_and_short_ones_join():
    told = Narration("T", ["a", "b"])
    told.offer(0.0, 0.5, [])
    told.offer(0.5, 0.04, ["a: first backtrack"])
    told.offer(4.0, 0.04, ["b: all sets merged"])
    told.offer(4.04 + MIN_CUE / 2, 0.04, ["a: path found"])
    told.offer(9.0, 2.0, [])
    told.close(9.0, ["step 9", ""])
    cues = told.cues()
    assert [(c.start, c.end) for c in cues] == [(0.0, 4.0), (4.0, 9.0), (9.0, 11.0)]
    assert cues[0].text == "T. 2 panels: a; b.\na: first backtrack"
    assert cues[1].text == "b: all sets merged\na: path found"
    assert cues[2].text == "a: step 9"


def test_each_milestone_is_said_when_its_frame_shows_it(tmp_path):
    scenario = parse({**TINY, "output": str(tmp_path / "t.gif"), "transcript": True},
                     tmp_path / "t.yaml")
    ready = pipeline.prepare(scenario)
    found: list = []
    taken = [0]
    shown, clock = {}, 0.0
    title = ready.panels[0].title
    for frame in pipeline.scenario_frames(ready, None, found):
        for label in pipeline.milestone_labels(frame, found, taken):
            assert label.startswith(title + ": ")   # one panel: said without its name
            shown[label[len(title) + 2:]] = clock
        clock += frame.duration
    result = pipeline.render(ready)
    said = {line: cue.start for cue in result.cues for line in cue.text.splitlines()}
    assert shown and set(shown) <= set(said)
    for label, start in shown.items():      # said at its frame, or in a cue begun shortly before
        assert 0 <= start - said[label] < MIN_CUE
    assert result.cues[-1].end == clock


def test_the_transcript_flag_writes_webvtt_and_plain_text(tmp_path, capsys):
    path = tmp_path / "t.yaml"
    path.write_text(json.dumps(TINY))
    assert main([str(path), "--out", str(tmp_path / "t.gif"), "--transcript"]) == 0
    vtt = (tmp_path / "t.vtt").read_text(encoding="utf-8")
    txt = (tmp_path / "t.txt").read_text(encoding="utf-8")
    assert vtt.startswith("WEBVTT\n\n1\n00:00:00.000 --> ")
    assert "path found" in vtt and "path found" in txt
    assert txt.startswith("At 0.0 seconds: Tiny.")
    assert "-->" not in txt and "\n\n" in txt
    out = capsys.readouterr().out
    assert str(tmp_path / "t.vtt") in out and str(tmp_path / "t.txt") in out


def test_the_formats_of_the_transcript():
    told = Narration("", ["maze"])
    told.offer(0.0, 1.0, [])
    told.offer(3.0, 62.5, ["maze: path --> found"])
    cues = told.cues()
    assert webvtt(cues).splitlines() == [
        "WEBVTT", "", "1", "00:00:00.000 --> 00:00:03.000", "maze.", "",
        "2", "00:00:03.000 --> 00:01:05.500", "path -> found"]
    assert plain_text(cues) == "At 0.0 seconds: maze.\n\nAt 3.0 seconds: path --> found\n"
    assert alt_text(cues) == "maze. path --> found."
    two = Narration("", ["maze", "life"])
    two.offer(3.0, 1.0, ["maze: path found"])
    assert two.cues()[-1].text == "maze: path found"     # two panels: each says whose


def test_an_alt_text_leaves_out_what_does_not_fit():
    told = Narration("T", ["a"])
    told.close(0.0, ["x" * 500])
    assert alt_text(told.cues()) == "T. 1 panel: a."
