"""The legend: what each colour and mark on a panel means, in a student's words.

A panel's legend lists exactly the colours its picture shows at some moment of the run, known
before the first frame is drawn (so that it can be complete in the first frame, shown before
anything moves): `render/look.py` reads them from the panel's recorded events without
drawing the run; `SlotTracker` notes them on a panel drawing it (what that reading must
agree with). The words are the renderer's own, per palette slot (its record in
`slots.py`); an algorithm may give its own words for a slot through its registry record
(`legend={"frontier": "..."}`).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from .palette import ALIASES, INDEX, SET_BASE, SET_COLOURS, SIZE
from . import slots as records
from .text import draw_text, line_metrics, text_width
from .wrap import wrap

#: the words for each slot (`slots.SLOTS`); slots not listed here are structure (background,
#: walls, grid lines, text) or a stripe of a group, and get no entry of their own
WORDS: dict[str, str] = {slot.name: slot.words for slot in records.SLOTS if slot.words}
#: entries that stand for several slots (one swatch of all their colours: `slots.GROUPS`)
GROUPS: dict[str, tuple[str, tuple[int, ...]]] = {
    group.name: (group.words, tuple(INDEX[name] for name in group.stripes) if group.stripes
                 else tuple(range(SET_BASE, SET_BASE + SET_COLOURS)))
    for group in records.GROUPS
}
#: the palette slots a legend names (an entry of their own, or a stripe of a group's swatch):
#: whether a panel shows any other slot changes nothing in its legend
NAMED = frozenset(INDEX[name] for name in WORDS) \
    | frozenset(i for _, members in GROUPS.values() for i in members)
#: the order entries appear in: by their records' `legend` place
ORDER: tuple[str, ...] = tuple(name for _, name in sorted(
    [(slot.legend, slot.name) for slot in records.SLOTS if slot.legend]
    + [(group.legend, group.name) for group in records.GROUPS]))


@dataclass(frozen=True)
class Entry:
    """One line of a legend: the palette slots of its swatch and its words; `farthest` is
    the distance a distance map's ramp entry reaches (0 for every other entry)."""

    colours: tuple[int, ...]
    label: str
    farthest: int = 0


class Slots(set):
    """The palette slots a panel showed (a set of indices), and the farthest distance its
    distance-map ramp stood for (0 when it showed none), for the ramp's words."""

    farthest: int = 0


def colours_in(pixels: np.ndarray) -> set[int]:
    """The palette indices among `pixels` (a value beyond the palette, such as a quiet
    painter's blank, is none)."""
    counts = np.bincount(pixels.ravel(), minlength=256)[:SIZE]
    return set(np.flatnonzero(counts).tolist())


class SlotTracker:
    """Records which palette slots a panel's raster has shown: call `see(panel)` after each
    event (it reads and clears the panel's dirty rectangle), and the farthest distance a
    distance map on it reached (the panel's `farthest`)."""

    def __init__(self) -> None:
        self.seen = np.zeros(SIZE, dtype=bool)
        self.farthest = 0

    def see(self, panel) -> None:
        maze = getattr(panel, "centre", panel)     # a neighbourhood view's own maze panel
        self.farthest = max(self.farthest, getattr(maze, "farthest", 0))
        rect = panel.take_dirty()
        if rect is None:
            return
        y0, y1, x0, x1 = rect
        area = panel.raster[y0:y1, x0:x1]
        if area.size:
            self.seen |= np.bincount(area.ravel(), minlength=SIZE)[:SIZE] > 0

    def see_all(self, panel) -> None:
        """Note every slot the panel's raster shows now (a first picture drawn whole), and
        forget its dirty rectangle."""
        maze = getattr(panel, "centre", panel)
        self.farthest = max(self.farthest, getattr(maze, "farthest", 0))
        panel.take_dirty()
        self.seen |= np.bincount(panel.raster.ravel(), minlength=SIZE)[:SIZE] > 0

    def slots(self) -> Slots:
        out = Slots(int(i) for i in np.flatnonzero(self.seen))
        out.farthest = self.farthest
        return out


def ramp_words(farthest: int, each: list[str] | None = None) -> str:
    """The distance map's legend words: "distance 0 … N moves" (N the farthest distance
    shown), or with `each` panel's farthest "distance 0 … 226 | 69 moves, panel by panel"."""
    if each:
        return f"distance 0 … {' | '.join(each)} moves, panel by panel"
    return f"distance 0 … {farthest} moves" if farthest else GROUPS["ramp"][0]


def entries(slots: Iterable[int], words: Mapping[str, str] | None = None) -> list[Entry]:
    """The legend for a panel that shows palette `slots`, in `ORDER`; `words` override the
    default words by slot or group name. When `slots` come from a `SlotTracker`, the ramp's
    words say the farthest distance shown ("distance 0 … 57 moves")."""
    shown = set(slots)
    words = dict(words or {})
    farthest = slots.farthest if isinstance(slots, Slots) else 0
    if farthest and "ramp" not in words:
        words["ramp"] = ramp_words(farthest)
    else:
        farthest = 0
    out = []
    for key in ORDER:
        if key in GROUPS:
            label, members = GROUPS[key]
            present = tuple(i for i in members if i in shown)
            if present:
                out.append(Entry(present, words.get(key, label),
                                 farthest if key == "ramp" else 0))
        elif INDEX[key] in shown:
            out.append(Entry((INDEX[key],), words.get(key, WORDS[key])))
    return out


