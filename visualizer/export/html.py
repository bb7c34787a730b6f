"""Self-contained HTML player: the GIF export's frames in one file that plays in a browser.

The file holds everything (player script, style, data); nothing is fetched. The frames are
stored as the GIF writer shows them: identical consecutive pictures merged into one longer
frame, delays rounded to 1/100 s the same way, so frame k of the player is frame k of the
GIF. Each frame is a list of rectangles around its changed pixels, holding the new palette
index XOR the old one (zero where nothing changed); all frames form one raw-deflate stream,
base64 in a `<script type="application/octet-stream">`, inflated in the browser by
`DecompressionStream("deflate-raw")`. The player replays the stream once on load, keeping a
snapshot of the picture every so many changed bytes, so a jump to any frame applies at most
one budget of changes to the nearest snapshot before it.

Binary layout (little endian), per frame: u16 number of rectangles, then per rectangle u16
y, x, height, width and height*width bytes (row major). `decode(path)` reads a file back.

The writer knows frames only; the pipeline tells it which frames are milestones with
`mark(label)` after writing that frame.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import os
import re
import struct
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ..choices import QuestionsAs
from . import FORMATS
from .base import Rect, Writer

#: delays are whole 1/100 s, as in the GIF export
CENTISECOND = 0.01
#: the options' defaults, from the format's record
DEFAULTS = {p.name: p.default for p in FORMATS["html"].options}


class HtmlWriter(Writer):
    """Writes one self-contained HTML file holding a player of the frames.

    Options (the scenario keys of `export.FORMATS["html"].options`, which describe them and
    their defaults and are validated by the schema before a writer is made): `autoplay`
    (start playing when shown), `speed` (initial speed factor), `fit` (how the picture scales
    to its container: "width" fills its width, "whole" the largest whole zoom that fits,
    "none" one frame pixel per CSS pixel), `controls` (show the buttons and scrubber),
    `questions_as` (`QuestionsAs.ASK`: stop at each question and take the answer, skipping
    the held card and countdown frames; `CARDS`: play every frame, like the GIF). `loop`
    sets the player's loop box.

    The pipeline tells it, after writing each frame a question added, that frame's role
    (`held`); it keeps each question's frames and data for the player.
    """

    suffix = ".html"
    #: what a browser holds comfortably: frames on the timeline, and the inflated changes
    MAX_FRAMES = 200_000
    MAX_CHANGE_BYTES = 1 << 30
    #: the largest file (base64 text included) a page should carry
    MAX_FILE_BYTES = 300 << 20

    def __init__(self, path: str | os.PathLike, *, width: int, height: int, palette: Any,
                 fps: float = 25, loop: bool = True,
                 autoplay: bool = DEFAULTS["autoplay"], speed: float = DEFAULTS["speed"],
                 fit: str = DEFAULTS["fit"], controls: bool = DEFAULTS["controls"],
                 questions_as: QuestionsAs = DEFAULTS["questions_as"],
                 title: str = "", description: str = "") -> None:
        super().__init__(path, width=width, height=height, palette=palette, fps=fps, loop=loop)
        self.options = {"autoplay": autoplay, "speed": float(speed), "fit": fit,
                        "controls": controls, "questions_as": QuestionsAs(questions_as)}
        self.title = str(title)
        self.description = str(description)
        # equal colours share one index, so "identical picture" means identical pixels
        canonical: dict[tuple[int, ...], int] = {}
        lut = np.arange(256, dtype=np.uint8)
        for i, colour in enumerate(map(tuple, self.palette)):
            lut[i] = canonical.setdefault(colour, i)
        self._lut = lut
        self._shown: np.ndarray | None = None     # canonical picture of the pending frame
        self._pending: list[Any] | None = None    # [changes bytes, seconds]
        self._time_cs = 0.0
        self._emitted_cs = 0
        self.delays: list[int] = []               # 1/100 s per merged frame
        self.marks: list[tuple[int, str]] = []     # (merged frame index, label)
        self.questions: list[dict] = []            # per question: its frames and data
        self._held: set[int] = set()               # merged frames a question added
        self.change_bytes = 0                      # inflated size of the changes
        self._deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
        self._hash = hashlib.sha256()
        self._make_temp()
        self._body = open(self._make_temp(scratch=True), "wb")

    # -- limits ----------------------------------------------------------------------
    @classmethod
    def refuse(cls, width: int, height: int, frames: int) -> str | None:
        """Why an export of about `frames` frames of `width` x `height` is too large for a
        browser, or None: the estimate and the limit are in the message."""
        if frames > cls.MAX_FRAMES:
            return (f"an HTML player of about {frames:,} frames is too long for a browser "
                    f"(limit {cls.MAX_FRAMES:,} frames); use a GIF or MP4, or fewer frames "
                    "(steps_per_frame, duration)")
        least = frames * 2 + width * height      # a frame header each, the first picture
        if least > cls.MAX_CHANGE_BYTES:
            return (f"an HTML player of {width}x{height} pixels and {frames:,} frames holds "
                    f"at least {least / 2**20:,.0f} MiB of changes (limit "
                    f"{cls.MAX_CHANGE_BYTES / 2**20:,.0f} MiB); use a GIF or MP4")
        return None

    # -- frames ----------------------------------------------------------------------
    def _write(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        picture = self._lut[frame]
        if self._shown is None:
            self._shown = picture
            self._hold(_pack([(0, 0, picture)]), duration)
            return
        y0, y1, x0, x1 = dirty if dirty is not None else (0, self.height, 0, self.width)
        old = self._shown[y0:y1, x0:x1]
        changed = picture[y0:y1, x0:x1] != old
        if not changed.any():
            assert self._pending is not None       # the first frame is always pending
            self._pending[1] += duration
            return
        rects = [(y0 + ry0, x0 + rx0,
                  picture[y0 + ry0:y0 + ry1, x0 + rx0:x0 + rx1]
                  ^ old[ry0:ry1, rx0:rx1])
                 for ry0, ry1, rx0, rx1 in split_changes(changed)]
        self._shown[y0:y1, x0:x1] = picture[y0:y1, x0:x1]
        self._hold(_pack(rects), duration)

    def mark(self, label: str) -> None:
        """The frame written last is a milestone called `label`; returns None."""
        if self._pending is None:
            raise ValueError("mark() names the frame written last; write a frame first")
        index = len(self.delays)
        if self.marks and self.marks[-1][0] == index:
            self.marks[-1] = (index, f"{self.marks[-1][1]}; {label}")
        else:
            self.marks.append((index, str(label)))

    def held(self, role: Any, data: Mapping[str, Any] | None = None) -> None:
        """The frame written last was added for a question: `role` is its
        `questions.schedule.Role`; with the question card, `data` is the question (JSON
        values, kept as they are). Records the question's frames: `moment` (the last frame
        before its cards that no question added), `card`, `answer` (merged indices)."""
        from ..questions.schedule import Role

        if self._pending is None:
            raise ValueError("held() names the frame written last; write a frame first")
        index = len(self.delays)
        role = Role(role)
        if role == Role.CARD:
            moment = index - 1
            while moment in self._held:
                moment -= 1
            self.questions.append({"moment": max(0, moment), "card": index, "answer": index,
                                   **(data or {})})
        elif not self.questions:
            raise ValueError(f"a question's {role.value} frame came before its card")
        elif role == Role.ANSWER:
            self.questions[-1]["answer"] = index
        self._held.add(index)

    def _hold(self, changes: bytes, seconds: float) -> None:
        if self._pending is not None:
            self._flush()
        if len(self.delays) + 1 > self.MAX_FRAMES:
            raise ValueError(f"HTML player: more than {self.MAX_FRAMES:,} frames is too long "
                             "for a browser; use a GIF or MP4, or fewer frames")
        self._pending = [changes, seconds]

    def _flush(self) -> None:
        """Write the pending frame's changes; its delay rounded as the GIF writer does."""
        assert self._pending is not None
        changes, seconds = self._pending
        self._pending = None
        self._time_cs += seconds * 100
        delay = math.floor(self._time_cs + 0.5) - self._emitted_cs
        self._emitted_cs += delay
        self.delays.append(delay)
        self.change_bytes += len(changes)
        if self.change_bytes > self.MAX_CHANGE_BYTES:
            raise ValueError(f"HTML player: the changes exceed "
                             f"{self.MAX_CHANGE_BYTES / 2**20:,.0f} MiB, too much for a "
                             "browser; use a GIF or MP4")
        self._hash.update(changes)
        self._body.write(self._deflate.compress(changes))

    # -- file ------------------------------------------------------------------------
    def _finish(self) -> None:
        if self._pending is None:
            raise ValueError(f"no frames written to `{self.path}`; write at least one frame")
        self._flush()
        self._body.write(self._deflate.flush())
        self._body.close()
        data_bytes = os.path.getsize(self._body.name)
        if data_bytes * 4 // 3 > self.MAX_FILE_BYTES:
            raise ValueError(f"HTML player: {data_bytes * 4 / 3 / 2**20:,.0f} MiB of data is "
                             f"more than a page should carry (limit "
                             f"{self.MAX_FILE_BYTES / 2**20:,.0f} MiB); use a GIF or MP4")
        meta = self.metadata()
        meta_json = json.dumps(meta, separators=(",", ":"), ensure_ascii=True)
        self._hash.update(meta_json.encode())
        uid = "vz" + self._hash.hexdigest()[:12]
        assert self._tmp_path is not None
        with open(self._tmp_path, "w", encoding="utf-8", newline="\n") as out:
            asks = bool(self.questions) and self.options["questions_as"] == QuestionsAs.ASK
            write_page(out, uid, meta_json, Path(self._body.name), self.title,
                       whole_page=(self.width, self.height), below=250 if asks else 120,
                       description=self.description)

    def metadata(self) -> dict:
        """What the player reads besides the changes: size, palette, delays, marks, the
        questions (see `held`), options."""
        return {"v": 1, "width": self.width, "height": self.height,
                "palette": "".join(f"{r:02x}{g:02x}{b:02x}" for r, g, b in self.palette),
                "delays": self.delays, "marks": [[i, label] for i, label in self.marks],
                "questions": self.questions, "loop": self.loop, **self.options}

    def _discard(self) -> None:
        self._body.close()


