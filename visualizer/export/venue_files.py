"""The files a venue needs beside its output (`VenueRecord.extras`): a Markdown snippet
with the alt text (GitHub), a reveal.js `<section>` with the player and the transcript as
speaker notes, a page without script (Canvas, Moodle), a notebook whose output is the GIF
(GitHub's notebook view). Each takes the output file and the words of the animation (its
title, its text alternative, its transcript lines), never the frames' content.
"""
from __future__ import annotations

import base64
import html
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .venues import Extra


@dataclass(frozen=True)
class Words:
    """What a venue's files say about the animation: its title, its short text alternative,
    its transcript (time in seconds, text) and its picture's size."""

    title: str
    alt: str
    lines: tuple[tuple[float, str], ...]
    size: tuple[int, int]


def write_extras(extras: Sequence[Extra], output: Path, words: Words) -> list[Path]:
    """Write each of `extras` beside `output`; returns their paths (the storyboard is the
    render's strip, written by the pipeline: nothing here)."""
    writers = {Extra.MARKDOWN: markdown, Extra.SECTION: section, Extra.PAGE: page,
               Extra.NOTEBOOK: notebook}
    written = []
    for extra in extras:
        if extra in writers:
            written.append(writers[extra](output, words))
    return written


def snippet(output: Path, words: Words) -> str:
    """The Markdown that shows `output` with its alt text (a path relative to the .md)."""
    alt = words.alt.replace("[", "(").replace("]", ")")
    return f"![{alt}]({output.name})"


def markdown(output: Path, words: Words) -> Path:
    """`<name>.md`: the image with its alt text, and the transcript in a fold."""
    path = output.with_suffix(".md")
    text = [f"## {words.title}" if words.title else "", "", snippet(output, words), "",
            "<details><summary>Transcript</summary>", ""]
    text += [f"- {start:.1f} s: {line}" for start, line in _flat(words.lines)]
    text += ["", "</details>", ""]
    path.write_text("\n".join(text).lstrip("\n"), encoding="utf-8")
    return path


def _flat(lines: Sequence[tuple[float, str]]) -> list[tuple[float, str]]:
    """Each transcript line on its own (a cue of several lines gives several)."""
    return [(start, part) for start, text in lines for part in text.splitlines() if part]


def _transcript_list(words: Words) -> str:
    items = "\n".join(f"    <li>{start:.1f} s: {html.escape(line)}</li>"
                      for start, line in _flat(words.lines))
    return f"  <ol>\n{items}\n  </ol>"


def page(output: Path, words: Words) -> Path:
    """`<name>.page.html`: the GIF with its alt text and description, the transcript as
    text; no script, no style sheet (uploaded HTML in Canvas runs no JavaScript)."""
    path = output.with_name(output.stem + ".page.html")
    w, h = words.size
    title = html.escape(words.title or "Animation")
    body = (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{title}</title>\n</head>\n<body>\n<main>\n<h1>{title}</h1>\n"
            f"<figure>\n  <img src=\"{html.escape(output.name)}\" width=\"{w}\" "
            f"height=\"{h}\" alt=\"{html.escape(words.alt)}\" "
            f"style=\"max-width: 100%; height: auto; image-rendering: pixelated\">\n"
            f"  <figcaption>{html.escape(words.alt)}</figcaption>\n</figure>\n"
            f"<h2>Transcript</h2>\n{_transcript_list(words)}\n</main>\n</body>\n</html>\n")
    path.write_text(body, encoding="utf-8")
    return path


def section(output: Path, words: Words) -> Path:
    """`<name>.section.html`: a reveal.js `<section>` holding the player (its fragment:
    style, container, script; it pauses when its slide is left), its description and the
    transcript as speaker notes."""
    from .html import fragment

    path = output.with_name(output.stem + ".section.html")
    player = fragment(output.read_text(encoding="utf-8"))
    title = html.escape(words.title or "Animation")
    notes = "\n".join(f"{start:.1f} s: {html.escape(line)}" for start, line in
                      _flat(words.lines))
    body = (f"<section data-vz-section aria-label=\"{title}\">\n<h2>{title}</h2>\n"
            f"<figure role=\"group\" aria-label=\"{html.escape(words.alt)}\">\n{player}\n"
            f"<figcaption class=\"vz-description\">{html.escape(words.alt)}</figcaption>\n"
            f"</figure>\n<aside class=\"notes\">\n{notes}\n</aside>\n</section>\n")
    path.write_text(body, encoding="utf-8")
    return path


def notebook(output: Path, words: Words) -> Path:
    """`<name>.ipynb`: a Markdown cell (title, description) and a code cell whose output is
    the GIF as an image, with the alt text as its plain text. The GIF's bytes go under
    `image/png`: GitHub's notebook view and nbconvert render only PNG, JPEG and SVG
    images (no `image/gif`), and browsers recognise the GIF by its bytes and animate it."""
    path = output.with_suffix(".ipynb")
    data = base64.b64encode(output.read_bytes()).decode("ascii")
    transcript = "\n".join(f"- {start:.1f} s: {line}" for start, line in _flat(words.lines))
    cells: list[dict[str, Any]] = [
        {"cell_type": "markdown", "metadata": {},
         "source": f"# {words.title or 'Animation'}\n\n{words.alt}\n\n"
                   f"<details><summary>Transcript</summary>\n\n{transcript}\n\n</details>"},
        {"cell_type": "code", "execution_count": 1, "metadata": {},
         "source": f"# {words.title or 'the animation'}: {output.name}",
         "outputs": [{"output_type": "display_data", "metadata": {
             "image/png": {"width": words.size[0], "height": words.size[1]}},
             "data": {"image/png": data, "text/plain": words.alt}}]},
    ]
    nb = {"cells": cells, "metadata": {"language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    for k, cell in enumerate(cells):
        cell["id"] = f"vz-{k}"
    path.write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
    return path


__all__ = ["Words", "markdown", "notebook", "page", "section", "snippet", "write_extras"]
