"""One front for every rule family: the engine that runs a rule, and the `Generation`
events of a run. Life-like rules go to the bit-packed engine (`engine.py`), Generations
rules of counts on the Moore neighbourhood to its bit-plane extension
(`generations_engine.py`), Hensel and Wolfram rules to a packed decision diagram
(`hensel_engine.py`), every other family to the state engine (`multistate.py`)."""
from __future__ import annotations

from typing import Iterator, Protocol

import numpy as np

from ..events import Generation
from ..surfaces import Surface
from .engine import Stepper, evolve
from .families import FamilyRule, RuleFamily
from .family_parse import parse_family_rule
from .generations_engine import GenerationsStepper, counts_rule
from .hensel_engine import HenselStepper, WolframStepper, packable
from .multistate import StateStepper, surface_problem
from .rules import Rule


class AnyStepper(Protocol):
    """What both engines offer."""

    generation: int

    def step(self) -> None: ...

    def run(self, generations: int) -> None: ...

    def grid(self) -> np.ndarray: ...

    def population(self) -> int: ...


def make_stepper(grid: np.ndarray, rule: "Rule | FamilyRule | str",
                 surface: Surface, generation: int = 0) -> AnyStepper:
    """The engine for `rule` holding `grid` on `surface` as generation `generation` (a B0
    rule's background on the plane depends on it; no other rule's run does)."""
    parsed = parse_family_rule(rule)
    if isinstance(parsed, Rule):
        return Stepper(grid, parsed, surface, generation)
    if counts_rule(parsed) is not None and surface_problem(parsed, surface.name) is None:
        return GenerationsStepper(grid, parsed, surface)      # bit-packed, like life-like
    if packable(parsed):
        return HenselStepper(grid, parsed, surface, generation)   # bit-packed, cell by cell
    if parsed.family == RuleFamily.WOLFRAM:
        return WolframStepper(grid, parsed, surface)
    return StateStepper(grid, parsed, surface, generation)


def _frozen(arr: np.ndarray) -> np.ndarray:
    """`arr`, made read-only."""
    arr.flags.writeable = False
    return arr


def evolve_any(grid: np.ndarray, rule: "Rule | FamilyRule | str", surface: Surface,
               generations: int, *, start: int = 0) -> Iterator[Generation]:
    """Yields `Generation` events 0..generations for a rule of any family: index 0 is `grid`
    itself, then one event per step with the read-only grid of states (uint8, numbered as
    Golly numbers them), the cells that left state 0 (births) and that returned to it
    (deaths), and the population (cells not in state 0). `start`: the generation `grid` is
    in the run it continues (a B0 rule's background on the plane depends on it).
    """
    parsed = parse_family_rule(rule)
    if isinstance(parsed, Rule):
        yield from evolve(grid, parsed, surface, generations, start=start)
        return
    stepper = make_stepper(grid, parsed, surface, start)
    current = stepper.grid()
    none = np.zeros(current.shape, dtype=bool)
    yield Generation(0, _frozen(current.copy()), _frozen(none), _frozen(none.copy()),
                     stepper.population(), surface, parsed.notation)
    for index in range(1, generations + 1):
        stepper.step()
        nxt = stepper.grid()
        births = (current == 0) & (nxt != 0)
        deaths = (current != 0) & (nxt == 0)
        yield Generation(index, _frozen(nxt.copy()), _frozen(births), _frozen(deaths),
                         stepper.population(), surface, parsed.notation)
        current = nxt


__all__ = ["AnyStepper", "evolve_any", "make_stepper"]
