"""What a panel shows over its whole run, for the layout: the legend entries of the colours
that appear and its widest captions."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from . import legend
from .text import text_width

CAPTION_SAMPLES = 6     # the widest captions a panel keeps for the layout


@dataclass(frozen=True)
class Look:
    """A panel's legend entries (each colour it shows once, with its words) and its
    `CAPTION_SAMPLES` widest captions (narrowest first)."""

    entries: tuple[legend.Entry, ...]
    captions: tuple[str, ...]


class _Widest:
    """The widest captions seen, by text width at `size`."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.widths: dict[str, int] = {}

    def see(self, text: str) -> None:
        if text not in self.widths:
            self.widths[text] = text_width(text, self.size)
            if len(self.widths) > 4 * CAPTION_SAMPLES:
                keep = sorted(self.widths, key=self.widths.__getitem__)[-CAPTION_SAMPLES:]
                self.widths = {t: self.widths[t] for t in keep}

    def widest(self) -> tuple[str, ...]:
        return tuple(sorted(self.widths, key=self.widths.__getitem__)[-CAPTION_SAMPLES:])


def look(panel: Any, events: Iterable[Any], *, skip: int, text_size: int,
         words: Mapping[str, str] | None = None) -> Look:
    """Feed `events` to the fresh renderer `panel` and note what it shows: the palette
    slots that appear and the captions, from the `skip`-th event on (`animate: solve`:
    the built maze is the first picture)."""
    tracker = legend.SlotTracker()
    widest = _Widest(text_size)
    if not skip:
        tracker.see(panel)
        widest.see(panel.caption())
    for k, event in enumerate(events):
        panel.apply(event)
        if k + 1 >= skip:
            tracker.see(panel)
            widest.see(panel.caption())
        else:
            panel.take_dirty()
    return Look(tuple(legend.entries(tracker.slots(), words)), widest.widest())


__all__ = ["CAPTION_SAMPLES", "Look", "look"]
