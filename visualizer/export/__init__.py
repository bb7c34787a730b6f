"""Writers: palette-index frames in, GIF / MP4 / PNG files out ("writers know frames only").

    with open_writer("maze.gif", width=w, height=h, palette=theme.colours, fps=25) as out:
        for frame, dirty in frames:
            out.write(frame, dirty=dirty)
"""
from __future__ import annotations

import os
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .base import Writer
from .gif import GifWriter
from .html import HtmlWriter
from .mp4 import Mp4Writer
from .null import NullWriter
from .png import PngWriter, save_strip

#: writer class by name (= file extension without the dot)
WRITERS = MappingProxyType({"gif": GifWriter, "mp4": Mp4Writer, "png": PngWriter,
                            "html": HtmlWriter, "null": NullWriter})


def writer_for(path: str | os.PathLike) -> type[Writer]:
    """The writer class for `path`'s extension (ValueError if none)."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in WRITERS or suffix == "null":
        known = ", ".join(f".{name}" for name in WRITERS if name != "null")
        raise ValueError(f"no writer for `{path}`: its extension must be one of {known}")
    return WRITERS[suffix]


def open_writer(path: str | os.PathLike, *, width: int, height: int, palette: Any,
                fps: float = 25, loop: bool = True, **options: Any) -> Writer:
    """A writer for `path`, chosen by its extension; options go to that writer."""
    return writer_for(path)(path, width=width, height=height, palette=palette, fps=fps,
                            loop=loop, **options)


__all__ = ["WRITERS", "GifWriter", "HtmlWriter", "Mp4Writer", "NullWriter", "PngWriter", "Writer",
           "open_writer", "save_strip", "writer_for"]
