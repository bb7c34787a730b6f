"""Which question kinds fit which panels, and the words each algorithm's questions use.

The tables name registered algorithms: a question is about what an algorithm does, so the
question room keeps, per algorithm, the mark that says where it steps and the one-line
reason for its choice. A kind that does not fit a panel is a located error.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..events import Cell, Mark, Rejection
from ..life.families import FamilyRule
from ..life.family_parse import parse_family_rule
from ..life.rules import RuleError
from .model import LIFE_KINDS, Count, Kind


def _at(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


@dataclass(frozen=True)
class StepRule:
    """How an algorithm's moves show in its events: `mark` on the cell it steps to;
    `random` when it picks at random among unvisited neighbours; `who` names it;
    `forward(n, cell)` / `back(cell)` explain a step forward (n right answers) or back."""

    mark: Mark
    who: str
    forward: Callable[[int, Cell], str]
    back: Callable[[Cell], str]
    random: bool = False

    def explain(self, forward: bool, choices: int, cell: Cell) -> str:
        return self.forward(choices, cell) if forward else self.back(cell)


STEPS: dict[tuple[str, str], StepRule] = {
    ("generator", "backtracker"): StepRule(
        Mark.CURRENT, "the backtracker",
        lambda n, c: (f"the backtracker moves to a random unvisited neighbour: any of these "
                      f"{n} was right (it took {_at(c)})") if n > 1 else
                     f"the backtracker moves to its only unvisited neighbour, {_at(c)}",
        lambda c: f"every neighbour was visited, so the backtracker backs up to {_at(c)}",
        random=True),
    ("solver", "dfs"): StepRule(
        Mark.CURRENT, "depth-first search",
        lambda n, c: f"DFS tries N, E, S, W and takes the first passage to an unseen cell: "
                     f"{_at(c)}",
        lambda c: f"no passage leads to an unseen cell, so DFS backs up to {_at(c)}"),
    ("solver", "bfs"): StepRule(
        Mark.VISITED, "breadth-first search",
        lambda n, c: f"BFS expands the cell that has waited longest in its queue (first in, "
                     f"first out): {_at(c)}",
        lambda c: f"BFS expands the cell that has waited longest in its queue: {_at(c)}"),
    ("solver", "wall_follower"): StepRule(
        Mark.CURRENT, "the wall follower",
        lambda n, c: f"the wall follower keeps its hand on the wall and turns into the first "
                     f"opening on that side: {_at(c)}",
        lambda c: f"the wall follower keeps its hand on the wall, even back the way it came: "
                  f"{_at(c)}"),
    ("solver", "tremaux"): StepRule(
        Mark.CURRENT, "Trémaux's walker",
        lambda n, c: f"Trémaux takes an unchalked passage first (N, E, S, W), never one "
                     f"chalked twice: {_at(c)}",
        lambda c: f"Trémaux goes back along a passage chalked once when nothing new is left: "
                  f"{_at(c)}"),
}


@dataclass(frozen=True)
class WallWords:
    """A wall-considering generator's question, its yes/no words and their reasons."""

    prompt: str
    yes: str
    no: str
    because_yes: str
    because_no: dict[Rejection, str]

    def explain(self, yes: bool, reason: Rejection | None) -> str:
        if yes:
            return self.because_yes
        return self.because_no.get(reason, self.no) if reason is not None else self.no


_KRUSKAL = WallWords(
    "Kruskal considers the marked wall: will it open? (y/n)", "yes: it opens",
    "no: it stays",
    "the cells on either side were in different sets, so the wall opens and the sets merge",
    {Rejection.SAME_SET: "both sides were already in one set: opening the wall would make "
                         "a loop, so it stays",
     Rejection.SAME_ZONE: "both sides already carried one label: opening the wall would make "
                          "a loop, so it stays"})

