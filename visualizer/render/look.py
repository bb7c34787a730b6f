"""What a panel shows over its whole run, for the layout: the legend entries of the colours
that appear (with the farthest distance a distance map reaches) and its widest captions —
read from the recorded events, without drawing the run.

A quiet renderer (`make_panel(..., quiet=True)`) keeps the panel's state from the events
and paints only while it is `listening`: from the first event that can show a colour not
seen yet (`candidates`) until every colour it can show has been seen; after that only the
caption follows the events. The first picture is drawn once, whole. `painted_look` draws
the whole run instead: what the quiet look must agree with, exactly (tests/test_look.py).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from .. import events as ev
from ..events import Mark
from . import legend
from .maze_caption import STEPS_ONLY
from .text import glyph

CAPTION_SAMPLES = 6     # the widest captions a panel keeps for the layout


@dataclass(frozen=True)
class Look:
    """A panel's legend entries (each colour it shows once, with its words) and its
    `CAPTION_SAMPLES` widest captions (narrowest first)."""

    entries: tuple[legend.Entry, ...]
    captions: tuple[str, ...]


class _Widest:
    """The widest captions seen, by text width at `size` (of equal widths, the later)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.widths: dict[str, int] = {}
        self.advance: dict[str, int] = {}

    def width(self, text: str) -> int:
        """`text_width(text, size)`, from each character's advance."""
        advance = self.advance
        try:
            return sum(map(advance.__getitem__, text))
        except KeyError:
            for ch in text:
                if ch not in advance:
                    advance[ch] = glyph(ch, self.size)[1]
            return sum(map(advance.__getitem__, text))

    def see(self, text: str, width: int | None = None) -> None:
        """Offer `text` (whose width is `width` when known)."""
        if text not in self.widths:
            self.widths[text] = self.width(text) if width is None else width
            if len(self.widths) > 4 * CAPTION_SAMPLES:
                keep = sorted(self.widths, key=self.widths.__getitem__)[-CAPTION_SAMPLES:]
                self.widths = {t: self.widths[t] for t in keep}

    def widest(self) -> tuple[str, ...]:
        return tuple(sorted(self.widths, key=self.widths.__getitem__)[-CAPTION_SAMPLES:])

    def even_digits(self) -> bool:
        """Whether every digit is as wide as the others."""
        return len({self.width(d) for d in "0123456789"}) == 1


class _Captions:
    """Each moment's caption, offered to `_Widest`. A maze panel's captions of one
    `MazeCaption.version` differ by the step count alone: when every digit is as wide as
    the others, a run of them with as many digits are as wide as each other, and only
    the run's last `CAPTION_SAMPLES` can be among the widest (of equal widths, the later
    win), so only theirs are written out. `runs=False` offers every caption (a stream
    whose step count starts again cannot be told by its numbers alone)."""

    def __init__(self, widest: _Widest, caption: Any, runs: bool) -> None:
        self.widest, self.caption = widest, caption
        self.runs = runs and caption is not None and widest.even_digits()
        self.key: tuple[int, bool, int] | None = None
        self.tail = ""
        self.last: list[int] = []

    def see(self, panel: Any) -> None:
        """The caption now."""
        caption = self.caption
        if not self.runs:
            self.widest.see(panel.caption() if caption is None else caption.text())
            return
        shown = caption.shows_status()
        n = max(0, caption.step - caption.steps_from)
        key = (caption.version, shown, len(str(n)))
        if key != self.key:
            self.offer()
            self.key = key
            self.tail = "".join(" · " + part for part in caption.tail())
        last = self.last
        if not last or last[-1] != n:          # the same number: the same caption
            last.append(n)
            if len(last) > CAPTION_SAMPLES:
                del last[0]

    def steps(self, panel: Any, count: int) -> None:
        """`count` more events that move the caption's step count on and nothing else,
        each seen (as `see` after each). Of a stretch of captions that differ by their
        count alone, the later are at least as wide (`runs`: every digit as wide), so only
        the last `CAPTION_SAMPLES` steps can count: only those are seen, before the step
        where the milestone line goes and at the end."""
        caption = self.caption
        first, last = caption.step + 1, caption.step + count
        ends = {last}
        if self.runs:
            goes = caption.status_goes(first, last)
            if goes is not None:
                ends.add(goes - 1)
            steps = sorted({s for end in ends
                            for s in range(max(first, end - CAPTION_SAMPLES + 1), end + 1)})
        else:
            steps = list(range(first, last + 1))
        for step in steps:
            caption.step = step
            self.see(panel)
        caption.step = last

    def offer(self) -> None:
        """Offer the run's last captions."""
        if not self.last:
            return
        texts = [f"step {n}{self.tail}" for n in self.last]
        width = self.widest.width(texts[0])    # a run's captions are equally wide
        for text in texts:
            self.widest.see(text, width)
        self.last = []

    def flush(self) -> tuple[str, ...]:
        """Offer the run's last captions; the widest so far."""
        self.offer()
        return self.widest.widest()


class _Farthest:
    """The farthest distance a distance map has marked since its flood began (a maze
    panel's `farthest`), from the events alone."""

    def __init__(self) -> None:
        self.value = 0

    def apply(self, event: Any) -> None:
        kind = type(event)
        if kind is ev.GridCreated or (kind is ev.MarksCleared and event.mark == Mark.DISTANCE):
            self.value = 0
        elif kind is ev.CellMarked and event.mark == Mark.DISTANCE:
            self.value = max(self.value, event.count)
        elif kind is ev.CellsMarked and event.mark == Mark.DISTANCE and event.replacing:
            self.value = 0


