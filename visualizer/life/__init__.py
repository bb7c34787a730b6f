"""Life on glued squares: B/S rules, a bit-packed engine with Golly's bounded-grid semantics,
patterns, RLE/.cells files and the scenario `life:` spec."""
from .engine import LifeGridError, Stepper, advance, evolve, population_series, step
from .formats import (LifeFile, LifeFormatError, parse_golly_rule, read_pattern, write_cells,
                      write_generation_rle, write_rle)
from .patterns import PATTERNS, PatternError, get_pattern, place, random_soup
from .rules import NAMED_RULES, Rule, RuleError, parse_rule

__all__ = [
    "LifeGridError", "Stepper", "advance", "evolve", "population_series", "step",
    "LifeFile", "LifeFormatError", "parse_golly_rule", "read_pattern", "write_cells",
    "write_generation_rle", "write_rle", "PATTERNS", "PatternError", "get_pattern", "place",
    "random_soup",
    "NAMED_RULES", "Rule", "RuleError", "parse_rule",
]
