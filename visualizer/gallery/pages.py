"""The gallery's pages: the index (every lesson's poster, title, one line, tags and files),
one page per tag (the filter: plain links, so it works without JavaScript and from disk), and
one page per lesson (the player and the YAML beside it). Static HTML with its style inline;
every link is relative."""
from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterable

from ..lesson import TagKind
from ..variants import SEED_STRIDE
from .record import LessonRecord, Role, Status

#: the folder of the tag pages, relative to the gallery's
TAGS = "tags"
#: the links each lesson offers, in order: role -> words
LINKS = ((Role.PLAYER, "player"), (Role.GIF, "GIF"), (Role.MP4, "MP4"), (Role.YAML, "YAML"))

STYLE = """
body { margin: 0 auto; max-width: 1400px; padding: 8px 16px; color: #1a1a1a;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; background: #fff; }
a { color: #0b4f9c; } a:focus-visible { outline: 2px solid #0b4f9c; outline-offset: 2px; }
header p { margin: 0 0 8px; color: #333; }
nav.filter { margin: 8px 0 16px; } nav.filter ul { display: inline; margin: 0; padding: 0; }
nav.filter li { display: inline; } nav.filter .kind { font-weight: 600; margin-right: 4px; }
nav.filter div { margin: 2px 0; }
.tag { display: inline-block; margin: 1px 2px; padding: 0 6px; border: 1px solid #8aa;
  border-radius: 10px; text-decoration: none; color: #123; background: #f2f6f7; }
.tag[aria-current="page"] { background: #123; color: #fff; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: 16px; padding: 0; list-style: none; }
.card { border: 1px solid #ccc; border-radius: 6px; padding: 8px; }
.card h2 { font-size: 17px; margin: 4px 0; }
.card img { display: block; width: 100%; height: 180px; object-fit: contain;
  image-rendering: pixelated; background: #f4f4f4; }
.files a { margin-right: 8px; }
.failed { border-color: #a00; } .failed p.why, p.why { color: #8b0000; white-space: pre-wrap; }
.lesson { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 16px; }
@media (max-width: 900px) { .lesson { grid-template-columns: 1fr; } }
pre.yaml { margin: 0; padding: 8px; overflow: auto; max-height: 80vh; background: #f6f6f6;
  white-space: pre-wrap; overflow-wrap: anywhere;
  border: 1px solid #ddd; font-size: 13px; }
h2.side { font-size: 16px; margin: 0 0 4px; }
"""


def slug(kind: str, word: str) -> str:
    """A tag page's file name: `generator-kruskal.html` (other characters become '-')."""
    return re.sub(r"[^a-z0-9_]+", "-", f"{kind}-{word}".lower()).strip("-") + ".html"


def esc(text: str) -> str:
    """`text` escaped for HTML text and attribute values."""
    return html.escape(str(text), quote=True)


def page(title: str, body: str) -> str:
    """A whole page: its title, the style, `body` (a main landmark and its content)."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<link rel=\"icon\" href=\"data:,\">\n"        # no request for /favicon.ico
            f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head><body>\n{body}\n"
            "</body></html>\n")


def tag_links(record: LessonRecord, root: str) -> str:
    """A lesson's tags as links to their pages."""
    return " ".join(f"<a class=\"tag\" href=\"{root}{TAGS}/{slug(k, w)}\" "
                    f"title=\"{esc(k)}: {esc(w)}\">{esc(w)}</a>" for k, w in record.tags)


def file_links(record: LessonRecord, root: str) -> str:
    """Links to a lesson's player, GIF, MP4 and YAML (those it has)."""
    return " ".join(f"<a href=\"{root}{record.files[role.value]}\">{words}"
                    f"<span class=\"vz-sr\"> of {esc(record.title)}</span></a>"
                    for role, words in LINKS if role.value in record.files)


def card(record: LessonRecord, root: str) -> str:
    """One lesson on an index: poster, title (a link to its page), one line, tags, files."""
    link = f"{root}{record.files[Role.PAGE.value]}"
    if record.status == Status.FAILED:
        return (f"<li class=\"card failed\"><h2><a href=\"{link}\">{esc(record.title)}</a></h2>"
                f"<p class=\"why\">This lesson failed to render: {esc(record.message)}</p>"
                f"<p class=\"files\">{file_links(record, root)}</p></li>")
    poster = record.files.get(Role.POSTER.value)
    image = (f"<a href=\"{link}\" tabindex=\"-1\"><img src=\"{root}{poster}\" loading=\"lazy\" "
             f"alt=\"The last frame of {esc(record.title)}\"></a>" if poster else "")
    return (f"<li class=\"card\">{image}<h2><a href=\"{link}\">{esc(record.title)}</a></h2>"
            f"<p>{esc(record.line)}</p><p>{tag_links(record, root)}</p>"
            f"<p class=\"files\">{file_links(record, root)}</p></li>")


