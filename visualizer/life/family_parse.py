"""Reading a rule of any family as Golly writes it (see `families.py`): a life-like rule
gives the engine's `Rule`, every other family a `FamilyRule`; a text that is no rule raises
`RuleError` naming the family it looked like and that family's syntax."""
from __future__ import annotations

import re
from functools import lru_cache

from .families import OFFSETS, SUFFIX_LETTER, SYNTAX, FamilyRule, Neighbourhood, RuleFamily
from .hensel import LETTERS, letter_class
from .rule_table import find_table_rule
from .rules import NAMED_RULES, Rule, RuleError, parse_rule

#: named rules of the other families -> their notation
NAMED_FAMILY_RULES = {
    "briansbrain": "/2/3",
    "starwars": "345/2/4",
}
EXPECTED_ANY = ("a rule like B3/S23 or a name (" + ", ".join((*NAMED_RULES, *NAMED_FAMILY_RULES))
                + "); other families as Golly writes them: B13/S012V, B2/S34H, B2n3/S23-q, "
                  "345/2/4, B2/S/3, W30, or a Golly .rule name like WireWorld")
_B0 = ("with B0 every dead cell far from life is born; B0 runs on two-state rules "
       "(like B0123478/S01234678, B03/S2V, B0/S6H, B02a/S8), as bgolly runs them")
#: why a family refuses B0
_B0_WHY = {
    RuleFamily.GENERATIONS: "Golly's Generations algorithm refuses B0 too",
}

_COUNTS = r"(?:\d[0-9a-z-]*?)?"
_BS = re.compile(rf"^b(?P<b>{_COUNTS})/?s(?P<s>{_COUNTS})(?P<n>[vh]?)$")
_SB = re.compile(rf"^s?(?P<s>{_COUNTS})/b?(?P<b>{_COUNTS})(?P<n>[vh]?)$")
_GEN_BS = re.compile(rf"^b(?P<b>{_COUNTS})/s(?P<s>{_COUNTS})/(?P<c>\d+)(?P<n>[vh]?)$")
_GEN_SB = re.compile(rf"^s?(?P<s>{_COUNTS})/b?(?P<b>{_COUNTS})/(?P<c>\d+)(?P<n>[vh]?)$")
_WOLFRAM = re.compile(r"^w(\d{1,4})$")
_TOKEN = re.compile(r"(\d)(-?)([a-z]*)")
_NEIGHBOURHOOD = {"": Neighbourhood.MOORE, "v": Neighbourhood.VON_NEUMANN,
                  "h": Neighbourhood.HEXAGONAL}
_FAMILY = {Neighbourhood.MOORE: RuleFamily.LIFE_LIKE,
           Neighbourhood.VON_NEUMANN: RuleFamily.VON_NEUMANN,
           Neighbourhood.HEXAGONAL: RuleFamily.HEXAGONAL}


@lru_cache(maxsize=None)
def counted(nb: Neighbourhood, count: int) -> frozenset[int]:
    """The configuration indices of `nb` with `count` live neighbours."""
    k = len(OFFSETS[nb])
    return frozenset(i for i in range(1 << k) if bin(i).count("1") == count)


def _conditions(text: str, nb: Neighbourhood, family: RuleFamily, whole: str
                ) -> tuple[frozenset[int], bool]:
    """The configurations the counts (and Hensel letters) in `text` name, and whether any
    letter was used; RuleError saying the family's syntax otherwise."""
    most = len(OFFSETS[nb])
    out: set[int] = set()
    lettered, at = False, 0
    while at < len(text):
        m = _TOKEN.match(text, at)
        if not m:
            raise RuleError(f"expected {SYNTAX[family]}, got {whole!r}: {text[at:]!r} is not "
                            f"a neighbour count")
        at = m.end()
        count, minus, letters = int(m.group(1)), m.group(2), m.group(3)
        if count > most:
            raise RuleError(f"expected neighbour counts 0..{most} in {SYNTAX[family]}, got "
                            f"{count} in {whole!r}")
        if not (letters or minus):
            out |= counted(nb, count)
            continue
        lettered = True
        _check_letters(count, minus, letters, nb, whole)
        named = frozenset().union(*(letter_class(count, ch) for ch in letters))
        out |= (counted(nb, count) - named) if minus else named
    return frozenset(out), lettered


def _check_letters(count: int, minus: str, letters: str, nb: Neighbourhood, whole: str) -> None:
    """RuleError unless `letters` are Hensel letters of `count` on the Moore neighbourhood."""
    syntax = SYNTAX[RuleFamily.HENSEL]
    if nb != Neighbourhood.MOORE:
        raise RuleError(f"expected {syntax}, got {whole!r}: Hensel letters need the Moore "
                        f"neighbourhood (no V or H)")
    if not letters:
        raise RuleError(f"expected letters after '{count}-' in {syntax}, got {whole!r}")
    wrong = sorted(set(letters) - set(LETTERS[count]))
    if wrong:
        allowed = LETTERS[count] or "none"
        raise RuleError(f"expected {syntax}, got {whole!r}: {count} neighbours take the "
                        f"letters {allowed}, not {''.join(wrong)}")


