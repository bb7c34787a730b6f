"""The closed word sets of a scenario and of a render, as enums.

Each member is also its text (`Clock.PROGRESS == "progress"`), so it reads as its word in a
scenario file, a message or the published schema; code compares members, never the text.
"""
from __future__ import annotations

from .events import _Word


class Clock(_Word):
    """How event streams are spread over frames (`render.animate`)."""

    STEPS = "steps"          # every panel advances the same number of events per frame
    PROGRESS = "progress"    # every panel is spread over the same frames


class View(_Word):
    """How a maze panel is drawn."""

    SQUARE = "square"                # the maze alone
    NEIGHBOURHOOD = "neighbourhood"  # the maze with dimmed copies around it, as glued


class Animate(_Word):
    """What of a maze panel's story moves."""

    ALL = "all"        # generation, then the solve
    SOLVE = "solve"    # the maze appears built in the first frame; only the solve moves


class Figures(_Word):
    """The maze's figures in its caption."""

    SUMMARY = "summary"
    TEXTURE = "texture"


class QuestionsAs(_Word):
    """How the HTML player shows the questions."""

    ASK = "ask"        # stop at each question and take the answer
    CARDS = "cards"    # play the GIF's held cards, frame for frame


class Phase(_Word):
    """Which part of a panel's story an event belongs to."""

    GENERATE = "generate"
    BRAID = "braid"
    ENDPOINTS = "endpoints"
    STATS = "stats"
    SOLVE = "solve"
    LIFE = "life"
