"""The building blocks of the scenario schema: value types that word their own errors, a
mapping base class that reports unknown and missing keys and runs its cross-field rules,
and the translation of pydantic's errors into located lines.

Every value type is `Annotated[T, PlainValidator(check), WithJsonSchema(schema)]`: the check
accepts exactly what the schema says (no coercion: `true` is not 1, "3" is not 3) and words
its refusal "expected <phrase>, got <value>"; the phrase is also the key's type in the
reference page. A located line reads `panels[1].maze.rows: expected …, got …`.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    PlainValidator,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

SHOWN = 60      # characters of a quoted value shown in a message
TAG = "\x00"    # prefix of a union tag in a location (never a key: NUL bytes are refused)


def show(value: Any) -> str:
    """How a found value is quoted in a message: short, and never the whole of a big
    value (a list or mapping is named, a long text cut)."""
    if isinstance(value, str):
        text = repr(value)
        return text if len(text) <= SHOWN else f"{text[:SHOWN - 4]}…' ({len(value)} characters)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        if len(value) <= 8 and all(v is None or isinstance(v, (bool, int, float))
                                   or (isinstance(v, str) and len(v) <= 20) for v in value):
            text = repr(list(value))
            if len(text) <= SHOWN:
                return text
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, (bool, int, float)):
        text = repr(value)
        return text if len(text) <= SHOWN else f"a {len(text)}-digit number"
    return f"a {type(value).__name__}"


def fail(message: str, at: Sequence[str | int] = ()) -> PydanticCustomError:
    """The error to raise from a check: `message` as written, at the sub-location `at`."""
    return PydanticCustomError("scenario", "{message}", {"message": message, "at": tuple(at)})


def expected(phrase: str, value: Any) -> PydanticCustomError:
    return fail(f"expected {phrase}, got {show(value)}")


class _Missing:
    """Stands for a required key that is absent, so its own check words the error."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()


def value_type(py: Any, check: Callable[[Any], Any], schema: dict[str, Any],
               phrase: str) -> Any:
    """An annotated type: `check(value)` returns the value or raises; `phrase` describes it
    (in errors and in the reference page)."""
    def validate(value: Any) -> Any:
        if value is MISSING:
            raise fail(f"{phrase} (required)")
        return check(value)

    return Annotated[py, PlainValidator(validate),
                     WithJsonSchema({**schema, "x-expected": phrase})]


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and math.isfinite(value)


def whole(lo: int | None = None, hi: int | None = None, phrase: str | None = None) -> Any:
    """A whole number in lo..hi ("a whole number from 1 to 1000", "… ≥ 0")."""
    if phrase is None:
        bounds = (f" from {lo} to {hi}" if hi is not None else f" ≥ {lo}") \
            if lo is not None else ""
        phrase = f"a whole number{bounds}"

    def check(value: Any) -> int:
        if is_int(value) and (lo is None or value >= lo) and (hi is None or value <= hi):
            return int(value)
        raise expected(phrase, value)

    schema: dict[str, Any] = {"type": "integer"}
    if lo is not None:
        schema["minimum"] = lo
    if hi is not None:
        schema["maximum"] = hi
    return value_type(int, check, schema, phrase)


def number(lo: float = 0.0, hi: float | None = None, *, strict_lo: bool = False,
           phrase: str | None = None) -> Any:
    """A number (whole or not) above lo (or at it) and at most hi."""
    if phrase is None:
        phrase = f"a number {'>' if strict_lo else '≥'} {lo}" + (
            f" and ≤ {hi}" if hi is not None else "")

    def check(value: Any) -> float:
        if is_number(value) and (value > lo if strict_lo else value >= lo) \
                and (hi is None or value <= hi):
            return float(value)
        raise expected(phrase, value)

    schema: dict[str, Any] = {"type": "number"}
    if math.isfinite(lo):
        schema["exclusiveMinimum" if strict_lo else "minimum"] = lo
    if hi is not None:
        schema["maximum"] = hi
    return value_type(float, check, schema, phrase)


