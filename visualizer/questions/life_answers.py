"""The Life question kinds that read what a run became and why cells live: `period` and
`settles` (answered by the identity the run's events carry, `Generation.identity`) and
`neighbours` (an outlined cell's live neighbours, counted across the glued edges as the
engine counts them: `life/why.py`)."""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from .. import events as ev
from ..events import Cell
from ..life.why import neighbourhood, why
from .model import Answer


def whys_of(grid: np.ndarray, event: ev.Generation, cells: Sequence[Cell]
            ) -> tuple[ev.Why, ...]:
    """Why each of `cells` of `grid` (generation `event`) lives or dies next."""
    return tuple(why(grid, event.rule, event.surface, c, event.index) for c in cells)


def fates(whys: Sequence[ev.Why]) -> str:
    """Each explained cell's live neighbours and what the rule does with them, in words:
    "(3, 4): 3 → born, (5, 5): 4 → dies: crowded"."""
    return ", ".join(f"({w.cell[0]}, {w.cell[1]}): {w.text()}" for w in whys)


def _generations(events: Sequence[tuple[Any, Any]]) -> list[tuple[int, ev.Generation]]:
    """(event index, event) of every Generation in `events`."""
    return [(k, e) for k, (_, e) in enumerate(events) if isinstance(e, ev.Generation)]


def _first_identity(gens: list[tuple[int, ev.Generation]]) -> ev.Generation | None:
    """The first generation that carries what the run became (None: it never settles)."""
    return next((e for _, e in gens if e.identity is not None), None)


def period(events: Sequence[tuple[Any, Any]], spec: Any, make: Any) -> list[Any]:
    """Moments before the run is seen to repeat, when it does within the run: every how many
    generations does it repeat? Most worth asking once the repeating has begun."""
    gens = _generations(events)
    seen = _first_identity(gens)
    if seen is None or seen.identity is None:
        return []
    found = seen.identity
    start = found.generation or 0
    what = found.summary()
    why_text = (f"generation {seen.index} is generation {start} again"
                + (f", moved by {found.shift}" if found.shift != (0, 0) else "")
                + f": {what}, it repeats every {found.period} generation"
                + ("s" if found.period > 1 else ""))
    answer = Answer(frozenset({found.period}), (), str(found.period))
    return [make(k, "Every how many generations will this pattern repeat? Type the number, "
                    "then Enter.", answer, why_text, (), int(e.index >= start))
            for k, e in gens if e.index < seen.index]


def settles(events: Sequence[tuple[Any, Any]], spec: Any, make: Any) -> list[Any]:
    """Moments before the run is seen to repeat (every generation but the last when it never
    does): will it settle before the run ends?"""
    gens = _generations(events)
    seen = _first_identity(gens)
    last = gens[-1][1].index if gens else 0
    if seen is not None and seen.identity is not None:
        found = seen.identity
        answer = Answer(frozenset({True}), (), "yes")
        words = "died" if found.kind == ev.Settled.DIED else f"became a {found.summary()}"
        why_text = f"at generation {found.generation} it {words}"
        upto = seen.index
    else:
        answer = Answer(frozenset({False}), (), "no")
        why_text = (f"no generation repeats an earlier one (not even moved) by generation "
                    f"{last}, the end of the run")
        upto = last
    return [make(k, "Will this run settle (become still, oscillate, fly off as a spaceship or "
                    "die out) before it ends? (y/n)", answer, why_text)
            for k, e in gens if e.index < upto]


@lru_cache(maxsize=16)
def _border_places(surface: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The border cells of `surface` (flat indices), each one's eight neighbour places
    (flat indices, -1 for outside) and whether each place is across a seam."""
    h, w = surface.rows, surface.cols
    border = [r * w + c for r in range(h) for c in range(w)
              if r in (0, h - 1) or c in (0, w - 1)]
    places = [neighbourhood(surface, (i // w, i % w)) for i in border]
    idx = np.array([[(p[0] * w + p[1]) if p is not None else -1 for p, _ in row]
                    for row in places], dtype=np.int64).reshape(len(border), 8)
    seam = np.array([[edge is not None for _, edge in row] for row in places],
                    dtype=bool).reshape(len(border), 8)
    return np.array(border, dtype=np.int64), idx, seam


def _border_counts(grid: np.ndarray, surface: Any) -> tuple[np.ndarray, np.ndarray,
                                                            np.ndarray]:
    """The border cells of `grid` (flat indices), their live neighbours and how many of
    those are counted across a seam, as the engine counts them."""
    border, idx, seam = _border_places(surface)
    flat = np.append(np.asarray(grid, dtype=bool).ravel(), False)    # index -1: dead
    alive = flat[idx]
    return border, alive.sum(axis=1), (alive & seam).sum(axis=1)


def neighbours(events: Sequence[tuple[Any, Any]], spec: Any, make: Any) -> list[Any]:
    """Moments at each generation: how many live neighbours has an outlined border cell,
    counted across the glued edges? The cell is drawn among those that count the most
    neighbours across a seam (on the plane: the most neighbours at all)."""
    out = []
    for k, e in _generations(events):
        grid = np.asarray(e.grid)
        cells, counts, across = _border_counts(grid, e.surface)
        score = across * 9 + counts
        if not score.size or score.max() == 0:
            continue
        best = np.flatnonzero(score == score.max())
        pick = int(cells[best[np.random.default_rng([spec.seed, e.index]).integers(
            len(best))]])
        cell = (pick // grid.shape[1], pick % grid.shape[1])
        w = why(grid, e.rule, e.surface, cell, e.index)
        live = tuple(sorted({p for p, _ in neighbourhood(e.surface, cell)
                             if p is not None and grid[p]}))
        seam = (f", {len(w.across)} of them across a glued edge: "
                + ", ".join(f"({r}, {c})" for (r, c), _ in w.across)) if w.across else ""
        why_text = (f"({cell[0]}, {cell[1]}) has {w.count} live neighbours{seam}; "
                    f"{e.rule or 'the rule'}: {w.text()}")
        out.append(make(k, f"Generation {e.index}: how many live neighbours has the outlined "
                           f"cell ({cell[0]}, {cell[1]}), counting across the glued edges? "
                           f"Type the number, then Enter.",
                        Answer(frozenset({w.count}), live, str(w.count)), why_text, (cell,),
                        len(w.across), (w,)))
    return out


__all__ = ["fates", "neighbours", "period", "settles"]
