"""The schema published: as JSON Schema (`run.py --schema`, scenarios/schema.json, which
editors with yaml-language-server use to complete and check keys) and as the reference page
docs/scenario-reference.md (every key with its type, default and meaning).

    python -m visualizer.schema.publish      # rewrites both files from the code
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..questions.spec import MOMENTS, QUESTIONS
from ..export import FORMATS
from ..schema.budget import GIB, Budget
from .fields import TAG
from .yaml_reader import MAX_BYTES, MAX_DEPTH, MAX_VALUES
from .model import PANEL_KEYS, scenario_model

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "scenarios" / "schema.json"
REFERENCE_FILE = ROOT / "docs" / "scenario-reference.md"
MODELINE = "# yaml-language-server: $schema=schema.json"


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a scenario file (draft 2020-12)."""
    schema = scenario_model().model_json_schema(by_alias=True)
    props = schema["properties"]
    props.pop(TAG + "panel", None)
    panel = schema["$defs"]["Panel"]["properties"]
    for key in PANEL_KEYS:
        props[key] = {**panel[key], "description": panel[key].get("description", "")
                      + " (one-panel scenario: at the top level instead of `panels`)"}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            **schema, "title": "visualizer scenario"}


def schema_text() -> str:
    """`json_schema()` as the text of scenarios/schema.json."""
    return json.dumps(json_schema(), indent=1, ensure_ascii=False, sort_keys=False)


SECTIONS = (   # (heading, $defs name or None for the top level, where it sits)
    ("The scenario (top level)", None, ""),
    ("A panel", "Panel", "each item of `panels` (or the top level of a one-panel scenario)"),
    ("A table", "Table", "`table` of the scenario: its panels, listed row by row, have no titles"),
    ("The maze", "Maze", "`maze` of a panel"),
    ("Endpoints as cells", "EndpointCells", "`endpoints` when it is a mapping"),
    ("Your own generator", "OwnGenerator", "`generator` when it is a student's code (run only "
     "with --allow-code; see docs/own-algorithm.md)"),
    ("Your own solver", "OwnSolver", "`solver` when it is a student's code (run only with "
     "--allow-code)"),
    ("A Life run", "LifeSection", "`life` of a panel"),
    ("How a Life grid starts", "InitItem", "`life.init`, or each item of it"),
)


def _type(prop: dict[str, Any]) -> str:
    if "x-expected" in prop:
        return prop["x-expected"]
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        return f"a mapping (see {_title(name)})"
    if prop.get("type") == "array" and "$ref" in prop.get("items", {}):
        return f"a list of mappings (see {_title(prop['items']['$ref'].rsplit('/', 1)[-1])})"
    if prop.get("type") == "object":
        return "a mapping"
    return prop.get("type", "a value")


def _title(name: str) -> str:
    for heading, key, _ in SECTIONS:
        if key == name:
            return heading
    if name in MOMENT_DEFS:
        return "Moments"
    kind, _, algo = name.partition("_")
    return f"{kind} {algo}"


QUESTION_DEFS = {model.__name__: kind for kind, model in QUESTIONS.items()}
MOMENT_DEFS = {model.__name__: how for how, model in MOMENTS.items()}


def _default(prop: dict[str, Any], required: bool) -> str:
    if required:
        return "required"
    if "default" not in prop or prop["default"] is None:
        return "—"
    return "`" + json.dumps(prop["default"], ensure_ascii=False) + "`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(section: dict[str, Any]) -> list[str]:
    lines = ["| key | type | default | meaning |", "|---|---|---|---|"]
    required = set(section.get("required", ()))
    for key, prop in section["properties"].items():
        lines.append(f"| `{key}` | {_cell(_type(prop))} | {_default(prop, key in required)} "
                     f"| {_cell(prop.get('description', ''))} |")
    return lines


