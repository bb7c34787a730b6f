"""Questions in an export: the GIF, decoded back, holds each question's card, countdown and
answer frames with the durations the schedule states, and the quiz sheet saves them."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence

from visualizer import pipeline
import streams
from visualizer.questions import schedule
from streams import resolve
from visualizer.render.cards import cell_box
from visualizer.render.palette import INDEX, make_theme
from visualizer.scenario import load

LESSON = """
title: asked
seed: 3
fps: 25
steps_per_frame: 4
hold: 1
maze: {rows: 4, cols: 5, cell_size: 12, wall: 2}
generator: kruskal
solver: bfs
questions:
  - {kind: merge_or_reject, auto: 2}
  - {kind: next_cell, at: {nth: 3}}
"""


def render(tmp_path: Path, text: str = LESSON, **options):
    path = tmp_path / "lesson.yaml"
    path.write_text(text)
    scenario = load(path, out=tmp_path / "lesson.gif")
    return scenario, pipeline.render(scenario, **options)


def decoded(path: Path) -> tuple[list[np.ndarray], list[int]]:
    with Image.open(path) as im:
        pictures, durations = [], []
        for frame in ImageSequence.Iterator(im):
            pictures.append(np.asarray(frame.convert("RGB")))
            durations.append(frame.info["duration"])
    return pictures, durations


def test_the_gif_holds_card_countdown_and_answer(tmp_path):
    scenario, result = render(tmp_path)
    pictures, durations = decoded(result.path)
    stated = [round(s * 1000) for _, s in schedule.durations()]
    assert stated == [2000, 1000, 1000, 1000, 4000]
    runs = [k for k in range(len(durations) - 4) if durations[k:k + 5] == stated]
    assert len(runs) == 3                                  # three questions, three holds
    plain = 1000 // scenario.fps
    for k in runs:
        assert durations[k - 1] in (plain, plain + 500)   # the moment's own frame
        card, three, two, one, answer = pictures[k:k + 5]
        moment = pictures[k - 1]
        for held in (card, three, two, one, answer):
            assert held.shape == moment.shape and not np.array_equal(held, moment)
        assert not np.array_equal(three, two) and not np.array_equal(two, one)
    # with the questions the animation is longer by exactly their holds
    assert abs(result.duration - sum(durations) / 1000) < 0.05


def test_the_answer_frame_outlines_the_true_answer(tmp_path):
    scenario, result = render(tmp_path)
    canvas = streams.make_canvas(scenario)
    asked, _ = resolve(scenario)
    theme = make_theme(scenario.theme)
    goal = theme.colours[INDEX["goal"]]
    pictures, durations = decoded(result.path)
    stated = [round(s * 1000) for _, s in schedule.durations()]
    runs = [k for k in range(len(durations) - 4) if durations[k:k + 5] == stated]
    slot = canvas.slots[0]
    for k, a in zip(runs, asked):
        answer = pictures[k + 4]
        for cell in a.answer.shown:
            y0, _, x0, x1 = cell_box(canvas.panels[0], cell)
            ring = answer[slot.y + y0 - 2, slot.x + x0:slot.x + x1]   # 1 px above the cell
            assert (ring == goal).all(axis=-1).all()


def test_frames_stop_exactly_at_each_moment(tmp_path):
    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON)
    scenario = load(path)
    asked, _ = resolve(scenario)
    frames = list(pipeline.scenario_frames(scenario))
    for a in asked:
        k = next(i for i, f in enumerate(frames) if f.steps[0] > a.index)
        assert frames[k].steps[0] == a.index + 1           # the picture shows the moment
        assert [f.role for f in frames[k + 1:k + 6]] == [r for r, _ in schedule.durations()]
        assert all(f.steps == frames[k].steps for f in frames[k + 1:k + 6])
        assert frames[k + 6].dirty is None                 # after a card: the whole frame
    assert sum(isinstance(f, schedule.CardFrame) for f in frames) == 5 * len(asked)


def test_no_questions_no_cards(tmp_path):
    text = "\n".join(line for line in LESSON.splitlines()
                     if "questions" not in line and "kind:" not in line)
    _, result = render(tmp_path, text)
    _, durations = decoded(result.path)
    assert 2000 not in durations and 4000 not in durations


def test_quiz_sheet_saves_questions_and_answers_apart(tmp_path):
    _, result = render(tmp_path, quiz=tmp_path / "quiz")
    names = sorted(p.name for p in (tmp_path / "quiz").iterdir())
    assert names == ["a01.png", "a02.png", "a03.png", "q01.png", "q02.png", "q03.png"]
    pictures, durations = decoded(result.path)
    stated = [round(s * 1000) for _, s in schedule.durations()]
    runs = [k for k in range(len(durations) - 4) if durations[k:k + 5] == stated]
    for n, k in enumerate(runs, 1):
        question = np.asarray(Image.open(tmp_path / "quiz" / f"q{n:02d}.png").convert("RGB"))
        answer = np.asarray(Image.open(tmp_path / "quiz" / f"a{n:02d}.png").convert("RGB"))
        assert np.array_equal(question, pictures[k])
        assert np.array_equal(answer, pictures[k + 4])


def test_same_scenario_same_bytes(tmp_path):
    _, first = render(tmp_path)
    data = first.path.read_bytes()
    _, again = render(tmp_path)
    assert again.path.read_bytes() == data


@pytest.mark.slow
def test_an_auto_maze_refuses_a_moment_it_lacks_before_writing(tmp_path):
    from visualizer.scenario import ScenarioError

    text = LESSON.replace("{rows: 4, cols: 5,", "{rows: auto, cols: auto,").replace(
        "{kind: next_cell, at: {nth: 3}}", "{kind: next_cell, at: {nth: 100000}}")
    path = tmp_path / "lesson.yaml"
    path.write_text(text)
    scenario = load(path, out=tmp_path / "lesson.gif")     # the maze's size is not known yet
    with pytest.raises(ScenarioError) as caught:
        pipeline.render(scenario)
    assert caught.value.errors[0].startswith(f"{path}: questions[1].at: expected a moment "
                                             f"that happens, got the 100000th of only ")
    assert not (tmp_path / "lesson.gif").exists()


@pytest.mark.slow
def test_the_quiz_flag(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON)
    root = Path(__file__).resolve().parent.parent
    run = subprocess.run([sys.executable, "run.py", str(path), "--out",
                          str(tmp_path / "x.gif"), "--quiz", str(tmp_path / "sheet")],
                         cwd=root, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    for name in ("q01.png", "q03.png", "a01.png", "a03.png"):
        assert str(tmp_path / "sheet" / name) in run.stdout
        assert (tmp_path / "sheet" / name).exists()
    assert not (tmp_path / "sheet" / "q04.png").exists()
