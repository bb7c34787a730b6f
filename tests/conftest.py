"""Shared fixtures."""
from __future__ import annotations

import gc
import sys
from pathlib import Path

import numpy as np
import pytest

# Cache the compiled modules (ours, and the tests as pytest rewrites their asserts, in
# `__pycache__/`, which git ignores) even where the environment sets PYTHONDONTWRITEBYTECODE:
# otherwise every run, in every xdist worker, compiles and rewrites every test module again
# (19.7 s of CPU to collect the fast tier in one process, 9.5 s once cached).
sys.dont_write_bytecode = False

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from visualizer.render.palette import make_theme  # noqa: E402


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session) -> None:
    """In a pytest-xdist worker, after its last fixture is torn down and before it reports
    that it is done: collect garbage once and freeze what survives. pytest's clean-up then
    collects five more times, which on a worker's heap (some 400,000 objects) took 4 s of
    wall time on a busy machine; a worker still busy 5 s after the controller closed it is
    sent SIGINT by execnet, which ends the run with a KeyboardInterrupt warning."""
    if hasattr(session.config, "workerinput"):
        gc.collect()
        gc.freeze()


@pytest.fixture
def rng():
    return np.random.default_rng(12345)


@pytest.fixture
def palette() -> np.ndarray:
    """The light theme's palette (SIZE x 3)."""
    return make_theme().colours


@pytest.fixture
def frames() -> list[np.ndarray]:
    """A short animation: a moving block, a repeated frame, a counter-like corner."""
    rng = np.random.default_rng(7)
    base = np.full((30, 41), 1, np.uint8)
    base[5:25, 5:36] = rng.integers(2, 10, (20, 31))
    out = [base.copy()]
    for k in range(1, 12):
        f = out[-1].copy()
        if k not in (4, 5):          # frames 4 and 5 repeat frame 3
            f[10 + k % 5:14 + k % 5, 3 * k:3 * k + 4] = 6 + k % 4
            f[0:3, 38:41] = k % 3 + 2
        out.append(f)
    out.append(rng.integers(1, 32, (30, 41)).astype(np.uint8))   # everything changes
    return out
