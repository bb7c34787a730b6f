"""The writer protocol: frames in, one file out, nothing left behind on failure.

A writer receives `(height, width)` uint8 arrays of palette indices and knows nothing else
about what they show. The output is written to a hidden temporary file in the destination
folder and moved into place by `close()`; `abort()` (or an exception inside a `with` block)
removes it, so a half-written animation never appears under the requested name.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

Rect = tuple[int, int, int, int]   # (y0, y1, x0, x1), half-open


def check_fps(fps: float) -> float:
    """`fps` as a float, if it is a positive number (ValueError otherwise)."""
    if isinstance(fps, bool) or not isinstance(fps, (int, float)) or not fps > 0:
        raise ValueError(f"fps `{fps!r}` must be a positive number of frames per second")
    return float(fps)


def check_palette(palette: Any) -> np.ndarray:
    """`palette` as an `(n, 3)` uint8 array with 2 <= n <= 256 (ValueError otherwise)."""
    colours = np.asarray(palette)
    if colours.ndim != 2 or colours.shape[1] != 3 or not 2 <= len(colours) <= 256:
        raise ValueError(f"palette of shape `{colours.shape}` must be (n, 3) with 2 <= n <= 256;"
                         " pass make_theme().colours")
    if colours.dtype != np.uint8:
        if colours.min() < 0 or colours.max() > 255:
            raise ValueError("palette values must lie in 0..255; pass a uint8 array")
        colours = colours.astype(np.uint8)
    return colours


def check_size(width: int, height: int) -> tuple[int, int]:
    """`(width, height)` if both are positive ints below 65536 (ValueError otherwise)."""
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
                or not 0 < value < 65536:
            raise ValueError(f"{name} `{value!r}` must be an int in 1..65535")
    return int(width), int(height)


TEMP_MARK = "~"     # `.<output name>.<pid>~<random>.part<suffix>`: a writer's temp file


def _alive(pid: int) -> bool:
    """Whether process `pid` still runs (True when that cannot be told)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def remove_stale(folder: Path) -> list[Path]:
    """Delete the temp files that writers killed before they could clean up (kill -9, a
    power cut) left in `folder`: hidden `.part`/`.scratch` files named after a process that
    no longer runs. Returns what was removed. A live writer's files are never touched."""
    removed = []
    for path in folder.glob(f".*{TEMP_MARK}*"):
        name = path.name
        if ".part" not in name and ".scratch" not in name:
            continue
        head = name.split(TEMP_MARK, 1)[0]
        pid = head.rsplit(".", 1)[-1]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            try:
                path.unlink()
                removed.append(path)
            except OSError:
                pass
    return removed


_FOLDERS: set[Path] = set()    # where this process made temp files


def remove_own_temps() -> list[Path]:
    """Delete this process's temp files (after an interrupt that may have struck before a
    writer could clean up, e.g. while it was being set up). Returns what was removed."""
    removed = []
    for folder in _FOLDERS:
        for path in folder.glob(f".*.{os.getpid()}{TEMP_MARK}*"):
            if ".part" in path.name or ".scratch" in path.name:
                path.unlink(missing_ok=True)
                removed.append(path)
    return removed


