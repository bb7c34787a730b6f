"""The event vocabulary is closed: every consumer answers every event type, and no module
matches another's display text."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import visualizer
from visualizer import events as ev
from visualizer.maze.endpoints import History
from visualizer.maze import Maze
from visualizer.render import life_panel, maze_panel  # noqa: F401  (their tables register)
from visualizer.render import timeline  # noqa: F401
from visualizer.maze import stats  # noqa: F401

PACKAGE = Path(visualizer.__file__).parent

#: the consumers the design names: the model, each panel, the statistics, the window
EXPECTED = {"the maze model", "the maze panel", "the Life panel", "the solve statistics",
            "the milestone timeline", "the endpoint rules"}


def test_every_consumer_is_registered():
    assert EXPECTED <= {d.consumer for d in ev.DISPATCHERS}


@pytest.mark.parametrize("dispatch", ev.DISPATCHERS, ids=lambda d: d.consumer)
def test_every_event_type_is_handled_or_deliberately_ignored(dispatch):
    assert dispatch.missing() == []
    assert not set(dispatch.handled) & dispatch.ignored


@pytest.mark.parametrize("dispatch", ev.DISPATCHERS, ids=lambda d: d.consumer)
def test_an_unknown_event_is_refused_not_dropped(dispatch):
    class Unknown:
        pass

    with pytest.raises(TypeError, match="no rule for the event Unknown"):
        dispatch(object(), Unknown())


def test_the_model_refuses_an_unknown_event():
    with pytest.raises(TypeError, match="the maze model"):
        Maze(2, 2).apply(object())  # type: ignore[arg-type]


def test_the_enums_read_as_their_words():
    assert ev.Mark.PATH == "path" and f"{ev.Mark.PATH}" == "path" and str(ev.Mark.PATH) == "path"
    assert ev.Rejection("same set") is ev.Rejection.SAME_SET
    assert ev.GridCreated(1, 1, None).fill is ev.Fill.UNVISITED


def test_the_endpoint_rules_dispatch_on_the_kind_not_the_words():
    history = History()
    history.see(ev.Milestone("first backtrack", (0, 1)))            # a note, whatever it says
    assert history.first_backtrack is None
    history.see(ev.Milestone("erste Sackgasse", (0, 2), ev.MilestoneKind.FIRST_BACKTRACK))
    assert history.first_backtrack == (0, 2)


#: comparing an event's text field with a literal is matching another module's display words
_DISPLAY_MATCH = re.compile(
    r"\.(label|reason|mark|fill|scope|summary)\s*(==|!=|\.startswith\(|\.endswith\(|in\s)\s*"
    r"[\"'(]")


def test_no_module_matches_display_text():
    found = [f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _DISPLAY_MATCH.search(line)]
    assert found == []


def test_every_algorithm_declares_its_family():
    from visualizer import registry

    for kind in registry.KINDS:
        for name, algorithm in registry.algorithms(kind).items():
            assert isinstance(algorithm.family, registry.Family), name
