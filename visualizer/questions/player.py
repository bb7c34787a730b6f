"""A question as the HTML player's data: everything the page needs to ask it, take the
reply and say whether it was right, computed here so that the page only compares strings.

The page builds a reply's key as `model.reply_key` does and looks it up in `accept`.
"""
from __future__ import annotations

from typing import Any

from ..render.cards import copies_of, grid_of, halo_cells
from ..render.palette import INDEX
from .model import Asked, Reply, accepted_keys


def player_question(asked: Asked, canvas: Any, moment: Any = None) -> dict[str, Any]:
    """The JSON-ready record of `asked` on `canvas`: its panel, the panel's title when the
    canvas has several (to say which one is asked), the reply (`Reply` value), the prompt,
    the accepted reply keys, the answer in words and its reason, the cells to outline while
    asking, the panel's cell grid in frame pixels (`cards.grid_of`, None if it has none), for
    a cell reply in a neighbourhood view the cells of the copies around it (`cards.copies_of`),
    the palette indices of the outlines (asked cells, chosen cells), and the asked cells
    whose ring needs a halo on `moment` (the picture asked over: `cards.halo_cells`)."""
    several = len(canvas.panels) > 1
    return {"panel": asked.panel, "title": canvas.titles[asked.panel] if several else "",
            "kind": str(asked.kind), "reply": str(asked.reply),
            "prompt": asked.prompt, "accept": accepted_keys(asked),
            "any_of": asked.answer.any_of, "words": asked.answer.words,
            "explanation": asked.explanation,
            "cells": [[int(r), int(c)] for r, c in asked.cells],
            "grid": grid_of(canvas, asked.panel),
            "copies": copies_of(canvas, asked.panel) if asked.reply == Reply.CELL else [],
            "outline": INDEX["considered"], "chosen": INDEX["born"],
            "background": INDEX["background"],
            "halo": [] if moment is None else
            [[int(r), int(c)] for r, c in
             halo_cells(moment, canvas, asked.panel, asked.cells, INDEX["considered"])]}
