"""The registry's generators and solvers as schema types: an algorithm by name, or a mapping
with `name` and its options, each option typed by its `registry.Param`."""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Union

from pydantic import BeforeValidator, Discriminator, Field, Tag, create_model

from .. import registry
from ..registry import ParamKind
from .fields import TAG, Section, cell, choice, expected, fail, flag, number, show, text, whole
from .own_code import OWN, OWN_MODELS, is_own


def param_type(param: registry.Param) -> Any:
    """The value type of an algorithm's option."""
    if param.kind == ParamKind.INT:
        return whole(None if param.min is None else int(param.min),
                     None if param.max is None else int(param.max))
    if param.kind == ParamKind.FLOAT:
        if param.min is None:
            return number(float("-inf"), param.max,
                          phrase="a number" + (f" ≤ {param.max}" if param.max is not None
                                               else ""))
        return number(param.min, param.max)
    if param.kind == ParamKind.BOOL:
        return flag()
    if param.kind == ParamKind.CHOICE:
        return choice(param.choices)
    if param.kind == ParamKind.CELL:
        return cell()
    return text()


class Algorithm(Section):
    """A generator's or solver's options (subclassed per algorithm)."""

    kind: ClassVar[str] = ""


def algorithm_type(kind: str) -> Any:
    """A generator or solver: its name, a mapping with `name` and its options, or a
    student's own function (`own_code`)."""
    known = registry.algorithms(kind)
    members = []
    for name, algo in known.items():
        fields: dict[str, Any] = {"name": (choice((name,)), Field(description=f"`{name}`"))}
        for p in algo.params:
            fields[p.name] = (param_type(p), Field(p.default, description=p.help))
        model = create_model(f"{kind}_{name}", __base__=Algorithm, __doc__=algo.summary,
                             **fields)
        members.append(Annotated[model, Tag(TAG + name)])
    members.append(Annotated[OWN_MODELS[kind], Tag(TAG + OWN)])
    names = ", ".join(known)

    def shorthand(value: Any) -> Any:
        if is_own(value):
            return value if isinstance(value, dict) else {"function": value}
        if isinstance(value, str) and value in known:
            return {"name": value}
        if isinstance(value, str):
            raise fail(f"expected a {kind}: one of {names}, got {show(value)}", ("name",))
        if not isinstance(value, dict) or "name" not in value:
            raise expected(f"a {kind} name, a mapping with `name`, or your own code "
                           "({code: file.py, function: name})", value)
        name = value["name"]
        if not isinstance(name, str) or name not in known:
            raise fail(f"expected a {kind}: one of {names}, got {show(name)}", ("name",))
        return value

    def tag(value: Any) -> str | None:
        if not isinstance(value, dict):
            return None
        return TAG + (OWN if is_own(value) else value["name"])

    def schema(s: dict[str, Any]) -> None:
        members_schema = s.pop("oneOf", None) or s.pop("anyOf", [])
        s.pop("discriminator", None)
        s["anyOf"] = [{"enum": list(known), "description": f"a {kind} by name"},
                      *members_schema]
        s["x-expected"] = (f"a {kind} name ({names}), a mapping with `name` and its options, "
                           "or your own code: {code: file.py, function: name}")

    return Annotated[Union[tuple(members)], Discriminator(tag), BeforeValidator(shorthand),
                     Field(json_schema_extra=schema)]


__all__ = ["Algorithm", "algorithm_type", "param_type"]
