"""Watch a render from outside the project: what it writes and when, without a hook in it.

A benchmark wraps a writer class's `write` and `close` (the writer protocol of
docs/export.md) for the length of a `with` block, then renders through the public entry
points (`visualizer.pipeline.render`, `run.py`, `viz.render`):

    with WriterProbe(".gif", record=True) as probe:
        started = time.process_time()
        render(scenario)
    probe.first_write - started   # CPU before the first frame reached the writer (set-up)
    probe.writer_cpu              # CPU spent inside the writer's write() and close()
    probe.recording               # the frames it received, as their changed rectangles

CPU is the process's (`time.process_time`: every thread, not the wall clock), so the
figures stay meaningful on a machine shared with other work. Recording happens outside the
timed part of `write`, but it costs CPU of its own: time the render in a run without it.

    python benchmarks/writer_probe.py --quick    # what the probe sees of a 4x6 maze's render
"""
from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from visualizer.export import writer_for  # noqa: E402

Rect = tuple[int, int, int, int]   # (y0, y1, x0, x1), half-open


@dataclass
class Recording:
    """The frames a writer received, kept as what changed: the first frame whole, then per
    frame the bounding rectangle of the pixels whose colour changed (None: no change) and
    its pixels, as indices into `colours` (palette entries of the same colour share one)."""

    width: int
    height: int
    fps: float
    colours: np.ndarray                       # (k, 3) uint8, one row per distinct colour
    changes: list[tuple[Rect | None, np.ndarray | None, float]] = field(default_factory=list)

    def rgb_frames(self) -> Iterator[np.ndarray]:
        """Every frame again, as an `(height, width, 3)` uint8 picture (one buffer, reused)."""
        canvas = np.zeros((self.height, self.width), np.uint8)
        for rect, pixels, _ in self.changes:
            if rect is not None:
                y0, y1, x0, x1 = rect
                canvas[y0:y1, x0:x1] = pixels
            yield self.colours[canvas]

    def rectangles(self) -> list[np.ndarray]:
        """The changed rectangles (the first frame whole), their colours numbered as a GIF
        colour table would number them: the most used colour 0, the next 1, ..."""
        kept = [pixels for rect, pixels, _ in self.changes if rect is not None]
        counts = np.zeros(len(self.colours), np.int64)
        for pixels in kept:
            counts += np.bincount(pixels.reshape(-1), minlength=len(self.colours))
        slot = np.empty(len(self.colours), np.uint8)
        slot[np.argsort(-counts, kind="stable")] = np.arange(len(self.colours))
        return [slot[pixels] for pixels in kept]


class Recorder:
    """Builds a `Recording` from frames of palette indices, as a writer receives them."""

    def __init__(self, width: int, height: int, fps: float, palette) -> None:
        colours, ids = np.unique(np.asarray(palette, np.uint8), axis=0, return_inverse=True)
        self.ids = ids.reshape(-1).astype(np.uint8)
        self.recording = Recording(width, height, float(fps), colours)
        self.shown: np.ndarray | None = None

    @classmethod
    def of(cls, writer) -> "Recorder":
        """A recorder for the frames given to `writer` (its size, fps and palette)."""
        return cls(writer.width, writer.height, writer.fps, writer.palette)

    def add(self, frame: np.ndarray, duration: float | None, dirty: Rect | None) -> None:
        seconds = 1.0 / self.recording.fps if duration is None else float(duration)
        height, width = self.recording.height, self.recording.width
        if self.shown is None:
            self.shown = self.ids[frame]
            self.recording.changes.append(((0, height, 0, width), self.shown.copy(), seconds))
            return
        y0, y1, x0, x1 = dirty if dirty is not None else (0, height, 0, width)
        y0, y1, x0, x1 = max(0, y0), min(height, y1), max(0, x0), min(width, x1)
        now = self.ids[frame[y0:y1, x0:x1]]
        moved = now != self.shown[y0:y1, x0:x1]
        if not moved.any():
            self.recording.changes.append((None, None, seconds))
            return
        self.shown[y0:y1, x0:x1] = now
        rows, cols = np.flatnonzero(moved.any(axis=1)), np.flatnonzero(moved.any(axis=0))
        rect = (y0 + int(rows[0]), y0 + int(rows[-1]) + 1,
                x0 + int(cols[0]), x0 + int(cols[-1]) + 1)
        self.recording.changes.append(
            (rect, self.shown[rect[0]:rect[1], rect[2]:rect[3]].copy(), seconds))


