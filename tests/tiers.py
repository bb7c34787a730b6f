"""The suite's two tiers. `python -m pytest -m "not slow" -n 2 --dist worksteal` is the fast
tier: every module of `visualizer/` runs in it, with a few cases of each big
parametrisation; the full suite (`python -m pytest -n 2`, the CI command) runs every case.

A test is marked `slow` when it spends seconds of CPU on what a cheaper case of the same test
already checks in the fast tier (the same check over every shipped scenario, a larger size,
another rule), or when it starts a real program whose start-up dominates (a Chromium, an X
server and a Tk window, a notebook kernel, a whole `run.py` render).
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"

#: the shipped scenarios the fast tier renders in the tests that go over every shipped one:
#: a maze lesson with a solver that marks passages, mazes on the torus (with the
#: neighbourhood view), Life on the projective plane, and a question for the student
FAST_SCENARIOS = frozenset({"tremaux", "surface_torus", "life_glider_projective",
                            "ask_next_generation"})


def tiered(values: Iterable[Any], fast: Callable[[Any], bool],
           ids: Callable[[Any], str] = str, *, spread: bool = False) -> list[Any]:
    """`values` as pytest params named `ids(value)`; those for which `fast(value)` is false
    are marked slow (left out by `-m "not slow"`). With `spread`, each value is a tuple
    holding one value per argument name."""
    return [pytest.param(*(v if spread else (v,)), id=ids(v),
                         marks=() if fast(v) else pytest.mark.slow)
            for v in values]


def shipped(ids: Callable[[Path], str] = lambda p: p.stem) -> list[Any]:
    """Every shipped scenario's path, sorted, as params: those in `FAST_SCENARIOS` run in
    the fast tier, the others only in the full suite."""
    return tiered(sorted(SCENARIOS.glob("*.yaml")), lambda p: p.stem in FAST_SCENARIOS, ids)


def shipped_names(fast: Iterable[str] = FAST_SCENARIOS) -> list[Any]:
    """Every shipped scenario's name (file stem), as `shipped()` orders and marks them."""
    keep = frozenset(fast)
    return tiered(sorted(p.stem for p in SCENARIOS.glob("*.yaml")), lambda n: n in keep)


@cache
def _loaded(name: str) -> Any:
    from visualizer.scenario import load
    return load(SCENARIOS / f"{name}.yaml")


def shipped_scenario(name: str | Path) -> Any:
    """The shipped scenario `name` (a file stem or path) as `scenario.load` reads it: read
    once per test process (the modules that parametrize over shipped panels or go over
    every scenario share the reading), each caller given its own copy to change."""
    return copy.deepcopy(_loaded(Path(name).stem))