class _Watch:
    """The colours a quiet renderer has yet to show, each with the index of the first
    event that can show it: `due(k)` says whether to listen while event k is drawn."""

    def __init__(self, candidates: Mapping[int, int]) -> None:
        self.pending = {c: k for c, k in candidates.items() if c in legend.NAMED}
        self.first = min(self.pending.values(), default=0)

    def due(self, k: int) -> bool:
        return bool(self.pending) and self.first <= k

    def saw(self, colours: set[int]) -> None:
        if colours & self.pending.keys():
            for colour in colours:
                self.pending.pop(colour, None)
            self.first = min(self.pending.values(), default=0)


def look(panel: Any, events: Sequence[Any], *, skip: int, text_size: int,
         words: Mapping[str, str] | None = None) -> Look:
    """What the fresh quiet renderer `panel` shows over `events`: the palette slots that
    appear and the captions, from the `skip`-th event on (`animate: solve`: the built maze
    is the first picture, drawn whole). A renderer that cannot keep quiet (no
    `candidates`) draws the run: `painted_look`."""
    if not hasattr(panel, "candidates"):
        return painted_look(panel, events, skip=skip, text_size=text_size, words=words)
    caption = getattr(getattr(panel, "centre", panel), "live_caption", None)
    again = any(type(event) is ev.GridCreated for event in islice(events, 1, None))
    captions, far = _Captions(_Widest(text_size), caption, not again), _Farthest()
    watch = _Watch(panel.candidates(events))
    # colours surely shown at a later event need not be watched for (`certain`): once
    # only those are left, the panel is no longer followed, only its caption
    sure = panel.certain(events, max(0, skip - 1)) if hasattr(panel, "certain") else {}
    seen: set[int] = set()
    farthest = 0
    if not skip:
        seen |= panel.drawn_colours()
        watch.saw(seen)
        captions.see(panel)
    listening = panel.listening = False
    for k, event in enumerate(events):
        # a maze panel draws its first picture apart; a Life panel follows the run to it
        listen = watch.first <= k and (k >= skip or caption is None) and bool(watch.pending)
        if listen != listening:
            listening = panel.listening = listen
        panel.apply(event)
        far.apply(event)
        shown = panel.take_colours() if listening else None
        if k + 1 < skip:
            continue
        if k + 1 == skip:
            shown = panel.drawn_colours()
        if shown:
            seen |= shown
            watch.saw(shown)
        if far.value > farthest:
            farthest = far.value
        captions.see(panel)
        if caption is not None and watch.pending.keys() <= sure.keys():
            farthest = _captions_only(panel, caption, captions, far, farthest,
                                      islice(events, k + 1, None))
            break
    seen |= watch.pending.keys() & sure.keys()    # surely shown by events not followed
    slots = legend.Slots(seen)
    slots.farthest = farthest
    return Look(tuple(legend.entries(slots, words)), captions.flush())


#: the events that change nothing a look follows but the caption's step count: those the
#: caption only counts, but the marking ones (`_MARKING`) of a mark in `_COUNTED_MARKS`
#: (the walker's mark carries the walk's length, the distances the farthest one)
_MARKING = frozenset({ev.CellMarked, ev.CellsMarked, ev.MarksCleared})
_STEPS_ONLY = STEPS_ONLY - _MARKING
_COUNTED_MARKS = frozenset({Mark.WALKER, Mark.DISTANCE})


def _captions_only(panel: Any, caption: Any, captions: _Captions, far: _Farthest,
                   farthest: int, events: Iterable[Any]) -> int:
    """The rest of `look`'s run, `events`, once the panel need not be followed: its
    caption and the farthest distance alone, each stretch of events that only move the
    step count on seen at once (`_Captions.steps`). The farthest distance then."""
    run = 0
    for event in events:
        kind = type(event)
        if kind in _STEPS_ONLY or kind in _MARKING and event.mark not in _COUNTED_MARKS:
            run += 1
            continue
        if run:
            captions.steps(panel, run)
            run = 0
        caption.apply(event)
        far.apply(event)
        farthest = max(farthest, far.value)
        captions.see(panel)
    if run:
        captions.steps(panel, run)
    return farthest


def painted_look(panel: Any, events: Iterable[Any], *, skip: int, text_size: int,
                 words: Mapping[str, str] | None = None) -> Look:
    """`look`, by drawing every event of the run on the fresh renderer `panel` and noting
    the palette slots of each changed rectangle (of the whole first picture)."""
    tracker = legend.SlotTracker()
    widest = _Widest(text_size)
    if not skip:
        tracker.see_all(panel)
        widest.see(panel.caption())
    for k, event in enumerate(events):
        panel.apply(event)
        if k + 1 == skip:
            tracker.see_all(panel)
        elif k + 1 > skip:
            tracker.see(panel)
        else:
            panel.take_dirty()
        if k + 1 >= skip:
            widest.see(panel.caption())
    return Look(tuple(legend.entries(tracker.slots(), words)), widest.widest())


__all__ = ["CAPTION_SAMPLES", "Look", "look", "painted_look"]
