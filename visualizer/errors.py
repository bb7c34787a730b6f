"""The one error a user's input raises: every problem of a scenario, one located line each."""
from __future__ import annotations


class ScenarioError(Exception):
    """Everything wrong with a scenario file, one line each."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


__all__ = ["ScenarioError"]
