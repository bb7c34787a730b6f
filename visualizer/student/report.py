"""The report `viz.check` returns: one line per run (surface and seed) and per property
(same seed, same maze; the fingerprint), each saying what held or its first problem, located
at the step and the student's line; printed as text, or as plain data for the grader."""
from __future__ import annotations

from dataclasses import dataclass, field

from .problems import Problem, ProblemKind

OK, FAILED, SKIPPED = "✓", "✗", "–"


@dataclass(frozen=True)
class Line:
    """One thing checked: its label ("torus, seed 2"), what held when it did, or its
    problem; a skipped line (it could not be checked) neither holds nor fails."""

    label: str
    held: str = ""
    problem: Problem | None = None
    skipped: bool = False

    @property
    def ok(self) -> bool:
        return self.problem is None and not self.skipped

    def text(self, same_as: str | None = None) -> list[str]:
        """The line as printed: a mark, the label, what held or the located problem, and
        under a problem the student's line (a crash: their traceback); `same_as` names an
        earlier line with the same problem, which is then not repeated in full."""
        if self.problem is None:
            return [f"  {SKIPPED if self.skipped else OK} {self.label}: {self.held}"]
        if same_as is not None:
            return [f"  {FAILED} {self.label}: the same problem as {same_as}"]
        out = [f"  {FAILED} {self.label}: {self.problem.located()}"]
        if self.problem.traceback:
            out += [f"      {t}" for t in self.problem.traceback]
        elif self.problem.where is not None and (quoted := self.problem.where.quoted()):
            out.append(f"    {quoted}")
        return out

    def as_dict(self) -> dict:
        return {"label": self.label, "ok": self.ok, "skipped": self.skipped,
                "held": self.held,
                "problem": self.problem.as_dict() if self.problem else None}


@dataclass
class Report:
    """What a check found: `ok` when every line held; `problems` in order, `first` the
    first one; `str(report)` is the printed report."""

    name: str
    kind: str
    setting: str                   # "12x16 mazes on the plane and torus, seeds 0–2"
    like: str | None = None
    lines: list[Line] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return bool(self.lines) and all(line.ok or line.skipped for line in self.lines) \
            and any(line.ok for line in self.lines)

    @property
    def problems(self) -> list[Problem]:
        return [line.problem for line in self.lines if line.problem is not None]

    @property
    def first(self) -> Problem | None:
        """The first problem (None when all held)."""
        found = self.problems
        return found[0] if found else None

    def kinds(self) -> set[ProblemKind]:
        """The kinds of problem found."""
        return {p.kind for p in self.problems}

    def headline(self) -> str:
        like = f", like {self.like}" if self.like else ""
        failed = len(self.problems)
        checked = sum(not line.skipped for line in self.lines)
        verdict = (f"all {checked} checks held" if self.ok else
                   f"{failed} of {checked} checks failed")
        return f"{self.name} ({self.kind}{like}) on {self.setting}: {verdict}"

    def __str__(self) -> str:
        out = [self.headline()]
        first_seen: dict[tuple, str] = {}
        for line in self.lines:
            p = line.problem
            key = (p.kind, p.text, p.step, p.line) if p is not None else None
            out += line.text(first_seen.get(key) if key else None)
            if key is not None:
                first_seen.setdefault(key, line.label)
        return "\n".join(out)

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:    # IPython
        printer.text(str(self))     # type: ignore[attr-defined]

    def as_dict(self) -> dict:
        """The report as plain data (the grader's JSON)."""
        first = self.first
        return {"name": self.name, "kind": self.kind, "like": self.like,
                "setting": self.setting, "ok": self.ok, "seconds": round(self.seconds, 3),
                "first_problem": first.located() if first else None,
                "lines": [line.as_dict() for line in self.lines]}


__all__ = ["FAILED", "Line", "OK", "Report", "SKIPPED"]
