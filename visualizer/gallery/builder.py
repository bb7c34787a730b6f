"""Build a gallery: every scenario of a folder rendered into a static site.

    site/index.html                 every lesson: poster, title, one line, tags, files
    site/tags/<kind>-<word>.html    the lessons of one tag (the filter)
    site/lessons/<name>/index.html  a lesson: the player and the YAML beside it
    site/lessons/<name>/<name>.html, .gif, .mp4, .png, .yaml   its files
    site/gallery.json               the manifest: every file the gallery wrote, each
                                    lesson's digest, words, tags and status

A lesson is rendered again only when its digest (`digest.lesson_digest`) differs from the
manifest's, or it failed, or one of its files is missing. The gallery refuses a folder that
cannot be written, or that holds files it did not write (it lists them and deletes nothing
of them); it deletes only its own files that a build no longer makes. A scenario that fails
is listed on its page, on the index and in the summary, and the build's status is 1.
"""
from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ScenarioError
from ..export.base import remove_stale
from ..export.html import fragment
from .digest import lesson_digest
from .job import lesson_folder, render_lesson
from .pages import TAGS, index_page, lesson_page, slug
from .record import MANIFEST, LessonRecord, Manifest, Role, Status

EXIT_FAILED = 1
EXIT_REFUSED = 2
#: how many foreign files a refusal lists before it says "and N more"
LISTED = 20


@dataclass(frozen=True)
class Options:
    """How to build: worker processes, versions per student, the command line's changes
    (`key`, part of every digest) and the gallery's title."""

    jobs: int = 1
    variants: int = 0
    key: str = ""
    title: str = "Maze and Life lessons"


def build(source: Path, site: Path, load: Callable[[Path], Any],
          options: Options = Options()) -> int:
    """Render every scenario of the folder `source` into the gallery folder `site` (`load`
    validates one scenario file; it is pickled for the worker processes). Prints a summary;
    returns 0, 1 (a lesson failed; the gallery is built) or 2 (refused: nothing written)."""
    started = time.perf_counter()
    files = sorted(source.glob("*.yaml")) + sorted(source.glob("*.yml"))
    manifest = Manifest.load(site) if site.is_dir() else Manifest()
    for name in manifest.lessons if manifest else ():   # its own writers' temps, if killed
        if (site / lesson_folder(name)).is_dir():
            remove_stale(site / lesson_folder(name))
    why = _refusal(source, files, site, manifest)
    if why:
        print(why, file=sys.stderr)
        return EXIT_REFUSED
    assert manifest is not None
    key = f"{options.key}|variants={options.variants}"
    digests = {path: _digest(path, load, key) for path in files}
    todo = [p for p in files if _stale(manifest.lessons.get(p.stem), digests[p], site)]
    for path in todo:       # its folder holds only the gallery's files (checked): start afresh
        shutil.rmtree(site / lesson_folder(path.stem), ignore_errors=True)
    Manifest(manifest.lessons, manifest.files, [p.stem for p in todo]).save(site)
    done = _render(todo, site, load, options, digests)
    records = [done.get(p.stem) or manifest.lessons[p.stem] for p in files]
    written = _write_pages(site, records, options.title)
    new = Manifest({r.name: r for r in records}, sorted(written))
    _prune(site, set(manifest.files) - set(new.files))
    new.save(site)
    print(summary(records, set(done), time.perf_counter() - started, site))
    return EXIT_FAILED if any(r.status == Status.FAILED for r in records) else 0


def _refusal(source: Path, files: list[Path], site: Path, manifest: Manifest | None
             ) -> str | None:
    """Why the gallery cannot be built, or None: no scenarios, a folder that cannot be
    made or written, or files in it that the gallery did not write (listed)."""
    if not files:
        return f"{source}: no scenario files (*.yaml) here"
    try:
        site.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"--gallery: cannot create the folder '{site}': {exc.strerror or exc}"
    if not os.access(site, os.W_OK | os.X_OK):
        return f"--gallery: cannot write in '{site}': permission denied"
    if manifest is None:
        return (f"--gallery: '{site / MANIFEST}' is not a manifest this gallery wrote; "
                "choose an empty folder or a gallery built by this version")
    foreign = foreign_files(site, manifest)
    if foreign:
        shown = "\n".join(f"  {f}" for f in foreign[:LISTED])
        more = f"\n  … and {len(foreign) - LISTED} more" if len(foreign) > LISTED else ""
        return (f"--gallery: '{site}' holds {len(foreign)} file(s) the gallery did not "
                f"write; it deletes nothing it did not write, so choose an empty folder or "
                f"move them:\n{shown}{more}")
    return None


def foreign_files(site: Path, manifest: Manifest) -> list[str]:
    """Every file under `site` that the manifest does not list (relative paths, sorted);
    the manifest itself is the gallery's, and so is every file in a pending lesson's folder."""
    ours = set(manifest.files) | {MANIFEST}
    pending = tuple(f"{lesson_folder(name)}/" for name in manifest.pending)
    found = (p.relative_to(site).as_posix() for p in site.rglob("*") if not p.is_dir())
    return sorted(f for f in found if f not in ours and not f.startswith(pending))