def _written(configs: frozenset[int], nb: Neighbourhood) -> str:
    """The counts and letters naming `configs`, as Golly writes them ("2-a3")."""
    out = []
    for count in range(len(OFFSETS[nb]) + 1):
        full = counted(nb, count)
        have = configs & full
        if not have:
            continue
        if have == full:
            out.append(str(count))
            continue
        present = [ch for ch in LETTERS[count] if letter_class(count, ch) <= have]
        missing = [ch for ch in LETTERS[count] if ch not in present]
        out.append(str(count) + ("".join(present) if len(present) <= len(missing)
                                 else "-" + "".join(missing)))
    return "".join(out)


def _outer(birth_text: str, survive_text: str, suffix: str, states: int | None,
           whole: str) -> Rule | FamilyRule:
    """The B/S rule (Generations when `states` is given) of these parts."""
    nb = _NEIGHBOURHOOD[suffix]
    family = RuleFamily.GENERATIONS if states is not None else _FAMILY[nb]
    birth, b_letters = _conditions(birth_text, nb, family, whole)
    survive, s_letters = _conditions(survive_text, nb, family, whole)
    if states is None and (b_letters or s_letters):
        family = RuleFamily.HENSEL
    if 0 in birth and family in _B0_WHY:
        raise RuleError(f"expected a rule without B0 in the {family.value} family, got "
                        f"{whole!r}: {_B0_WHY[family]}; {_B0}")
    if family == RuleFamily.LIFE_LIKE:
        return parse_rule(f"B{birth_text}/S{survive_text}")
    b, s = _written(birth, nb), _written(survive, nb)
    letter = SUFFIX_LETTER[nb]
    if states is None:
        notation = f"B{b}/S{s}{letter}"
        states = 2
    else:
        notation = f"{s}/{b}/{states}{letter}"
    return FamilyRule(family, notation, states, nb, birth, survive)


def _generations(m: re.Match[str], whole: str) -> Rule | FamilyRule:
    """The Generations rule matched by `m`."""
    states = int(m.group("c"))
    if not 2 <= states <= 256:
        raise RuleError(f"expected {SYNTAX[RuleFamily.GENERATIONS]}, got {whole!r}: "
                        f"{states} states is outside 2..256")
    return _outer(m.group("b"), m.group("s"), m.group("n"), states, whole)


def _wolfram(number: int, whole: str) -> FamilyRule:
    """Wolfram's elementary rule `number`."""
    if number > 255:
        raise RuleError(f"expected {SYNTAX[RuleFamily.WOLFRAM]}, got {whole!r}")
    if number % 2:
        raise RuleError(f"expected {SYNTAX[RuleFamily.WOLFRAM]}, got {whole!r}: an odd "
                        f"number turns three dead cells alive, a B0 rule that Golly "
                        f"refuses too ({_B0})")
    return FamilyRule(RuleFamily.WOLFRAM, f"W{number}", wolfram=number)


def parse_family_rule(text: "str | Rule | FamilyRule") -> Rule | FamilyRule:
    """The rule written (or named) in `text`, of any family: a `Rule` for life-like rules
    (the bit-packed engine's), else a `FamilyRule`. Raises RuleError with the syntax of the
    family the text looks like."""
    if isinstance(text, (Rule, FamilyRule)):
        return text
    if not isinstance(text, str) or len(text) > 200:
        raise RuleError(f"expected {EXPECTED_ANY}, got {text!r}")
    if ":" in text:
        raise RuleError(f"expected {EXPECTED_ANY} without a bounded-grid suffix (the surface "
                        f"and the grid size are set apart), got {text!r}")
    key = text.strip().lower().replace(" ", "").replace("&", "and").replace("'", "")
    named = key.replace("-", "").replace("_", "")
    if named in NAMED_FAMILY_RULES:
        return parse_family_rule(NAMED_FAMILY_RULES[named])
    try:
        if "-" not in text or not any(ch.isdigit() for ch in text):   # "3-" is Hensel's
            return parse_rule(text)
    except RuleError:
        pass
    key = key.replace("_", "/")        # Golly reads B3_S23 as B3/S23
    if key.count("/") == 2:
        m = _GEN_BS.match(key) if key.startswith("b") else _GEN_SB.match(key)
        if m:
            return _generations(m, text)
        if re.match(r"^[bs]?\d*/", key):
            raise RuleError(f"expected {SYNTAX[RuleFamily.GENERATIONS]}, got {text!r}")
    m = _BS.match(key) or (_SB.match(key) if "/" in key else None)
    if m:
        return _outer(m.group("b"), m.group("s"), m.group("n"), None, text)
    m = _WOLFRAM.match(key)
    if m:
        return _wolfram(int(m.group(1)), text)
    table = find_table_rule(text.strip())
    if table is None:
        raise RuleError(f"expected {EXPECTED_ANY}, got {text!r}")
    return FamilyRule(RuleFamily.TABLE, table.name, table.states, table.neighbourhood,
                      table=table)


__all__ = ["EXPECTED_ANY", "NAMED_FAMILY_RULES", "counted", "parse_family_rule"]