class WriterProbe:
    """Wraps the writer class for `suffix` (".gif", ".html", ...) while the block runs.

    Counts `frames` (write calls), `writer_cpu` (process CPU inside write and close),
    `first_write` (`time.process_time()` when the first frame arrived, None if none did)
    and, with `record=True`, keeps the first writer's frames in `recording`. It also counts
    the calls of Pillow's LZW encoder (`visualizer.export.pillow_lzw.encode`, looked up by
    the GIF writer at each call) and their CPU: `lzw_calls`, `lzw_cpu` (None if that
    function is not there)."""

    METHODS = ("write", "close")

    def __init__(self, suffix: str = ".gif", *, record: bool = False) -> None:
        self.cls = writer_for(f"probe{suffix}")
        self.record = record
        self.frames = 0
        self.writer_cpu = 0.0
        self.first_write: float | None = None
        self.recording: Recording | None = None
        self._recorder: Recorder | None = None
        self._saved: dict[str, object] = {}
        self.lzw_calls = 0
        self.lzw_cpu: float | None = None
        self._lzw: tuple[object, object] | None = None

    def __enter__(self) -> "WriterProbe":
        probe, cls = self, self.cls
        write, close = cls.write, cls.close
        self._saved = {name: cls.__dict__.get(name) for name in self.METHODS}

        def timed_write(writer, frame, duration=None, dirty=None):
            if probe.first_write is None:
                probe.first_write = time.process_time()
            if probe.record:
                if probe._recorder is None:
                    probe._recorder = Recorder.of(writer)
                    probe.recording = probe._recorder.recording
                probe._recorder.add(np.asarray(frame), duration, dirty)
            started = time.process_time()
            try:
                return write(writer, frame, duration, dirty)
            finally:
                probe.writer_cpu += time.process_time() - started
                probe.frames += 1

        def timed_close(writer):
            started = time.process_time()
            try:
                return close(writer)
            finally:
                probe.writer_cpu += time.process_time() - started

        cls.write, cls.close = timed_write, timed_close
        self._wrap_lzw()
        return self

    def _wrap_lzw(self) -> None:
        try:
            from visualizer.export import pillow_lzw
        except ImportError:
            return
        encode = getattr(pillow_lzw, "encode", None)
        if encode is None:
            return
        probe = self
        self.lzw_cpu = 0.0

        def timed_encode(*args, **kwargs):
            started = time.process_time()
            try:
                return encode(*args, **kwargs)
            finally:
                probe.lzw_cpu += time.process_time() - started
                probe.lzw_calls += 1

        self._lzw = (pillow_lzw, encode)
        pillow_lzw.encode = timed_encode

    def __exit__(self, *exc) -> None:
        if self._lzw is not None:
            module, encode = self._lzw
            module.encode = encode
            self._lzw = None
        for name, original in self._saved.items():
            if original is None:
                delattr(self.cls, name)
            else:
                setattr(self.cls, name, original)


def lzw_floor(rectangles: list[np.ndarray]) -> float:
    """The GIF writer's floor: process CPU seconds Pillow's LZW encoder (the one the writer
    calls, `visualizer.export.pillow_lzw`) takes to encode `rectangles` (from
    `Recording.rectangles`) once each, opaque, at the smallest code size that holds their
    indices, and nothing else: no diffing, colour table, transparency candidates or file."""
    from visualizer.export.pillow_lzw import encode

    sized = [(np.ascontiguousarray(r), max(2, int(r.max()).bit_length())) for r in rectangles]
    started = time.process_time()
    for pixels, bits in sized:
        encode(pixels, bits)
    return time.process_time() - started


def main() -> None:
    import argparse
    import tempfile

    from visualizer.pipeline import render
    from visualizer.scenario import load

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="(the only mode: a 4x6 maze)")
    parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.yaml"
        source.write_text("seed: 1\nduration: 1\nhold: 0.2\n"
                          "maze: {rows: 4, cols: 6}\ngenerator: backtracker\n",
                          encoding="utf-8")
        scenario = load(source, out=Path(tmp) / "probe.gif")
        with WriterProbe(".gif", record=True) as probe:
            started = time.process_time()
            render(scenario)
            cpu = time.process_time() - started
    assert probe.recording is not None and probe.first_write is not None
    rectangles = probe.recording.rectangles()
    print(f"{probe.frames} frames written, {len(rectangles)} changed rectangles, "
          f"{probe.recording.width}x{probe.recording.height} px; render {cpu:.3f} s CPU, "
          f"set-up {(probe.first_write - started) / cpu:.1%}, GIF writer {probe.writer_cpu:.3f} s "
          f"({probe.lzw_calls} LZW calls), floor {lzw_floor(rectangles):.4f} s")


if __name__ == "__main__":
    main()
