"""Every rule family against bgolly, cell for cell, on every surface where it is defined:
random soups of states, and each of Hensel's letters. Skipped without bgolly."""
import zlib

import numpy as np
import pytest

from visualizer.life.families import FamilyRule
from visualizer.life.family_parse import parse_family_rule
from visualizer.life.golly import bgolly_path, run_bgolly
from visualizer.life.hensel import LETTERS, MOORE_OFFSETS
from visualizer.life.multistate import surface_problem
from visualizer.life.rule_table import RULE_DIRS
from visualizer.life.stepping import make_stepper
from visualizer.surfaces import SURFACE_NAMES, Surface
from tiers import tiered

needs_bgolly = pytest.mark.skipif(
    bgolly_path() is None or not (RULE_DIRS[0] / "WireWorld.rule").is_file(),
    reason="bgolly or Golly's Rules folder is not installed")

#: one rule or more of each family
RULES = ["B13/S012V", "B2/S34H", "B2n3/S23-q", "B2-a/S12", "/2/3", "345/2/4", "B2/S/3V",
         "12/34/3H", "B2n/S/3", "W30", "W110", "WireWorld", "Langtons-Ant"]
SIZES = [(1, 1), (1, 7), (2, 2), (3, 3), (6, 1), (9, 9), (12, 17)]


def _defined(rule_text: str, name: str) -> bool:
    """Whether the rule runs on the surface (hexagonal rules: the plane and the torus)."""
    rule = parse_family_rule(rule_text)
    return isinstance(rule, FamilyRule) and surface_problem(rule, name) is None


CASES = [(rule, name, h, w) for rule in RULES for name in SURFACE_NAMES for h, w in SIZES
         if (name != "sphere" or h == w) and _defined(rule, name)]
#: the fast tier: each rule on the torus at one size, and the Klein bottle for a few
FAST = {(rule, "torus", 12, 17) for rule in RULES} | \
    {(rule, "klein", 9, 9) for rule in ("/2/3", "WireWorld", "W30")}


def _soup(rule: FamilyRule, h: int, w: int, seed: str) -> np.ndarray:
    """A random grid of the rule's states (Langton's ant: a few ants on a random field)."""
    rng = np.random.default_rng(zlib.crc32(seed.encode()))
    if rule.states == 2:
        return (rng.random((h, w)) < 0.45).astype(np.uint8)
    return rng.integers(0, rule.states, (h, w)).astype(np.uint8)


@needs_bgolly
@pytest.mark.parametrize("rule_text, name, h, w",
                         tiered(CASES, lambda c: c in FAST, lambda c: "-".join(map(str, c)),
                                spread=True))
def test_random_soups_agree_with_golly(rule_text, name, h, w):
    rule = parse_family_rule(rule_text)
    assert isinstance(rule, FamilyRule)
    surface = Surface(name, h, w)
    grid = _soup(rule, h, w, f"{rule_text}{name}{h}x{w}")
    stepper = make_stepper(grid, rule, surface)
    done = 0
    for gens in (1, 2, 12):
        stepper.run(gens - done)
        done = gens
        assert np.array_equal(stepper.grid(), run_bgolly(grid, rule, surface, gens)), \
            (rule_text, name, h, w, gens)


def _every_configuration() -> tuple[np.ndarray, list[tuple[int, int]]]:
    """A 64x64 grid holding each of the 256 Moore neighbourhoods around an empty centre,
    apart from each other, and the centres."""
    grid = np.zeros((64, 64), dtype=np.uint8)
    centres = []
    for index in range(256):
        r, c = 4 * (index // 16) + 1, 4 * (index % 16) + 1
        centres.append((r, c))
        for bit, (dr, dc) in enumerate(MOORE_OFFSETS):
            grid[r + dr, c + dc] = index >> bit & 1
    return grid, centres


LETTER_CASES = [f"{count}{letter}" for count, letters in LETTERS.items() for letter in letters]


@needs_bgolly
@pytest.mark.parametrize("token", tiered(LETTER_CASES, lambda t: t in ("2a", "3q", "4z")))
def test_each_hensel_letter_is_goldys(token):
    grid, centres = _every_configuration()
    rule = parse_family_rule(f"B{token}/S")
    assert isinstance(rule, FamilyRule)
    golly = run_bgolly(grid, rule, Surface("plane", 64, 64), 1)
    born = {index for index, (r, c) in enumerate(centres) if golly[r, c]}
    assert born == set(rule.birth), token


@needs_bgolly
@pytest.mark.parametrize("rule_text", ["345/2/4", "WireWorld", "Langtons-Ant"])
def test_multi_state_rle_loads_in_place(rule_text):
    rule = parse_family_rule(rule_text)
    assert isinstance(rule, FamilyRule)
    surface = Surface("torus", 11, 20)
    grid = _soup(rule, 11, 20, rule_text)
    grid[0, 0] = grid[10, 19] = rule.states - 1
    assert np.array_equal(run_bgolly(grid, rule, surface, 0), grid)
