"""PDF output: a printable handout, the animation's key frames with their times and, as
real text (selectable, read aloud by a screen reader), its transcript.

The writer keeps `keys` evenly spaced key frames of the stream in bounded memory
(`KeyFrames`) and the timed lines given with `cue(start, end, text)` (the pipeline's
narration: milestones and captions, as for the MP4's subtitles); `close()` lays them out
on A4 landscape pages (four key frames a page, then the transcript) with matplotlib's PDF
backend (imported only here). The file's metadata carries no creation date, so the same
scenario gives the same bytes.
"""
from __future__ import annotations

import os
import textwrap
from typing import Any

import numpy as np

from .base import Rect, Writer
from .keyframes import KeyFrames

A4_LANDSCAPE = (11.69, 8.27)     # inches
LINES_PER_PAGE = 38
FRAMES_PER_PAGE = 4              # two by two: a 16:9 frame about 5.5 inches wide
WRAP = 110                       # characters per transcript line


class PdfWriter(Writer):
    """Key frames and a transcript as a PDF handout. Options: `keys` (how many key frames,
    default 8), `title` (the handout's heading), `description` (the lesson in words, written
    above the transcript)."""

    suffix = ".pdf"

    def __init__(self, path: str | os.PathLike, *, width: int, height: int, palette: Any,
                 fps: float = 25, loop: bool = True, keys: int = 8,
                 title: str = "", description: str = "") -> None:
        super().__init__(path, width=width, height=height, palette=palette, fps=fps, loop=loop)
        if isinstance(keys, bool) or not isinstance(keys, int) or not 1 <= keys <= 24:
            raise ValueError(f"keys `{keys!r}` must be a whole number from 1 to 24")
        self.title = str(title)
        self.description = str(description)
        self._keys = KeyFrames(keys)
        self._picture = np.zeros((self.height, self.width), dtype=np.uint8)
        self._times: list[float] = []
        self._clock = 0.0
        self.cues: list[tuple[float, float, str]] = []
        self._make_temp()

    def cue(self, start: float, end: float, text: str) -> None:
        """A line of the transcript, said from `start` to `end` seconds; returns None."""
        self.cues.append((float(start), float(end), str(text)))

    def _write(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        if dirty is None:
            self._picture[:] = frame
        else:
            y0, y1, x0, x1 = dirty
            self._picture[y0:y1, x0:x1] = frame[y0:y1, x0:x1]
        self._keys.offer(self.frames, self._picture.copy())
        self._times.append(self._clock)
        self._clock += duration

    def _finish(self) -> None:
        if self.frames == 0:
            raise ValueError(f"no frames written to `{self.path}`; write at least one frame")
        from matplotlib.backends.backend_pdf import PdfPages
        from matplotlib.figure import Figure

        assert self._tmp_path is not None, "_finish runs on an open writer"
        with PdfPages(self._tmp_path, metadata={"Title": self.title or "Animation",
                                                 "Subject": self.description,
                                                 "CreationDate": None,
                                                 "Creator": "visualizer",
                                                 "Producer": "visualizer"}) as pdf:
            picked = self._keys.picked()
            for k in range(0, len(picked), FRAMES_PER_PAGE):
                pdf.savefig(self._storyboard(Figure(figsize=A4_LANDSCAPE),
                                             picked[k:k + FRAMES_PER_PAGE], k))
            lines = self._lines()
            for k in range(0, len(lines), LINES_PER_PAGE):
                page = Figure(figsize=A4_LANDSCAPE)
                page.text(0.05, 0.95, "\n".join(lines[k:k + LINES_PER_PAGE]),
                          va="top", ha="left", family="DejaVu Sans", fontsize=10,
                          linespacing=1.5)
                pdf.savefig(page)

    def _storyboard(self, fig: Any, picked: list[tuple[int, np.ndarray]], first: int
                    ) -> Any:
        """A page of key frames (two by two, the title above), each with its number and
        time."""
        fig.suptitle(self.title or "Animation", fontsize=16)
        fig.subplots_adjust(left=0.03, right=0.97, top=0.9, bottom=0.03, wspace=0.06,
                            hspace=0.15)
        for k, (index, image) in enumerate(picked):
            ax = fig.add_subplot(2, 2, k + 1)
            ax.imshow(self.palette[image], interpolation="nearest")
            ax.set_title(f"{first + k + 1}. at {self._times[index]:.1f} s", fontsize=11)
            ax.set_axis_off()
        return fig

    def _lines(self) -> list[str]:
        """The transcript's lines, each cue with its time, wrapped for the page."""
        lines = [f"{self.title or 'Animation'}: transcript", ""]
        if self.description:
            lines += textwrap.wrap(self.description, WRAP) + [""]
        for start, _, text in self.cues:
            for k, part in enumerate(text.splitlines()):
                head = f"{start:6.1f} s  " if k == 0 else " " * 10
                lines += textwrap.wrap(part, WRAP, initial_indent=head,
                                       subsequent_indent=" " * 10) or [head]
        return lines


__all__ = ["PdfWriter"]
