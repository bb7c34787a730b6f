"""A run says when it settles and what it became: events, transcript, caption, --stats, and
the `stop: settled` rule."""
import json
import pathlib

import numpy as np
import pytest

from visualizer.events import Identity, Settled
from visualizer.life.identify import SETTLED_PERIODS, Stop, lasts
from visualizer.life.spec import life_events, parse_life_spec
from visualizer.pipeline import panel_stats
from visualizer.record import record
from visualizer.render.life_panel import LifePanel
from visualizer.scenario import ScenarioError, parse
from visualizer.surfaces import make_surface

LOC = "scenario.yaml: panels[0].life"


def spec_of(**life):
    errors = []
    spec = parse_life_spec({"rows": 12, "cols": 12, **life}, LOC, errors, pathlib.Path("."))
    assert errors == []
    return spec


def scenario(**life):
    return parse({"panels": [{"life": {"rows": 16, "cols": 16, **life}}]},
                 pathlib.Path("scenario.yaml"))


def test_events_carry_the_identity_from_the_generation_it_is_seen():
    spec = spec_of(init={"pattern": "blinker", "at": [5, 5]}, generations=6)
    ids = [g.identity for g in life_events(spec, np.random.default_rng(0))]
    blinker = Identity(Settled.OSCILLATOR, 2, (0, 0), 0)
    assert ids == [None, None, blinker, blinker, blinker, blinker, blinker]


@pytest.mark.parametrize("pattern, period", [("blinker", 2), ("block", 1), ("pulsar", 3)])
def test_stop_settled_ends_k_periods_after_it_is_seen(pattern, period):
    spec = spec_of(rows=20, cols=20, init={"pattern": pattern}, generations=500,
                   stop="settled")
    assert spec.stop == Stop.SETTLED
    last = [g.index for g in life_events(spec, np.random.default_rng(0))][-1]
    assert last == period + SETTLED_PERIODS * period     # seen at 0 + period


def test_stop_settled_waits_for_a_spaceship_that_will_not_last():
    """On the plane a glider reaches the wall: it has not settled until it has crashed."""
    plane = spec_of(surface="plane", init={"pattern": "glider", "at": [0, 0]},
                    generations=200, stop="settled")
    events = list(life_events(plane, np.random.default_rng(0)))
    assert events[-1].identity.kind == Settled.STILL_LIFE      # the glider became a block
    assert events[-1].index < 200
    assert any(e.identity is not None and e.identity.kind == Settled.SPACESHIP
               for e in events)
    torus = spec_of(init={"pattern": "glider", "at": [0, 0]}, generations=200,
                    stop="settled")
    assert [g.index for g in life_events(torus, np.random.default_rng(0))][-1] == \
        4 + SETTLED_PERIODS * 4
    assert not lasts(Identity(Settled.SPACESHIP, 4, (1, 1), 0), make_surface("klein", 8, 8))


def test_stop_is_checked_with_its_location():
    with pytest.raises(ScenarioError) as err:
        scenario(stop="sometimes")
    assert any("panels[0].life.stop: expected settled" in line and "'sometimes'" in line
               for line in err.value.errors), err.value.errors


def test_the_klein_twist_is_seen_in_the_transcript():
    spec = scenario(surface="klein", generations=70,
                    init={"pattern": "glider", "at": [2, 2]}).panels[0]
    changes = record(spec).identities
    kinds = [(i, x and (x.kind, x.shift)) for i, x in changes]
    assert kinds[0] == (4, (Settled.SPACESHIP, (1, 1)))
    assert (Settled.SPACESHIP, (1, -1)) in [k for _, k in kinds]
    assert None in [k for _, k in kinds]            # while it crosses the twist


def test_caption_and_stats_say_when_and_what():
    spec = scenario(init={"pattern": "diehard"}, generations=140).panels[0]
    transcript = record(spec)
    panel = LifePanel(spec.life, cell_size=4)
    for event in transcript:
        panel.apply(event)
        if event.index == 100:
            assert panel.caption() == "gen 100 · pop " + str(event.population)
    assert panel.caption() == "gen 140 · pop 0 · died at gen 130"
    stats = json.loads(json.dumps(panel_stats(spec, transcript)))
    assert stats["settled"] == {"kind": "died", "period": 1, "shift": [0, 0],
                                "from_generation": 130, "seen_at": 131,
                                "caption": "died at gen 130"}
    glider = scenario(init={"pattern": "glider"}, generations=10).panels[0]
    panel = LifePanel(glider.life, cell_size=4)
    for event in record(glider):
        panel.apply(event)
    assert panel.caption() == ("gen 10 · pop 5 · settled at gen 0: spaceship of period 4 "
                               "moving (1, 1)")
    soup = scenario(init={"random": 0.4}, generations=3).panels[0]
    assert panel_stats(soup)["settled"]["caption"] == "not settled by gen 3"
