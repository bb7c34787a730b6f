"""A panel's `questions:` list: validation with located errors.

    questions:
      - {kind: next_cell, at: {milestone: first backtrack}}
      - {kind: merge_or_reject, auto: 3}
      - {kind: how_many, count: sets, at: {nth: 20}}
      - {kind: next_generation, at: {generation: 4}}

`at` names one moment: `step: N` (the first moment at or after event N), `nth: N` (the N-th
moment of that kind), `milestone: KIND` (the first moment after that milestone) or
`generation: N` (Life); `auto: N` lets the product choose N moments spread over the run.
"""
from __future__ import annotations

from typing import Any

from ..events import MilestoneKind
from .fit import misfit
from .model import Count, Kind, Moment, MomentKind, Question

KEYS = ("kind", "at", "auto", "count", "about")
MAX_AUTO = 20


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "nothing" if value is None else repr(value)


def _whole(value: Any, lo: int, hi: int | None = None) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and value >= lo
            and (hi is None or value <= hi))


def _moment(raw: Any, loc: str, kind: Kind, errors: list[str]) -> Moment | None:
    names = ", ".join(m.value for m in MomentKind)
    if not isinstance(raw, dict) or len(raw) != 1:
        errors.append(f"{loc}: expected a mapping with one of {names}, got {_show(raw)}")
        return None
    (key, value), = raw.items()
    if key not in [m.value for m in MomentKind]:
        errors.append(f"{loc}.{key}: expected one of {names}, got {_show(key)}")
        return None
    how = MomentKind(key)
    if how == MomentKind.MILESTONE:
        kinds = [m.value for m in MilestoneKind]
        if value not in kinds:
            errors.append(f"{loc}.milestone: expected a milestone: one of "
                          f"{', '.join(kinds)}, got {_show(value)}")
            return None
        return Moment(how, MilestoneKind(value))
    if how == MomentKind.GENERATION and kind != Kind.NEXT_GENERATION:
        errors.append(f"{loc}.generation: expected step, nth or milestone (a generation names "
                      f"a Life moment), got a generation for `{kind}`")
        return None
    lo = 1 if how == MomentKind.NTH else 0
    if not _whole(value, lo):
        errors.append(f"{loc}.{key}: expected a whole number ≥ {lo}, got {_show(value)}")
        return None
    return Moment(how, value)


def _question(raw: Any, loc: str, panel: Any, errors: list[str]) -> Question | None:
    kinds = ", ".join(k.value for k in Kind)
    if not isinstance(raw, dict):
        errors.append(f"{loc}: expected a mapping with `kind` and `at` or `auto`, got "
                      f"{_show(raw)}")
        return None
    before = len(errors)
    for key in raw:
        if key not in KEYS:
            errors.append(f"{loc}.{key}: unknown option; expected one of {', '.join(KEYS)}")
    value = raw.get("kind")
    if value not in [k.value for k in Kind]:
        errors.append(f"{loc}.kind: expected one of {kinds}, got {_show(value)}")
        return None
    kind = Kind(value)
    count = None
    if kind == Kind.HOW_MANY:
        counts = ", ".join(c.value for c in Count)
        if raw.get("count") not in [c.value for c in Count]:
            errors.append(f"{loc}.count: expected what to count: one of {counts}, got "
                          f"{_show(raw.get('count'))}")
        else:
            count = Count(raw["count"])
    elif "count" in raw:
        errors.append(f"{loc}.count: only a how_many question counts something")
    about = raw.get("about")
    if about is not None and (kind != Kind.NEXT_CELL or about not in ("generator", "solver")):
        errors.append(f"{loc}.about: expected generator or solver (for next_cell), got "
                      f"{_show(about)}")
        about = None
    moment, auto = None, 0
    if ("at" in raw) == ("auto" in raw):
        errors.append(f"{loc}: expected either `at` (one moment) or `auto: N` (N moments "
                      f"chosen for you), got {'both' if 'at' in raw else 'neither'}")
    elif "at" in raw:
        moment = _moment(raw["at"], f"{loc}.at", kind, errors)
    elif not _whole(raw["auto"], 1, MAX_AUTO):
        errors.append(f"{loc}.auto: expected a whole number from 1 to {MAX_AUTO}, got "
                      f"{_show(raw['auto'])}")
    else:
        auto = raw["auto"]
    if panel is not None:
        why = misfit(kind, panel, about, count)
        if why is not None:
            errors.append(f"{loc}.kind: {why}")
    if len(errors) > before:
        return None
    return Question(kind, moment, auto, count, about, loc)


def parse_questions(raw: Any, loc: str, panel: Any) -> tuple[list[Question], list[str]]:
    """Panel `panel`'s `questions:` (at `loc`, e.g. `panels[0].questions`) as Questions, and
    every error found, located (`panels[0].questions[1].kind: expected …, got …`). When the
    panel's maze has a fixed size, the moments are also found in its stream now, so a
    moment that never happens is reported before anything is drawn."""
    errors: list[str] = []
    if raw is None:
        return [], []
    if not isinstance(raw, list):
        return [], [f"{loc}: expected a list of questions, got {_show(raw)}"]
    questions = []
    for i, item in enumerate(raw):
        q = _question(item, f"{loc}[{i}]", panel, errors)
        if q is not None:
            questions.append(q)
    return questions, errors
