"""The text of `run.py --list`: every algorithm on one line, grouped by its registry family
(generators by how they build, solvers by what they guarantee), then the cellular-automaton
maze rules, the surfaces, the Life rules and patterns."""
from __future__ import annotations

from . import registry
from .grids import GRIDS
from .life import NAMED_RULES, PATTERNS
from .life.families import SYNTAX
from .life.family_parse import NAMED_FAMILY_RULES
from .registry import Family
from .surfaces import SURFACE_NAMES

#: the named Life rules that grow mazes, with what they teach (shown among the generators)
MAZE_RULES = {
    "maze": "corridors grow from a small seed; walls survive with 1-5 neighbours",
    "mazectric": "the same with survival on 1-4 neighbours: longer, straighter corridors",
}
NAME_WIDTH = 17


def _line(name: str, text: str, indent: str = "    ") -> str:
    return f"{indent}{name:<{NAME_WIDTH}} {text}"


def family_groups(kind: str) -> list[tuple[Family | None, list[registry.Algorithm]]]:
    """The algorithms of `kind` by family, in the order `Family` declares them (those with
    no family last), each group sorted by name."""
    found = registry.algorithms(kind)
    groups: list[tuple[Family | None, list[registry.Algorithm]]] = []
    for family in [*Family, None]:
        members = [algo for algo in found.values() if algo.family == family]
        if members:
            groups.append((family, members))
    return groups


def registry_listing() -> str:
    """The `--list` text: generators and solvers grouped by family, one line each (a
    surface-limited one says where it runs, one that keeps to the square grid why), then
    the cellular-automaton maze rules, surfaces, grids, Life rules and patterns."""
    lines = []
    for kind in registry.KINDS:
        lines.append(f"{kind}s:")
        for family, members in family_groups(kind):
            lines.append(f"  {family if family is not None else 'other'}:")
            for algo in members:
                where = f" [only on: {', '.join(sorted(algo.surfaces))}]" \
                    if algo.surfaces is not None else ""
                if algo.grids != registry.ALL_GRIDS:
                    where += " [square grid only: " + \
                        str(algo.extra.get("grid_reason", registry.ROW_REASON)) + "]"
                lines.append(_line(algo.name, algo.summary + where))
        if kind == "generator":
            lines.append("  cellular automata: Life-like rules whose live cells become walls "
                         "(a Life panel with `rule: NAME`):")
            for name, text in MAZE_RULES.items():
                lines.append(_line(name, f"{NAMED_RULES[name]}: {text}"))
    lines.append("surfaces (any rows x cols unless it says otherwise; in brackets the suffix "
                 "Golly gives its bounded grid of w columns and h rows, * the twisted pair):")
    for name, summary in SURFACE_NAMES.items():
        lines.append(_line(name, summary, "  "))
    lines.append("grids (`grid:` in a maze; see docs/grids.md):")
    for shape in GRIDS.values():
        lines.append(_line(shape.kind.value, f"{shape.summary} (on: "
                           f"{', '.join(shape.surfaces)})", "  "))
    weavers = [n for n, a in registry.algorithms("generator").items() if a.extra.get("weave")]
    lines.append(f"weaves (`weave: true` on a square maze, any surface): built by "
                 f"{', '.join(weavers)}; solved by every solver")
    lines.append("life rules (any B/S rule works too, e.g. B36/S23):")
    for name, notation in NAMED_RULES.items():
        lines.append(_line(name, notation, "  "))
    for name, notation in NAMED_FAMILY_RULES.items():
        lines.append(_line(name, notation, "  "))
    lines.append("life rule families, as Golly writes them:")
    for rule_family, syntax in SYNTAX.items():
        lines.append(_line(rule_family.value, syntax, "  "))
    lines.append("life patterns: " + ", ".join(PATTERNS))
    return "\n".join(lines)
