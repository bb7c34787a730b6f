"""The schema of a panel's `questions:` list: a question is a union by `kind`, its moment
(`at:`) a union by the moment's one key; each part words its own errors with their location.

    questions:
      - {kind: next_cell, at: {milestone: first backtrack}}
      - {kind: merge_or_reject, auto: 3}
      - {kind: how_many, count: sets, at: {nth: 20}}
      - {kind: next_generation, at: {generation: 4}}

`at` names one moment: `step: N` (the first moment at or after event N), `nth: N` (the N-th
moment of that kind), `milestone: KIND` (the first moment after that milestone) or
`generation: N` (Life); `auto: N` lets the product choose N moments spread over the run.

Whether a kind fits its panel (`fit.misfit`) is checked here too, against the panel's raw
keys that the panel's own model leaves in the validation context (`ASKED_OF`); whether a
moment happens in the run is found later, in the panel's events (`answers.resolve_panel`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Union

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    PlainValidator,
    Tag,
    ValidationInfo,
    WithJsonSchema,
    create_model,
)
from pydantic.json_schema import SkipJsonSchema

from .. import registry
from ..events import MilestoneKind
from ..schema.fields import (
    MISSING,
    TAG,
    Problem,
    Section,
    choice,
    expected,
    fail,
    show,
    value_type,
    whole,
)
from .fit import misfit
from .model import LIFE_KINDS, Count, Kind, Moment, MomentKind, Question

MAX_AUTO = 20
#: whose moves a `next_cell` question may ask about
ABOUT = ("generator", "solver")
#: the key of the validation context under which a panel leaves what its questions ask of
ASKED_OF = "questions: the panel"


# --- moments ---------------------------------------------------------------------------


class AtStep(Section):
    """`at: {step: N}`: the first moment of the question's kind at or after event N."""

    step: whole(0) = Field(description="an event index (0 = the first event)")  # type: ignore[valid-type]


class AtNth(Section):
    """`at: {nth: N}`: the N-th moment of the question's kind (from 1)."""

    nth: whole(1) = Field(description="which moment of the kind, counted from 1")  # type: ignore[valid-type]


Milestone = choice(MilestoneKind, phrase="a milestone: one of " + ", ".join(MilestoneKind))


class AtMilestone(Section):
    """`at: {milestone: KIND}`: the first moment of the question's kind after a milestone."""

    milestone: Milestone = Field(description="the milestone the moment follows")  # type: ignore[valid-type]


class AtGeneration(Section):
    """`at: {generation: N}`: generation N of a Life run (for the Life kinds)."""

    generation: whole(0) = Field(description="the generation shown when it is asked")  # type: ignore[valid-type]


#: each way of naming a moment, by its one key (= its `MomentKind`)
MOMENTS: dict[MomentKind, type[Section]] = {
    MomentKind(next(iter(form.model_fields))): form
    for form in (AtStep, AtNth, AtMilestone, AtGeneration)}
MOMENT_NAMES = ", ".join(MOMENTS)
LIFE_MOMENTS = frozenset({MomentKind.GENERATION})


def moment_type(kind: Kind) -> Any:
    """The type of `at` for questions of `kind`: a mapping with one key, the moment's form
    (a generation only for a Life question)."""
    life = kind in LIFE_KINDS
    forms = {how: form for how, form in MOMENTS.items() if life or how not in LIFE_MOMENTS}
    phrase = "a moment (see Moments): " + ", ".join(f"{{{how}: …}}" for how in forms)

    def one_key(value: Any) -> Any:
        if not isinstance(value, dict) or len(value) != 1:
            raise expected(f"a mapping with one of {MOMENT_NAMES}", value)
        (key,) = value
        if key not in MOMENTS:
            raise fail(f"expected one of {MOMENT_NAMES}, got {show(key)}", (str(key)[:60],))
        if key not in forms:
            raise fail(f"expected {_or(list(forms))} (a generation names a Life moment), got "
                       f"a generation for `{kind}`", (key,))
        return value

    def tag(value: Any) -> str | None:
        return TAG + next(iter(value)) if isinstance(value, dict) and value else None

    members = tuple(Annotated[form, Tag(TAG + how)] for how, form in forms.items())
    return Annotated[Union[members], Discriminator(tag),  # type: ignore[valid-type]
                     BeforeValidator(one_key), Field(json_schema_extra={"x-expected": phrase})]