def split_changes(changed: np.ndarray, gap: int = 8) -> list[Rect]:
    """Rectangles (y0, y1, x0, x1) covering every True of `changed`, split where whole rows
    or columns with nothing changed leave a gap of at least `gap` (two levels: bands of rows,
    then runs of columns in a band, then rows again in a run)."""
    out: list[Rect] = []
    for y0, y1 in _runs(changed.any(axis=1), gap):
        band = changed[y0:y1]
        for x0, x1 in _runs(band.any(axis=0), gap):
            for ry0, ry1 in _runs(band[:, x0:x1].any(axis=1), gap):
                out.append((y0 + ry0, y0 + ry1, x0, x1))
    return out


def _runs(flags: Any, gap: int) -> list[tuple[int, int]]:
    """Half-open runs covering every True of `flags`, merging runs less than `gap` apart."""
    where = np.flatnonzero(flags)
    if where.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(where) > gap)
    starts = np.concatenate(([where[0]], where[breaks + 1]))
    ends = np.concatenate((where[breaks], [where[-1]])) + 1
    return list(zip(starts.tolist(), ends.tolist()))


def _pack(rects: list[tuple[int, int, np.ndarray]]) -> bytes:
    """One frame's record: the count, then each rectangle's y, x, height, width, bytes."""
    parts = [struct.pack("<H", len(rects))]
    for y, x, block in rects:
        parts.append(struct.pack("<4H", y, x, block.shape[0], block.shape[1]))
        parts.append(np.ascontiguousarray(block, dtype=np.uint8).tobytes())
    return b"".join(parts)


