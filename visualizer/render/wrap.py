"""Text broken into lines that fit a width: never cut, unless a line limit forces it.

Breaks go after a caption's " · " separators first, then between words, and only inside a
word that is wider than a whole line.
"""
from __future__ import annotations

from functools import lru_cache

from .text import glyph, text_width

SEPARATOR = " · "
ELLIPSIS = "…"


def _split_word(word: str, size: int, width: int, bold: bool) -> list[str]:
    """`word` in pieces of at most `width` pixels (for a word wider than a line)."""
    pieces, start, used = [], 0, 0
    for i, ch in enumerate(word):
        w = glyph(ch, size, bold)[1]
        if used + w > width and i > start:
            pieces.append(word[start:i])
            start, used = i, 0
        used += w
    pieces.append(word[start:])
    return pieces


def _flow(parts: list[str], joiner: str, size: int, width: int, bold: bool) -> list[str]:
    """Greedy lines of `parts` joined by `joiner`, each at most `width` wide if possible."""
    gap = text_width(joiner, size, bold)
    out: list[str] = []
    line: list[str] = []
    used = 0
    for part in parts:
        w = text_width(part, size, bold)
        if line and used + gap + w <= width:
            line.append(part)
            used += gap + w
            continue
        if line:
            out.append(joiner.join(line))
        line, used = [part], w
    if line:
        out.append(joiner.join(line))
    return out


def wrap(text: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """`text` as lines of at most `width` pixels, none of it left out."""
    if text_width(text, size, bold) <= width:
        return [text]
    return list(_wrapped(text, size, width, bold))


@lru_cache(maxsize=4096)    # a layout search wraps the same titles and captions often
def _wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    """`wrap` of a `text` wider than `width`."""
    out: list[str] = []
    for piece in _flow(text.split(SEPARATOR), SEPARATOR, size, width, bold):
        if text_width(piece, size, bold) <= width:
            out.append(piece)
            continue
        for line in _flow(piece.split(" "), " ", size, width, bold):
            if text_width(line, size, bold) <= width:
                out.append(line)
            else:
                out.extend(_split_word(line, size, width, bold))
    return tuple(out)


def shorten(line: str, size: int, width: int, bold: bool = False) -> str:
    """`line` cut with an ellipsis to fit `width` (only where a line limit leaves no room)."""
    room = width - glyph(ELLIPSIS, size, bold)[1]
    used = 0
    for i, ch in enumerate(line):
        used += glyph(ch, size, bold)[1]
        if used > room:
            return line[:i].rstrip() + ELLIPSIS
    return line + ELLIPSIS