def _or(words: list[str]) -> str:
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]


# --- questions -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Named:
    name: str


@dataclass(frozen=True)
class AskedOf:
    """What decides whether a question's kind fits its panel (`fit.misfit` reads it like a
    PanelSpec): a Life run or not, and the names of the panel's algorithms."""

    life: Any
    generator: _Named | None
    solver: _Named | None


def asked_of(panel: dict) -> AskedOf | None:
    """The AskedOf of a raw panel mapping, or None when its algorithms are not known yet
    (missing or misnamed: the panel reports that, and its questions' fit waits for a
    good panel)."""
    if "life" in panel:
        life = panel["life"]
        return AskedOf(life.get("rule", "conway") if isinstance(life, dict) else True,
                       None, None)
    names: dict[str, _Named | None] = {}
    for kind in registry.KINDS:
        value = panel.get(kind)
        name = value.get("name") if isinstance(value, dict) else value
        if value is None and kind == "solver":
            names[kind] = None
        elif isinstance(name, str) and name in registry.algorithms(kind):
            names[kind] = _Named(name)
        else:
            return None
    return AskedOf(None, names["generator"], names["solver"])


def _always_refused(phrase: str) -> Any:
    def check(value: Any) -> Any:
        raise expected(phrase, value)

    return value_type(Any, check, {}, phrase)


def _optional_choice(options: tuple[str, ...], phrase: str) -> Any:
    """One of `options`, or nothing (null)."""
    def check(value: Any) -> Any:
        if value is None or (isinstance(value, str) and value in options):
            return value
        raise expected(phrase, value)

    return value_type(Any, check, {"enum": list(options)}, phrase)


def _required_choice(options: Iterable[Any], phrase: str) -> Any:
    """One of `options`, refused as "got nothing" when absent."""
    options = tuple(options)
    words = [str(o) for o in options]

    def check(value: Any) -> Any:
        if isinstance(value, str) and value in options:
            return options[options.index(value)]
        raise expected(phrase, None if value is MISSING else value)

    return Annotated[Any, PlainValidator(check),
                     WithJsonSchema({"enum": words, "x-expected": phrase})]


KIND_PHRASE = "one of " + ", ".join(Kind)


class Asking(Section):
    """What every question has: its `kind`, and either one moment (`at`) or `auto: N`."""

    model_config = ConfigDict(json_schema_extra={
        "additionalProperties": False,
        "oneOf": [{"required": ["at"]}, {"required": ["auto"]}]})
    shape: ClassVar[str] = "a mapping with `kind` and `at` or `auto`"
    #: the kind of question a subclass models
    asks: ClassVar[Kind]

    @classmethod
    def unknown_key(cls, key: Any) -> str:
        return "unknown option; expected one of " + ", ".join(KEYS)

    @classmethod
    def unknown(cls, key: Any, value: Any) -> str | None:
        if key == "count":
            return "only a how_many question counts something"
        if key == "about":
            return None if value is None else (
                f"expected {ABOUT_PHRASE}, got {show(value)}")
        return cls.unknown_key(key)

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        if ("at" in data) == ("auto" in data):
            yield (), ("expected either `at` (one moment) or `auto: N` (N moments chosen for "
                       f"you), got {'both' if 'at' in data else 'neither'}")
        panel = (info.context or {}).get(ASKED_OF)
        if panel is not None:
            about = data["about"] if "about" in data and not bad("about") else None
            count = Count(data["count"]) if "count" in data and not bad("count") else None
            why = misfit(cls.asks, panel, about, count)
            if why is not None:
                yield ("kind",), why


