"""The window's questions, without matplotlib: stop at each question's moment, take the
student's answer (a click on a cell, y/n, digits and Enter, clicks toggling Life cells then
Enter), say whether it was right with the true answer and its reason, and keep the score.
`s` skips the question.

`Quiz.reached(before, after)` is called after the player moved forward from step `before`
to `after`: if a question's moment lies in between, the player goes back to exactly that
moment and the question is asked (`active`). While a question is answered its true answer
is outlined over the picture (`overlay`) until the player moves on. A panel the student
edited (a new start, another solver, a Life cell toggled) asks no more: its answers were
read from the events it no longer plays.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..events import Cell
from ..questions import Asked, Reply, check
from ..render.cards import explain_cells, highlight
from ..render.palette import INDEX


class Quiz:
    """The questions of `session`'s scenario (resolved against its streams), the one being
    asked, the last feedback and the score."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.asked: list[Asked] = list(session.prepared.asked)
        self.done: set[int] = set()             # indices into `asked` answered or skipped
        self.active: int | None = None
        self.shown: int | None = None           # the answered question whose answer is shown
        self.right = 0
        self.answered = 0
        self.skipped = 0
        self.feedback = ""
        self.typed = ""                          # digits typed for a number
        self.toggled: set[Cell] = set()          # cells chosen for a Life question

    def __bool__(self) -> bool:
        return bool(self.asked)

    # --- where the questions are --------------------------------------------------------

    def position(self, k: int) -> int:
        """The player step at which question `k`'s panel has drawn its moment."""
        a = self.asked[k]
        return self.session.player.position_for(a.panel, a.index + 1)

    def reached(self, before: int, after: int) -> bool:
        """After a move forward from step `before` to `after`: ask the first unanswered
        question whose moment lies in (before, after], going back to it. True if one is."""
        if self.active is not None or after <= before:
            return self.active is not None
        self.shown = None
        edits = self.session.player.edits
        due = [(self.position(k), k) for k in range(len(self.asked))
               if k not in self.done and not edits[self.asked[k].panel]
               and before < self.position(k) <= after]
        if not due:
            return False
        at, k = min(due)
        self.ask(k, at)
        return True

    def ask(self, k: int, at: int | None = None) -> None:
        """Show question `k`: the player at its exact moment, the question in words."""
        a = self.asked[k]
        player = self.session.player
        at = self.position(k) if at is None else at
        player.seek(at)
        counts = list(player.counts(at))
        if counts[a.panel] != a.index + 1:           # the clock took the panel past it
            counts[a.panel] = a.index + 1
            player.seek_counts(counts)
        self.active, self.typed, self.toggled = k, "", set()
        self.feedback = ""

    @property
    def question(self) -> Asked | None:
        return self.asked[self.active] if self.active is not None else None

    # --- answers --------------------------------------------------------------------------

    def click(self, panel: int, cell: Cell) -> bool:
        """A click on `cell` of `panel` while a question is asked: the answer of a cell
        question, a toggle for a Life question. True if the click was taken."""
        a = self.question
        if a is None or panel != a.panel:
            return False
        if a.reply == Reply.CELL:
            self._answer(cell)
            return True
        if a.reply == Reply.CELLS:
            if cell in a.cells:
                self.toggled ^= {cell}
            else:
                self.feedback = "click one of the outlined cells"
            return True
        return False

    def key(self, key: str) -> bool:
        """A key while a question is asked (`y`, `n`, digits, backspace, enter, `s`); True
        if it was taken."""
        a = self.question
        if a is None:
            return False
        if key == "s":
            self.skip()
        elif a.reply == Reply.YES_NO and key in ("y", "n"):
            self._answer(key == "y")
        elif a.reply == Reply.NUMBER and key.isdigit():
            self.typed = (self.typed + key)[-6:]
        elif a.reply == Reply.NUMBER and key == "backspace":
            self.typed = self.typed[:-1]
        elif key == "enter" and a.reply == Reply.NUMBER and self.typed:
            self._answer(int(self.typed))
        elif key == "enter" and a.reply == Reply.CELLS:
            self._answer(frozenset(self.toggled))
        else:
            return False
        return True

    def skip(self) -> None:
        """Leave the question unanswered, showing its answer."""
        a = self.question
        if a is None:
            return
        self.skipped += 1
        self.feedback = f"skipped — answer: {a.answer.words}; {a.explanation}"
        self._close()

    def _answer(self, response: Any) -> None:
        a = self.question
        assert a is not None
        ok = check(a, response)
        self.answered += 1
        self.right += ok
        head = "Right!" if ok else "Not quite."
        any_of = " (any of these was right)" if a.answer.any_of else ""
        self.feedback = f"{head} Answer: {a.answer.words}{any_of} — {a.explanation}"
        self._close()

    def _close(self) -> None:
        assert self.active is not None
        self.done.add(self.active)
        self.shown, self.active = self.active, None

    # --- what the window shows --------------------------------------------------------------

    @property
    def score(self) -> str:
        return (f"score {self.right}/{self.answered}"
                + (f", {self.skipped} skipped" if self.skipped else "")
                + f" · {len(self.asked) - len(self.done)} to come")

    def lines(self) -> list[str]:
        """The status lines: the question and how to answer it, or the last feedback; the
        score."""
        out = []
        a = self.question
        if a is not None:
            out.append(f"? {a.prompt}")
            if a.reply == Reply.NUMBER:
                out.append(f"your answer: {self.typed or '_'}  (digits, Enter; s skips)")
            elif a.reply == Reply.CELLS:
                chosen = ", ".join(f"({r}, {c})" for r, c in sorted(self.toggled)) or "none"
                out.append(f"alive: {chosen}  (click to toggle, Enter; s skips)")
            elif a.reply == Reply.YES_NO:
                out.append("y or n (s skips)")
            else:
                out.append("click a cell (s skips)")
        if self.feedback:
            out.append(self.feedback)
        if self.asked:
            out.append(self.score)
        return out

    def overlay(self, frame: np.ndarray) -> np.ndarray:
        """`frame` with the asked question's cells (and chosen Life cells) outlined, or the
        answered question's true answer; `frame` itself when there is nothing to draw."""
        canvas = self.session.canvas
        if self.active is not None:
            a = self.asked[self.active]
            out = frame.copy()
            highlight(out, canvas, a.panel, a.cells, INDEX["considered"])
            highlight(out, canvas, a.panel, self.toggled, INDEX["born"])
            return out
        if self.shown is not None:
            a = self.asked[self.shown]
            out = frame.copy()
            if self.session.player.tracks[a.panel].consumed == a.index + 1:
                explain_cells(out, canvas, a)      # why, while the picture is its moment's
            shown = set(a.answer.shown)
            highlight(out, canvas, a.panel, [c for c in a.cells if c not in shown],
                      INDEX["considered"], frame)
            highlight(out, canvas, a.panel, shown, INDEX["goal"], frame)
            return out
        return frame
