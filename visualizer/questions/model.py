"""The question model: kinds, moments, replies and resolved questions with their answers.

A `Question` is what a scenario asks for (a kind and a moment, or `auto: N` moments: the
record of a question validated by `questions.spec`, which models the scenario's keys); an
`Asked` is one question resolved against a panel's event stream: where it stops, what it
says, which replies are right (`Answer.accepted`), what to highlight and the one-line why.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import Cell, Why, _Word


class Kind(_Word):
    """What a question asks."""

    NEXT_CELL = "next_cell"              # where does the algorithm go next? (a cell)
    MERGE_OR_REJECT = "merge_or_reject"  # the wall considered: will it change? (yes/no)
    NEXT_GENERATION = "next_generation"  # which highlighted Life cells will be alive? (cells)
    WAY_THROUGH = "way_through"          # is there a way from the entrance to the exit?
    HOW_MANY = "how_many"                # a count read from the model at that moment
    PERIOD = "period"                    # Life: every how many generations does it repeat?
    SETTLES = "settles"                  # Life: will it settle (repeat) within the run?
    NEIGHBOURS = "neighbours"            # Life: an outlined cell's live neighbours, counted
    #                                      across the glued edges


class Count(_Word):
    """What a `how_many` question counts."""

    DEAD_ENDS = "dead_ends"    # cells of the built maze with exactly one passage
    SETS = "sets"              # union-find sets left at that moment


class Reply(_Word):
    """How the student answers."""

    CELL = "cell"        # a click on a cell
    CELLS = "cells"      # clicks toggling cells, then Enter
    YES_NO = "yes_no"    # y / n
    NUMBER = "number"    # digits, then Enter


REPLIES = {Kind.NEXT_CELL: Reply.CELL, Kind.MERGE_OR_REJECT: Reply.YES_NO,
           Kind.NEXT_GENERATION: Reply.CELLS, Kind.WAY_THROUGH: Reply.YES_NO,
           Kind.HOW_MANY: Reply.NUMBER, Kind.PERIOD: Reply.NUMBER,
           Kind.SETTLES: Reply.YES_NO, Kind.NEIGHBOURS: Reply.NUMBER}
#: the kinds asked about a Life panel (every other kind asks about a maze)
LIFE_KINDS = frozenset({Kind.NEXT_GENERATION, Kind.PERIOD, Kind.SETTLES, Kind.NEIGHBOURS})


class MomentKind(_Word):
    """How a scenario names a moment."""

    STEP = "step"              # the first candidate moment at or after event index N
    NTH = "nth"                # the N-th candidate moment of the question's kind (from 1)
    MILESTONE = "milestone"    # the first candidate moment at or after a milestone kind
    GENERATION = "generation"  # Life: generation N


@dataclass(frozen=True)
class Moment:
    """A moment named in a scenario: `how` and its value (an int, or a milestone kind)."""

    how: MomentKind
    value: object


@dataclass(frozen=True)
class Question:
    """One item of a panel's `questions:` list. Exactly one of `moment` and `auto` (> 0)
    is given. `count` is set for `how_many`; `about` ("generator" or "solver") says whose
    moves a `next_cell` question asks about."""

    kind: Kind
    moment: Moment | None = None
    auto: int = 0
    count: Count | None = None
    about: str | None = None
    loc: str = ""


@dataclass(frozen=True)
class Answer:
    """The true answer: the replies that count as right (several when the algorithm chose
    at random), the cells to highlight with it, and the answer in words."""

    accepted: frozenset
    shown: tuple[Cell, ...]
    words: str
    any_of: bool = False       # more than one reply is right (a random choice)


@dataclass(frozen=True)
class Asked:
    """A question resolved in panel `panel`'s stream: asked once `index + 1` events are
    drawn (the picture shows events 0..index); `cells` are highlighted while it is asked;
    `whys` explain a Life question's cells (their live neighbours and what the rule does
    with them), drawn as the why overlay in the answer."""

    panel: int
    index: int
    kind: Kind
    reply: Reply
    prompt: str
    answer: Answer
    explanation: str
    cells: tuple[Cell, ...] = ()
    whys: tuple[Why, ...] = ()


def reply_key(reply: Reply, response: Any) -> str:
    """`response` to a question answered by `reply`, as the one string every right answer
    is compared by (here and in the HTML player, which builds the same string):
    a cell "r,c"; cells "r,c;r,c" sorted by row then column ("" for none); yes/no "y" or
    "n"; a number its decimal digits."""
    if reply == Reply.CELLS:
        return ";".join(f"{r},{c}" for r, c in sorted({(int(r), int(c)) for r, c in response}))
    if reply == Reply.CELL:
        return f"{int(response[0])},{int(response[1])}"
    if reply == Reply.YES_NO:
        return "y" if response else "n"
    return str(int(response))


def accepted_keys(asked: Asked) -> list[str]:
    """The `reply_key` of every right reply to `asked`, sorted."""
    return sorted(reply_key(asked.reply, a) for a in asked.answer.accepted)


def check(asked: Asked, response: Any) -> bool:
    """Whether `response` (a cell, True/False, a number, or cells: any iterable of them for a
    Life question) is right: its `reply_key` is one of the accepted replies' keys."""
    return reply_key(asked.reply, response) in accepted_keys(asked)
