"""No two modules of `visualizer/` import each other, directly or round a circle; an import
inside a function is only there to defer a heavy third-party library."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "visualizer"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(name: str) -> bool:
    return (PACKAGE.parent / name.replace(".", "/") / "__init__.py").exists()


def imported(path: Path) -> set[str]:
    """The project modules `path` imports, at its top or inside functions, type-checking
    imports left out (they never run)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("visualizer"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("visualizer"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if is_package(sub) or (PACKAGE.parent / (
                    sub.replace(".", "/") + ".py")).exists() else target)
    out.discard(name)
    return out


def graph() -> dict[str, set[str]]:
    return {module_name(p): imported(p) for p in PACKAGE.rglob("*.py")}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
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


def _top_level(path: Path) -> ast.Module:
    """`path`'s module with its functions' bodies left out (what importing it runs)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    class Strip(ast.NodeTransformer):
        def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
            node.body = [ast.Pass()]
            return node

        visit_AsyncFunctionDef = visit_FunctionDef      # type: ignore[assignment]

    return Strip().visit(tree)


def heavy_modules() -> set[str]:
    """The project modules whose import loads a heavy third-party library, directly or
    through another project module."""
    direct: dict[str, bool] = {}
    edges: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        tree = _top_level(path)
        direct[name] = any(
            (isinstance(n, ast.Import) and any(a.name.split(".")[0] in HEAVY for a in n.names))
            or (isinstance(n, ast.ImportFrom) and not n.level
                and (n.module or "").split(".")[0] in HEAVY)
            for n in ast.walk(tree))
        edges[name] = imported(path) if True else set()
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
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if not isinstance(node, ast.ImportFrom) or not (
                        node.level or (node.module or "").startswith("visualizer")):
                    continue
                base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                    if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                names = {f"{target}.{a.name}" for a in node.names} | {target}
                if not names & heavy:
                    late.append(f"{name}.{fn.name}: from {target} import …")
    assert late == [], "\n".join(late)
