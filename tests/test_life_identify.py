"""Identify: what a Life pattern became, on every kind of seam."""
import numpy as np
import pytest

import visualizer as viz
from visualizer.events import Identity, Settled
from visualizer.life.engine import advance
from visualizer.life.identify import Watcher, identify, identify_grids, straight_axes
from visualizer.life.patterns import PATTERNS, place
from visualizer.surfaces import make_surface


def placed(name, rows=30, cols=30, at=(10, 10)):
    grid = np.zeros((rows, cols), dtype=np.uint8)
    place(grid, PATTERNS[name].cells, at)
    return grid


@pytest.mark.parametrize("name, kind, period, shift", [
    ("blinker", Settled.OSCILLATOR, 2, (0, 0)),
    ("toad", Settled.OSCILLATOR, 2, (0, 0)),
    ("pulsar", Settled.OSCILLATOR, 3, (0, 0)),
    ("pentadecathlon", Settled.OSCILLATOR, 15, (0, 0)),
    ("beehive", Settled.STILL_LIFE, 1, (0, 0)),
    ("block", Settled.STILL_LIFE, 1, (0, 0)),
    ("glider", Settled.SPACESHIP, 4, (1, 1)),
    ("lwss", Settled.SPACESHIP, 4, (0, -2)),
])
@pytest.mark.parametrize("surface", ["torus", "plane"])
def test_classic_patterns(name, kind, period, shift, surface):
    assert identify(placed(name), "conway", surface) == Identity(kind, period, shift, 0)


def test_died_from_the_first_empty_generation():
    found = identify(placed("diehard"), "B3/S23", "torus")
    assert found == Identity(Settled.DIED, 1, (0, 0), 130)
    assert found.found == 131
    assert advance(placed("diehard"), "B3/S23", make_surface("torus", 30, 30), 129).any()


def test_settling_later_and_unsettled():
    found = identify(placed("r_pentomino", 64, 64, (30, 30)), "conway", "torus")
    assert found.kind == Settled.OSCILLATOR and found.generation > 100
    short = identify(placed("r_pentomino", 64, 64, (30, 30)), "conway", "torus",
                     generations=50)
    assert short == Identity(Settled.UNSETTLED) and short.found is None


def test_glider_crossing_a_torus_seam():
    """Straddling both seams at generation 0: one picture, the shortest shift."""
    surface = make_surface("torus", 16, 16)
    grid = advance(placed("glider", 16, 16, (13, 13)), "conway", surface, 8)
    assert grid[0].any() and grid[-1].any() and grid[:, 0].any() and grid[:, -1].any()
    assert identify(grid, "conway", surface) == Identity(Settled.SPACESHIP, 4, (1, 1), 0)


def test_glider_crossing_a_klein_twist_changes_sign():
    """On `klein` the top/bottom seam is twisted: before it the glider moves (1, 1); a
    glider cut by the twist is identified once across, moving (1, -1) (mirrored)."""
    before = placed("glider", 16, 16, (2, 2))
    assert identify(before, "conway", "klein") == Identity(Settled.SPACESHIP, 4, (1, 1), 0)
    at_seam = placed("glider", 16, 16, (13, 6))
    found = identify(at_seam, "conway", "klein")
    assert found.kind == Settled.SPACESHIP and found.shift == (1, -1)
    assert found.generation > 0          # waited until wholly across the twist
    after = advance(before, "conway", make_surface("klein", 16, 16), 60)
    assert identify(after, "conway", "klein").shift == (1, -1)
    # the other Klein bottle twists left/right: the row component changes sign there
    after_lr = advance(before, "conway", make_surface("klein_lr", 16, 16), 60)
    assert identify(after_lr, "conway", "klein_lr").shift == (-1, 1)


def test_straight_axes_follow_the_gluings():
    axes = {name: straight_axes(make_surface(name, 6, 6)) for name in
            ("plane", "torus", "klein", "klein_lr", "projective", "sphere")}
    assert axes == {"plane": (False, False), "torus": (True, True),
                    "klein": (False, True), "klein_lr": (True, False),
                    "projective": (False, False), "sphere": (False, False)}


def test_an_empty_grid_died_at_once():
    assert identify(np.zeros((8, 8), np.uint8), "B3/S23", "klein") == \
        Identity(Settled.DIED, 1, (0, 0), 0)


def test_multi_state_grids_hash_their_states():
    """States > 0 are alive for the picture; a state change alone is no repeat."""
    one = placed("glider", 12, 12, (2, 2))
    two = one * 2
    moved = np.roll(one, (1, 1), axis=(0, 1))
    surface = make_surface("torus", 12, 12)
    assert identify_grids([one, two, one], surface) == Identity(Settled.OSCILLATOR, 2,
                                                                (0, 0), 0)
    assert identify_grids([two, moved * 2], surface) == Identity(Settled.SPACESHIP, 1,
                                                                 (1, 1), 0)


def test_watcher_keeps_its_answer():
    surface = make_surface("torus", 8, 8)
    w = Watcher(surface)
    block = placed("block", 8, 8, (2, 2))
    assert w.see(block) is None
    first = w.see(block)
    assert first == Identity(Settled.STILL_LIFE, 1, (0, 0), 0)
    assert w.see(np.zeros((8, 8), np.uint8)) is first


def test_public_api_and_summary():
    found = viz.identify(placed("glider"), "conway", "torus")
    assert found.summary() == "spaceship of period 4 moving (1, 1)"
    assert viz.identify(placed("blinker"), "conway", "klein").summary() == \
        "oscillator of period 2"
    assert Identity(Settled.STILL_LIFE, 1, (0, 0), 3).summary() == "still life"


def test_doctest():
    import doctest

    from visualizer.life import identify as module
    result = doctest.testmod(module)
    assert result.attempted >= 1 and result.failed == 0


def test_a_picture_is_the_live_cells_rolled_to_their_extent():
    """The picture cut out without rolling the whole grid is the rolled grid's corner, and
    a tie between equally long empty runs goes to the smallest rotation of the counts."""
    from visualizer.life.identify import _digest, _span

    rng = np.random.default_rng(7)
    for name in ("torus", "klein", "klein_lr", "plane"):
        for _ in range(300):
            rows, cols = (int(n) for n in rng.integers(1, 9, 2))
            grid = np.zeros((rows, cols), dtype=np.uint8)
            for _ in range(int(rng.integers(1, 5))):
                grid[rng.integers(rows), rng.integers(cols)] = 1
            watcher = Watcher(make_surface(name, rows, cols))
            found = watcher._picture(grid)
            (r0, nr), (c0, nc) = (_span(grid, axis, cyclic) for axis, cyclic in
                                  enumerate(watcher.cyclic))
            if nr == rows and nc == cols:
                assert found is None
                continue
            rolled = np.roll(grid, (-r0, -c0), axis=(0, 1))[:nr, :nc]
            assert found == (_digest(rolled), (r0, nr), (c0, nc))
    tie = np.zeros((2, 8), dtype=np.uint8)
    tie[0, [1, 5]] = tie[1, 5] = 1             # empty runs of 3 and 3: the counts decide
    assert _span(tie, 1, True) == (1, 5)
    tie[1, 5], tie[1, 1] = 0, 1
    assert _span(tie, 1, True) == (5, 5)
