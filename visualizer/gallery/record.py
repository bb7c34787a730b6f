"""What the gallery knows of one lesson, and the manifest that lists every file it wrote.

A `LessonRecord` is plain JSON values (it crosses process boundaries and is kept in the
manifest, `gallery.json`); its `files` name each file by its `Role`, as paths relative to the
gallery's folder, forward slashes.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from enum import Enum
from pathlib import Path

#: the manifest's name, in the gallery's folder; its format (a change renders every lesson)
MANIFEST = "gallery.json"
FORMAT = 1


class Role(str, Enum):
    """What a lesson's file is for."""

    PLAYER = "player"      # the HTML player, on its own page
    GIF = "gif"
    MP4 = "mp4"
    POSTER = "poster"      # the last frame as a PNG, on the index
    YAML = "yaml"          # a copy of the scenario file
    PAGE = "page"          # the lesson's page: the player and the YAML beside it
    ANSWERS = "answers"    # the variants' answer key (CSV), when the lesson asks questions


class Status(str, Enum):
    """How a lesson's render went."""

    OK = "ok"
    FAILED = "failed"


@dataclass
class LessonRecord:
    """One lesson of the gallery: its source's digest, how its render went, its words
    (title, one line, description, tags as [kind, word] pairs), its files by role, the
    variants' players (one per student, in student order) and the render's seconds."""

    name: str
    digest: str
    status: Status
    title: str = ""
    line: str = ""
    description: str = ""
    tags: list[list[str]] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)
    variants: list[str] = field(default_factory=list)
    message: str = ""
    seconds: float = 0.0

    def written(self) -> list[str]:
        """Every file of this lesson the gallery wrote (relative paths)."""
        return sorted({*self.files.values(), *self.variants})

    def to_json(self) -> dict:
        """The record as JSON values."""
        out = asdict(self)
        out["status"] = self.status.value
        return out

    @classmethod
    def from_json(cls, data: dict) -> "LessonRecord":
        """A record read back from `to_json` (ValueError/TypeError/KeyError if malformed)."""
        return cls(**{**data, "status": Status(data["status"])})


@dataclass
class Manifest:
    """The gallery's own record: the lessons and every file it wrote (relative paths), and
    the lessons being rendered (`pending`: their folders are the gallery's, whatever a
    build stopped by Ctrl-C left in them)."""

    lessons: dict[str, LessonRecord] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)

    def save(self, site: Path) -> None:
        """Write the manifest into the gallery folder `site` (atomically)."""
        data = {"format": FORMAT, "files": sorted(self.files), "pending": sorted(self.pending),
                "lessons": {name: r.to_json() for name, r in sorted(self.lessons.items())}}
        tmp = site / f".{MANIFEST}.tmp"
        tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp.replace(site / MANIFEST)

    @classmethod
    def load(cls, site: Path) -> "Manifest | None":
        """The manifest in `site`: an empty one when there is none, None when the file is
        not a manifest this version wrote (then nothing in the folder is known to be ours)."""
        path = site / MANIFEST
        if not path.exists():
            return cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT:
                return None
            lessons = {name: LessonRecord.from_json(r) for name, r in data["lessons"].items()}
            return cls(lessons, [str(f) for f in data["files"]],
                       [str(n) for n in data.get("pending", [])])
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return None