ABOUT_PHRASE = "generator or solver (for next_cell)"
AT = "when it is asked: one moment of the run"
AUTO = f"instead of `at`: this many moments (1 to {MAX_AUTO}) chosen over the run"
#: each kind's own keys besides kind, at and auto
EXTRA: dict[Kind, dict[str, Any]] = {
    Kind.HOW_MANY: {"count": (_required_choice(Count, "what to count: one of "
                                               + ", ".join(Count)),
                              Field(description="what to count: dead ends of the built maze, "
                                                "or the union-find sets left"))},
    Kind.NEXT_CELL: {"about": (_optional_choice(ABOUT, ABOUT_PHRASE), Field(
        None, description="whose moves it asks about (default: the solver's if it walks "
                          "cell by cell, else the generator's)"))},
}
SUMMARY = {
    Kind.NEXT_CELL: "where does the algorithm step next? The student clicks a cell",
    Kind.MERGE_OR_REJECT: "the wall the generator considers: will it change (open, or be "
                          "built)? yes or no",
    Kind.NEXT_GENERATION: "which of the outlined Life cells are alive in the next "
                          "generation? The student toggles cells",
    Kind.WAY_THROUGH: "is there a way from the entrance to the exit? yes or no",
    Kind.HOW_MANY: "how many dead ends (or sets) are there now? The student types a number",
    Kind.PERIOD: "Life: every how many generations does the pattern repeat? Asked before "
                 "the run has shown it; the student types a number",
    Kind.SETTLES: "Life: will the run settle (still life, oscillator, spaceship, or all "
                  "dead) before it ends? yes or no",
    Kind.NEIGHBOURS: "Life: how many live neighbours does the outlined cell have, counted "
                     "across the glued edges? The student types a number",
}


def _question_model(kind: Kind) -> type[Asking]:
    fields: dict[str, Any] = {
        "kind": (choice((kind,)), Field(description=f"`{kind}`")),
        "at": (moment_type(kind), Field(None, description=AT)),
        "auto": (whole(1, MAX_AUTO), Field(None, description=AUTO)),
        **EXTRA.get(kind, {})}
    model = create_model(f"question_{kind}", __base__=Asking, __doc__=SUMMARY[kind],
                         **fields)
    model.asks = kind
    return model


#: the model of each kind of question
QUESTIONS: dict[Kind, type[Asking]] = {kind: _question_model(kind) for kind in Kind}
#: every key a question of some kind may have: the common ones, then each kind's own
KEYS = tuple(dict.fromkeys(key for model in QUESTIONS.values() for key in model.model_fields
                           if key not in {k for extra in EXTRA.values() for k in extra})) \
    + tuple(key for extra in EXTRA.values() for key in extra)


class UnknownKind(Section):
    """A question whose `kind` is missing or unknown: only that is reported (and any key
    no kind has)."""

    kind: _always_refused(KIND_PHRASE) = Field(None, validate_default=True)  # type: ignore[valid-type]

    @classmethod
    def unknown(cls, key: Any, value: Any) -> str | None:
        return None if key in KEYS else Asking.unknown_key(key)


def _item(value: Any) -> Any:
    if not isinstance(value, dict):
        raise expected(Asking.shape, value)
    return value


def _kind_tag(value: Any) -> str:
    kind = value.get("kind") if isinstance(value, dict) else None
    return TAG + (kind if isinstance(kind, str) and kind in QUESTIONS else "?")


AnyQuestion = Annotated[  # type: ignore[valid-type]
    Union[tuple(Annotated[model, Tag(TAG + kind)] for kind, model in QUESTIONS.items())
          + (Annotated[SkipJsonSchema[UnknownKind], Tag(TAG + "?")],)],  # type: ignore[misc]
    Discriminator(_kind_tag), BeforeValidator(_item)]


def _list(value: Any) -> Any:
    if not isinstance(value, list):
        raise expected("a list of questions (mappings with a `kind`)", value)
    return value


#: the type of a panel's `questions:`
QuestionList = Annotated[list[AnyQuestion], BeforeValidator(_list),  # type: ignore[valid-type]
                         Field(json_schema_extra={"x-expected": "a list of questions (see "
                                                                "Questions)"})]


def question(model: Asking, loc: str) -> Question:
    """The Question record of a validated question at `loc` (e.g. `panels[0].questions[1]`)."""
    moment = None
    at = getattr(model, "at", None)
    if at is not None:
        key = next(iter(type(at).model_fields))
        moment = Moment(MomentKind(key), getattr(at, key))
    return Question(model.asks, moment, model.auto or 0,  # type: ignore[attr-defined]
                    getattr(model, "count", None), getattr(model, "about", None), loc)


def questions(models: list[Asking] | None, loc: str) -> list[Question]:
    """The Question records of a panel's validated `questions:` at `loc`."""
    return [question(m, f"{loc}[{i}]") for i, m in enumerate(models or ())]


__all__ = ["ASKED_OF", "KEYS", "MAX_AUTO", "MOMENTS", "QUESTIONS", "QuestionList",
           "asked_of", "question", "questions"]
