"""Rule families beyond life-like: parsing as Golly writes them, located refusals, the
`.rule` reader's guards, small hand-checked runs, and `run_life`'s array contract."""
from math import comb
from pathlib import Path

import numpy as np
import pytest

import visualizer as viz
from visualizer.life.families import FamilyRule, Neighbourhood, RuleFamily
from visualizer.life.family_parse import counted, parse_family_rule
from visualizer.life.hensel import LETTERS, MOORE_OFFSETS, letter_class
from visualizer.life.rule_table import RULE_DIRS, find_table_rule, read_rule_file
from visualizer.life.rules import Rule, RuleError
from visualizer.life.spec import parse_life_spec
from visualizer.life.stepping import evolve_any
from visualizer.surfaces import make_surface

GOLLY_RULES = RULE_DIRS[-1]
needs_golly_rules = pytest.mark.skipif(not (GOLLY_RULES / "WireWorld.rule").is_file(),
                                       reason="Golly's Rules folder is not installed")


@pytest.mark.parametrize("text, family, notation, states, nb", [
    ("B13/S012V", RuleFamily.VON_NEUMANN, "B13/S012V", 2, Neighbourhood.VON_NEUMANN),
    ("b2s34h", RuleFamily.HEXAGONAL, "B2/S34H", 2, Neighbourhood.HEXAGONAL),
    ("B2n3/S23-q", RuleFamily.HENSEL, "B2n3/S23-q", 2, Neighbourhood.MOORE),
    ("B2-a/S12", RuleFamily.HENSEL, "B2-a/S12", 2, Neighbourhood.MOORE),
    ("B3_S23-a4ei6", RuleFamily.HENSEL, "B3/S23-a4ei6", 2, Neighbourhood.MOORE),
    ("/2/3", RuleFamily.GENERATIONS, "/2/3", 3, Neighbourhood.MOORE),
    ("B2/S/3", RuleFamily.GENERATIONS, "/2/3", 3, Neighbourhood.MOORE),
    ("Brian's Brain", RuleFamily.GENERATIONS, "/2/3", 3, Neighbourhood.MOORE),
    ("345/2/4", RuleFamily.GENERATIONS, "345/2/4", 4, Neighbourhood.MOORE),
    ("12/34/3H", RuleFamily.GENERATIONS, "12/34/3H", 3, Neighbourhood.HEXAGONAL),
    ("B2n/S/3", RuleFamily.GENERATIONS, "/2n/3", 3, Neighbourhood.MOORE),
    ("W30", RuleFamily.WOLFRAM, "W30", 2, Neighbourhood.MOORE),
    ("w110", RuleFamily.WOLFRAM, "W110", 2, Neighbourhood.MOORE),
])
def test_families_parse_as_golly_writes_them(text, family, notation, states, nb):
    rule = parse_family_rule(text)
    assert isinstance(rule, FamilyRule)
    assert (rule.family, rule.notation, rule.states, rule.neighbourhood) == \
        (family, notation, states, nb)
    assert parse_family_rule(rule.notation) == rule        # the notation reads back


def same_steps(fast, plain, steps=25):
    """`fast` and the plain state engine `plain` step alike: the same grid and population
    after each of `steps` steps."""
    for _ in range(steps):
        fast.step()
        plain.step()
        assert np.array_equal(fast.grid(), plain.grid())
        assert fast.population() == plain.population()


def test_life_like_rules_stay_on_the_bit_packed_engine():
    assert parse_family_rule("B36/S23") == Rule(frozenset({3, 6}), frozenset({2, 3}))
    assert isinstance(parse_family_rule("23/3"), Rule)


def test_hensel_letters_split_each_count():
    for count, letters in LETTERS.items():
        classes = [letter_class(count, ch) for ch in letters]
        union = frozenset().union(*classes) if classes else counted(Neighbourhood.MOORE, count)
        assert len(union) == comb(8, count) == sum(map(len, classes)) or not letters
    minus = parse_family_rule("B2-a/S")
    plus = parse_family_rule("B2cekin/S")
    assert isinstance(minus, FamilyRule) and isinstance(plus, FamilyRule)
    assert minus.birth == plus.birth and minus.notation == "B2-a/S"


def test_von_neumann_and_hexagonal_counts():
    vn = parse_family_rule("B13/S012V")
    hexa = parse_family_rule("B2/S34H")
    assert isinstance(vn, FamilyRule) and isinstance(hexa, FamilyRule)
    assert vn.birth == counted(Neighbourhood.VON_NEUMANN, 1) | counted(Neighbourhood.VON_NEUMANN, 3)
    assert len(hexa.birth) == comb(6, 2) and max(hexa.survive) < 64


