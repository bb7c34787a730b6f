"""One lesson of the gallery rendered: its player, GIF, MP4, poster and a copy of its YAML
(and, asked for, its variants) in its own folder. Runs in a worker process; every failure
becomes the record's message, never an exception."""
from __future__ import annotations

import dataclasses
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import ScenarioError
from ..export import FORMATS
from ..lesson import describe, one_line, tags
from .record import LessonRecord, Role, Status

#: where a lesson's files go, relative to the gallery's folder
LESSONS = "lessons"
#: the files each lesson gets: role -> format (a picture of the last frame for the poster)
RENDERS = ((Role.PLAYER, "html"), (Role.GIF, "gif"), (Role.MP4, "mp4"), (Role.POSTER, "png"))


def lesson_folder(name: str) -> str:
    """A lesson's folder, relative to the gallery's."""
    return f"{LESSONS}/{name}"


def render_lesson(source: str, site: str, digest: str, load: Callable[[Path], Any],
                  variants: int = 0) -> LessonRecord:
    """Render the scenario file `source` into the gallery folder `site`: its files, words
    and tags as a record (status FAILED with the message when anything went wrong; the
    files written before the failure are listed in it)."""
    from ..variants import write_variants

    started = time.perf_counter()
    path, name = Path(source), Path(source).stem
    folder = Path(site) / lesson_folder(name)
    folder.mkdir(parents=True, exist_ok=True)
    record = LessonRecord(name, digest, Status.FAILED, title=name)
    shutil.copyfile(path, folder / f"{name}.yaml")
    record.files[Role.YAML.value] = f"{lesson_folder(name)}/{name}.yaml"
    try:
        scenario = load(path)
        record.title = scenario.title or " / ".join(p.title for p in scenario.panels) or name
        record.line, record.description = one_line(scenario), describe(scenario)
        record.tags = [[kind.value, word] for kind, word in tags(scenario)]
        _render_all(dataclasses.replace(scenario, still=False, strip=0), folder, name, record)
        if variants:
            made = write_variants(scenario, variants,
                                  folder / "variants" / f"{name}.html")
            record.variants = [_relative(p, site) for p in made.paths]
            if made.answers is not None:
                record.files[Role.ANSWERS.value] = _relative(made.answers, site)
        record.status = Status.OK
    except ScenarioError as exc:
        record.message = "\n".join(exc.errors)
    except Exception as exc:   # noqa: BLE001 - a gallery lists every failure on its page
        record.message = f"{path}: unexpected failure: {type(exc).__name__}: {str(exc)[:300]}"
    record.seconds = time.perf_counter() - started
    return record


def _render_all(scenario: Any, folder: Path, name: str, record: LessonRecord) -> None:
    """Each file of `RENDERS`, recorded once per evenness of the plan (an MP4's sizes are
    even: it has a plan of its own), drawn once per file; each file joins the record when
    written."""
    from ..pipeline import prepare, render

    ready: dict[bool, Any] = {}
    for role, fmt in RENDERS:
        even = FORMATS[fmt].even
        if even not in ready:
            ready[even] = prepare(dataclasses.replace(scenario, format=fmt))
        target = folder / f"{name}{FORMATS[fmt].suffix}"
        render(dataclasses.replace(ready[even], scenario=dataclasses.replace(
            ready[even].scenario, output=target, format=fmt)))
        record.files[role.value] = f"{lesson_folder(name)}/{target.name}"


def _relative(path: Path, site: str) -> str:
    """`path` relative to the gallery folder `site`, with forward slashes."""
    return Path(path).relative_to(Path(site)).as_posix()
