"""Variants for a class: one version of a scenario per student, each with its own seeds,
and the answer key of their questions.

The seed rule: student k (1, 2, … N) gets the scenario with every seed raised by
`SEED_STRIDE` * k — the scenario's `seed`, each panel's and each Life panel's own — so
student k's animation is the same wherever and whenever it is made, and student 0 is the
scenario as written. Panels that share a seed in the scenario still share it (a comparison
stays a comparison). The answers are read from each version's recorded events (the
questions resolved by `questions.answers`), never written by hand.
"""
from __future__ import annotations

import csv
import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .questions.model import Asked, accepted_keys
from .scenario import PanelSpec, Scenario

#: the seed distance between two students' versions
SEED_STRIDE = 1000
#: the most versions one command writes
MAX_VARIANTS = 500
#: the answer key's columns
ANSWER_COLUMNS = ("student", "seed", "question", "panel", "kind", "prompt", "answer",
                  "accepted replies", "explanation")


def student_seed(seed: int, student: int) -> int:
    """Student `student`'s seed for a scenario (or panel) seed `seed`."""
    return seed + SEED_STRIDE * student


def variant(scenario: Scenario, student: int) -> Scenario:
    """Student `student`'s version of `scenario`: every seed moved by the seed rule."""
    return dataclasses.replace(
        scenario, seed=student_seed(scenario.seed, student),
        panels=[_panel_variant(spec, student) for spec in scenario.panels])


def _panel_variant(spec: PanelSpec, student: int) -> PanelSpec:
    """One panel with its seeds (its own, its Life grid's own) moved by the seed rule."""
    life = spec.life
    if life is not None and life.seed is not None:
        life = dataclasses.replace(life, seed=student_seed(life.seed, student))
    return dataclasses.replace(spec, seed=student_seed(spec.seed, student), life=life)


def variant_path(output: Path, student: int, count: int) -> Path:
    """Where student `student` of `count` goes: `<name>_student07.gif` beside `output`
    (numbers padded to the width of `count`)."""
    width = max(2, len(str(count)))
    return output.with_name(f"{output.stem}_student{student:0{width}d}{output.suffix}")


def answers_path(output: Path) -> Path:
    """The answer key beside the versions of `output`: `<name>_answers.csv`."""
    return output.with_name(f"{output.stem}_answers.csv")


@dataclass(frozen=True)
class Made:
    """The versions written (in student order) and the answer key (None: no questions)."""

    paths: list[Path]
    answers: Path | None


def write_variants(scenario: Scenario, count: int, output: Path | None = None,
                   said: Callable[[str], None] | None = None) -> Made:
    """Render `count` versions of `scenario` (students 1 … count) beside `output` (default:
    the scenario's), in its format, and, when it asks questions, their answer key as CSV.
    `said` is told one line per file written. Returns what was written."""
    from .pipeline import prepare, render

    target = Path(output) if output is not None else scenario.output
    fmt = target.suffix.lstrip(".").lower() or scenario.format
    paths, rows = [], []
    for student in range(1, count + 1):
        mine = variant(scenario, student)
        path = variant_path(target, student, count)
        ready = prepare(dataclasses.replace(mine, output=path, format=fmt))
        result = render(ready)
        paths.append(path)
        rows += answer_rows(student, mine.seed, ready.panels, result.asked)
        if said is not None:
            said(f"student {student}: {path} ({result.frames} frames, seed {mine.seed})")
    if not rows:
        return Made(paths, None)
    key = answers_path(target)
    with open(key, "w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(ANSWER_COLUMNS)
        writer.writerows(rows)
    if said is not None:
        said(f"answer key: {key} ({len(rows)} answers)")
    return Made(paths, key)


def answer_rows(student: int, seed: int, panels: Sequence[PanelSpec], asked: Sequence[Asked]
                ) -> list[list[str]]:
    """One CSV row per question of `asked` (in the order the animation asks them, numbered
    from 1 as the HTML player numbers them): the answer in words and every reply that counts
    as right (the keys the player compares: "r,c" a cell, "y"/"n", a number, "r,c;r,c"
    cells)."""
    return [[str(student), str(seed), str(number), panels[a.panel].title, a.kind.value,
             a.prompt, a.answer.words, " | ".join(accepted_keys(a)), a.explanation]
            for number, a in enumerate(asked, 1)]