def reference() -> str:
    """The text of docs/scenario-reference.md."""
    schema = json_schema()
    defs = schema["$defs"]
    intro = ("Every key a scenario file may hold, generated from the schema in the code "
             "(`python -m visualizer.schema.publish` rewrites this page and "
             "`scenarios/schema.json`; a test checks both are current). A value outside its "
             "type is refused with its location, e.g. `panels[1].maze.rows: expected a whole "
             "number from 1 to 1000, got 'ten'`; unknown keys are refused too.")
    out = ["# Scenario reference", "", intro, ""]
    for heading, key, where in SECTIONS:
        section = schema if key is None else defs[key]
        out += [f"## {heading}", ""]
        if where:
            out += [f"Where: {where}.", ""]
        out += _table(section) + [""]
    out += _questions(defs)
    for kind in ("generator", "solver"):
        out += [f"## {kind.capitalize()}s", "",
                f"`{kind}` is a name, or a mapping with `name` and the options below.", ""]
        for name in sorted(k for k in defs if k.startswith(kind + "_")):
            section = defs[name]
            algo = name.partition("_")[2]
            out += [f"### {algo}", "", section.get("description", ""), ""]
            if len(section["properties"]) > 1:
                out += _table(section) + [""]
    out += _limits()
    return "\n".join(out).rstrip() + "\n"


def _questions(defs: dict[str, Any]) -> list[str]:
    """The question kinds, each with its keys, and the moments a question names."""
    out = ["## Questions", "",
           ("Where: each item of a panel's `questions` (stop and predict; see "
            "scenarios/README.md). A question is a mapping with `kind` and either `at` (one "
            "moment) or `auto: N`; the answer is read from the panel's own events at that "
            "moment. The keys of each kind:"), ""]
    for name, kind in QUESTION_DEFS.items():
        section = defs[name]
        out += [f"### {kind}", "", section.get("description", ""), ""]
        out += _table(section) + [""]
    out += ["## Moments", "", ("Where: `at` of a question: a mapping with one of these keys "
                               "(`generation` for the Life kinds only)."), "",
            "| key | type | meaning |", "|---|---|---|"]
    for name in MOMENT_DEFS:
        section = defs[name]
        for key, prop in section["properties"].items():
            out.append(f"| `{key}` | {_cell(_type(prop))} | "
                       f"{_cell(section.get('description', ''))} |")
    return out + [""]


def _limits() -> list[str]:
    """The resource budget's limits and the formats' own, for the reference page."""

    b = Budget()
    out = ["## Limits", "",
           ("Before any work a scenario's cost is estimated from its numbers and refused, "
            "with the estimate, the limit and a fix (\"cell_size at most 8 for this size\"), "
            "when it exceeds one of these. `run.py --budget X` multiplies the first five by X; "
            "a format's own limits stay."), "",
           "| limit | value |", "|---|---|",
           f"| memory at the peak of a render | {b.memory / GIB:g} GiB |",
           f"| frames | {b.frames:,} |",
           f"| maze algorithm steps, all panels | {b.steps:,} |",
           f"| Life cell updates (cells x generations), all panels | {b.life_updates:,} |",
           f"| panels | {b.panels} |"]
    for fmt in FORMATS.values():
        if fmt.animation:
            rates = ", ".join(map(str, fmt.fps)) if fmt.fps else f"1 to {fmt.max_fps}"
            out.append(f"| {fmt.name.upper()}: pixels a side; fps | {fmt.max_side:,}; "
                       f"{rates} |")
    out += [f"| scenario file size | {MAX_BYTES:,} bytes |",
            f"| values once YAML aliases are expanded | {MAX_VALUES:,} |",
            f"| nesting of mappings and lists | {MAX_DEPTH} |", ""]
    return out


def write() -> None:
    """Rewrite scenarios/schema.json and docs/scenario-reference.md."""
    SCHEMA_FILE.write_text(schema_text() + "\n", encoding="utf-8")
    REFERENCE_FILE.write_text(reference(), encoding="utf-8")


if __name__ == "__main__":
    write()
