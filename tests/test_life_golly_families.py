"""Every rule family against bgolly, cell for cell, on every surface where it is defined:
random soups of states, and each of Hensel's letters. Skipped without bgolly."""
import zlib

import numpy as np
import pytest

from visualizer.life.families import FamilyRule, RuleFamily
from visualizer.life.family_parse import parse_family_rule
from visualizer.life.golly import bgolly_path, run_bgolly
from visualizer.life.hensel import LETTERS, MOORE_OFFSETS
from visualizer.life.multistate import surface_problem
from visualizer.life.rule_table import RULE_DIRS
from visualizer.life.stepping import make_stepper
from visualizer.surfaces import SURFACE_NAMES, Surface
from tiers import tiered

needs_bgolly = pytest.mark.skipif(
    bgolly_path() is None or not (RULE_DIRS[-1] / "WireWorld.rule").is_file(),
    reason="bgolly or Golly's Rules folder is not installed")

#: one rule or more of each family
RULES = ["B13/S012V", "B2/S34H", "B2n3/S23-q", "B2-a/S12", "/2/3", "345/2/4", "B2/S/3V",
         "12/34/3H", "B2n/S/3", "0123/4/40", "W30", "W110", "WireWorld", "Langtons-Ant",
         "LifeHistory", "HPP", "Tempesti", "Worm-1040512", "Banks-II", "Banks-III"]
#: rule tables too large for a dense lookup table (their transitions matched in order)
SPARSE_TABLES = ("LifeHistory", "HPP", "Tempesti", "Worm-1040512")
SIZES = [(1, 1), (1, 7), (2, 2), (3, 3), (6, 1), (9, 9), (12, 17)]


def _defined(rule_text: str, name: str) -> bool:
    """Whether the rule runs on the surface (hexagonal rules: the plane and the torus)."""
    rule = parse_family_rule(rule_text)
    return isinstance(rule, FamilyRule) and surface_problem(rule, name) is None


CASES = [(rule, name, h, w) for rule in RULES for name in SURFACE_NAMES for h, w in SIZES
         if (name != "sphere" or h == w) and _defined(rule, name)]
#: the fast tier: each rule on the torus at one size, and the Klein bottle for a few
FAST = {(rule, "torus", 12, 17) for rule in RULES} | \
    {(rule, "klein", 9, 9) for rule in ("/2/3", "WireWorld", "W30")} | \
    {(rule, "plane", 12, 17) for rule in SPARSE_TABLES}


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


GOLLY_PATTERNS = RULE_DIRS[-1].parent / "Patterns"
#: a sample of Golly's own collection for these families, and how many generations to run
SAMPLE = [("Generations/Delta.rle", 40), ("Generations/Sawfish.rle", 40),
          ("Generations/Lava.mcl", 20), ("Generations/Transers.mcl", 30),
          ("Non-Totalistic/p42-knightship.rle", 84),
          ("Non-Totalistic/pondpuffer-spaceship.rle", 40),
          ("Non-Totalistic/reflectorless-rotating-oscillator-puffer.rle", 40),
          ("Other-Rules/Langtons-Ant.rle", 200), ("Other-Rules/b2ein-spaceships-and-rakes.rle", 40),
          ("Turmites/LangtonsAnt_LLRR.rle", 200),
          ("WireWorld/gate-AND.mcl", 60), ("WireWorld/flip-flop.mcl", 60),
          ("WireWorld/circuit.mcl", 60), ("WireWorld/clocks.mcl", 60),
          # rule tables too large for a dense lookup table (matched transition by transition)
          ("Other-Rules/HPP-demo-small.rle", 40), ("Loops/Perrier-Loop.rle", 60),
          ("Loops/Tempesti-Loop.rle", 60), ("Patersons-Worms/worm-1252121.rle", 100),
          ("Life/Bounded-Grids/torus.rle", 80), ("Life/Bounded-Grids/Klein-bottle.rle", 80),
          ("Life/Bounded-Grids/cross-surface.rle", 80), ("Life/Bounded-Grids/sphere.rle", 80)]


