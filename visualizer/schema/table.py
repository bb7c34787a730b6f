"""A scenario's `table`: panels laid out as a table with a header per row and per column,
and the rules between the table and the panels it holds."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from pydantic import Field

from .fields import Problem, Section, expected, fail, show, value_type

MAX_TABLE = 8          # rows or columns a table has at most


def _labels_check(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_TABLE:
        raise expected(f"a list of 1 to {MAX_TABLE} labels", value)
    for i, label in enumerate(value):
        if not isinstance(label, (str, int, float)) or isinstance(label, bool) \
                or not str(label).strip() or len(str(label)) > 100:
            raise fail(f"expected a label (text of 1 to 100 characters), got {show(label)}",
                       (i,))
    return tuple(str(label) for label in value)


Labels = value_type(tuple[str, ...], _labels_check, {
    "type": "array", "minItems": 1, "maxItems": MAX_TABLE,
    "items": {"type": "string", "minLength": 1, "maxLength": 100}},
    f"a list of 1 to {MAX_TABLE} labels")


class Table(Section):
    """Panels that form a table (rules × surfaces, generators × grids …): one header per row
    and per column instead of a title per panel. The panels are listed row by row."""

    shape: ClassVar[str] = "a mapping with rows and columns"
    rows: Labels = Field(description="the rows' headers, top to bottom (drawn at the left "  # type: ignore[valid-type]
                                     "of each row)")
    columns: Labels = Field(description="the columns' headers, left to right (drawn above "  # type: ignore[valid-type]
                                        "the first row)")


def table_rules(data: dict, bad: Callable[..., bool]) -> Iterable[Problem]:
    """A `table` and the panels it holds: as many as its cells, none with its own title."""
    if "table" not in data or bad("table"):
        return
    rows, columns = len(data["table"]["rows"]), len(data["table"]["columns"])
    panels = data.get("panels")
    if not isinstance(panels, list):
        if "panels" not in data:
            yield ("table",), "a table needs its panels listed under `panels:`, row by row"
        return
    if len(panels) != rows * columns:
        yield ("panels",), (f"expected {rows * columns} panels for the table's {rows} rows × "
                            f"{columns} columns (listed row by row), got {len(panels)}")
    for i, panel in enumerate(panels):
        if isinstance(panel, dict) and "title" in panel:
            yield ("panels", i, "title"), ("a panel in a table has no title: the table's row "
                                           "and column headers name it")
    if "columns" in data and not bad("columns") and data["columns"] != columns:
        yield ("columns",), (f"expected {columns} (the table's columns) or no `columns`, got "
                             f"{show(data['columns'])}")


__all__ = ["MAX_TABLE", "Labels", "Table", "table_rules"]
