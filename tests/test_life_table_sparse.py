"""Rule tables too large for a dense lookup table, matched transition by transition
(`table_sparse.py`), and `symmetries: permute`: the same runs as the dense table where
both exist, every arrangement once. Against bgolly: tests/test_life_golly_families.py."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from visualizer.life import rule_table, table_sparse
from visualizer.life.families import FamilyRule, RuleFamily
from visualizer.life.multistate import StateStepper
from visualizer.life.rule_table import TableRule, parse_rule_text, read_rule_file
from visualizer.life.rules import RuleError
from visualizer.surfaces import Surface

GOLLY_RULES = rule_table.RULE_DIRS[-1]
needs_golly_rules = pytest.mark.skipif(not (GOLLY_RULES / "WireWorld.rule").is_file(),
                                       reason="Golly's Rules folder is not installed")
#: Golly's rule files whose dense table would hold more than MAX_ENTRIES neighbourhoods
TOO_LARGE = {"HPP", "LifeHistory", "Perrier", "Tempesti", "Worm-1040512", "Worm-1042015",
             "Worm-1042020", "Worm-1252121", "Worm-1525115", "Worm-complement", "Worm-shared"}


def _dense(text: str, name: str, monkeypatch: pytest.MonkeyPatch | None = None
           ) -> TableRule:
    """The rule of the `.rule` text `text` (its @RULE line added when missing)."""
    return parse_rule_text(text if text.startswith("@RULE") else f"@RULE {name}\n{text}",
                           name)


def _sparse(text: str, name: str, monkeypatch: pytest.MonkeyPatch) -> TableRule:
    """The rule of `text` compiled as a table of transitions even when it would fit."""
    with monkeypatch.context() as patch:
        patch.setattr(rule_table, "MAX_ENTRIES", 0)
        return _dense(text, name)


def _run(table: TableRule, grid: np.ndarray, surface: str, gens: int) -> list[np.ndarray]:
    """The grids of `gens` generations of `table` from `grid` (the first included)."""
    rule = FamilyRule(RuleFamily.TABLE, table.name, table.states, table.neighbourhood,
                      table=table)
    stepper = StateStepper(grid, rule, Surface(surface, *grid.shape))
    out = [stepper.grid()]
    for _ in range(gens):
        stepper.step()
        out.append(stepper.grid())
    return out


PERMUTE_LINES = ["0,1,1,2,a,2", "1,2,0,0,0,0", "2,b,b,0,0,b"]
PERMUTE_HEAD = "@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:{}\n" \
               "var a={{0,1,2}}\nvar b={{1,2}}\n"


def _longhand() -> str:
    """`PERMUTE_LINES` written out with symmetries none: each distinct arrangement."""
    lines = []
    for line in PERMUTE_LINES:
        cell, *hood, new = line.split(",")
        for arranged in sorted(set(itertools.permutations(hood))):
            lines.append(",".join([cell, *arranged, new]))
    return PERMUTE_HEAD.format("none") + "\n".join(lines) + "\n"


def test_permute_is_each_distinct_arrangement(monkeypatch):
    permuted = PERMUTE_HEAD.format("permute") + "\n".join(PERMUTE_LINES) + "\n"
    # 12 arrangements of (1, 1, 2, a), 4 of (2, 0, 0, 0), 6 of (b, b, 0, 0) for each b
    assert _sparse(permuted, "P", monkeypatch).sparse.count == 12 + 4 + 2 * 6
    start = np.array([[0, 1, 0, 0, 2],
                      [2, 0, 1, 0, 0],
                      [0, 0, 2, 1, 0],
                      [1, 2, 0, 0, 0]], dtype=np.uint8)
    runs = [_run(compile_(text, "P", monkeypatch), start, "torus", 3)
            for text in (permuted, _longhand()) for compile_ in (_dense, _sparse)]
    assert all(np.array_equal(a, b) for run in runs[1:] for a, b in zip(runs[0], run))
    # by hand: (0, 0) sees 1, 1, 2, 2 (line 1, a = 2); (2, 2) and (3, 1) see two 1s and two
    # 0s (line 3, b = 1); each 1 beside a single 2 dies (line 2); (0, 4) matches nothing
    assert runs[0][1].tolist() == [[2, 0, 0, 0, 2], [2, 2, 0, 0, 0], [0, 0, 1, 0, 0],
                                   [0, 1, 0, 0, 0]]


def test_permute_counts_a_multiset_once():
    # three neighbours of one item and five of another: 8! / (3! 5!) = 56 arrangements
    text = "@TABLE\nn_states:9\nneighborhood:Moore\nsymmetries:permute\n0,1,1,1,2,2,2,2,2,3\n"
    table = _dense(text, "M")
    assert table.lut is None and table.sparse is not None and table.sparse.count == 56


@pytest.mark.parametrize("symmetries, count", [
    ("none", 1), ("reflect_horizontal", 2), ("rotate4", 4), ("rotate8", 8),
    ("rotate4reflect", 8), ("rotate8reflect", 16), ("permute", 56)])
def test_each_symmetry_stands_for_its_copies(symmetries, count, monkeypatch):
    # a live cell north and a dying one north-east: no two of its 16 images alike
    text = (f"@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:{symmetries}\n"
            "0,1,2,0,0,0,0,0,0,1\n")
    table = _sparse(text, "S", monkeypatch)
    assert table.sparse is not None and table.sparse.count == count
    dense = _dense(text, "S")
    assert dense.lut is not None and int(np.count_nonzero(dense.lut[:3 ** 8])) == count


def test_a_table_of_many_states_steps_by_its_transitions():
    # 256 states on the Moore neighbourhood: neighbourhoods are too many for a 64-bit key
    text = ("@TABLE\nn_states:256\nneighborhood:Moore\nsymmetries:rotate8\n"
            "0,200,0,0,0,0,0,0,0,100\n200,0,0,0,0,0,0,0,0,0\n")
    start = np.zeros((5, 5), dtype=np.uint8)
    start[2, 2] = 200
    after = _run(_dense(text, "Big"), start, "plane", 1)[1]
    expected = np.zeros((5, 5), dtype=np.uint8)
    expected[1:4, 1:4] = 100
    expected[2, 2] = 0
    assert np.array_equal(after, expected)


def test_a_table_standing_for_too_many_transitions_is_refused(tmp_path, monkeypatch):
    # 9 states on the Moore neighbourhood: too large for a dense table; each line with
    # eight different neighbours permuted stands for 8! = 40320 transitions, counted when
    # written out even where a line repeats an earlier one
    monkeypatch.setattr(rule_table, "MAX_TRANSITIONS", 50_000)
    path = tmp_path / "Many.rule"
    path.write_text("@RULE Many\n@TABLE\nn_states:9\nneighborhood:Moore\nsymmetries:permute\n"
                    "0,1,2,3,4,5,6,7,8,0\n0,1,2,3,4,5,6,7,8,0\n")
    with pytest.raises(RuleError, match=r"Many\.rule:7: expected at most 50,000 transitions"):
        read_rule_file(path, tmp_path)


@needs_golly_rules
def test_every_golly_rule_file_loads():
    paths = sorted(GOLLY_RULES.glob("*.rule"))
    tables = {path.stem: read_rule_file(path, GOLLY_RULES) for path in paths}
    assert len(tables) == 51, len(tables)           # Debian's golly 3.3 ships 51
    assert {name for name, t in tables.items() if t.sparse is not None} == TOO_LARGE


@needs_golly_rules
@pytest.mark.parametrize("name", ["WireWorld", "Codd", "Evoloop", "Langtons-Loops"])
def test_the_transitions_run_as_the_dense_table(name, monkeypatch):
    path = GOLLY_RULES / f"{name}.rule"
    dense = read_rule_file(path, GOLLY_RULES)
    sparse = _sparse(path.read_text(), name, monkeypatch)
    assert dense.lut is not None and sparse.sparse is not None
    start = np.random.default_rng(len(name)).integers(0, dense.states, (14, 19))
    for surface in ("torus", "plane"):
        a = _run(dense, start.astype(np.uint8), surface, 6)
        b = _run(sparse, start.astype(np.uint8), surface, 6)
        assert all(np.array_equal(x, y) for x, y in zip(a, b)), (name, surface)


@needs_golly_rules
def test_a_full_cache_starts_over(monkeypatch):
    path = GOLLY_RULES / "WireWorld.rule"
    dense = read_rule_file(path, GOLLY_RULES)
    sparse = _sparse(path.read_text(), "WireWorld", monkeypatch)
    monkeypatch.setattr(table_sparse, "MAX_CACHE", 40)
    start = np.random.default_rng(7).integers(0, 4, (9, 11)).astype(np.uint8)
    a, b = _run(dense, start, "torus", 8), _run(sparse, start, "torus", 8)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert sparse.sparse is not None and len(sparse.sparse._keys) <= 40


def test_a_table_without_transitions_keeps_every_cell():
    # Golly's Worm-shared.rule holds only icons: 17 states, no transitions
    table = _dense("@TABLE\nn_states:17\nneighborhood:Moore\nsymmetries:none\n", "W")
    assert table.sparse is not None and table.sparse.count == 0
    start = np.arange(30, dtype=np.uint8).reshape(5, 6) % 17
    assert np.array_equal(_run(table, start, "torus", 2)[2], start)


def test_a_new_state_may_be_a_variable_of_one_state():
    text = ("@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\nvar o={2}\n"
            "1,0,0,0,0,o\n")
    start = np.array([[1, 0, 0], [0, 0, 1]], dtype=np.uint8)
    assert _run(_dense(text, "O"), start, "plane", 1)[1].tolist() == [[2, 0, 0], [0, 0, 2]]
    with pytest.raises(Exception, match="expected the new state's variable 'a' among"):
        _dense(text.replace("var o={2}", "var a={1,2}").replace(",o\n", ",a\n"), "O")


def test_unmatched_cells_keep_their_state(monkeypatch):
    text = "@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\n1,0,0,0,0,2\n"
    start = np.array([[1, 0, 1], [0, 2, 1], [0, 0, 0]], dtype=np.uint8)
    after = _run(_sparse(text, "K", monkeypatch), start, "plane", 1)[1]
    assert after.tolist() == [[2, 0, 1], [0, 2, 1], [0, 0, 0]]


