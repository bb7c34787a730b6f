"""The animation told in words, timed like its frames: the text alternative, the MP4's
subtitles, the WebVTT and plain-text transcripts, the PDF handout's text.

Everything here comes from what the render already has in words: the scenario's title and
the panels' titles (the plan), the milestones each frame shows first (the recorded
events, as `pipeline.milestone_labels` gives them to the HTML player's timeline) and the
panels' final captions (their figures). Nothing reads an algorithm.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


MIN_CUE = 1.5     # seconds: a line said sooner after a cue began joins it


@dataclass(frozen=True)
class Cue:
    """One line said from `start` to `end` seconds."""

    start: float
    end: float
    text: str


class Narration:
    """Collects the cues of one render: the opening (title and panels), a cue at each frame
    that shows milestones (their labels), and the closing captions; each cue lasts until
    the next one starts."""

    def __init__(self, title: str, panels: Sequence[str]) -> None:
        self.title = title
        self.panels = tuple(panels)
        self._said: list[tuple[float, str]] = [(0.0, opening(title, panels))]
        self.end = 0.0

    def offer(self, start: float, duration: float, labels: Sequence[str]) -> None:
        """The frame shown from `start` for `duration` seconds shows `labels` first."""
        if labels:
            text = "\n".join(self._unnamed(label) for label in labels)
            if self._said[-1][0] == start:       # the opening's frame: said together
                self._said[-1] = (start, f"{self._said[-1][1]}\n{text}")
            else:
                self._said.append((start, text))
        self.end = max(self.end, start + duration)

    def close(self, last_start: float, captions: Sequence[str]) -> None:
        """The last frame, from `last_start`, shows the panels' final `captions`."""
        alone = len(self.panels) == 1      # the opening has named it: no need to again
        lines = [f"{title}: {caption}" if title and not alone else caption
                 for title, caption in zip(self.panels, captions) if caption]
        if lines:
            if self._said[-1][0] >= last_start:
                start, text = self._said.pop()
                lines = [text] + lines
                last_start = start
            self._said.append((last_start, "\n".join(lines)))

    def _unnamed(self, label: str) -> str:
        """A milestone's label without its panel's name when there is one panel only (the
        opening has named it)."""
        if len(self.panels) == 1 and self.panels[0] and label.startswith(self.panels[0] + ": "):
            return label[len(self.panels[0]) + 2:]
        return label

    def cues(self) -> list[Cue]:
        """The cues in order, each until the next starts (the last until the end); lines
        said less than `MIN_CUE` seconds after a cue began join that cue, so that every
        cue stays long enough to be read."""
        said: list[tuple[float, str]] = []
        for start, text in self._said:
            if said and start - said[-1][0] < MIN_CUE:
                said[-1] = (said[-1][0], f"{said[-1][1]}\n{text}")
            else:
                said.append((start, text))
        out = []
        for k, (start, text) in enumerate(said):
            end = said[k + 1][0] if k + 1 < len(said) else self.end
            out.append(Cue(start, max(end, start + 0.01), text))
        return out


def opening(title: str, panels: Sequence[str]) -> str:
    """What the animation shows, said before anything moves."""
    head = title or " / ".join(panels) or "Animation"
    if len(panels) > 1 or (panels and panels[0] != head):
        return f"{head}. {len(panels)} panel{'s' if len(panels) > 1 else ''}: " \
               + "; ".join(panels) + "."
    return f"{head}."


def alt_text(cues: Sequence[Cue], limit: int = 400) -> str:
    """A short text alternative: the opening and the closing lines, within `limit`
    characters (whole sentences: a line that does not fit is left out, never cut)."""
    if not cues:
        return "Animation."
    first = cues[0].text.splitlines()
    parts = first[:1]
    for line in cues[-1].text.splitlines() if len(cues) > 1 else first[1:]:
        if len(" ".join(parts + [line])) + 1 <= limit:
            parts.append(line.rstrip(".") + ".")
    return " ".join(parts)


def _stamp(seconds: float) -> str:
    ms = round(seconds * 1000)
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}.{ms:03d}"


def webvtt(cues: Sequence[Cue]) -> str:
    """The cues as a WebVTT file's text."""
    blocks = ["WEBVTT", ""]
    for k, cue in enumerate(cues, 1):
        blocks += [str(k), f"{_stamp(cue.start)} --> {_stamp(cue.end)}",
                   cue.text.replace("-->", "->"), ""]
    return "\n".join(blocks)


def plain_text(cues: Sequence[Cue]) -> str:
    """The cues as plain text a screen reader reads in order: one paragraph per cue, its
    time in words first."""
    return "\n\n".join(f"At {cue.start:.1f} seconds: {cue.text.replace(chr(10), '. ')}"
                       for cue in cues) + "\n"


def write_transcripts(cues: Sequence[Cue], output: Path) -> list[Path]:
    """The WebVTT and plain-text transcripts beside `output` (.vtt, .txt); returns their
    paths."""
    vtt, txt = output.with_suffix(".vtt"), output.with_suffix(".txt")
    vtt.write_text(webvtt(cues), encoding="utf-8")
    txt.write_text(plain_text(cues), encoding="utf-8")
    return [vtt, txt]


__all__ = ["Cue", "Narration", "alt_text", "opening", "plain_text", "webvtt",
           "write_transcripts"]
