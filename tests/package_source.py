"""The package's source read once per test process: each module's syntax tree, and its
statements walked without descending into expressions (an import, a `def` or a `class` is
always a statement, so the checks of the code's shape and imports need no more)."""
from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "visualizer"

#: the fields of a statement that hold statements (bodies, branches, handlers, cases)
BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")


@cache
def modules() -> tuple[Path, ...]:
    """Every module of the package, sorted."""
    return tuple(sorted(PACKAGE.rglob("*.py")))


@cache
def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@cache
def tree(path: Path) -> ast.Module:
    """`path`'s syntax tree (shared: callers must not change it)."""
    return ast.parse(text(path))


def children(node: ast.AST) -> Iterator[ast.AST]:
    """The statements directly inside `node` (an except handler or a match case counts as
    one: its body is reached through it)."""
    for field in BLOCKS:
        yield from getattr(node, field, ())


def statements(node: ast.AST) -> Iterator[ast.AST]:
    """Every statement inside `node`, at any depth, in source order."""
    for child in children(node):
        yield child
        yield from statements(child)
