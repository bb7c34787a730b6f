"""The Life question kinds: the period, whether the run settles, and an outlined cell's live
neighbours counted across the glued edges; each answered from the run's own events."""
from pathlib import Path

import numpy as np
import pytest

from streams import phased_events
from visualizer.events import Generation
from visualizer.life.why import why
from visualizer.questions import Kind, Question, check
from visualizer.questions.answers import candidates, resolve_panel
from visualizer.questions.model import REPLIES, Reply
from visualizer.scenario import ScenarioError, parse


def panel(life: dict, questions=None):
    raw = {"seed": 5, "panels": [{"life": {"rows": 10, "cols": 10, **life},
                                  **({"questions": questions} if questions else {})}]}
    return parse(raw, Path("lesson.yaml")).panels[0]


def test_period_is_asked_before_the_run_shows_it():
    spec = panel({"init": {"pattern": "toad", "at": [3, 3]}, "generations": 12})
    events = phased_events(spec)
    pool = candidates(Question(Kind.PERIOD), events, spec)
    assert [events[c.index][1].index for c in pool] == [0, 1]   # seen to repeat at gen 2
    assert all(c.answer.accepted == {2} for c in pool)
    assert "repeats every 2 generations" in pool[0].explanation
    assert all(events[c.index][1].identity is None for c in pool)  # the caption has not told
    assert REPLIES[Kind.PERIOD] == Reply.NUMBER


def test_period_of_a_spaceship_and_no_period_when_it_never_repeats():
    spec = panel({"init": {"pattern": "glider", "at": [1, 1]}, "generations": 8})
    pool = candidates(Question(Kind.PERIOD), phased_events(spec), spec)
    assert pool and all(c.answer.accepted == {4} for c in pool)
    assert "moved by (1, 1)" in pool[0].explanation
    soup = panel({"rows": 40, "cols": 40, "init": {"random": 0.4}, "generations": 5})
    assert candidates(Question(Kind.PERIOD), phased_events(soup), soup) == []


def test_settles_yes_and_no():
    spec = panel({"rows": 40, "cols": 40, "init": {"pattern": "diehard"}, "generations": 140})
    pool = candidates(Question(Kind.SETTLES), phased_events(spec), spec)
    assert len(pool) == 131 and all(c.answer.accepted == {True} for c in pool)
    assert pool[0].explanation == "at generation 130 it died"
    soup = panel({"rows": 40, "cols": 40, "init": {"random": 0.4}, "generations": 5})
    pool = candidates(Question(Kind.SETTLES), phased_events(soup), soup)
    assert len(pool) == 5 and all(c.answer.accepted == {False} for c in pool)
    assert check(resolve_panel([Question(Kind.SETTLES, auto=1)], phased_events(soup), soup,
                               0)[0][0], False)


@pytest.mark.parametrize("surface", ["torus", "klein", "projective", "plane"])
def test_neighbours_counts_as_the_engine_across_the_seams(surface):
    spec = panel({"surface": surface, "init": {"pattern": "glider", "at": [7, 7]},
                  "generations": 6})
    events = phased_events(spec)
    pool = candidates(Question(Kind.NEIGHBOURS), events, spec)
    assert pool
    for c in pool:
        event = events[c.index][1]
        assert isinstance(event, Generation)
        (cell,) = c.cells
        assert cell[0] in (0, 9) or cell[1] in (0, 9)           # a border cell
        w = why(np.asarray(event.grid), "B3/S23", event.surface, cell)
        assert c.answer.accepted == {w.count} and c.interest == len(w.across)
        assert set(c.answer.shown) <= {tuple(x) for x in np.argwhere(event.grid)}
    if surface != "plane":
        assert max(c.interest for c in pool) > 0                # counted across a seam
        best = max(pool, key=lambda c: c.interest)
        assert "across a glued edge" in best.explanation


def test_life_kinds_refuse_a_maze_and_take_a_generation():
    with pytest.raises(ScenarioError) as err:
        parse({"panels": [{"maze": {"rows": 3, "cols": 3}, "generator": "kruskal",
                           "questions": [{"kind": "period", "auto": 1}]}]},
              Path("lesson.yaml"))
    assert any("questions[0].kind: `period` asks about a Life panel; this is a maze" in line
               for line in err.value.errors), err.value.errors
    spec = panel({"init": {"pattern": "blinker", "at": [0, 4]}, "generations": 6},
                 [{"kind": "neighbours", "at": {"generation": 1}},
                  {"kind": "settles", "at": {"generation": 0}},
                  {"kind": "period", "at": {"generation": 1}}])
    asked, errors = resolve_panel(spec.questions, phased_events(spec), spec, 0)
    assert errors == [] and [a.kind for a in asked] == [Kind.SETTLES, Kind.NEIGHBOURS,
                                                         Kind.PERIOD]
    late = panel({"init": {"pattern": "blinker", "at": [4, 4]}, "generations": 6},
                 [{"kind": "period", "at": {"generation": 3}}])
    _, errors = resolve_panel(late.questions, phased_events(late), late, 0)
    assert errors and "questions[0].at" in errors[0]


@pytest.mark.parametrize("kind", ["neighbours", "next_generation"])
def test_count_kinds_are_refused_on_a_rule_of_another_family(kind):
    with pytest.raises(ScenarioError) as err:
        parse({"panels": [{"life": {"rows": 8, "cols": 8, "rule": "briansbrain"},
                           "questions": [{"kind": kind, "auto": 1}]}]}, Path("lesson.yaml"))
    assert any(f"questions[0].kind: `{kind}` asks for live-neighbour counts" in line
               and "this panel's rule is" in line for line in err.value.errors), err.value.errors
    parse({"panels": [{"life": {"rows": 8, "cols": 8, "rule": "briansbrain"},
                       "questions": [{"kind": "settles", "auto": 1}]}]}, Path("lesson.yaml"))