# -- the page -------------------------------------------------------------------------------

def player_asset(name: str) -> str:
    """The text of the player's file `name` (package data in `export/player/`)."""
    return resources.files(__package__).joinpath("player", name).read_text(encoding="utf-8")


def write_page(out: Any, uid: str, meta_json: str, data: Path, title: str,
               whole_page: tuple[int, int] | None, below: int = 120,
               description: str = "") -> None:
    """Write the player into the text file `out`: style, container, data, script. With
    `whole_page` (the picture's width and height), as a page whose player fits the window,
    with `below` CSS pixels left under the picture (controls, questions), but never smaller
    than one CSS pixel per picture pixel unless the window is narrower than the picture
    (shrunk pixel text blurs: a tall picture scrolls instead); else as a fragment for a
    notebook cell or a slide. The page has a `<main>` landmark and a heading (the title,
    for screen readers only); `description`, the lesson in words, is the picture's text
    alternative (`aria-describedby`), kept in the player for screen readers."""
    safe_title = html.escape(title or "animation")
    if whole_page:
        w, h = whole_page
        out.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                  "<link rel=\"icon\" href=\"data:,\">\n"   # served: no /favicon.ico request
                  f"<title>{safe_title}</title>\n<style data-vz-page>body {{ margin: 8px; }} "
                  f"body > main > .vz-player {{ max-width: min(100%, max({w}px, "
                  f"calc((100vh - {below}px) * {w} / {h})));  margin: 0 auto; }}</style>\n"
                  f"</head><body><main>\n<h1 class=\"vz-sr\">{safe_title}</h1>\n")
    write_player(out, uid, meta_json, data, safe_title, description)
    if whole_page:
        out.write("</main></body></html>\n")


