"""The engine: hand-checked cases on every surface, and agreement with a slow reference."""
import numpy as np
import pytest

from life_reference import reference_step
from visualizer.events import Generation
from visualizer.life.engine import LifeGridError, Stepper, advance, evolve, population_series, step
from visualizer.life.patterns import place
from visualizer.life.rules import NAMED_RULES, parse_rule
from visualizer.surfaces import SURFACE_NAMES, Surface
from tiers import tiered

SURFACES = tuple(SURFACE_NAMES)
RULES = tuple(NAMED_RULES) + ("B1/S", "B2/S0", "B8/S8", "B12345678/S012345678")
SIZES = [(1, 1), (1, 5), (4, 1), (2, 2), (3, 3), (5, 7), (6, 6), (9, 9), (3, 66), (4, 64),
         (2, 129)]


def grid_of(picture: str) -> np.ndarray:
    rows = [line.strip() for line in picture.strip().splitlines()]
    return np.array([[ch == "O" for ch in row] for row in rows], dtype=np.uint8)


def surfaces_for(h, w):
    return [name for name in SURFACES if name != "sphere" or h == w]


@pytest.mark.parametrize("h, w", tiered(SIZES, lambda size: size[0] * size[1] <= 100,
                                         lambda size: f"{size[0]}-{size[1]}", spread=True))
def test_matches_reference_on_every_surface_and_rule(h, w):
    rng = np.random.default_rng(h * 1000 + w)
    for name in surfaces_for(h, w):
        surface = Surface(name, h, w)
        for rule_text in RULES:
            rule = parse_rule(rule_text)
            for density in (0.25, 0.5, 0.85):
                fast = slow = (rng.random((h, w)) < density).astype(np.uint8)
                for gen in range(3):
                    fast = step(fast, rule, surface)
                    slow = reference_step(slow, rule, surface)
                    assert np.array_equal(fast, slow), (name, h, w, rule_text, density, gen)


def test_stepper_keeps_agreeing_over_many_generations():
    rng = np.random.default_rng(7)
    for name in SURFACES:
        surface = Surface(name, 13, 13)
        grid = (rng.random((13, 13)) < 0.4).astype(np.uint8)
        stepper = Stepper(grid, "highlife", surface)
        for _ in range(25):
            stepper.step()
            grid = reference_step(grid, parse_rule("highlife"), surface)
            assert np.array_equal(stepper.grid(), grid), name
            assert stepper.population() == int(grid.sum())


def test_torus_1x1_cell_is_its_own_eight_neighbours():
    torus = Surface("torus", 1, 1)
    alive = np.ones((1, 1), dtype=np.uint8)
    assert step(alive, "conway", torus)[0, 0] == 0     # 8 neighbours: dies
    assert step(alive, "daynight", torus)[0, 0] == 1   # S8: survives


def test_sphere_corner_cell_is_a_still_life():
    sphere = Surface("sphere", 6, 6)
    for corner in ((0, 0), (5, 5)):
        grid = np.zeros((6, 6), dtype=np.uint8)
        grid[corner] = 1
        assert np.array_equal(step(grid, "conway", sphere), grid), corner
    # the other two corners count themselves once only: a lone cell there dies
    grid = np.zeros((6, 6), dtype=np.uint8)
    grid[0, 5] = 1
    assert step(grid, "conway", sphere).sum() == 0


def test_projective_corner_counts_itself():
    # (0,0) sees itself diagonally and (h-1, w-1) twice: itself + the far corner twice = 3
    surface = Surface("projective", 5, 6)
    grid = np.zeros((5, 6), dtype=np.uint8)
    grid[0, 0] = 1
    grid[4, 5] = 1
    nxt = step(grid, "B3/S3", surface)
    assert nxt[0, 0] == 1 and nxt[4, 5] == 1
    # on the torus the same two cells are ordinary diagonal neighbours: 1 each
    assert step(grid, "B3/S3", Surface("torus", 5, 6)).sum() == 0
    lone = np.zeros((5, 6), dtype=np.uint8)
    lone[0, 0] = 1
    assert step(lone, "B/S1", surface)[0, 0] == 1     # counts itself once