@pytest.mark.parametrize("text, words", [
    ("B2y/S23", "2 neighbours take the letters cekain, not y"),
    ("B2n/S3H", "Hensel letters need the Moore neighbourhood"),
    ("B5/S0V", "expected neighbour counts 0..4 in B{0..4}/S{0..4}V"),
    ("B7/S3H", "expected neighbour counts 0..6 in B{0..6}/S{0..6}H"),
    ("B3-/S23", "expected letters after '3-'"),
    ("345/2/1", "S/B/C like 345/2/4"),
    ("345/2/300", "300 states is outside 2..256"),
    ("W31", "a B0 rule that Golly refuses too"),
    ("W256", "W{even number 0..254}"),
    ("/0/3", "Golly's Generations algorithm refuses B0 too"),
    ("2/02/3H", "expected a rule without B0 in the Generations family"),
    ("B2/S/C3", "S/B/C like 345/2/4"),
    ("NoSuchRule", "or a Golly .rule name like WireWorld"),
    ("../etc/passwd", "or a Golly .rule name like WireWorld"),
])
def test_bad_rules_are_located_with_the_family_syntax(text, words):
    errors: list[str] = []
    spec = parse_life_spec({"rows": 8, "cols": 8, "rule": text}, "panels[0].life", errors,
                           Path("."))
    assert spec is None and len(errors) == 1
    assert errors[0].startswith("panels[0].life.rule: expected ") and words in errors[0], errors


@pytest.mark.parametrize("surface", ["klein", "klein_lr", "projective", "sphere"])
def test_hexagonal_rules_are_refused_on_twisted_grids(surface):
    errors: list[str] = []
    parse_life_spec({"rows": 8, "cols": 8, "rule": "B2/S34H", "surface": surface}, "life",
                    errors, Path("."))
    assert len(errors) == 1 and errors[0].startswith("life.rule: expected the plane or the "
                                                     "torus for the hexagonal rule B2/S34H")


@needs_golly_rules
def test_rule_tables_and_trees_load_with_their_colours():
    wire = parse_family_rule("WireWorld")
    assert isinstance(wire, FamilyRule) and wire.family == RuleFamily.TABLE
    assert wire.states == 4 and wire.table is not None and wire.table.lut is not None
    assert wire.table.colours[2] == (255, 255, 255) and wire.table.names[3] == "copper wire"
    ant = parse_family_rule("langtons-ant")
    assert isinstance(ant, FamilyRule) and ant.notation == "Langtons-Ant" and ant.states == 10
    assert ant.table is not None and ant.table.tree is not None and ant.table.tree_inputs == 4


