"""A render runs each panel's algorithms once, steps each Life engine once per generation,
and leaves the scenario as it was validated."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

import visualizer as viz
from visualizer import events as ev
from visualizer import pipeline, registry
from visualizer.life import engine, hensel_engine, multistate
from visualizer.errors import ScenarioError
from visualizer.scenario import load
from tiers import shipped, tiered

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def counted(monkeypatch):
    """Counts every run of every registered algorithm and every Life step."""
    runs: Counter = Counter()
    for kind in registry.KINDS:
        for name, algo in registry.algorithms(kind).items():
            def wrapped(*args, _func=algo.func, _key=(kind, name), **kwargs):
                runs[_key] += 1
                return _func(*args, **kwargs)
            monkeypatch.setitem(registry._REGISTRY[kind], name, replace(algo, func=wrapped))
    # every engine (the Generations one steps through engine.Stepper.step)
    for stepper in (engine.Stepper, multistate.StateStepper, hensel_engine.DiagramStepper):
        def stepped(self, *args, _step=stepper.step, **kwargs):
            runs["life steps"] += 1
            return _step(self, *args, **kwargs)
        monkeypatch.setattr(stepper, "step", stepped)
    return runs


def expected(scenario, transcripts=None) -> Counter:
    """One run of each panel's generator and solver, one Life step per generation (with
    `stop: settled`, per generation recorded: the run ends where it settles)."""
    want: Counter = Counter()
    for i, spec in enumerate(scenario.panels):
        if spec.life is not None:
            stopped = spec.life.stop is not None and transcripts is not None
            want["life steps"] += len(transcripts[i]) - 1 if stopped else spec.life.generations
            continue
        want[("generator", spec.generator.name)] += 1
        if spec.solver is not None:
            want[("solver", spec.solver.name)] += 1
    return want


@pytest.mark.parametrize("path", shipped())
def test_planning_a_shipped_scenario_runs_each_panel_once(path, counted):
    scenario = load(path)
    ready = pipeline.prepare(scenario)
    ready.canvas()
    pipeline.estimated_frames(ready)
    assert counted == expected(scenario, ready.transcripts)


@pytest.mark.parametrize("name", tiered(["default", "ask_lesson", "union_finds", "life_gun_torus"],
                                         lambda name: name == "ask_lesson"))
def test_a_whole_render_runs_each_panel_once_and_changes_no_scenario(name, counted, tmp_path):
    scenario = load(ROOT / "scenarios" / f"{name}.yaml", out=tmp_path / f"{name}.gif")
    before = repr(scenario)     # (a surface may cache its step tables: not a change)
    pipeline.render(scenario)
    assert counted == expected(scenario)
    assert repr(scenario) == before, "a render leaves the validated scenario as it was"


@pytest.mark.slow
def test_the_window_session_records_nothing_again(counted):
    from visualizer.window.session import Session

    scenario = load(ROOT / "scenarios" / "default.yaml")
    session = Session(scenario, every=64, prepare=False)
    session.player.seek(session.player.last)
    assert counted == expected(scenario)


@pytest.mark.slow
def test_animation_events_are_the_stream_as_drawn():
    anim = viz.render(maze={"rows": "auto", "cols": "auto", "cell_size": 12},
                      generator="kruskal", size="960x540")
    first = next(anim.events(0))
    drawn = anim.prepared().panels[0].maze
    assert isinstance(first, ev.GridCreated)
    assert (first.rows, first.cols) == (drawn.rows, drawn.cols)
    assert first.rows > 4 and first.cols > 20, "the maze was sized to its slot"


def test_cells_a_block_maze_must_leave_open_are_checked_on_its_one_run(counted, tmp_path):
    """A solver's start in a blocked cell is found on the recorded run: validation runs no
    generator, the render's recording runs it once and refuses with the located cell."""
    path = tmp_path / "blocked.yaml"
    path.write_text("maze: {rows: 4, cols: 4}\ngenerator: {name: threshold, threshold: 1.0}\n"
                    "solver: {name: bfs, start: [2, 2]}\n", encoding="utf-8")
    scenario = load(path)
    assert not counted, "validation runs no algorithm"
    with pytest.raises(ScenarioError) as caught:
        pipeline.prepare(scenario)
    assert caught.value.errors == [f"{path}: solver.start: an open cell; [2, 2] is blocked "
                                   f"in this threshold maze (random seed {scenario.seed})"]
    assert counted == Counter({("generator", "threshold"): 1})
