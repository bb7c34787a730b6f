"""Life-like rules in B/S notation: parse "B3/S23", "b3s23", "23/3" or a name into a `Rule`."""
from __future__ import annotations

import re
from dataclasses import dataclass

#: rule name -> canonical notation (the four rules the Life lessons compare, then the two
#: cellular-automaton maze rules: from a small seed they grow corridors whose walls survive
#: with 1 to 5 neighbours (Maze) or 1 to 4 (Mazectric, straighter and longer corridors))
NAMED_RULES = {
    "conway": "B3/S23",
    "highlife": "B36/S23",
    "daynight": "B3678/S34678",
    "life34": "B34/S34",
    "maze": "B3/S12345",
    "mazectric": "B3/S1234",
}
_ALIASES = {
    "life": "conway", "gameoflife": "conway", "dayandnight": "daynight",
    "34life": "life34", "life_3_4": "life34",
}
EXPECTED = "a rule like B3/S23 or a name (" + ", ".join(NAMED_RULES) + ")"

_BS = re.compile(r"^b([0-8]*)/?s([0-8]*)$")
_SB = re.compile(r"^s?([0-8]*)/b?([0-8]*)$")


class RuleError(ValueError):
    """A rule text that is not a Life-like B/S rule this engine can run."""


@dataclass(frozen=True)
class Rule:
    """A Life-like rule: neighbour counts that give birth to a dead cell, and that let a
    live cell survive."""

    birth: frozenset[int]
    survive: frozenset[int]

    @property
    def notation(self) -> str:
        """The canonical form, e.g. "B3/S23"."""
        return ("B" + "".join(map(str, sorted(self.birth)))
                + "/S" + "".join(map(str, sorted(self.survive))))

    def __str__(self) -> str:
        """The canonical notation."""
        return self.notation

    @property
    def b0(self) -> bool:
        """Whether a dead cell with no live neighbour is born."""
        return 0 in self.birth

    @property
    def survives_full(self) -> bool:
        """Whether a live cell with every neighbour alive survives (S8)."""
        return 8 in self.survive

    def next_state(self, alive: int, count: int) -> int:
        """The state (0 or 1) of a cell with `count` live neighbours."""
        return int(count in (self.survive if alive else self.birth))


def _digits(text: str) -> frozenset[int]:
    """The neighbour counts written in `text` ("36" -> {3, 6})."""
    return frozenset(int(ch) for ch in text)


def parse_rule(text: "str | Rule") -> Rule:
    """The `Rule` named or written in `text`; raises RuleError saying what was expected."""
    if isinstance(text, Rule):
        return text
    if not isinstance(text, str):
        raise RuleError(f"expected {EXPECTED}, got {text!r}")
    if ":" in text:
        raise RuleError(f"expected {EXPECTED} without a bounded-grid suffix (the surface and "
                        f"the grid size are set apart), got {text!r}")
    key = text.strip().lower().replace(" ", "").replace("&", "and").replace("-", "")
    key = _ALIASES.get(key, key)
    if key in NAMED_RULES:
        key = NAMED_RULES[key].lower()
    m = _BS.match(key)
    if m:
        birth, survive = m.group(1), m.group(2)
    else:
        m = _SB.match(key)
        if not m or "/" not in key:
            raise RuleError(f"expected {EXPECTED}, got {text!r}")
        survive, birth = m.group(1), m.group(2)
    return Rule(_digits(birth), _digits(survive))
