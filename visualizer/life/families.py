"""Rule families as Golly writes them: the closed set of families and neighbourhoods, and
one frozen record for a rule of any family.

    B3/S23            life-like (Moore, two states; the bit-packed engine runs it)
    B13/S012V         von Neumann neighbourhood
    B2/S34H           hexagonal neighbourhood (Golly's cells: the square grid without its NE
                      and SW neighbours)
    B2n3/S23-q        isotropic non-totalistic (Hensel letters, Moore only)
    345/2/4, /2/3     Generations (survive/birth/states; also B2/S/3)
    W30, W110         Wolfram's elementary rules
    WireWorld         a rule table from a Golly `.rule` file (`rule_table.py`)

`parse_family_rule` (in `family_parse.py`) turns a text into a `Rule` (life-like) or a
`FamilyRule`; the engines (`multistate.py`, `wolfram.py`) read the record, nothing else.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from .hensel import MOORE_OFFSETS

if TYPE_CHECKING:
    from .rule_table import TableRule


class RuleFamily(str, Enum):
    """The families of rules, each with its own syntax."""

    LIFE_LIKE = "life-like"
    VON_NEUMANN = "von Neumann"
    HEXAGONAL = "hexagonal"
    HENSEL = "isotropic non-totalistic"
    GENERATIONS = "Generations"
    WOLFRAM = "Wolfram"
    TABLE = "rule table"


class Neighbourhood(str, Enum):
    """Which cells around a cell count as its neighbours."""

    MOORE = "Moore"
    VON_NEUMANN = "vonNeumann"
    HEXAGONAL = "hexagonal"


#: each neighbourhood's neighbours (row, column offsets), in the bit order of a
#: configuration index (bit i set: neighbour i alive)
OFFSETS: dict[Neighbourhood, tuple[tuple[int, int], ...]] = {
    Neighbourhood.MOORE: MOORE_OFFSETS,
    Neighbourhood.VON_NEUMANN: ((-1, 0), (0, -1), (0, 1), (1, 0)),
    Neighbourhood.HEXAGONAL: ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)),
}
#: the letter Golly appends to a B/S rule for a neighbourhood
SUFFIX_LETTER = {Neighbourhood.MOORE: "", Neighbourhood.VON_NEUMANN: "V",
                 Neighbourhood.HEXAGONAL: "H"}

#: each family's syntax, as error messages show it
SYNTAX: dict[RuleFamily, str] = {
    RuleFamily.LIFE_LIKE: "B{0..8}/S{0..8} like B3/S23 (or S/B like 23/3)",
    RuleFamily.VON_NEUMANN: "B{0..4}/S{0..4}V like B13/S012V",
    RuleFamily.HEXAGONAL: "B{0..6}/S{0..6}H like B2/S34H",
    RuleFamily.HENSEL: ("B/S with Hensel letters after a count, Moore only, like B2n3/S23-q "
                        "or B2-a/S12 (letters: 1 ce, 2 cekain, 3 cekainyqjr, "
                        "4 cekainyqjrtwz, 5 cekainyqjr, 6 cekain, 7 ce)"),
    RuleFamily.GENERATIONS: ("S/B/C like 345/2/4 or B/S/C like B2/S/3, with C from 2 to "
                             "256 states (V or H at the end for those neighbourhoods)"),
    RuleFamily.WOLFRAM: "W{even number 0..254} like W30 or W110",
    RuleFamily.TABLE: ("the name of a Golly .rule file with @TABLE or @TREE, like "
                       "WireWorld or Langtons-Ant"),
}


@dataclass(frozen=True)
class FamilyRule:
    """A rule of a family beyond life-like: `notation` is how Golly writes it, `states` the
    number of cell states (0 dead, 1 alive, 2.. dying or the table's own).

    B/S families (von Neumann, hexagonal, Hensel, Generations) give `birth` and `survive`
    as sets of configuration indices of `neighbourhood` (see `OFFSETS`); Wolfram rules
    their number in `wolfram`; rule tables their compiled `table`."""

    family: RuleFamily
    notation: str
    states: int = 2
    neighbourhood: Neighbourhood = Neighbourhood.MOORE
    birth: frozenset[int] = frozenset()
    survive: frozenset[int] = frozenset()
    wolfram: int = 0
    table: "TableRule | None" = None

    def __str__(self) -> str:
        """The notation."""
        return self.notation

    @property
    def b0(self) -> bool:
        """Whether a dead cell with no live neighbour is born (B0: von Neumann, hexagonal
        and Hensel rules may have it)."""
        return 0 in self.birth

    @property
    def survives_full(self) -> bool:
        """Whether a live cell with every neighbour alive survives (S4 for von Neumann, S6
        hexagonal, S8 Moore)."""
        return (1 << len(OFFSETS[self.neighbourhood])) - 1 in self.survive

    @property
    def syntax(self) -> str:
        """The family's syntax, in words."""
        return SYNTAX[self.family]


__all__ = ["OFFSETS", "SUFFIX_LETTER", "SYNTAX", "FamilyRule", "Neighbourhood", "RuleFamily"]
