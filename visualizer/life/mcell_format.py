"""Reading MCell files (`.mcl`), the format of Golly's WireWorld and many Generations
patterns: `#L` lines hold the cells as RLE-like data (`.` dead, `A`.. states, `$` next row),
`#GOLLY` or `#RULE` the rule, `#D` the description."""
from __future__ import annotations

from .family_parse import parse_family_rule
from .pattern_file import LifeFile, LifeFormatError
from .pattern_limits import LIMITS, LifeLimits
from .rle_reader import parse_rle
from .rules import RuleError


def parse_mcell(text: str, source: str = "<mcell>", limits: LifeLimits = LIMITS) -> LifeFile:
    """The pattern in MCell `text` (its rule from `#GOLLY`, else from `#RULE` when the
    `#GAME` is Life or Generations), centred on Golly's origin as Golly loads it; `source`
    names it in errors, lines as in the file."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("#MCell"):
        raise LifeFormatError(source, 1, "expected an MCell file starting with '#MCell'")
    data: list[str] = []
    comments: list[str] = []
    tags: dict[str, tuple[int, str]] = {}
    for lineno, raw in enumerate(lines, start=1):
        tag, _, rest = raw.strip().partition(" ")
        data.append(rest if tag == "#L" else "")
        if tag == "#D":
            comments.append(rest.strip())
        elif tag in ("#GAME", "#RULE", "#GOLLY") and tag not in tags:
            tags[tag] = (lineno, rest.strip())
    found = parse_rle("\n".join(data) + "\n!", source, limits)
    found.comments = comments
    found.pos = (-(found.shape[1] // 2), -(found.shape[0] // 2))   # Golly centres MCell
    game = tags.get("#GAME", (0, ""))[1].lower()
    if "#GOLLY" in tags:
        line, found.rule = tags["#GOLLY"]
    elif "#RULE" in tags and game in ("life", "generations"):
        line, found.rule = tags["#RULE"]
    else:
        return found
    try:
        rule = parse_family_rule(found.rule)
    except RuleError:
        return found              # the rule is judged where it is used
    problem = found.state_problem(getattr(rule, "states", 2), rule.notation)
    if problem is not None:
        raise problem
    return found


__all__ = ["parse_mcell"]