def choice(options: Iterable[Any], phrase: str | None = None,
           normal: Callable[[str], str] | None = None) -> Any:
    """One of `options` (compared after `normal`, when given, for text); the value is the
    option itself, so options that are enum members (`choice(Clock)`) give members, while the
    schema and the messages show their words."""
    options = tuple(options)
    phrase = phrase or "one of " + ", ".join(map(str, options))

    def check(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise expected(phrase, value)
        key = normal(value) if normal and isinstance(value, str) else value
        if key in options:
            return options[options.index(key)]
        raise expected(phrase, value)

    words = [o.value if isinstance(o, Enum) else o for o in options]
    return value_type(Any, check, {"enum": words}, phrase)


def flag(phrase: str = "true or false") -> Any:
    def check(value: Any) -> bool:
        if isinstance(value, bool):
            return value
        raise expected(phrase, value)

    return value_type(bool, check, {"type": "boolean"}, phrase)


def text(phrase: str = "a piece of text", *, max_length: int = 500) -> Any:
    """Text (a number is taken as its text), at most `max_length` characters."""
    def check(value: Any) -> str:
        if isinstance(value, (str, int, float)) and not isinstance(value, bool) \
                and len(str(value)) <= max_length:
            return str(value)
        raise expected(phrase + (f" of at most {max_length} characters"
                                 if isinstance(value, str) else ""), value)

    return value_type(str, check, {"type": "string", "maxLength": max_length}, phrase)


def cell(phrase: str = "a cell [row, column]", lo: int | None = None) -> Any:
    """A [row, column] pair of whole numbers (≥ lo when given), as a tuple."""
    def check(value: Any) -> tuple[int, int]:
        if isinstance(value, (list, tuple)) and len(value) == 2 \
                and all(is_int(v) and (lo is None or v >= lo) for v in value):
            return int(value[0]), int(value[1])
        raise expected(phrase, value)

    item: dict[str, Any] = {"type": "integer"} if lo is None else {"type": "integer",
                                                                   "minimum": lo}
    return value_type(tuple[int, int], check, {"type": "array", "items": item,
                                               "minItems": 2, "maxItems": 2}, phrase)


def pattern(regex: str, phrase: str) -> Any:
    """Text matching `regex` in full."""
    def check(value: Any) -> str:
        if isinstance(value, str) and re.fullmatch(regex, value):
            return value
        raise expected(phrase, value)

    return value_type(str, check, {"type": "string", "pattern": f"^{regex}$"}, phrase)


Problem = tuple[tuple[str | int, ...], str]     # (sub-location, message)


class Section(BaseModel):
    """A mapping of the scenario: its keys are the fields; unknown keys, a missing required
    key and a value that is not a mapping are reported like any other error, and the
    section's `rules` (cross-field checks) run on whatever is valid, so every error of the
    file is reported at once."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True,
                              json_schema_extra={"additionalProperties": False})

    #: what the section is, for "expected <shape>, got a list"
    shape: ClassVar[str] = "a mapping"

    @classmethod
    def unknown_key(cls, key: Any) -> str:
        """The message for an unknown key."""
        if not cls.model_fields:
            return "unknown option; this takes no options"
        return "unknown option; expected one of " + ", ".join(cls.model_fields)

    @classmethod
    def unknown(cls, key: Any, value: Any) -> str | None:
        """The message for the unknown key `key` holding `value` (by default
        `unknown_key(key)`); None lets the key pass unread."""
        return cls.unknown_key(key)

    @classmethod
    def prepare(cls, data: dict, info: ValidationInfo) -> dict:
        """The mapping as its fields read it (e.g. a shorthand expanded); by default as is."""
        return data

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        """Cross-field checks on the raw mapping: yield (sub-location, message) pairs.
        `bad(*path)` says whether the value at `path` failed its own check (or is absent),
        so a rule only reads values known to be good."""
        return ()

    @model_validator(mode="wrap")
    @classmethod
    def _check_all(cls, data: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
        if isinstance(data, cls):
            return data
        if not isinstance(data, dict):
            raise expected(cls.shape, data)
        data = cls.prepare(data, info)
        problems: list[InitErrorDetails] = []
        keys = {field.alias or name: field for name, field in cls.model_fields.items()}
        known = {k: v for k, v in data.items() if isinstance(k, str) and k in keys}
        for key, value in data.items():
            if key not in known and (message := cls.unknown(key, value)) is not None:
                problems.append(_detail((str(key)[:SHOWN],), message, None))
        for key, field in keys.items():
            if field.is_required() and key not in known:
                known[key] = MISSING
        result = None
        try:
            result = handler(known)
        except ValidationError as exc:
            problems += [_reissue(e) for e in exc.errors()]
        failed = [_plain(p["loc"]) for p in problems]

        def bad(*path: str | int) -> bool:
            if not _present(data, path):
                return True
            return any(loc[:len(path)] == path or path[:len(loc)] == loc for loc in failed)

        for at, message in cls.rules(data, bad, info):
            problems.append(_detail(at, message, None))
        if problems:
            raise ValidationError.from_exception_data(cls.__name__, problems)
        return result


def _plain(loc: Iterable[str | int]) -> tuple[str | int, ...]:
    """A location without union tags and dict-key markers: the path into the raw data."""
    return tuple(p for p in loc if isinstance(p, int) or not (p.startswith(TAG)
                                                              or p == "[key]"))


def _present(data: Any, path: Sequence[str | int]) -> bool:
    for step in path:
        in_list = isinstance(step, int) and isinstance(data, list) and 0 <= step < len(data)
        if in_list or (isinstance(data, dict) and step in data):
            data = data[step]
        else:
            return False
    return data is not MISSING


def dig(data: Any, *path: str | int) -> Any:
    """The raw value at `path` (None if absent)."""
    for step in path:
        if isinstance(data, dict):
            data = data.get(step)
        elif isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
            data = data[step]
        else:
            return None
    return data


def _detail(loc: tuple, message: str, value: Any) -> InitErrorDetails:
    return InitErrorDetails(type=PydanticCustomError("scenario", "{message}",
                                                     {"message": message, "at": ()}),
                            loc=loc, input=value)


def _reissue(error: Any) -> InitErrorDetails:
    """A caught error as a fresh one at its full location (sub-location folded in)."""
    ctx = error.get("ctx") or {}
    loc = tuple(error["loc"]) + tuple(ctx.get("at", ()))
    return _detail(loc, _message(error), error.get("input"))


def _message(error: Any) -> str:
    """Our own message, or pydantic's worded in our style when one slips through."""
    ctx = error.get("ctx") or {}
    if "message" in ctx:
        return str(ctx["message"])
    return f"expected {error.get('msg', 'a valid value')}, got {show(error.get('input'))}"


def location(loc: Iterable[str | int]) -> str:
    """("panels", 1, "maze", "rows") -> "panels[1].maze.rows" (union tags left out)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not part.startswith(TAG) and part != "[key]":
            out += f".{part}" if out else part
    return out


@dataclass(frozen=True)
class Located:
    """One error: where (a location string, "" for the whole file) and what."""

    where: str
    message: str


def located(exc: ValidationError) -> list[Located]:
    """Every error of `exc`, in order, an unknown key listed before the values of its
    mapping (the order a reader meets them)."""
    out = []
    for error in exc.errors():
        ctx = error.get("ctx") or {}
        loc = tuple(error["loc"]) + tuple(ctx.get("at", ()))
        out.append(Located(location(loc), _message(error)))
    return out


__all__ = [
    "MISSING",
    "Located",
    "Problem",
    "Section",
    "cell",
    "choice",
    "dig",
    "expected",
    "fail",
    "flag",
    "located",
    "location",
    "number",
    "pattern",
    "show",
    "text",
    "whole",
]
