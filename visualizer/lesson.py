"""A scenario as a lesson, in words: its description (the scenario file's own header
comment, then what each panel shows) and its tags (generator, solver, surface, grid, rule).

Everything except the header comment is read from the validated scenario, never from its
text: a tag is a registry name, a surface's name or a Life rule's B/S notation. The HTML
player takes the description as the picture's text alternative; the gallery shows the
first sentence, the tags and the whole description on the lesson's page.
"""
from __future__ import annotations

import re
from enum import Enum
from pathlib import Path

from .life.rules import NAMED_RULES
from .scenario import PanelSpec, Scenario
from .surfaces import SURFACES

#: the comment line that names the schema for editors, not part of the lesson's words
SCHEMA_COMMENT = "yaml-language-server:"
#: where a sentence ends: a full stop, ! or ? before a space and a capital (or a bracket)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'])")
#: the grid a maze is drawn on when the scenario names none (every maze today)
SQUARE = "square"


class TagKind(str, Enum):
    """What a lesson's tag says about it (the gallery's filter groups tags by kind)."""

    GENERATOR = "generator"
    SOLVER = "solver"
    SURFACE = "surface"
    GRID = "grid"
    RULE = "rule"


#: a tag: its kind and its word (a registry name, a surface, a grid, a rule)
Tag = tuple[TagKind, str]


def header_comment(path: Path) -> str:
    """The comment lines at the top of the scenario file `path` (its own description of the
    lesson), joined into one paragraph; "" when the file has none or cannot be read."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    words: list[str] = []
    for line in lines:
        text = line.strip()
        if not text.startswith("#"):
            break
        text = text.lstrip("#").strip()
        if text and not text.startswith(SCHEMA_COMMENT):
            words.append(text)
    return " ".join(words)


def first_sentence(text: str) -> str:
    """The first sentence of `text` (all of it when it has one)."""
    return SENTENCE_END.split(text.strip(), maxsplit=1)[0]


def rule_name(notation: str) -> str:
    """A Life rule's name when it has one (`conway`), else its B/S notation."""
    return next((name for name, bs in NAMED_RULES.items() if bs == notation), notation)


def panel_words(spec: PanelSpec) -> str:
    """What one panel shows, in a sentence made from its validated spec."""
    title = f"{spec.title}: " if spec.title else ""
    if spec.life is not None:
        life = spec.life
        return (f"{title}Life rule {life.rule} ({rule_name(str(life.rule))}) on "
                f"{SURFACES[life.surface.name].what}, {life.rows} by {life.cols} cells, "
                f"{life.generations} generations.")
    maze = spec.maze
    assert maze is not None                 # a panel is a maze or a Life grid
    words = f"{title}a maze of {maze.rows} by {maze.cols} cells on {SURFACES[maze.surface].what}"
    if getattr(maze, "weave", False):
        words += ", woven (passages may go under corridors)"
    if spec.generator is not None:
        words += f", built by {spec.generator.name}"
    if spec.solver is not None:
        words += f", solved by {spec.solver.name}"
    return words + "."


def describe(scenario: Scenario) -> str:
    """The lesson in words: the scenario file's header comment (if any), then what each
    panel shows (a text alternative for the animation)."""
    panels = " ".join(panel_words(spec) for spec in scenario.panels)
    own = header_comment(scenario.path)
    return f"{own} {panels}" if own else panels


def one_line(scenario: Scenario) -> str:
    """The lesson in one sentence: the header comment's first, else the first panel's."""
    own = header_comment(scenario.path)
    return first_sentence(own) if own else panel_words(scenario.panels[0])


def tags(scenario: Scenario) -> list[Tag]:
    """The lesson's tags, each once, in the order: generators, solvers, surfaces, grids,
    rules (each kind in panel order)."""
    found: dict[Tag, None] = {}
    for kind in TagKind:
        for spec in scenario.panels:
            for word in _panel_tags(spec, kind):
                found.setdefault((kind, word), None)
    return list(found)


def _panel_tags(spec: PanelSpec, kind: TagKind) -> list[str]:
    """One panel's words of `kind` (none when the panel has nothing of that kind)."""
    maze, life = spec.maze, spec.life
    if kind == TagKind.GENERATOR:
        return [spec.generator.name] if spec.generator is not None else []
    if kind == TagKind.SOLVER:
        return [spec.solver.name] if spec.solver is not None else []
    if kind == TagKind.SURFACE:
        return [maze.surface] if maze is not None else [life.surface.name] if life else []
    if kind == TagKind.GRID:
        # a scenario's grid, when the schema has one; every maze is square-celled today
        return [str(getattr(maze, "grid", SQUARE))] if maze is not None else []
    return [rule_name(str(life.rule))] if life is not None else []
