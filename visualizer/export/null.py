"""A writer that writes nothing: counts frames and records durations (for tests)."""
from __future__ import annotations

import os
from typing import Any

import numpy as np

from .base import Rect, Writer


class NullWriter(Writer):
    """Keeps `durations` (seconds per frame) and `dirties`; `last` is a copy of the last frame."""

    def __init__(self, path: str | os.PathLike = "null", *, width: int, height: int,
                 palette: Any, fps: float = 25, loop: bool = True) -> None:
        super().__init__(path, width=width, height=height, palette=palette, fps=fps, loop=loop)
        self.durations: list[float] = []
        self.dirties: list[Rect | None] = []
        self.last: np.ndarray | None = None

    def _write(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        self.durations.append(duration)
        self.dirties.append(dirty)
        self.last = frame.copy()

    def _finish(self) -> None:
        pass
