"""One panel's keys: a maze generated (and maybe solved), or a Life run, with the defaults
that follow from the panel's kind."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from pydantic import Field, ValidationInfo, model_validator

from .. import registry
from ..choices import Animate, Figures
from ..life.spec import LifeSection
from ..maze.endpoints import default_rule
from ..questions.spec import ASKED_OF, QuestionList, asked_of
from .fields import Problem, Section, choice, number, text, whole
from .maze_section import Endpoints, Maze, maze_panel_rules

LIFE_CELL_SIZE = 6     # a Life panel's pixels per cell when it gives no `cell_size`
LIFE_TITLE = "Life"    # a Life panel's caption when it gives no `title`
MAZE_ONLY = ("braid", "animate", "figures")    # panel keys a Life panel does not read


class PanelFields(Section):
    """One panel: a maze generated (and maybe solved), or a Life run (`life`)."""

    shape: ClassVar[str] = "a mapping describing a panel"

    title: text() = Field(None, description="the panel's caption (default: the "  # type: ignore[valid-type]
                                            f"algorithms' names, or {LIFE_TITLE})")
    seed: whole(0) = Field(None, description="the panel's random seed (default: "  # type: ignore[valid-type]
                                             "the scenario's)")
    maze: Maze = Field(None, description="the grid (a maze panel)")  # type: ignore[assignment]
    #: typed by `models()` from the registry: a generator's name or options
    generator: Any = Field(None, description="how the maze is made (required for a maze "
                                             "panel)")
    endpoints: Endpoints = Field(  # type: ignore[valid-type]
        None, description="where the solver starts and ends: a rule, or the two cells "
                          "(default: corners on the plane, across on a glued surface)")
    #: typed by `models()` from the registry: a solver's name or options
    solver: Any = Field(None, description="how the maze is solved (none: the maze is only "
                                          "built)")
    life: LifeSection = Field(None, description="a Game-of-Life run instead of "  # type: ignore[assignment]
                                                "a maze")
    cell_size: whole(1, 64) = Field(  # type: ignore[valid-type]
        None, description=f"a Life panel's pixels per cell (default {LIFE_CELL_SIZE}; a "
                          "maze's is maze.cell_size)")
    braid: number(0.0, 1.0) = Field(  # type: ignore[valid-type]
        0.0, description="the share of dead ends opened after generation (0 = a perfect "
                         "maze)")
    animate: choice(Animate) = Field(  # type: ignore[valid-type]
        Animate.ALL, description="all, or solve: the maze appears built in the first frame")
    figures: choice(Figures) = Field(  # type: ignore[valid-type]
        Figures.SUMMARY, description="the maze's figures in its caption: summary (perfect or "
                                     "loops, solution, longest path, dead ends) or texture "
                                     "(dead-end share and river, for comparing generators)")
    questions: QuestionList = Field(  # type: ignore[valid-type]
        None,  # type: ignore[arg-type]
        description="stop and predict: questions asked at moments of the run, each a "
                    "mapping with `kind` and a moment (see Questions)")

    @classmethod
    def prepare(cls, data: dict, info: ValidationInfo) -> dict:
        if data.get("solver", ...) is None:
            data = {k: v for k, v in data.items() if k != "solver"}
        if info.context is not None:     # what this panel's questions are asked of
            info.context[ASKED_OF] = asked_of(data)
        return data

    @classmethod
    def rules(cls, data: dict, bad: Callable[..., bool],
              info: ValidationInfo) -> Iterable[Problem]:
        if "life" in data:
            for key in ("maze", "generator", "solver"):
                if key in data:
                    yield (key,), "a Life panel has no maze, generator or solver"
            return
        if "maze" not in data:
            yield ("maze",), "a maze (rows, cols, …) or a `life` run"
        if "generator" not in data:
            yield ("generator",), ("a generator: one of " + ", ".join(
                registry.algorithms("generator")) + " (required)")
        yield from maze_panel_rules(data, bad)

    @model_validator(mode="after")
    def _defaults(self) -> PanelFields:
        """The defaults that follow from the panel's kind: a Life panel's title and cell
        size (its maze keys are left at their defaults: a Life run does not read them); a
        maze panel's title (its algorithms), cell size (its maze's) and endpoints (by its
        surface)."""
        if self.life is not None:
            self.title = self.title or LIFE_TITLE
            if self.cell_size is None:
                self.cell_size = LIFE_CELL_SIZE
            for key in MAZE_ONLY:
                setattr(self, key, type(self).model_fields[key].default)
            return self
        if self.title is None:
            self.title = self.generator.name + (f" + {self.solver.name}" if self.solver
                                                else "")
        self.cell_size = self.maze.cell_size
        if self.endpoints is None:
            self.endpoints = default_rule(self.maze.surface)
        return self


__all__ = ["LIFE_CELL_SIZE", "LIFE_TITLE", "MAZE_ONLY", "PanelFields"]
