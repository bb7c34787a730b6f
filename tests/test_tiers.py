"""The test commands: CI runs the README's test command, the README documents the fast tier,
and the fast tier's scenarios are shipped ones (a renamed scenario must not leave it empty)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tiers import FAST_SCENARIOS, SCENARIOS, shipped, tiered

ROOT = Path(__file__).resolve().parents[1]
FAST = 'python -m pytest -m "not slow" -n 2 --dist worksteal'


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


#: modules no test imports, reached another way by the fast tier's tests
RUN_ANOTHER_WAY = {"visualizer.student.grade_one": "the grader starts it with python -m"}
#: modules that import by name (importlib) the modules of these packages: the registry
#: every algorithm, the export package its writers
BY_NAME = {"visualizer.registry": ("visualizer.generators", "visualizer.solvers"),
           "visualizer.export": ("visualizer.export",)}


def fast_test_modules() -> list[Path]:
    """The test modules the fast tier runs tests of: all but those marked slow as a whole."""
    return [p for p in sorted((ROOT / "tests").glob("test_*.py"))
            if "\npytestmark = pytest.mark.slow\n" not in p.read_text(encoding="utf-8")]


def test_the_fast_tier_imports_every_module():
    """Every module of `visualizer/` is imported by a test module the fast tier runs (or a
    helper it imports), or by a module so imported: the fast tier touches every module. (A
    static check: `coverage run -m pytest -m "not slow"` measures it line by line.)"""
    from package_source import modules, statements, text, tree
    from test_import_cycles import graph, module_name, project_imports

    helpers = {p.stem: p for p in (ROOT / "tests").glob("*.py")
               if not p.stem.startswith("test_")}
    reached: set[str] = set()
    todo, done = fast_test_modules(), set()
    while todo:
        path = todo.pop()
        if path in done:
            continue
        done.add(path)
        found = list(statements(tree(path)))
        reached |= project_imports(found, "")
        for node in found:
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            todo += [helpers[n] for n in names if n in helpers]
    edges = dict(graph())
    paths = {module_name(p): p for p in modules()}
    for importer, packages in BY_NAME.items():
        assert "importlib.import_module(" in text(paths[importer]), importer
        edges[importer] = edges[importer] | {m for m in edges for p in packages
                                             if m.startswith(p + ".")}
    names = list(reached)
    while names:
        name = names.pop()
        parents = {name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1)}
        for other in edges.get(name, set()) | parents:    # importing a module runs its package
            if other not in reached:
                reached.add(other)
                names.append(other)
    missed = sorted(set(edges) - reached - set(RUN_ANOTHER_WAY))
    assert missed == [], missed
    assert not set(RUN_ANOTHER_WAY) & reached, "now imported: unlist it"