WALLS: dict[str, WallWords] = {
    "kruskal": _KRUSKAL,
    "kruskal_naive": _KRUSKAL,
    "reverse_delete": WallWords(
        "Reverse-delete considers the marked wall: will it be built? (y/n)",
        "yes: it is built", "no: it stays open",
        "the two sides are still joined another way, so building the wall keeps the maze "
        "connected",
        {Rejection.WOULD_DISCONNECT: "this passage is the only link between its sides: a "
                                     "wall would cut the maze in two, so it stays open"}),
}

SET_BASED = ("kruskal", "kruskal_naive")


def default_about(spec: Any) -> str | None:
    """Whose moves a `next_cell` question asks about: the solver's if it has a rule, else
    the generator's, else None."""
    if spec.solver is not None and ("solver", spec.solver.name) in STEPS:
        return "solver"
    if spec.generator is not None and ("generator", spec.generator.name) in STEPS:
        return "generator"
    return None


def _names(kind: str) -> str:
    return ", ".join(sorted(name for k, name in STEPS if k == kind))


#: the Life kinds whose answers are live-neighbour counts and the B/S rule's verdict on them
COUNTED_KINDS = frozenset({Kind.NEXT_GENERATION, Kind.NEIGHBOURS})


def _other_family(life: Any) -> str | None:
    """The notation of a Life panel's rule when it is not a two-state B/S rule on the Moore
    neighbourhood (None when it is, or when the rule is bad: the panel says that)."""
    rule = getattr(life, "rule", life)
    if not isinstance(rule, str):
        return rule.notation if isinstance(rule, FamilyRule) else None
    try:
        found = parse_family_rule(rule)
    except RuleError:
        return None
    return found.notation if isinstance(found, FamilyRule) else None


def misfit(kind: Kind, spec: Any, about: str | None, count: Count | None) -> str | None:
    """Why `kind` does not fit panel `spec` (None when it does)."""
    life = spec.life is not None
    if kind in LIFE_KINDS:
        if not life:
            return f"`{kind}` asks about a Life panel; this is a maze"
        other = _other_family(spec.life)
        if kind in COUNTED_KINDS and other is not None:
            return (f"`{kind}` asks for live-neighbour counts, which a two-state rule of B/S "
                    f"counts on the Moore neighbourhood has; this panel's rule is {other}")
        return None
    if life:
        return (f"`{kind}` asks about a maze; this is a Life panel (use "
                + ", ".join(sorted(LIFE_KINDS)) + ")")
    gen = spec.generator.name if spec.generator else None
    if kind == Kind.NEXT_CELL:
        if about == "solver":
            if spec.solver is None or ("solver", spec.solver.name) not in STEPS:
                return (f"`next_cell` about the solver needs one of {_names('solver')}; "
                        f"this panel's is `{spec.solver.name if spec.solver else 'none'}`")
            return None
        if about == "generator":
            if ("generator", gen) not in STEPS:
                return (f"`next_cell` about the generator needs one of "
                        f"{_names('generator')}; this panel's is `{gen}`")
            return None
        if default_about(spec) is None:
            return (f"`next_cell` needs a generator ({_names('generator')}) or a solver "
                    f"({_names('solver')}) that walks cell by cell; this panel has `{gen}`"
                    + (f" and `{spec.solver.name}`" if spec.solver else ""))
        return None
    if kind == Kind.MERGE_OR_REJECT:
        if gen not in WALLS:
            return (f"`merge_or_reject` needs a generator that decides wall by wall ("
                    f"{', '.join(sorted(WALLS))}); this panel's is `{gen}`")
        return None
    if kind == Kind.WAY_THROUGH:
        return None if spec.solver is not None else \
            "`way_through` is answered by the panel's solve; this panel has no solver"
    if count == Count.SETS and gen not in SET_BASED:
        return (f"`how_many: sets` needs a set-based generator ({', '.join(SET_BASED)}); "
                f"this panel's is `{gen}`")
    return None
