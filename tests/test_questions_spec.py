"""A panel's `questions:` list: every bad question a located error, all at once, exit 2."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from visualizer.pipeline import prepare

from visualizer.questions import Kind, Moment
from visualizer.questions.model import MomentKind
from visualizer.scenario import ScenarioError, load

ROOT = Path(__file__).resolve().parent.parent

HEAD = """
title: questions
seed: 3
panels:
"""


def errors_of(tmp_path, text: str) -> list[str]:
    path = tmp_path / "lesson.yaml"
    path.write_text(HEAD + text)
    with pytest.raises(ScenarioError) as caught:     # in the file, or in the run's events
        prepare(load(path))                             # before anything is drawn
    return [e.split(": ", 1)[1] for e in caught.value.errors]


def test_good_questions_are_read(tmp_path):
    path = tmp_path / "lesson.yaml"
    path.write_text(HEAD + """
  - maze: {rows: 4, cols: 4}
    generator: backtracker
    questions:
      - {kind: next_cell, at: {milestone: first backtrack}}
      - {kind: next_cell, auto: 2}
      - {kind: how_many, count: dead_ends, at: {nth: 1}}
""")
    spec = load(path).panels[0]
    assert [q.kind for q in spec.questions] == [Kind.NEXT_CELL] * 2 + [Kind.HOW_MANY]
    assert spec.questions[0].moment == Moment(MomentKind.MILESTONE, "first backtrack")
    assert spec.questions[1].auto == 2
    assert spec.questions[0].loc == "panels[0].questions[0]"


def test_every_bad_question_is_located_at_once(tmp_path):
    errors = errors_of(tmp_path, """
  - maze: {rows: 4, cols: 4}
    generator: backtracker
    questions:
      - {kind: guess, at: {nth: 1}}
      - {kind: merge_or_reject, at: {nth: 1}}
      - {kind: next_cell, at: {nth: 1}, auto: 2}
      - {kind: how_many, at: {nth: 1}}
      - {kind: next_cell, at: {when: 3}, colour: red}
  - life: {rows: 6, cols: 6, generations: 4}
    questions:
      - {kind: way_through, auto: 1}
      - {kind: next_generation, auto: 0}
""")
    assert errors == [
        ("panels[0].questions[0].kind: expected one of next_cell, merge_or_reject, "
         "next_generation, way_through, how_many, period, settles, neighbours, got "
         "'guess'"),
        ("panels[0].questions[1].kind: `merge_or_reject` needs a generator that decides wall "
         "by wall (kruskal, kruskal_naive, reverse_delete); this panel's is `backtracker`"),
        ("panels[0].questions[2]: expected either `at` (one moment) or `auto: N` (N moments "
         "chosen for you), got both"),
        ("panels[0].questions[3].count: expected what to count: one of dead_ends, sets, got "
         "nothing"),
        ("panels[0].questions[4].colour: unknown option; expected one of kind, at, auto, "
         "count, about"),
        ("panels[0].questions[4].at.when: expected one of step, nth, milestone, generation, "
         "got 'when'"),
        ("panels[1].questions[0].kind: `way_through` asks about a maze; this is a Life panel "
         "(use neighbours, next_generation, period, settles)"),
        "panels[1].questions[1].auto: expected a whole number from 1 to 20, got 0",
    ]


def test_moments_that_never_happen_and_too_many_questions(tmp_path):
    errors = errors_of(tmp_path, """
  - maze: {rows: 3, cols: 3}
    generator: kruskal
    solver: bfs
    questions:
      - {kind: merge_or_reject, at: {milestone: first backtrack}}
      - {kind: way_through, auto: 2}
      - {kind: how_many, count: sets, at: {nth: 99}}
      - {kind: merge_or_reject, at: {step: 100000}}
  - life: {rows: 6, cols: 6, generations: 4}
    questions:
      - {kind: next_generation, at: {generation: 4}}
""")
    assert errors[0] == ("panels[0].questions[0].at: expected a milestone that happens in "
                         "this run, got `first backtrack`, which never does")
    assert errors[1].startswith("panels[0].questions[2].at: expected a moment that happens, "
                                "got the 99th of only ")
    assert errors[2].startswith("panels[0].questions[3].at: expected a moment that happens, "
                                "got step 100000")
    assert errors[3] == ("panels[0].questions[1].auto: expected at most 1 (the `way_through` "
                         "moments this run has left), got 2")
    assert errors[4] == ("panels[1].questions[0].at: expected a generation from 0 to 3 (one "
                         "that has a next), got 4")
    assert len(errors) == 5


def test_two_questions_of_one_kind_at_one_moment(tmp_path):
    errors = errors_of(tmp_path, """
  - maze: {rows: 3, cols: 3}
    generator: kruskal
    questions:
      - {kind: merge_or_reject, at: {nth: 2}}
      - {kind: merge_or_reject, at: {nth: 2}}
""")
    assert len(errors) == 1
    assert errors[0].startswith("panels[0].questions[1].at: expected a moment of its own, got "
                                "one another question of this panel already stops at (step ")


def test_the_command_line_refuses_before_writing(tmp_path):
    path = tmp_path / "lesson.yaml"
    out = tmp_path / "out.gif"
    path.write_text(HEAD + """
  - maze: {rows: 3, cols: 3}
    generator: kruskal
    questions: [{kind: next_generation, auto: 1}]
""")
    run = subprocess.run([sys.executable, "run.py", str(path), "--out", str(out)], cwd=ROOT,
                         capture_output=True, text=True, check=False)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert f"{path}: panels[0].questions[0].kind: `next_generation` asks about a Life " \
           f"panel; this is a maze" in run.stderr
    assert not out.exists()


def test_animate_solve_has_no_moments_while_building(tmp_path):
    errors = errors_of(tmp_path, """
  - maze: {rows: 3, cols: 3}
    generator: backtracker
    solver: bfs
    animate: solve
    questions:
      - {kind: next_cell, about: generator, auto: 1}
      - {kind: next_cell, about: solver, auto: 1}
""")
    assert errors == [("panels[0].questions[0].auto: expected at most 0 (the `next_cell` "
                       "moments this run has left), got 1")]