# --- drawing ------------------------------------------------------------------------------

GAP = 12          # pixels between two entries on a line


def swatch_size(size: int) -> int:
    """The side of an entry's swatch for text of `size`."""
    return max(7, line_metrics(size)[1] - 4)


def entry_width(entry: Entry, size: int) -> int:
    s = swatch_size(size)
    return s + 4 + text_width(entry.label, size)


@dataclass(frozen=True)
class Piece:
    """What one legend line shows of an entry: its swatch (on the entry's first line only)
    and `text`, all of the label or, for an entry wider than the line, one wrapped line."""

    entry: Entry
    text: str
    swatch: bool = True

    def width(self, size: int) -> int:
        return swatch_size(size) + 4 + text_width(self.text, size)


def lines(legend: list[Entry], size: int, width: int) -> list[list[Piece]]:
    """The entries flowed into lines of at most `width` pixels. An entry wider than the line
    has lines of its own: its words wrapped after the swatch, never cut."""
    out: list[list[Piece]] = []
    used = 0
    room = max(1, width - swatch_size(size) - 4)
    for entry in legend:
        w = entry_width(entry, size)
        if out and used + GAP + w <= width:
            out[-1].append(Piece(entry, entry.label))
            used += GAP + w
        elif w <= width:
            out.append([Piece(entry, entry.label)])
            used = w
        else:
            texts = wrap(entry.label, size, room)
            out.extend([Piece(entry, text, k == 0)] for k, text in enumerate(texts))
            used = width                # nothing joins the last wrapped line
    return out


def width(legend: list[Entry], size: int, limit: int) -> int:
    """The width of the legend's widest line when flowed into `limit` pixels."""
    return max((sum(p.width(size) for p in line) + GAP * (len(line) - 1)
                for line in lines(legend, size, limit)), default=0)


def merged(legends: list[list[Entry]]) -> list[Entry]:
    """One legend for several panels: every entry once, in `ORDER`'s order of first use."""
    out: list[Entry] = []
    ramps: list[str] = []       # the distance maps' farthest distances, panel by panel
    for entries in legends:
        for entry in entries:
            if entry.farthest:
                ramps.append(str(entry.farthest))
            if entry not in out:
                out.append(entry)
    if len(set(ramps)) > 1:     # one ramp entry: its farthest distance in each panel
        out = [e for e in out if not e.farthest]
        out.append(Entry(GROUPS["ramp"][1], ramp_words(0, ramps)))
    rank = {colours: k for k, colours in enumerate(_order_colours())}
    return sorted(_one_swatch_each(out), key=lambda e: rank.get(e.colours[:1], len(rank)))


def _one_swatch_each(entries: list[Entry]) -> list[Entry]:
    """Entries whose swatches look alike (the same slots, or slots that share a colour:
    `ALIASES`) joined into one, their words side by side ("current cell / the random
    walker"), so that a legend never shows one colour twice."""
    alias = {INDEX[name]: INDEX[group[0]] for group in ALIASES for name in group}
    joined: dict[tuple[int, ...], Entry] = {}
    for entry in entries:
        key = tuple(alias.get(slot, slot) for slot in entry.colours)
        first = joined.get(key)
        if first is None:
            joined[key] = entry
        elif entry.label not in first.label.split(" / "):
            joined[key] = Entry(first.colours, f"{first.label} / {entry.label}",
                                max(first.farthest, entry.farthest))
    return list(joined.values())


def _order_colours() -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for key in ORDER:
        members = GROUPS[key][1] if key in GROUPS else (INDEX[key],)
        out.extend((m,) for m in members)
    return out


def height(legend: list[Entry], size: int, width: int) -> int:
    """The pixels the legend takes below a panel's captions."""
    return len(lines(legend, size, width)) * line_metrics(size)[1]


def draw(frame: np.ndarray, legend: list[Entry], y: int, x: int, width: int, size: int,
         *, ink: int = INDEX["text"]) -> list[tuple[int, int, int, int]]:
    """Draw `legend` at (y, x) within `width` pixels: a swatch (outlined in `ink`, split
    into stripes for a group) and the words, entry after entry. Returns the box
    (y0, y1, x0, x1) of each line of words drawn."""
    s = swatch_size(size)
    line_h = line_metrics(size)[1]
    boxes = []
    for k, line in enumerate(lines(legend, size, width)):
        cx = x
        top = y + k * line_h
        sy = top + (line_h - s) // 2
        for piece in line:
            if piece.swatch:
                frame[sy:sy + s, cx:cx + s] = ink
                inner = frame[sy + 1:sy + s - 1, cx + 1:cx + s - 1]
                stripes = np.array_split(np.arange(inner.shape[1]), len(piece.entry.colours))
                for colour, cols in zip(piece.entry.colours, stripes):
                    if len(cols):
                        inner[:, cols[0]:cols[-1] + 1] = colour
            draw_text(frame, piece.text, top, cx + s + 4, ink, size)
            boxes.append((top, top + line_h, cx + s + 4,
                          cx + s + 4 + text_width(piece.text, size)))
            cx += piece.width(size) + GAP
    return boxes
