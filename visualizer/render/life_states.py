"""How a Life panel colours the states of a rule of more than two states, and what its legend
calls them: state 0 is dead, state 1 alive; the others (a Generations rule's dying states,
a rule table's own) take the `STATE_SLOTS` in order, shared out in runs when there are more
states than slots. A rule table's @COLORS become the theme's colours for those slots, its
@NAMES the legend's words."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from ..life.families import FamilyRule, RuleFamily
from .palette import INDEX

STATE_SLOTS = ("state_2", "state_3", "state_4", "state_5")


def _states(rule: Any) -> int:
    """How many states `rule` has (two for a life-like rule or none)."""
    return rule.states if isinstance(rule, FamilyRule) else 2


def state_runs(states: int) -> list[tuple[int, int]]:
    """For each of `STATE_SLOTS` in use, the first and last state it stands for (states 2
    to `states - 1`, in runs as even as they can be)."""
    extra = states - 2
    if extra <= 0:
        return []
    slots = min(extra, len(STATE_SLOTS))
    bounds = [2 + k * extra // slots for k in range(slots + 1)]
    return [(bounds[k], bounds[k + 1] - 1) for k in range(slots)]


def state_colours(rule: Any) -> np.ndarray:
    """The palette index of every state 0..255 under `rule` (dead, alive, then the state
    slots; a two-state rule: every state but 0 alive)."""
    out = np.full(256, INDEX["alive"], dtype=np.uint8)
    out[0] = INDEX["dead"]
    for slot, (first, last) in zip(STATE_SLOTS, state_runs(_states(rule))):
        out[first:last + 1] = INDEX[slot]
    return out


def shown_states(rule: Any) -> tuple[int, ...]:
    """The palette indices a run of `rule` can show for its live states."""
    return (INDEX["alive"],) + tuple(INDEX[slot] for slot, _ in
                                     zip(STATE_SLOTS, state_runs(_states(rule))))


def _span(first: int, last: int) -> str:
    """"state 2" or "states 3–5"."""
    return f"state {first}" if first == last else f"states {first}–{last}"


def state_words(rule: Any) -> dict[str, str]:
    """The legend's words for the live states of `rule` (none for a two-state rule): a
    Generations rule's "alive (state 1)", "dying: state 2"; a table's own names."""
    if _states(rule) <= 2:
        return {}
    runs = state_runs(rule.states)
    table = rule.table
    if rule.family == RuleFamily.GENERATIONS or table is None:
        words = {"alive": "alive (state 1)"}
        words.update({slot: f"dying: {_span(a, b)}" for slot, (a, b) in zip(STATE_SLOTS, runs)})
        return words
    names = table.names or ("",) * rule.states

    def named(first: int, last: int) -> str:
        """A table state's name and number, or its numbers."""
        if first == last and names[first]:
            return f"{names[first]} ({first})"
        return _span(first, last)

    words = {"alive": named(1, 1)}
    words.update({slot: named(a, b) for slot, (a, b) in zip(STATE_SLOTS, runs)})
    return words


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb


def rule_colours(rules: Iterable[Any]) -> dict[str, str]:
    """Theme colours from the first rule table among `rules` that has @COLORS: its dead,
    alive and state slots' colours (a slot takes its first state's colour), each only when
    it differs from the colours taken before it, so that every state the legend names stays
    apart (Golly's Langton's ant colours every ant state black: they keep the slots' own)."""
    for rule in rules:
        table = getattr(rule, "table", None)
        if not isinstance(rule, FamilyRule) or table is None or not any(table.colours):
            continue
        firsts = [("dead", 0), ("alive", 1)] + [(slot, a) for slot, (a, _) in
                                                zip(STATE_SLOTS, state_runs(rule.states))]
        out: dict[str, str] = {}
        for name, state in firsts:
            colour = table.colours[state]
            if colour is not None and _hex(colour) not in out.values():
                out[name] = _hex(colour)
        return out
    return {}


__all__ = ["STATE_SLOTS", "rule_colours", "shown_states", "state_colours", "state_runs",
           "state_words"]