def filter_nav(records: Iterable[LessonRecord], root: str, current: str | None) -> str:
    """The filter: every tag, grouped by kind, with its count; a link to its page (the
    current one marked), and "all" back to the index."""
    counts = Counter((k, w) for r in records for k, w in r.tags)
    mark = " aria-current=\"page\"" if current is None else ""
    rows = [f"<div><a class=\"tag\" href=\"{root}index.html\"{mark}>all lessons</a></div>"]
    for kind in TagKind:
        words = sorted(w for k, w in counts if k == kind.value)
        if not words:
            continue
        items = "".join(
            f"<li><a class=\"tag\" href=\"{root}{TAGS}/{slug(kind.value, w)}\""
            + (" aria-current=\"page\"" if current == slug(kind.value, w) else "")
            + f">{esc(w)} ({counts[(kind.value, w)]})</a></li>" for w in words)
        rows.append(f"<div><span class=\"kind\">{kind.value}:</span><ul>{items}</ul></div>")
    return "<nav class=\"filter\" aria-label=\"filter the lessons by tag\">" + "".join(rows) \
        + "</nav>"


def index_page(records: list[LessonRecord], title: str, *, root: str = "",
               tag: tuple[str, str] | None = None) -> str:
    """The index (all lessons) or, with `tag` (kind, word), the page of that tag's lessons;
    `root` leads from the page's folder to the gallery's."""
    shown = [r for r in records if tag is None or list(tag) in r.tags]
    failed = sum(r.status == Status.FAILED for r in records)
    heading = title if tag is None else f"{title}: {tag[0]} {tag[1]}"
    note = f"{len(shown)} lesson{'s' * (len(shown) != 1)}" + (
        f"; {failed} failed to render" if failed and tag is None else "")
    current = slug(*tag) if tag is not None else None
    body = (f"<header><h1>{esc(heading)}</h1><p>{note}. Each lesson has an HTML player "
            "(play, pause, step, questions), a GIF, an MP4 and its scenario file.</p></header>"
            f"{filter_nav(records, root, current)}<main><ul class=\"cards\">"
            + "".join(card(r, root) for r in shown) + "</ul></main>")
    return page(heading, _sr(body))


def _sr(body: str) -> str:
    """`body` with the style of its screen-reader-only text (`vz-sr`, as in the player)."""
    return ("<style>.vz-sr { position: absolute; width: 1px; height: 1px; margin: -1px; "
            "overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }</style>"
            + body)


def lesson_page(record: LessonRecord, player: str, yaml_text: str, gallery: str) -> str:
    """A lesson's page (in its own folder, two levels below the gallery's): the title, the
    description, tags and files, the player (`player`, a fragment) and the YAML beside it;
    for a failed lesson, the failure instead of the player."""
    root = "../../"
    if record.status == Status.FAILED:
        shown = (f"<section aria-label=\"the failure\"><h2 class=\"side\">Not rendered</h2>"
                 f"<p class=\"why\">{esc(record.message)}</p></section>")
    else:
        shown = f"<section aria-label=\"the animation\">{player}</section>"
    variants = _variants(record, root)
    body = (f"<header><p><a href=\"{root}index.html\">{esc(gallery)}</a></p>"
            f"<h1>{esc(record.title)}</h1><p>{esc(record.description)}</p>"
            f"<p>{tag_links(record, root)}</p><p class=\"files\">{file_links(record, root)}"
            f"</p></header><main><div class=\"lesson\">{shown}"
            f"<section aria-label=\"the scenario file\"><h2 class=\"side\">The scenario "
            f"({esc(record.name)}.yaml)</h2><pre class=\"yaml\" tabindex=\"0\">"
            f"{esc(yaml_text)}</pre></section></div>{variants}</main>")
    return page(f"{record.title} ({gallery})", _sr(body))


def _variants(record: LessonRecord, root: str) -> str:
    """A lesson's variants for a class: a link to each student's player and to the answer
    key (nothing when it has none)."""
    if not record.variants:
        return ""
    items = "".join(f"<li><a href=\"{root}{path}\">student {k}</a></li>"
                    for k, path in enumerate(record.variants, 1))
    key = record.files.get(Role.ANSWERS.value)
    answers = f"<p><a href=\"{root}{key}\">the answer key (CSV)</a></p>" if key else ""
    return (f"<section aria-label=\"variants for a class\"><h2>One version per student</h2>"
            f"<p>The same lesson with other seeds: student k's seeds are the scenario's plus "
            f"{SEED_STRIDE:,} k.</p><ul>{items}</ul>{answers}</section>")
