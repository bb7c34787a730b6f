"""No two modules of `visualizer/` import each other, directly or round a circle; an import
inside a function is only there to defer a heavy third-party library."""
from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path

from package_source import PACKAGE, children, modules, statements, tree


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(name: str) -> bool:
    return (PACKAGE.parent / name.replace(".", "/") / "__init__.py").exists()


def target_of(node: ast.ImportFrom, package: str) -> str:
    """The module a `from … import` names, relative imports resolved from `package`."""
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def project_imports(statements: Iterable[ast.AST], package: str) -> set[str]:
    """The project modules the import statements among `statements` load."""
    out: set[str] = set()
    for node in statements:
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("visualizer"))
        elif isinstance(node, ast.ImportFrom):
            target = target_of(node, package)
            if not target.startswith("visualizer"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if is_package(sub) or (PACKAGE.parent / (
                    sub.replace(".", "/") + ".py")).exists() else target)
    return out


def package_of(path: Path) -> str:
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def run_statements(node: ast.AST) -> Iterator[ast.AST]:
    """The statements inside `node` that can run: type-checking blocks left out."""
    for child in children(node):
        if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
            continue
        yield child
        yield from run_statements(child)


@cache
def imported(path: Path) -> frozenset[str]:
    """The project modules `path` imports, at its top or inside functions, type-checking
    imports left out (they never run)."""
    out = project_imports(run_statements(tree(path)), package_of(path))
    out.discard(module_name(path))
    return frozenset(out)


def graph() -> dict[str, frozenset[str]]:
    return {module_name(p): imported(p) for p in modules()}


def cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in edges:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_package_has_no_import_cycle():
    edges = graph()
    # a package's __init__ may re-export its modules; a module importing its own package's
    # __init__ is then a cycle too, and counts
    assert cycles(edges) == []


def test_the_cycle_finder_finds_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


HEAVY = ("matplotlib", "av", "PIL", "selenium", "imageio", "scipy", "yaml", "pydantic", "tqdm")


def top_level(node: ast.AST) -> Iterator[ast.AST]:
    """The statements of `node` that importing it runs: not the bodies of its functions."""
    for child in children(node):
        yield child
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from top_level(child)


def heavy_modules() -> set[str]:
    """The project modules whose import loads a heavy third-party library, directly or
    through another project module."""
    direct: dict[str, bool] = {}
    edges: dict[str, frozenset[str]] = {}
    for path in modules():
        name = module_name(path)
        direct[name] = any(
            (isinstance(n, ast.Import) and any(a.name.split(".")[0] in HEAVY for a in n.names))
            or (isinstance(n, ast.ImportFrom) and not n.level
                and (n.module or "").split(".")[0] in HEAVY)
            for n in top_level(tree(path)))
        edges[name] = imported(path)
    heavy = {m for m, d in direct.items() if d}
    grew = True
    while grew:
        grew = False
        for m, targets in edges.items():
            if m not in heavy and targets & heavy:
                heavy.add(m)
                grew = True
    return heavy


def test_project_imports_inside_functions_only_defer_heavy_modules():
    """A project import inside a function must defer a module whose import loads a heavy
    library; any other belongs at the top of the file."""
    heavy = heavy_modules()
    late = []
    for path in modules():
        name, package = module_name(path), package_of(path)
        for fn in statements(tree(path)):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in statements(fn):
                if not isinstance(node, ast.ImportFrom) or not (
                        node.level or (node.module or "").startswith("visualizer")):
                    continue
                target = target_of(node, package)
                names = {f"{target}.{a.name}" for a in node.names} | {target}
                if not names & heavy:
                    late.append(f"{name}.{fn.name}: from {target} import …")
    assert late == [], "\n".join(late)