def write_player(out: Any, uid: str, meta_json: str, data: Path, safe_title: str,
                 description: str = "") -> None:
    """Write the player itself (style, container with its text alternative, data, script)
    into the text file `out`; `safe_title` is already escaped. Returns None."""
    out.write(f"<style>{player_asset('player.css')}</style>\n")
    about = (f"<p class=\"vz-sr\" data-vz-about>{html.escape(description)}</p>"
             if description else "")
    out.write(f"<div class=\"vz-player\" data-vz=\"{uid}\" tabindex=\"0\" role=\"region\" "
              f"aria-label=\"{safe_title}\">{about}</div>\n")
    safe_meta = meta_json.replace("</", "<\\/")
    out.write(f"<script type=\"application/json\" data-vz-meta=\"{uid}\">{safe_meta}"
              "</script>\n")
    out.write(f"<script type=\"application/octet-stream\" data-vz-data=\"{uid}\">")
    with open(data, "rb") as raw:
        while True:
            chunk = raw.read(3 << 18)           # a multiple of 3: no padding inside
            if not chunk:
                break
            out.write(base64.b64encode(chunk).decode("ascii"))
    out.write("</script>\n")
    out.write(f"<script>{player_asset('player.js')}\n"
              f"visualizerPlayer(\"{uid}\", document.currentScript);</script>\n")


def fragment(page: str) -> str:
    """The player part of a whole page written by `HtmlWriter` (for a notebook or a slide):
    its style, container and scripts, without the document around them (nor its heading)."""
    start = page.index("<style>")
    end = page.rindex("</main>") if "</main>" in page else page.rindex("</body>")
    return page[start:end]


# -- reading back -----------------------------------------------------------------------------

@dataclass
class Decoded:
    """An HTML player's content: palette, frames (palette-index pictures), delays, marks."""

    palette: np.ndarray
    frames: list[np.ndarray]
    delays: list[int]
    marks: list[tuple[int, str]]
    meta: dict


def decode(page: str) -> Decoded:
    """The frames of the player in the page text `page` (the first player in it)."""
    meta_text = re.search(r"data-vz-meta=\"(\w+)\">(.*?)</script>", page, re.DOTALL)
    data_text = re.search(r"data-vz-data=\"(\w+)\">(.*?)</script>", page, re.DOTALL)
    if meta_text is None or data_text is None:
        raise ValueError("no visualizer player in this page")
    meta = json.loads(meta_text.group(2).replace("<\\/", "</"))
    raw = zlib.decompress(base64.b64decode(data_text.group(2)), -15)
    w, h = meta["width"], meta["height"]
    hexes = meta["palette"]
    palette = np.array([[int(hexes[i + k:i + k + 2], 16) for k in (0, 2, 4)]
                        for i in range(0, len(hexes), 6)], dtype=np.uint8)
    picture = np.zeros((h, w), dtype=np.uint8)
    frames, pos = [], 0
    for _ in meta["delays"]:
        (count,) = struct.unpack_from("<H", raw, pos)
        pos += 2
        for _ in range(count):
            y, x, rh, rw = struct.unpack_from("<4H", raw, pos)
            pos += 8
            block = np.frombuffer(raw, np.uint8, rh * rw, pos).reshape(rh, rw)
            pos += rh * rw
            picture[y:y + rh, x:x + rw] ^= block
        frames.append(picture.copy())
    if pos != len(raw):
        raise ValueError(f"player data has {len(raw) - pos} bytes after its last frame")
    return Decoded(palette, frames, list(meta["delays"]),
                   [(int(i), str(label)) for i, label in meta["marks"]], meta)
