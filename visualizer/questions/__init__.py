"""Stop and predict: questions a panel asks at chosen moments of its event stream.

`spec` models a panel's `questions:` list for the schema; `answers.resolve` finds each
question's moment in the panel's events and derives the true answer from the events that
follow; `schedule` turns the questions into held card frames for an export; the window asks
them interactively (`visualizer.window.quiz`).
"""
from .model import Answer, Asked, Count, Kind, Moment, Question, Reply, check

__all__ = ["Answer", "Asked", "Count", "Kind", "Moment", "Question", "Reply", "check"]
