"""Writers: palette-index frames in, GIF / MP4 / PNG files out ("writers know frames only").

    with open_writer("maze.gif", width=w, height=h, palette=theme.colours, fps=25) as out:
        for frame, dirty in frames:
            out.write(frame, dirty=dirty)

Every format is one `Format` record in `FORMATS`: its suffix, the scenario options it owns
(type, default, help), its canvas limit and its frame-rate rule. Scenario validation, the
pipeline and the command line read these records; a writer's module (and what it imports,
e.g. PyAV for MP4) is imported only when that writer is used. A new format is one module
plus one record here.
"""
from __future__ import annotations

import importlib
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..choices import QuestionsAs
from ..registry import Param, ParamKind

if TYPE_CHECKING:
    from .base import Writer


@dataclass(frozen=True)
class Format:
    """One output format.

    `writer` is "module:Class" inside this package, imported on first use. `options` are the
    scenario keys this format reads (their `Param.kind`, default and help: the only place a
    writer option is described; the schema validates them, the command line makes a flag of
    each, and the writer receives them checked); `max_side` is the
    largest width or height in pixels the format can hold; `fps` lists the frame rates it
    allows (empty: any rate from 1 to `max_fps`). `animation` says whether a scenario's
    `output` may be of this format (PNG is only written beside an animation); `even` that
    cell sizes are scaled to even pixel counts on a slide (H.264's 4:2:0 chroma halves);
    `titled` that the writer takes the scenario's title and description (a page's title, its
    text alternative).
    """

    name: str
    suffix: str
    writer: str
    summary: str
    options: tuple[Param, ...] = ()
    max_side: int = 65535
    fps: tuple[int, ...] = ()
    max_fps: int = 120
    animation: bool = True
    even: bool = False
    titled: bool = False

    def fps_allowed(self, fps: int) -> bool:
        """Whether this format can play `fps` frames per second."""
        return fps in self.fps if self.fps else 1 <= fps <= self.max_fps

    def fps_expected(self) -> str:
        """The rule `fps_allowed` applies, in words ("one of 50, 25, …")."""
        if self.fps:
            return "one of " + ", ".join(map(str, self.fps))
        return f"a whole number from 1 to {self.max_fps}"

    def load(self) -> type[Writer]:
        """The writer class (imports its module now)."""
        module, _, cls = self.writer.partition(":")
        return getattr(importlib.import_module(f"{__name__}.{module}"), cls)


#: every format, by name (= file extension without the dot)
FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("gif", ".gif", "gif:GifWriter", "a looping GIF (slides, web pages)",
           options=(Param("effort", ParamKind.CHOICE, "best",
                          "GIF encoding effort: best (the default; time grows with the pixel "
                          "count), smallest (2-5 % smaller on Life and 1080p, about 3-4 "
                          "times the CPU), fast (up to a third less CPU, files 1-3 % "
                          "bigger), fastest",
                          choices=("best", "fast", "fastest", "smallest")),),
           max_side=65535, fps=(50, 25, 20, 10, 5, 4, 2, 1)),
    Format("mp4", ".mp4", "mp4:Mp4Writer", "an H.264 video (slide software, video players)",
           options=(Param("crf", ParamKind.INT, 18,
                          "MP4 quality: lower is better (0 = lossless)", min=0, max=51),
                    Param("preset", ParamKind.CHOICE, "medium",
                          "MP4 encoder speed against file size",
                          choices=("ultrafast", "superfast", "veryfast", "faster", "fast",
                                   "medium", "slow", "slower", "veryslow")),
                    Param("subtitles", ParamKind.BOOL, False,
                          "MP4: a subtitles track (mov_text) of the milestones and captions, "
                          "timed like the frames")),
           max_side=8192, max_fps=120, even=True),
    Format("html", ".html", "html:HtmlWriter",
           "a self-contained player for a browser, a slide or a notebook",
           options=(Param("autoplay", ParamKind.BOOL, True,
                          "HTML player: start playing when shown"),
                    Param("speed", ParamKind.CHOICE, 1.0, "HTML player: the speed it starts at",
                          choices=(0.25, 0.5, 1, 2, 4, 8)),
                    Param("fit", ParamKind.CHOICE, "width",
                          "HTML player: fill the container's width (width), the largest whole "
                          "zoom that fits (whole), or one pixel per pixel (none)",
                          choices=("width", "whole", "none")),
                    Param("controls", ParamKind.BOOL, True,
                          "HTML player: show the buttons and the scrubber"),
                    Param("questions_as", ParamKind.CHOICE, QuestionsAs.ASK,
                          "HTML player: stop at each question and take the student's answer "
                          "(ask), or play its held card, countdown and answer like the GIF "
                          "(cards)",
                          choices=tuple(QuestionsAs))),
           max_side=16384, titled=True),
    Format("pdf", ".pdf", "pdf:PdfWriter",
           "a printable handout: key frames and the transcript as text",
           max_side=8192, titled=True),
    Format("png", ".png", "png:PngWriter", "one picture (the final frame)",
           max_side=65535, animation=False),
    Format("null", "", "null:NullWriter", "nothing written (tests)", animation=False),
)}

#: the formats a scenario's `output` may have
ANIMATIONS = tuple(name for name, f in FORMATS.items() if f.animation)


class _Writers(Mapping[str, "type[Writer]"]):
    """name -> writer class, importing a writer's module only when it is looked up."""

    def __getitem__(self, name: str) -> type[Writer]:
        return FORMATS[name].load()

    def __iter__(self) -> Iterator[str]:
        return iter(FORMATS)

    def __len__(self) -> int:
        return len(FORMATS)


#: writer class by name (= file extension without the dot), imported on first look-up
WRITERS: Mapping[str, type[Writer]] = _Writers()


def writer_for(path: str | os.PathLike) -> type[Writer]:
    """The writer class for `path`'s extension (ValueError if none)."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS or suffix == "null":
        known = ", ".join(f".{name}" for name in FORMATS if name != "null")
        raise ValueError(f"no writer for `{path}`: its extension must be one of {known}")
    return WRITERS[suffix]


def open_writer(path: str | os.PathLike, *, width: int, height: int, palette: Any,
                fps: float = 25, loop: bool = True, **options: Any) -> Writer:
    """A writer for `path`, chosen by its extension; options go to that writer."""
    return writer_for(path)(path, width=width, height=height, palette=palette, fps=fps,
                            loop=loop, **options)


#: name -> the module of this package that defines it (each format's writer class, and more)
_LAZY = {**{f.writer.partition(":")[2]: f.writer.partition(":")[0] for f in FORMATS.values()},
         "save_strip": "png", "Writer": "base"}


def __getattr__(name: str) -> Any:
    """`from visualizer.export import GifWriter` etc., importing that module only then."""
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ANIMATIONS",
    "FORMATS",
    "WRITERS",
    "Format",
    "GifWriter",
    "HtmlWriter",
    "Mp4Writer",
    "NullWriter",
    "PdfWriter",
    "PngWriter",
    "Writer",
    "open_writer",
    "save_strip",
    "writer_for",
]