def _umask() -> int:
    """The process's file-creation mask (read by setting and restoring it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class Writer:
    """Base class: validation, duration defaults, temp-file handling, context management.

    Subclasses implement `_open(file)`, `_write(frame, duration, dirty)` and `_finish()`;
    they write to `self._tmp_path`, which `close()` moves onto `self.path`.
    """

    suffix = ""

    def __init__(self, path: str | os.PathLike, *, width: int, height: int, palette: Any,
                 fps: float = 25, loop: bool = True) -> None:
        self.path = Path(path)
        self.width, self.height = check_size(width, height)
        self.palette = check_palette(palette)
        self.fps = check_fps(fps)
        self.loop = bool(loop)
        self.frames = 0           # frames received by write()
        self._state = "open"
        self._tmp_path: Path | None = None   # becomes `path` on close()
        self._scratch: list[Path] = []       # other temp files, removed on close/abort

    # -- temp file -------------------------------------------------------------------
    def _make_temp(self, *, scratch: bool = False) -> Path:
        """A fresh hidden file next to `self.path`: the output-to-be, or a `scratch` file."""
        folder = self.path.parent
        if not folder.is_dir():
            raise FileNotFoundError(f"folder `{folder}` does not exist; create it first")
        kind = ".scratch" if scratch else ".part"
        if self._tmp_path is None and not self._scratch:
            remove_stale(folder)
        _FOLDERS.add(folder)
        fd, name = tempfile.mkstemp(prefix=f".{self.path.name}.{os.getpid()}{TEMP_MARK}",
                                    suffix=kind + self.suffix, dir=folder)
        os.close(fd)
        if scratch:
            self._scratch.append(Path(name))
        else:
            self._tmp_path = Path(name)
        return Path(name)

    def _remove_temp(self) -> None:
        """Delete every temp file of this writer."""
        for p in self._scratch + ([self._tmp_path] if self._tmp_path else []):
            p.unlink(missing_ok=True)
        self._scratch = []
        self._tmp_path = None

    # -- protocol --------------------------------------------------------------------
    def write(self, frame: np.ndarray, duration: float | None = None,
              dirty: Rect | None = None) -> None:
        """Append `frame`, shown for `duration` seconds (None = 1/fps); returns None.

        Bad arguments raise ValueError and leave the writer usable; any other failure
        while writing aborts it (no output file).
        """
        if self._state != "open":
            raise RuntimeError(f"writer for `{self.path}` is {self._state}; open a new one")
        frame = np.asarray(frame)
        if frame.shape != (self.height, self.width):
            raise ValueError(f"frame of shape `{frame.shape}` must be (height, width) = "
                             f"({self.height}, {self.width})")
        if frame.dtype != np.uint8:
            raise ValueError(f"frame dtype `{frame.dtype}` must be uint8 palette indices")
        if duration is None:
            duration = 1.0 / self.fps
        elif not 0 < duration < float("inf"):
            raise ValueError(f"duration `{duration!r}` must be a positive number of seconds")
        if dirty is not None:
            dirty = self._check_dirty(dirty)
        largest = self._largest_index(frame, dirty)
        if largest >= len(self.palette):
            raise ValueError(f"frame holds index `{largest}` but the palette has "
                             f"{len(self.palette)} colours; draw with palette indices only")
        self._check(frame, float(duration), dirty)
        try:
            self._write(frame, float(duration), dirty)
        except BaseException:
            self.abort()
            raise
        self.frames += 1

    def _check_dirty(self, dirty: Rect) -> Rect:
        """`dirty` clipped to the frame, as ints (ValueError if malformed)."""
        try:
            y0, y1, x0, x1 = (int(v) for v in dirty)
        except (TypeError, ValueError):
            raise ValueError(f"dirty `{dirty!r}` must be (y0, y1, x0, x1) or None") from None
        y0, y1 = max(0, y0), min(self.height, y1)
        x0, x1 = max(0, x0), min(self.width, x1)
        return (y0, max(y0, y1), x0, max(x0, x1))

    def close(self) -> None:
        """Finish the file and move it into place; returns None (idempotent)."""
        if self._state != "open":
            return
        try:
            self._finish()
            if self._tmp_path is not None:
                os.chmod(self._tmp_path, 0o666 & ~_umask())   # mkstemp made it 0600
                os.replace(self._tmp_path, self.path)
                self._tmp_path = None
            self._remove_temp()
        except BaseException:
            self.abort()
            raise
        self._state = "closed"

    def abort(self) -> None:
        """Drop everything written so far; returns None (idempotent)."""
        if self._state == "open":
            self._state = "aborted"
            try:
                self._discard()
            finally:
                self._remove_temp()

    def __enter__(self) -> "Writer":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()

    # -- for subclasses --------------------------------------------------------------
    def _largest_index(self, frame: np.ndarray, dirty: Rect | None) -> int:
        """The largest palette index in `frame` (inside `dirty`) that the writer has not
        checked before, -1 if none; a writer that knows which pixels changed may look
        only at those."""
        region = frame if dirty is None else frame[dirty[0]:dirty[1], dirty[2]:dirty[3]]
        return int(region.max()) if region.size else -1

    def _check(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        """Raise ValueError if this writer cannot take the frame; the writer stays usable."""
    def _write(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        raise NotImplementedError

    def _finish(self) -> None:
        raise NotImplementedError

    def _discard(self) -> None:
        """Release resources after an abort (the temp file is removed by the caller)."""