def _rule_file(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.rule"
    path.write_text(f"@RULE {name}\n{body}")
    return path


@pytest.mark.parametrize("body, words", [
    ("@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:none\n0,1,1,1,1,1,1,1,1\n",
     ":6: expected 10 items"),
    ("@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:none\n0,0,0,0,0,0,0,0,0,7\n",
     ":6: expected a state 0..2 or a variable"),
    ("@TABLE\nn_states:2\nneighborhood:hexagonal\nsymmetries:none\n",
     "expected neighborhood Moore or vonNeumann"),
    ("@TABLE\nn_states:2\nneighborhood:Moore\nsymmetries:mirror\n",
     "expected symmetries none"),
    ("@COLORS\n0 0 0 0\n", "expected an @TABLE or @TREE section in the file itself"),
    ("@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=1\n2 0 0\n", ":6: expected a node"),
])
def test_malformed_rule_files_are_refused_with_the_line(tmp_path, body, words):
    path = _rule_file(tmp_path, "Bad", body)
    with pytest.raises(RuleError, match="Bad.rule") as info:
        read_rule_file(path, tmp_path)
    assert words in str(info.value)


def test_enormous_and_outside_rule_files_are_refused(tmp_path):
    big = _rule_file(tmp_path, "Big", "@TABLE\n" + "# padding\n" * 120_000)
    with pytest.raises(RuleError, match="at most 1,048,576 bytes"):
        read_rule_file(big, tmp_path)
    inside = tmp_path / "rules"
    inside.mkdir()
    (inside / "Link.rule").symlink_to(_rule_file(tmp_path, "Link", "@TABLE\n"))
    with pytest.raises(RuleError, match="pointing elsewhere"):
        find_table_rule("Link", (inside,))
    assert find_table_rule("../Link", (inside,)) is None


def test_a_small_table_of_ones_own_runs(tmp_path):
    # a 3-state table: a live cell (1) next to a wire (2) north of it moves onto the wire
    _rule_file(tmp_path, "Mover", "@TABLE\nn_states:3\nneighborhood:vonNeumann\n"
                                  "symmetries:none\nvar a={0,1,2}\nvar b={0,1,2}\n"
                                  "var c={0,1,2}\n2,a,b,1,c,1\n1,2,a,b,c,0\n")
    table = find_table_rule("Mover", (tmp_path,))
    assert table is not None
    rule = FamilyRule(RuleFamily.TABLE, "Mover", 3, table.neighbourhood, table=table)
    grid = np.array([[2], [2], [1]], dtype=np.uint8)
    out = [g.grid.ravel().tolist() for g in evolve_any(
        grid, rule, make_surface("plane", 3, 1), 2)]
    assert out == [[2, 2, 1], [2, 1, 0], [1, 0, 0]]


def test_wolfram_rule_30_draws_its_triangle():
    start = np.zeros((4, 9), dtype=np.uint8)
    start[0, 4] = 1
    last = list(viz.run_life(4, 9, surface="plane", rule="W30", init=start, generations=3))[-1]
    assert ["".join(".#"[v] for v in row) for row in last.grid] == [
        "....#....", "...###...", "..##..#..", ".##.####."]


def test_brians_brain_cells_die_through_their_dying_state():
    start = np.zeros((5, 6), dtype=np.uint8)
    start[2, 2] = start[2, 3] = 1
    grids = [g.grid for g in viz.run_life(5, 6, surface="plane", rule="/2/3", init=start,
                                          generations=2)]
    assert grids[1][2, 2] == grids[1][2, 3] == 2              # alive -> dying
    assert grids[1][1, 2:4].tolist() == [1, 1] and grids[1][3, 2:4].tolist() == [1, 1]
    assert grids[2][2, 2] == 0                                # dying -> dead


@pytest.mark.parametrize("rule, states", [("B3/S23", 2), ("B13/S012V", 2), ("B2/S34H", 2),
                                          ("B2n3/S23-q", 2), ("345/2/4", 4), ("W110", 2),
                                          pytest.param("WireWorld", 4, marks=needs_golly_rules)])
def test_run_life_takes_an_array_of_states(rule, states):
    start = np.random.default_rng(3).integers(0, states, (7, 10)).astype(np.uint8)
    events = list(viz.run_life(7, 10, surface="torus", rule=rule, init=start, generations=4))
    assert [e.index for e in events] == [0, 1, 2, 3, 4]
    assert np.array_equal(events[0].grid, start)
    for e in events:
        assert e.grid.dtype == np.uint8 and e.grid.shape == (7, 10) and e.grid.max() < states
        assert e.population == int(np.count_nonzero(e.grid))
        assert not e.grid.flags.writeable


def test_run_life_array_is_checked_and_the_old_form_still_works():
    with pytest.raises(ValueError, match=r"life.init: expected cell states 0..2 for the rule "
                                         r"/2/3, got 5 at \[0, 1\]"):
        viz.run_life(3, 3, rule="/2/3", init=np.array([[0, 5, 0]] * 3), generations=1)
    with pytest.raises(ValueError, match="life.init: expected a 3x3 array"):
        viz.run_life(3, 3, init=np.zeros((2, 3), dtype=np.uint8), generations=1)
    gens = list(viz.run_life(8, 8, rule="B13/S012V",
                             init={"pattern": "blinker", "at": [3, 3]}, generations=1))
    assert gens[0].population == 3 and gens[1].rule == "B13/S012V"


def test_a_generations_panel_is_recorded_with_its_states():
    from visualizer.life.spec import life_events
    from visualizer.record import record

    scenario = viz.make_scenario(life={"rows": 9, "cols": 11, "rule": "345/2/4",
                                       "generations": 6, "init": {"random": 0.5}}, seed=3)
    panel = scenario.panels[0]
    transcript = record(panel)
    assert panel.life is not None and transcript.planes == 2
    direct = list(life_events(panel.life, np.random.default_rng(panel.seed)))
    assert max(int(e.grid.max()) for e in direct) == 3
    for ours, theirs in zip(transcript, direct, strict=True):
        assert np.array_equal(ours.grid, theirs.grid)
        assert np.array_equal(ours.births, theirs.births)
        assert np.array_equal(ours.deaths, theirs.deaths)


@pytest.mark.parametrize("life, words", [
    ({"rule": "B2y/S23"}, "life.rule: expected B/S with Hensel letters"),
    ({"rule": "B2/S34H", "surface": "projective"}, "life.rule: expected the plane or the torus"),
    ({"rule": "345/2/1"}, "life.rule: expected S/B/C like 345/2/4"),
])
def test_the_command_line_refuses_a_bad_rule_writes_nothing_and_exits_2(tmp_path, capsys,
                                                                        life, words):
    from visualizer import cli

    path = tmp_path / "bad.yaml"
    path.write_text("life: {rows: 8, cols: 8, generations: 2, "
                    + ", ".join(f"{k}: '{v}'" for k, v in life.items()) + "}\n")
    out = tmp_path / "out.gif"
    assert cli.main([str(path), "--out", str(out)]) == 2
    assert not out.exists() and words in capsys.readouterr().err


@pytest.mark.parametrize("rule_text", ["/2/3", "345/2/4", "23/3/2", "0123/4/256", "3/2/8"])
@pytest.mark.parametrize("surface", ["torus", "klein", "projective", "sphere", "plane"])
def test_the_bit_packed_generations_engine_agrees_with_the_state_engine(rule_text, surface):
    from visualizer.life.generations_engine import GenerationsStepper
    from visualizer.life.multistate import StateStepper
    from visualizer.life.stepping import make_stepper

    rule = parse_family_rule(rule_text)
    assert isinstance(rule, FamilyRule)
    grid = np.random.default_rng(len(rule_text)).integers(0, rule.states, (13, 13)).astype(
        np.uint8)
    fast = make_stepper(grid, rule, make_surface(surface, 13, 13))
    plain = StateStepper(grid, rule, make_surface(surface, 13, 13))
    assert isinstance(fast, GenerationsStepper)
    same_steps(fast, plain)


def test_only_moore_generations_of_counts_take_the_bit_packed_engine():
    from visualizer.life.generations_engine import counts_rule

    assert counts_rule(parse_family_rule("345/2/4")) == Rule(frozenset({2}),
                                                            frozenset({3, 4, 5}))
    for text in ("B2n/S/3", "/2/3V", "12/34/3H", "B2-a/S12", "W30"):
        rule = parse_family_rule(text)
        assert isinstance(rule, FamilyRule) and counts_rule(rule) is None, text


@pytest.mark.parametrize("rule_text", ["B2n3/S23-q", "B2-a/S12", "B37/S2-i34q", "B3/S23-a4ei6",
                                       "B1c/S", "B2cek3i/S12cei"])
@pytest.mark.parametrize("surface, shape", [("torus", (11, 70)), ("klein", (9, 65)),
                                            ("projective", (10, 12)), ("sphere", (13, 13)),
                                            ("plane", (7, 130))])
def test_the_bit_packed_hensel_engine_agrees_with_the_state_engine(rule_text, surface, shape):
    from visualizer.life.hensel_engine import HenselStepper
    from visualizer.life.multistate import StateStepper
    from visualizer.life.stepping import make_stepper

    rule = parse_family_rule(rule_text)
    assert isinstance(rule, FamilyRule)
    grid = (np.random.default_rng(len(rule_text)).random(shape) < 0.4).astype(np.uint8)
    fast = make_stepper(grid, rule, make_surface(surface, *shape))
    plain = StateStepper(grid, rule, make_surface(surface, *shape))
    assert isinstance(fast, HenselStepper)
    same_steps(fast, plain)


def test_an_isotropic_rule_has_a_small_decision_diagram():
    from visualizer.life.hensel_engine import diagram

    for text in ("B2n3/S23-q", "B37/S2-i34q", "B3/S23-a4ei6"):
        rule = parse_family_rule(text)
        assert isinstance(rule, FamilyRule)
        order, nodes, root = diagram(rule)
        assert sorted(order) == sorted([(0, 0), *MOORE_OFFSETS])
        assert 10 < len(nodes) < 60 and root == len(nodes) + 1
        assert all(lo < k + 2 and hi < k + 2 for k, (_, lo, hi) in enumerate(nodes))


@pytest.mark.parametrize("number", [0, 30, 90, 110, 184, 254])
@pytest.mark.parametrize("surface, shape", [("torus", (9, 70)), ("klein", (9, 65)),
                                            ("projective", (10, 12)), ("sphere", (13, 13)),
                                            ("plane", (7, 130))])
def test_the_bit_packed_wolfram_engine_agrees_with_the_state_engine(number, surface, shape):
    from visualizer.life.hensel_engine import WolframStepper
    from visualizer.life.multistate import StateStepper
    from visualizer.life.stepping import make_stepper

    rule = parse_family_rule(f"W{number}")
    assert isinstance(rule, FamilyRule)
    grid = (np.random.default_rng(number).random(shape) < 0.3).astype(np.uint8)
    fast = make_stepper(grid, rule, make_surface(surface, *shape))
    plain = StateStepper(grid, rule, make_surface(surface, *shape))
    assert isinstance(fast, WolframStepper)
    for _ in range(20):
        fast.step()
        plain.step()
        assert np.array_equal(fast.grid(), plain.grid())