def test_blinker_has_period_two_away_from_edges():
    horizontal = grid_of("""
        .....
        .....
        .OOO.
        .....
        .....
    """)
    for name in SURFACES:
        surface = Surface(name, 5, 5)
        once = step(horizontal, "conway", surface)
        assert np.array_equal(once, horizontal.T), name
        assert np.array_equal(step(once, "conway", surface), horizontal), name


def test_glider_crossing_the_klein_twist_comes_back_mirrored():
    h, w = 12, 10
    klein = Surface("klein", h, w)
    glider = grid_of("""
        .O.
        ..O
        OOO
    """)
    grid = np.zeros((h, w), dtype=np.uint8)
    place(grid, glider, (4, 2))
    # 4*h generations: the glider moves h rows down (once across the twisted top/bottom
    # gluing) and h columns right (wrapping straight, width 10)
    after = advance(grid, "conway", klein, 4 * h)
    torus_after = advance(grid, "conway", Surface("torus", h, w), 4 * h)
    assert after.sum() == 5
    assert not np.array_equal(after, torus_after)
    # on the Klein bottle it comes back mirrored left-right about the vertical axis
    ys, xs = np.nonzero(after)
    found = after[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    assert np.array_equal(found, glider[:, ::-1])
    assert np.array_equal(torus_after[torus_after.any(1)][:, torus_after.any(0)], glider)


def test_evolve_yields_generation_events():
    surface = Surface("torus", 6, 6)
    grid = np.zeros((6, 6), dtype=np.uint8)
    grid[2, 1:4] = 1
    events = list(evolve(grid, "conway", surface, 3))
    assert [e.index for e in events] == [0, 1, 2, 3]
    first = events[0]
    assert isinstance(first, Generation)
    assert np.array_equal(first.grid, grid) and not first.births.any() and not first.deaths.any()
    assert first.population == 3 and first.rule == "B3/S23" and first.surface == surface
    second = events[1]
    assert second.births.sum() == 2 and second.deaths.sum() == 2
    assert np.array_equal(second.births, (second.grid == 1) & (first.grid == 0))
    for event in events:
        assert not event.grid.flags.writeable
        with pytest.raises(ValueError):
            event.grid[0, 0] = 1
    grid[0, 0] = 1  # the caller's grid is not shared with the events
    assert events[0].grid[0, 0] == 0


def test_population_series_matches_evolve():
    rng = np.random.default_rng(3)
    surface = Surface("projective", 20, 20)
    grid = (rng.random((20, 20)) < 0.5).astype(np.uint8)
    series = population_series(grid, "highlife", surface, 30)
    assert list(series) == [e.population for e in evolve(grid, "highlife", surface, 30)]


def test_input_grid_untouched_and_shape_checked():
    surface = Surface("torus", 4, 4)
    grid = np.eye(4, dtype=np.uint8)
    before = grid.copy()
    step(grid, "conway", surface)
    assert np.array_equal(grid, before)
    with pytest.raises(LifeGridError, match="expected a 4x4 grid"):
        step(np.zeros((3, 4)), "conway", surface)


def test_accepts_bool_and_int_grids():
    surface = Surface("klein", 7, 7)
    rng = np.random.default_rng(0)
    grid = rng.random((7, 7)) < 0.5
    a = step(grid, "conway", surface)
    b = step(grid.astype(np.int64) * 5, "conway", surface)
    assert a.dtype == np.uint8 and np.array_equal(a, b)


def test_random_rules_match_reference():
    rng = np.random.default_rng(2026)
    for trial in range(60):
        birth = "".join(str(n) for n in range(1, 9) if rng.random() < 0.4)
        survive = "".join(str(n) for n in range(0, 9) if rng.random() < 0.4)
        rule = parse_rule(f"B{birth}/S{survive}")
        name = SURFACES[trial % len(SURFACES)]
        side = int(rng.integers(1, 12))
        h, w = (side, side) if name == "sphere" else (side, int(rng.integers(1, 70)))
        surface = Surface(name, h, w)
        grid = (rng.random((h, w)) < rng.random()).astype(np.uint8)
        assert np.array_equal(advance(grid, rule, surface, 2),
                              reference_step(reference_step(grid, rule, surface), rule,
                                             surface)), (rule.notation, name, h, w)
