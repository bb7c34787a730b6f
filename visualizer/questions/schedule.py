"""Questions in an export: each one stops the animation at its moment and adds held frames.

After the frame that shows a question's moment (`animate.frames` ends a frame there), the
export holds, over that very picture:

    the question card   CARD_SECONDS
    a countdown         COUNTDOWN frames of 1 second each ("3 …", "2 …", "1 …")
    the answer          ANSWER_SECONDS, the true answer highlighted and explained

then the animation goes on. Every added frame is a `CardFrame` (a `Frame` that says its
role), so a writer still knows frames only, and the quiz sheet can pick them out. A writer
that asks the questions itself (the HTML player) is also told each card frame's role and,
with the question card, the question's data (`held`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any

from ..render.animate import Frame
from ..render.cards import answer_card, question_card
from .model import Asked

CARD_SECONDS = 2.0
COUNTDOWN = 3
ANSWER_SECONDS = 4.0


class Role(str, Enum):
    """What a frame added for a question shows."""

    CARD = "card"
    COUNTDOWN = "countdown"
    ANSWER = "answer"


@dataclass
class CardFrame(Frame):
    """A frame added for a question: `role` (Role.CARD, COUNTDOWN, ANSWER), and which."""

    role: Role = Role.CARD
    asked: Asked | None = None


def durations() -> list[tuple[Role, float]]:
    """The role and duration (seconds) of each frame a question adds, in order."""
    return ([(Role.CARD, CARD_SECONDS)] + [(Role.COUNTDOWN, 1.0)] * COUNTDOWN
            + [(Role.ANSWER, ANSWER_SECONDS)])


def stops(asked: list[Asked], panels: int) -> list[set[int]] | None:
    """Each panel's question moments (event indices), for `animate.frames(stops=…)`."""
    if not asked:
        return None
    out: list[set[int]] = [set() for _ in range(panels)]
    for a in asked:
        out[a.panel].add(a.index)
    return out


def cards_for(frame: Frame, canvas: Any, asked: Asked) -> list[CardFrame]:
    """The frames question `asked` adds after `frame` (its moment)."""
    out = []
    left = COUNTDOWN
    for role, seconds in durations():
        if role == Role.CARD:
            image = question_card(frame.image, canvas, asked)
        elif role == Role.COUNTDOWN:
            image = question_card(frame.image, canvas, asked, countdown=left)
            left -= 1
        else:
            image = answer_card(frame.image, canvas, asked)
        out.append(CardFrame(frame.index, image, seconds, None, frame.steps, role, asked))
    return out


def with_cards(frames: Iterator[Frame], canvas: Any, asked: list[Asked]
               ) -> Iterator[Frame]:
    """`frames` with each question's card frames after the first frame whose panel has
    drawn its moment (`Frame.steps[panel] > index`); the frame after the cards is marked
    wholly changed (dirty None), since the picture before it was a card."""
    waiting = sorted(asked, key=lambda a: (a.index, a.panel))
    after_cards = False
    for frame in frames:
        if after_cards:
            frame = replace(frame, dirty=None)
            after_cards = False
        yield frame
        due = [a for a in waiting if frame.steps[a.panel] > a.index]
        for a in due:
            waiting.remove(a)
            yield from cards_for(frame, canvas, a)
            after_cards = True


def with_questions(asked: list[Asked], canvas: Any,
                   make_frames: Callable[[list[set[int]] | None], Iterator[Frame]]
                   ) -> Iterator[Frame]:
    """The frames `make_frames(stops)` with the cards of the questions `asked` (resolved
    before any frame is drawn: see `answers.resolve`)."""
    frames = make_frames(stops(asked, len(canvas.panels)))
    return with_cards(frames, canvas, asked) if asked else frames


def held(frame: CardFrame, canvas: Any) -> tuple[Role, dict[str, Any] | None]:
    """What a writer that asks the questions itself (the HTML player's `held`) is told
    after writing `frame`: its role, and with the question card the question's data
    (`player.player_question`)."""
    from .player import player_question

    data = None
    if frame.role == Role.CARD and frame.asked is not None:
        data = player_question(frame.asked, canvas, frame.image)
    return frame.role, data


class QuizSheet:
    """Collects the question and answer pictures of an export for a handout: `save(dir)`
    writes q01.png, q02.png … (the question cards) and a01.png … (the answers)."""

    def __init__(self) -> None:
        self.questions: list[Any] = []
        self.answers: list[Any] = []

    def offer(self, frame: Frame) -> None:
        if isinstance(frame, CardFrame):
            if frame.role == Role.CARD:
                self.questions.append(frame.image)
            elif frame.role == Role.ANSWER:
                self.answers.append(frame.image)

    def save(self, folder: Path, palette: Any) -> list[Path]:
        """Write the pictures into `folder` (made if needed); returns their paths."""
        from ..export.png import save_png

        folder.mkdir(parents=True, exist_ok=True)
        out = []
        for prefix, images in (("q", self.questions), ("a", self.answers)):
            for k, image in enumerate(images, 1):
                path = folder / f"{prefix}{k:02d}.png"
                save_png(image, path, palette=palette)
                out.append(path)
        return out
