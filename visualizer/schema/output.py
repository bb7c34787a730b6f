"""Where and how a scenario is written: the format its output's suffix (or `--out`, or
`format`) gives, and each writer's own options as schema fields."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import Field, create_model

from ..export import ANIMATIONS, FORMATS
from .algorithms import param_type
from .fields import Problem, Section, show


def writer_model(fmt: str) -> type[Section]:
    """The model of format `fmt`'s own options alone (as given beside a scenario)."""
    if fmt not in _WRITER_MODELS:
        _WRITER_MODELS[fmt] = create_model(  # type: ignore[call-overload]
            f"{fmt}_options", __base__=Section,
            **{p.name: (param_type(p), Field(p.default, description=p.help))
               for p in FORMATS[fmt].options})
    return _WRITER_MODELS[fmt]


_WRITER_MODELS: dict[str, type[Section]] = {}


def writer_fields() -> dict[str, Any]:
    """Each writer's own options, as top-level keys."""
    fields = {}
    for fmt in FORMATS.values():
        for p in fmt.options:
            fields[p.name] = (param_type(p), Field(p.default, description=p.help
                                                   + f" ({fmt.name.upper()} only)"))
    return fields


def resolve_output(data: dict, bad: Callable[..., bool], path: Path,
                   out: str | Path | None, venue: tuple[str, str] | None = None
                   ) -> tuple[str | None, list[Problem]]:
    """The format a scenario is written in (None when its output is wrong) and the
    problems of `output` / `--out` / `format`; `venue` is (a venue's name, the format it
    writes), which they must agree with."""
    fmt = data.get("format") if not bad("format") else None
    says = "as `format` says"
    if venue is not None:
        says = f"as `for: {venue[0]}` writes"
        if fmt is not None and fmt != venue[1]:
            return None, [(("format",), f"expected {venue[1]}, {says}, got {show(fmt)}")]
        fmt = venue[1]
    if out is not None:
        target, where = Path(out).expanduser(), "--out"
    elif "output" in data:
        value = data["output"]
        if bad("output") or not isinstance(value, str) or not value.strip():
            return None, [] if bad("output") else [
                (("output",), (f"expected a file path such as output/maze.gif, got "
                               f"{show(value)}"))]
        target, where = Path(value).expanduser(), "output"
    else:
        return fmt or "gif", []
    suffix = target.suffix.lstrip(".").lower()
    if not suffix and fmt:
        return fmt, []
    suffixes = [f".{n}" for n in ANIMATIONS]
    names = ", ".join(suffixes[:-1]) + f" or {suffixes[-1]}" if len(suffixes) > 1 else suffixes[0]
    if suffix not in ANIMATIONS:
        return None, [((where,), (f"expected a file name ending in {names}, got "
                                  f"{show(str(target))}"))]
    if fmt and suffix != fmt:
        return None, [((where,), (f"expected a .{fmt} file, {says}, got "
                                  f"{show(str(target))}"))]
    return suffix, []


__all__ = ["resolve_output", "writer_fields", "writer_model"]