@needs_bgolly
@pytest.mark.parametrize("name, gens", tiered(
    SAMPLE, lambda s: s[0] in ("Generations/Delta.rle", "WireWorld/gate-AND.mcl",
                               "Other-Rules/Langtons-Ant.rle", "Loops/Perrier-Loop.rle",
                               "Life/Bounded-Grids/Klein-bottle.rle"),
    lambda s: s[0].split("/")[-1], spread=True))
def test_goldys_patterns_load_and_run_as_in_golly(name, gens):
    from visualizer.life.formats import read_pattern
    from visualizer.life.golly import algorithm_for, run_bgolly_file

    path = GOLLY_PATTERNS / name
    if not path.is_file():
        pytest.skip(f"{path} is not installed")
    found = read_pattern(path)
    rule, bounded = found.rule_and_surface()
    assert rule is not None
    ph, pw = found.shape
    h, w = 2 * (ph + gens + 2), 2 * (pw + gens + 2)     # nothing reaches the edge
    surface = bounded if bounded is not None else Surface("plane", h, w)
    h, w = surface.rows, surface.cols
    grid = np.zeros((h, w), dtype=np.uint8)
    x0, y0 = found.pos if found.pos is not None else (0, 0)   # bgolly's own placement
    grid[y0 + h // 2:y0 + h // 2 + ph, x0 + w // 2:x0 + w // 2 + pw] = found.cells
    stepper = make_stepper(grid, rule, surface)
    stepper.run(gens)
    golly = run_bgolly_file(path, surface, gens, algorithm=algorithm_for(rule))
    assert stepper.population() > 0 and np.array_equal(stepper.grid(), golly), name


#: Brian's Brain written as a rule table with `symmetries: permute` (a dead cell with exactly
#: two live neighbours is born, 28 arrangements; a live cell dies through state 2), with a
#: bound variable: a dying cell with two live neighbours and two more alike (x) becomes x
PERMUTED_BRAIN = """@RULE PermutedBrain
@TABLE
n_states:3
neighborhood:Moore
symmetries:permute
var a={0,2}
var b={0,2}
var c={0,2}
var d={0,2}
var e={0,2}
var f={0,2}
var g={0,1,2}
var h={0,1,2}
var i={0,1,2}
var j={0,1,2}
var k={0,1,2}
var l={0,1,2}
var m={0,1,2}
var n={0,1,2}
var x={1,2}
0,1,1,a,b,c,d,e,f,1
2,1,1,x,x,0,0,0,0,x
1,g,h,i,j,k,l,m,n,2
2,g,h,i,j,k,l,m,n,0
"""


@needs_bgolly
@pytest.mark.parametrize("name", ["torus", "plane"])
def test_a_permuted_table_is_goldys(tmp_path, name):
    from visualizer.life.golly import run_bgolly_file
    from visualizer.life.rle_writer import write_rle
    from visualizer.life.rule_table import read_rule_file

    (tmp_path / "PermutedBrain.rule").write_text(PERMUTED_BRAIN)
    table = read_rule_file(tmp_path / "PermutedBrain.rule", tmp_path)
    rule = FamilyRule(RuleFamily.TABLE, table.name, 3, table.neighbourhood, table=table)
    surface = Surface(name, 13, 16)
    grid = _soup(rule, 13, 16, f"permuted{name}")
    write_rle(grid, tmp_path / "in.rle", rule=rule, surface=surface)
    stepper = make_stepper(grid, rule, surface)
    for gens in (1, 2, 9):
        stepper.run(gens - stepper.generation)
        golly = run_bgolly_file(tmp_path / "in.rle", surface, gens, algorithm="RuleLoader",
                                rule_dirs=(tmp_path,))
        assert np.array_equal(stepper.grid(), golly), (name, gens)
