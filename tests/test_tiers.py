"""The test commands: CI runs the README's test command, the README documents the fast tier,
and the fast tier's scenarios are shipped ones (a renamed scenario must not leave it empty)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tiers import FAST_SCENARIOS, SCENARIOS, shipped, tiered

ROOT = Path(__file__).resolve().parents[1]
FAST = 'python -m pytest -m "not slow" -n 2'


def readme_test_command() -> str:
    """The command after `pip install -e ".[test]" &&` in the README's quick start."""
    found = re.search(r'^pip install -e "\.\[test\]" && (.+)$', (ROOT / "README.md").read_text(
        encoding="utf-8"), re.M)
    assert found, "the README's quick start installs the test extras, then runs the tests"
    return found.group(1).strip()


def test_ci_runs_the_readme_test_command():
    command = readme_test_command()
    assert command.startswith("python -m pytest")
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert command in lines


def test_the_readme_documents_the_fast_tier_and_xdist_is_a_test_extra():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"\n{FAST}" in text
    assert "-n 2" in readme_test_command()
    assert '"pytest-xdist' in (ROOT / "pyproject.toml").read_text()


def test_the_fast_scenarios_are_shipped():
    names = {p.stem for p in SCENARIOS.glob("*.yaml")}
    assert FAST_SCENARIOS <= names, sorted(FAST_SCENARIOS - names)
    fast = [p for p in shipped() if not p.marks]
    assert sorted(p.id for p in fast) == sorted(FAST_SCENARIOS)


def test_tiered_marks_only_the_values_left_out():
    params = tiered([(1, "a"), (2, "b")], lambda v: v[0] == 1, lambda v: v[1], spread=True)
    assert [(p.values, p.id) for p in params] == [((1, "a"), "a"), ((2, "b"), "b")]
    assert params[0].marks == () and [m.name for m in params[1].marks] == ["slow"]
    assert tiered([3], lambda v: True)[0].values == (3,)


@pytest.mark.parametrize("n", tiered([1, 2], lambda n: n == 1))
def test_a_slow_case_is_left_out_of_the_fast_tier(n, request):
    marked = request.node.get_closest_marker("slow") is not None
    assert marked == (n == 2)
