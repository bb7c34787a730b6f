"""The scenario schema: every key of a scenario file, its type, default and meaning, and the
rules between keys. The keys live by area (`top_level`, `panel`, `maze_section`, `table`,
`canvas`, `output`; Life options in `life.spec`, questions in `questions.spec`);
algorithms' options come from the registry's `Param`s (`algorithms`), output options from
the writers' `Format` records. This module assembles them into the scenario model for the
algorithms registered now, and is where the schema's public names are imported from.

`ScenarioModel.model_validate(raw, context=...)` either returns the validated model or
raises one pydantic ValidationError holding every problem, each worded in the project's
style (see `fields.located`).
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field, create_model
from pydantic.fields import FieldInfo

from .. import registry
from .algorithms import algorithm_type
from .canvas import CANVAS_LIMITS, SLIDE_SIZES, parse_size, size_expected
from .fields import Section, expected
from .maze_section import AUTO, ENDPOINT_RULES, MAX_SIDE, MAZE_VIEWS, Maze
from .output import resolve_output, writer_model
from .panel import LIFE_CELL_SIZE, LIFE_TITLE, PanelFields
from .top_level import MAX_STRIP, PANEL_KEYS, TOP_KEYS, TopBase, TopFields


def _panels_check(value: Any) -> Any:
    if not isinstance(value, list) or not value:
        raise expected("a non-empty list of panels", value)
    return value


def _retyped(base: type[Section], **types: Any) -> dict[str, Any]:
    """Fields of `base` with new types and their own description, default and alias."""
    out = {}
    for name, kind in types.items():
        info: FieldInfo = base.model_fields[name]
        out[name] = (kind, Field(info.default, alias=info.alias, description=info.description,
                                 exclude=info.exclude))
    return out


def _build() -> tuple[type[Section], type[Section]]:
    """The scenario and panel models for the algorithms registered now."""
    panel = create_model("Panel", __base__=PanelFields, __doc__=PanelFields.__doc__,
                         **_retyped(PanelFields, generator=algorithm_type("generator"),
                                    solver=algorithm_type("solver")))
    model = create_model("ScenarioModel", __base__=TopBase, __doc__=TopFields.__doc__,
                         **_retyped(TopBase, panels=Annotated[list[panel],  # type: ignore[valid-type]
                                                              BeforeValidator(_panels_check)],
                                    shorthand=panel))
    return model, panel


_BUILT: dict[tuple, tuple[type[Section], type[Section]]] = {}


def _registry_key() -> tuple:
    return tuple((kind, name, id(algo)) for kind in registry.KINDS
                 for name, algo in registry.algorithms(kind).items())


def models() -> tuple[type[Section], type[Section]]:
    """(ScenarioModel, Panel) for the registry as it is now (built once per registry)."""
    key = _registry_key()
    if key not in _BUILT:
        _BUILT[key] = _build()
    return _BUILT[key]


def scenario_model() -> type[Section]:
    """The model of a whole scenario file."""
    return models()[0]


__all__ = ["AUTO", "CANVAS_LIMITS", "ENDPOINT_RULES", "LIFE_CELL_SIZE", "LIFE_TITLE",
           "MAX_SIDE", "MAX_STRIP", "MAZE_VIEWS", "PANEL_KEYS", "SLIDE_SIZES", "TOP_KEYS", "Maze",
           "models", "parse_size", "resolve_output", "scenario_model", "size_expected",
           "writer_model"]
