"""Life rules with Golly's bounded-grid suffix ("B3/S23:T40,20"): the rule and the surface
the suffix names."""
from __future__ import annotations

import re

from ..surfaces import SURFACES, Surface, SurfaceError, from_golly
from .pattern_limits import LIMITS, LifeLimits
from .families import FamilyRule
from .family_parse import parse_family_rule
from .rules import Rule, RuleError

#: Golly's bounded-grid suffix: a surface's letter (from the records), width, height, stars
SUFFIX = re.compile(r"^([%s])(\d+)(\*?)(?:,(\d+)(\*?))?$"
                     % "".join(sorted({kind.golly_letter for kind in SURFACES.values()})),
                     re.IGNORECASE)


def parse_golly_rule(text: str, limits: LifeLimits = LIMITS
                     ) -> tuple[Rule | FamilyRule, Surface | None]:
    """The rule (of any family) and the bounded grid of a Golly rule such as
    "B3/S23:K40*,20" (no suffix: surface None); the surface is the record with that letter
    and stars (`surfaces.from_golly`). Raises RuleError for a suffix this project has no
    surface for, or one larger than `limits.side` per side."""
    base, _, suffix = text.partition(":")
    rule = parse_family_rule(base)
    if not suffix:
        return rule, None
    m = SUFFIX.match(suffix.strip())
    if not m:
        raise RuleError(f"expected a bounded-grid suffix like :T40,20, :K40*,20, :C40,20, "
                        f":P40,20 or :S40, got {':' + suffix!r}")
    letter, w_text, star_w, h_text, star_h = m.groups()
    letter = letter.upper()
    check_suffix_sides(w_text, h_text, suffix, limits)
    w = int(w_text)
    h = int(h_text) if h_text is not None else w
    kind = from_golly(letter, bool(star_w), bool(star_h))
    if kind is None:
        if any(k.golly_letter == letter and k.golly_star for k in SURFACES.values()):
            raise RuleError(f"expected a Klein bottle suffix with one twisted side marked "
                            f"by *, like :{letter}{w}*,{h} or :{letter}{w},{h}*, got "
                            f"{':' + suffix!r}")
        raise RuleError(f"expected * only in a Klein bottle suffix, got {':' + suffix!r}")
    if w == 0 or h == 0:
        raise RuleError(f"expected a bounded grid (width and height >= 1), got "
                        f"{':' + suffix!r}; an infinite edge has no surface here")
    try:
        return rule, Surface(kind.name, h, w)
    except SurfaceError as exc:
        raise RuleError(str(exc)) from None


def check_suffix_sides(w_text: str, h_text: str | None, suffix: str,
                        limits: LifeLimits) -> None:
    """RuleError if a side of a bounded-grid suffix is over `limits.side` (checked on the
    digits first, so that a thousand-digit side costs nothing)."""
    for digits in (w_text, h_text or w_text):
        if len(digits.lstrip("0")) > len(str(limits.side)) or int(digits) > limits.side:
            raise RuleError(f"expected a bounded grid at most {limits.side} cells on a side, "
                            f"got {':' + suffix!r}")


__all__ = ["SUFFIX", "check_suffix_sides", "parse_golly_rule"]
