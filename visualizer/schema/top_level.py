"""The top level of a scenario file: what is shown (panels), how it is paced and where it
is written, with the defaults that follow from other keys, and the key lists of the top
level and of a panel."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field, ValidationInfo, create_model, model_validator

from ..choices import Clock
from ..export import ANIMATIONS, FORMATS
from ..export.venues import VENUES, Extra, Venue
from .canvas import Colours, Size
from .fields import TAG, Problem, Section, choice, flag, number, show, text, whole
from .output import resolve_output, writer_fields
from .panel import PanelFields
from .table import Table, table_rules

MAX_STRIP = 24
STORYBOARD_FRAMES = 8    # the key frames of a `for: print` storyboard


class TopFields(Section):
    """A scenario: what is shown (panels), how it is paced and where it is written."""

    shape: ClassVar[str] = "a mapping of options (title, seed, panels …)"

    title: text() = Field("", description="the heading above the panels")  # type: ignore[valid-type]
    seed: whole(0) = Field(0, description="the random seed every panel starts from "  # type: ignore[valid-type]
                                          "(same seed, same picture)")
    #: typed by `models()`: a list of the registry's panels
    panels: Any = Field(None, description="the panels, side by side (or give one panel's "
                                          "keys at the top level instead)")
    output: text("a file path such as output/maze.gif") = Field(  # type: ignore[valid-type]
        None, description="where the animation is written (default: output/<scenario>.gif); "
                          "its suffix picks the format")
    format: choice(ANIMATIONS) = Field(  # type: ignore[valid-type]
        None, description="the output format, when the output's suffix does not say")
    fps: whole(1, 120) = Field(25, description="frames per second (each format has its "  # type: ignore[valid-type]
                                               "own rates; GIF: 50, 25, 20, 10, 5, 4, 2, 1)")
    steps_per_frame: whole(1) = Field(None, description="algorithm steps per frame "  # type: ignore[valid-type]
                                                        "(default: from duration)")
    duration: number(0.0, 3600.0, strict_lo=True) = Field(  # type: ignore[valid-type]
        None, description="seconds the animation lasts (instead of steps_per_frame)")
    clock: choice(Clock) = Field(  # type: ignore[valid-type]
        Clock.STEPS, description="steps: panels advance one step per tick; progress: every "
                                 "panel finishes together")
    hold: number(0.0, 60.0) = Field(2.0, description="seconds the last frame stays")  # type: ignore[valid-type]
    hold_first: number(0.0, 60.0) = Field(0.5, description="seconds the first frame "  # type: ignore[valid-type]
                                                           "stays")
    theme: choice(("light", "dark")) = Field("light", description="light or dark colours")  # type: ignore[valid-type]
    colours: Colours = Field(default_factory=dict, description="colours to change, by "  # type: ignore[valid-type]
                                                               "name: '#rrggbb'")
    columns: whole(1, 8) = Field(None, description="panels per row (default: chosen by the "  # type: ignore[valid-type]
                                                   "layout)")
    size: Size = Field(None, description="a fixed canvas WxH, e.g. a slide 1280x720 (the "  # type: ignore[valid-type]
                                         "layout picks columns and cell sizes that fill it)")
    still: flag() = Field(False, description="also save the final frame as a PNG")  # type: ignore[valid-type]
    strip: whole(0, MAX_STRIP) = Field(0, description="also save this many key frames "  # type: ignore[valid-type]
                                                      "side by side as a PNG")
    legend: flag() = Field(True, description="each panel explains its colours below its "  # type: ignore[valid-type]
                                             "caption")
    solve_together: flag() = Field(False, description="every maze is built first, then "  # type: ignore[valid-type]
                                                      "all solve together")
    flash_safe: flag() = Field(True, description="slow a render down when its frames would "  # type: ignore[valid-type]
                                                 "flash more than 3 times a second (WCAG "
                                                 "2.3.1); false keeps the drawn speed")
    venue: choice(Venue) = Field(  # type: ignore[valid-type]
        None, alias="for", description="where it will be shown: picks the format, size, "
                                       "frame rate, loop, codec and byte cap that venue "
                                       "needs (`--for`; the keys given win)")
    transcript: flag() = Field(False, description="also write the captions and "  # type: ignore[valid-type]
                                                  "milestones as WebVTT (.vtt) and plain "
                                                  "text (.txt) beside the output")
    table: Table = Field(None, description="panels that form a table: a header per row "  # type: ignore[assignment]
                                           "and per column instead of a title per panel")
    #: typed by `models()`: the one panel of a file that gives its keys at the top level
    shorthand: Any = Field(None, alias=TAG + "panel", exclude=True)  # type: ignore[literal-required]

    @classmethod
    def unknown_key(cls, key: Any) -> str:
        return "unknown option; expected one of " + ", ".join(TOP_KEYS + PANEL_KEYS)

    @classmethod
    def prepare(cls, data: dict, info: ValidationInfo) -> dict:
        """Without `panels`, the panel keys at the top level are the one panel."""
        if "panels" in data:
            return data
        single = {k: data[k] for k in PANEL_KEYS if k in data}
        title = data.get("title")
        if isinstance(title, str) and 0 < len(title) <= 500:   # a bad title: told once
            single["title"] = title
        rest = {k: v for k, v in data.items() if k not in PANEL_KEYS}
        return {**rest, TAG + "panel": single}

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        if "panels" in data:
            for key in PANEL_KEYS:
                if key in data:
                    yield (key,), ("put panel options inside `panels:` when the scenario "
                                   "lists panels")
        if data.get("steps_per_frame") is not None and data.get("duration") is not None \
                and not bad("steps_per_frame") and not bad("duration"):
            yield ("duration",), "either steps_per_frame or duration, not both"
        ctx = info.context or {}
        venue = VENUES[data["for"]] if "for" in data and not bad("for") else None
        fmt, problems = resolve_output(data, bad, ctx.get("path", Path("scenario.yaml")),
                                       ctx.get("out"),
                                       (data["for"], venue.format) if venue else None)
        yield from problems
        yield from table_rules(data, bad)
        if fmt is not None and not bad("fps") and "fps" in data:
            record = FORMATS[fmt]
            if not record.fps_allowed(data["fps"]):
                yield ("fps",), (f"expected {record.fps_expected()}, got {show(data['fps'])} "
                                 f"(the frame rates {fmt.upper()} plays exactly)")

    @model_validator(mode="after")
    def _defaults(self, info: ValidationInfo) -> TopFields:
        """The defaults that follow from other keys: the format (from the output's suffix),
        the output (from the scenario's file name), the panels (the one panel of a
        shorthand file, which takes the title), each panel's seed (the scenario's)."""
        ctx = info.context or {}
        path, out = Path(ctx.get("path", Path("scenario.yaml"))), ctx.get("out")
        given = {k: getattr(self, k) for k in ("format", "output") if getattr(self, k)
                 is not None}
        venue = VENUES[self.venue] if self.venue is not None else None
        fmt, _ = resolve_output(given, lambda *p: False, path, out,
                                (str(self.venue), venue.format) if venue else None)
        self.format = fmt or "gif"
        if venue is not None:
            self._venue_defaults(venue)
        if out is not None or self.output is not None:
            target = Path(out if out is not None else self.output).expanduser()
            self.output = str(target if target.suffix else target.with_suffix(
                f".{self.format}"))
        else:
            self.output = str(Path("output") / f"{path.stem}.{self.format}")
        if self.panels is None:
            self.panels = [self.shorthand]
            if self.shorthand.title == self.title:
                self.title = ""
        for panel in self.panels:
            if panel.seed is None:
                panel.seed = self.seed
        return self

    def _venue_defaults(self, venue: Any) -> None:
        """What the venue's record chooses, for the keys the scenario leaves unsaid."""
        given = self.model_fields_set
        if "fps" not in given:
            self.fps = venue.fps
        if "size" not in given:
            self.size = venue.size
        if "subtitles" not in given and self.format == "mp4":
            self.subtitles = venue.subtitles  # type: ignore[attr-defined]
        if "strip" not in given and Extra.STORYBOARD in venue.extras:
            self.strip = STORYBOARD_FRAMES


#: the top level with each writer's own options as keys
TopBase = create_model("TopBase", __base__=TopFields, __doc__=TopFields.__doc__,
                       **writer_fields())
#: every key of a scenario file (besides the panel keys when there is one panel)
TOP_KEYS = tuple(field.alias or name for name, field in TopBase.model_fields.items()
                 if not (field.alias or "").startswith(TAG))
#: every key of a panel besides its title and seed, which a one-panel file gives at the top
PANEL_KEYS = tuple(name for name in PanelFields.model_fields if name not in TOP_KEYS)


__all__ = ["MAX_STRIP", "PANEL_KEYS", "TOP_KEYS", "TopBase", "TopFields"]
