"""The canvas's own keys: its size (a slide preset or any WxH within limits) and the colours
a scenario changes."""
from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BeforeValidator

from ..render.palette import NAMES as COLOUR_NAMES
from .fields import choice, expected, value_type

SLIDE_SIZES = {"960x540": (960, 540), "1280x720": (1280, 720), "1920x1080": (1920, 1080)}
CANVAS_LIMITS = ((160, 3840), (90, 2160))   # the widths and heights a `size` may have


def parse_size(value: Any) -> tuple[int, int] | None:
    """A canvas size `WxH` (e.g. a slide preset "1280x720") as (width, height), or None
    if `value` is not one within `CANVAS_LIMITS`."""
    if not isinstance(value, str) or len(value) > 20:
        return None
    match = re.fullmatch(r"\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*", value)
    if not match:
        return None
    w, h = int(match.group(1)), int(match.group(2))
    (w0, w1), (h0, h1) = CANVAS_LIMITS
    return (w, h) if w0 <= w <= w1 and h0 <= h <= h1 else None


def size_expected() -> str:
    """What `size` accepts, in words."""
    (w0, w1), (h0, h1) = CANVAS_LIMITS
    return (f"a canvas size WxH ({w0}-{w1} by {h0}-{h1} pixels), e.g. a slide: "
            + ", ".join(SLIDE_SIZES))


def _size_check(value: Any) -> tuple[int, int]:
    size = parse_size(value)
    if size is None:
        raise expected(size_expected(), value)
    return size


Size = value_type(tuple[int, int], _size_check,
                  {"type": "string", "pattern": r"^\s*\d{1,5}\s*[xX×]\s*\d{1,5}\s*$",
                   "examples": list(SLIDE_SIZES)}, size_expected())


def _colours_check(value: Any) -> Any:
    if not isinstance(value, dict):
        raise expected("a mapping of colour names to '#rrggbb'", value)
    return value


CHANGEABLE = tuple(n for n in COLOUR_NAMES if n != "transparent")
ColourName = choice(CHANGEABLE, phrase="a colour name: one of " + ", ".join(CHANGEABLE))
Colour = value_type(str, lambda v: v if isinstance(v, str) and re.fullmatch(
    r"#[0-9a-fA-F]{6}", v) else _refuse_colour(v), {"type": "string",
                                                   "pattern": "^#[0-9a-fA-F]{6}$"},
    "a colour like '#1a2b3c'")


def _refuse_colour(value: Any) -> str:
    raise expected("a colour like '#1a2b3c'", value)


Colours = Annotated[dict[ColourName, Colour], BeforeValidator(_colours_check)]  # type: ignore[valid-type]


__all__ = ["CANVAS_LIMITS", "CHANGEABLE", "SLIDE_SIZES", "Colour", "ColourName", "Colours", "Size",
           "parse_size", "size_expected"]