def _digest(path: Path, load: Callable[[Path], Any], key: str) -> str:
    """The lesson's digest, from its validated scenario (or its bytes alone if invalid)."""
    try:
        scenario = load(path)
    except ScenarioError:
        scenario = None
    return lesson_digest(path, scenario, key)


def _stale(record: LessonRecord | None, digest: str, site: Path) -> bool:
    """Whether a lesson must be rendered: new, changed, failed, or a file of it missing."""
    return (record is None or record.digest != digest or record.status != Status.OK
            or not all((site / f).is_file() for f in record.written()))


def _render(todo: list[Path], site: Path, load: Callable[[Path], Any], options: Options,
            digests: dict[Path, str]) -> dict[str, LessonRecord]:
    """Render the lessons `todo` (in `options.jobs` processes); their records by name."""
    out: dict[str, LessonRecord] = {}

    def note(record: LessonRecord) -> None:
        out[record.name] = record
        state = "ok" if record.status == Status.OK else "FAILED"
        print(f"[{len(out)}/{len(todo)}] {record.name}: {state} in {record.seconds:.1f} s",
              file=sys.stderr)

    args = [(str(p), str(site), digests[p], load, options.variants) for p in todo]
    if options.jobs <= 1 or len(todo) <= 1:
        for a in args:
            note(render_lesson(*a))
        return out
    with ProcessPoolExecutor(max_workers=options.jobs) as pool:
        futures = [(p, pool.submit(render_lesson, *a)) for p, a in zip(todo, args)]
        for path, future in futures:
            note(_result(path, digests[path], future))
    return out


def _result(path: Path, digest: str, future: Future) -> LessonRecord:
    """A worker's record, or a failed one saying how the worker itself failed."""
    try:
        return future.result()
    except KeyboardInterrupt:
        raise
    except Exception as exc:   # noqa: BLE001 - a gallery lists every failure
        return LessonRecord(path.stem, digest, Status.FAILED, title=path.stem,
                            message=f"{path}: the worker failed: {type(exc).__name__}: "
                                    f"{str(exc)[:200]}")


def _write_pages(site: Path, records: list[LessonRecord], title: str) -> list[str]:
    """Every page: each lesson's, the index and each tag's; returns every file of the
    gallery (pages and the lessons' files), relative paths."""
    written: list[str] = []
    for record in records:
        record.files[Role.PAGE.value] = f"{lesson_folder(record.name)}/index.html"
        player = record.files.get(Role.PLAYER.value)
        shown = (fragment((site / player).read_text(encoding="utf-8"))
                 if player and record.status == Status.OK else "")
        yaml_file = site / record.files[Role.YAML.value]
        yaml_text = yaml_file.read_text(encoding="utf-8", errors="replace") \
            if yaml_file.is_file() else ""
        _write(site, record.files[Role.PAGE.value],
               lesson_page(record, shown, yaml_text, title))
        # the lesson's folder held only the gallery's files before this build (checked) and
        # was emptied if rendered again: all it holds is this build's (a crash's leftovers
        # included)
        folder = site / lesson_folder(record.name)
        written += [p.relative_to(site).as_posix() for p in folder.rglob("*") if p.is_file()]
    _write(site, "index.html", index_page(records, title))
    written.append("index.html")
    for kind, word in sorted({(k, w) for r in records for k, w in r.tags}):
        name = f"{TAGS}/{slug(kind, word)}"
        _write(site, name, index_page(records, title, root="../", tag=(kind, word)))
        written.append(name)
    return written


def _write(site: Path, relative: str, text: str) -> None:
    """Write one page (its folder made)."""
    path = site / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _prune(site: Path, gone: set[str]) -> None:
    """Delete the gallery's own files that this build no longer makes, and the folders
    they leave empty."""
    for relative in sorted(gone):
        path = site / relative
        path.unlink(missing_ok=True)
        for folder in path.parents:
            if folder == site or not folder.is_dir() or any(folder.iterdir()):
                break
            folder.rmdir()


def summary(records: list[LessonRecord], rendered: set[str], seconds: float,
            site: Path) -> str:
    """The build's summary: a line per lesson (rendered, unchanged or FAILED, seconds),
    the totals and each failure's message."""
    width = max(len(r.name) for r in records)
    lines = []
    for r in records:
        state = "FAILED" if r.status == Status.FAILED else \
            "rendered" if r.name in rendered else "unchanged"
        took = f"{r.seconds:6.1f} s" if r.name in rendered else ""
        lines.append(f"{r.name.ljust(width)}  {state:9}  {took}")
    failed = [r for r in records if r.status == Status.FAILED]
    lines.append(f"{len(records)} lessons: {len(rendered)} rendered, "
                 f"{len(records) - len(rendered)} unchanged (not rendered again), "
                 f"{len(failed)} failed, in {seconds:.1f} s; {site / 'index.html'}")
    lines += [f"  {r.name}: {r.message}" for r in failed]
    return "\n".join(lines)
