"""Questions resolved against a panel's event stream: the moments each kind can be asked at,
and the true answer derived from the events after that moment (never from the scenario).

`candidates(kind, ...)` lists the event indices a kind can stop at, each with its answer;
`resolve_panel` picks the moments the panel's questions name (or `auto` chooses) and
returns the `Asked` questions, or the located errors (a moment that never happens, more
questions than moments).
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import events as ev
from ..choices import Animate, Phase
from ..events import Cell
from ..maze import Maze
from . import fit, life_answers
from .model import REPLIES, Answer, Asked, Count, Kind, MomentKind, Question

Phased = Sequence[tuple[Phase, Any]]     # (phase, event): GENERATE, SOLVE, LIFE …


@dataclass(frozen=True)
class Candidate:
    """A moment a question can be asked at: the event index, its answer, the prompt, the
    explanation, the cells highlighted while asking, how lesson-worthy it is, and why
    the asked cells live or die (a Life question's, drawn in its answer)."""

    index: int
    prompt: str
    answer: Answer
    explanation: str
    cells: tuple[Cell, ...] = ()
    interest: int = 0
    whys: tuple[ev.Why, ...] = ()


def _cell_text(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def _model_at(events: Phased, upto: int, spec: Any) -> Maze:
    """The maze model once events 0..`upto` are applied."""
    m = spec.maze
    maze = Maze(m.rows, m.cols, m.surface, grid=m.grid, mask=m.mask)
    for _, event in events[:upto + 1]:
        if isinstance(event, ev.GridCreated):
            maze = Maze(event.rows, event.cols, event.surface, walls_open=event.walls_open,
                        grid="square" if event.grid is None else event.grid)
        else:
            maze.apply(event)
    return maze


# --- next cell --------------------------------------------------------------------------


def next_cell(events: Phased, spec: Any, about: str) -> list[Candidate]:
    """Moments where the algorithm `about` ("generator"/"solver") stands on a cell and
    moves on: its next step's cell (`fit.STEPS`) is the answer; for a random choice every
    unvisited neighbour is right."""
    name = spec.generator.name if about == "generator" else spec.solver.name
    rule = fit.STEPS[(about, name)]
    phase = Phase.GENERATE if about == "generator" else Phase.SOLVE
    steps = [k for k, (p, e) in enumerate(events) if p == phase
             and isinstance(e, ev.CellMarked) and e.mark == rule.mark]
    out: list[Candidate] = []
    seen: set[Cell] = set()
    maze: Maze | None = None
    applied = 0                     # on a weave: the model follows the events (tunnels)
    for here, there in itertools.pairwise(steps):
        cell, target = events[here][1].cell, events[there][1].cell
        seen.add(cell)
        stops = any(isinstance(events[j][1], (ev.PathFound, ev.NoPath))
                    for j in range(here + 1, there))
        if stops:
            continue
        moves = [target]
        forward = target not in seen
        if rule.random:
            if maze is None:
                maze = _model_at(events, 0, spec)
            if spec.maze.weave:
                for _, event in events[applied + 1:here + 1]:
                    maze.apply(event)
                applied = here
            unvisited = _unvisited(maze, cell, seen, spec.maze.weave)
            if unvisited:
                moves = sorted(set(unvisited))
                forward = True
            if target not in moves:        # the rule does not hold: accept what happened
                moves = [target]
        words = " or ".join(_cell_text(c) for c in moves) if len(moves) > 1 \
            else _cell_text(target)
        answer = Answer(frozenset(moves), tuple(moves), words, any_of=len(moves) > 1)
        why = rule.explain(forward, len(moves), target)
        out.append(Candidate(here, f"Where does {rule.who} go next? Click a cell.", answer,
                             why, (cell,), interest=int(not forward) + int(len(moves) > 1)))
    return out


def _unvisited(maze: Maze, cell: Cell, seen: set[Cell], weave: bool) -> list[Cell]:
    """The cells a random carver may step to from `cell`: its unvisited neighbours and,
    on a weave, the unvisited cells beyond a corridor it may tunnel under."""
    out = []
    for side in maze.grid.all_sides:
        step = maze.move(cell, side)
        if step is not None and step.cell not in seen:
            out.append(step.cell)
        elif weave and (dug := maze.tunnel_under(cell, side)) is not None \
                and dug[2] not in seen:
            out.append(dug[2])
    return out


# --- merge or reject --------------------------------------------------------------------


_VERDICTS = (ev.WallOpened, ev.WallClosed, ev.WallRejected)


def merge_or_reject(events: Phased, spec: Any) -> list[Candidate]:
    """Moments where the generator considers a wall and then decides about that very wall:
    yes when it changes it (WallOpened, WallClosed), no when it rejects it."""
    words = fit.WALLS[spec.generator.name]
    m = spec.maze
    grid = Maze(m.rows, m.cols, m.surface, grid=m.grid, mask=m.mask)
    out: list[Candidate] = []
    n = len(events)
    for k, (phase, event) in enumerate(events):
        if phase != Phase.GENERATE or not isinstance(event, ev.WallConsidered):
            continue
        verdict = None
        for j in range(k + 1, n):
            later = events[j][1]
            if isinstance(later, ev.WallConsidered) or events[j][0] != Phase.GENERATE:
                break
            if isinstance(later, _VERDICTS) and (later.cell, later.side) == (event.cell,
                                                                              event.side):
                verdict = later
                break
        if verdict is None:
            continue
        yes = not isinstance(verdict, ev.WallRejected)
        across = grid.move(event.cell, event.side)
        cells = (event.cell,) + ((across.cell,) if across is not None else ())
        reason = verdict.reason if isinstance(verdict, ev.WallRejected) else None
        answer = Answer(frozenset({yes}), cells, words.yes if yes else words.no)
        out.append(Candidate(k, words.prompt, answer, words.explain(yes, reason), cells,
                             interest=int(not yes)))
    return out


# --- next generation --------------------------------------------------------------------

PICK = 6      # highlighted cells per next-generation question


def pick_cells(now: np.ndarray, after: np.ndarray, rng: np.random.Generator,
               k: int = PICK) -> tuple[Cell, ...]:
    """`k` cells worth predicting: about half that change (births and deaths), the rest
    live cells and dead cells next to life that stay as they are; drawn with `rng`."""
    changing = np.argwhere(now != after)
    alive = np.argwhere(now.astype(bool) & (now == after))
    near = np.zeros(now.shape, dtype=bool)
    live = now.astype(bool)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            near |= np.roll(np.roll(live, dr, 0), dc, 1)
    quiet = np.argwhere(near & ~live & (now == after))
    picked: list[Cell] = []
    for pool, want in ((changing, (k + 1) // 2), (alive, k // 4 + 1), (quiet, k)):
        if len(pool) and len(picked) < k:
            take = min(want, len(pool), k - len(picked))
            for i in rng.choice(len(pool), size=take, replace=False):
                cell = (int(pool[i][0]), int(pool[i][1]))
                if cell not in picked:
                    picked.append(cell)
    return tuple(sorted(picked))


def next_generation(events: Phased, spec: Any) -> list[Candidate]:
    """Moments at each Life generation but the last: which highlighted cells are alive in
    the next one."""
    gens = [k for k, (_, e) in enumerate(events) if isinstance(e, ev.Generation)]
    out = []
    for here, there in itertools.pairwise(gens):
        now, nxt = events[here][1], events[there][1]
        grid_now, grid_next = np.asarray(now.grid), np.asarray(nxt.grid)
        rng = np.random.default_rng([spec.seed, now.index])
        cells = pick_cells(grid_now, grid_next, rng)
        if not cells:
            continue
        alive = frozenset(c for c in cells if grid_next[c])
        changed = sum(1 for c in cells if grid_now[c] != grid_next[c])
        words = ("alive: " + ", ".join(_cell_text(c) for c in sorted(alive))) if alive \
            else "none of them"
        rule = nxt.rule or "the rule"
        whys = life_answers.whys_of(grid_now, now, cells)
        why = (f"{rule}, by each cell's live neighbours (across the glued edges): "
               + life_answers.fates(whys)
               + f"; {changed} of the {len(cells)} highlighted cells change")
        out.append(Candidate(here, f"Generation {now.index}: which highlighted cells are "
                             f"alive next? Click to toggle, Enter to answer.",
                             Answer(frozenset({alive}), tuple(sorted(alive)), words), why,
                             cells, interest=changed, whys=whys))
    return out


# --- way through --------------------------------------------------------------------------


def _build_end(events: Phased) -> int | None:
    """The last event before the solve (the built maze with its endpoints and figures)."""
    solve = next((k for k, (p, _) in enumerate(events) if p == Phase.SOLVE), None)
    if solve is None:
        return len(events) - 1 if events else None
    return solve - 1


def way_through(events: Phased, spec: Any) -> list[Candidate]:
    """One moment, the built maze before its solve: does the solve end in PathFound?"""
    k = _build_end(events)
    if k is None or not any(p == Phase.SOLVE for p, _ in events):
        return []
    found = next((e for p, e in events if p == Phase.SOLVE and isinstance(e, ev.PathFound)), None)
    solver = spec.solver.name
    if found is not None:
        answer = Answer(frozenset({True}), tuple(found.cells), "yes")
        why = (f"{solver} found a way of {len(found.cells)} cells from the entrance to the "
               f"exit")
    else:
        maze = _model_at(events, k, spec)
        start, _goal = maze.default_endpoints()
        region = tuple(sorted(maze.reachable(start)))
        answer = Answer(frozenset({False}), region, "no")
        why = (f"the {len(region)} open cells joined to the entrance never reach the exit, "
               f"so {solver} gives up")
    return [Candidate(k, "Is there a way from the entrance to the exit? (y/n)", answer, why)]


# --- how many -----------------------------------------------------------------------------


def dead_ends(maze: Maze) -> tuple[Cell, ...]:
    """The passable cells with exactly one passage out."""
    return tuple((r, c) for r in range(maze.rows) for c in range(maze.cols)
                 if maze.passable((r, c)) and sum(1 for _ in maze.passages((r, c))) == 1)


def how_many(events: Phased, spec: Any, count: Count) -> list[Candidate]:
    """`dead_ends`: one moment, the built maze; `sets`: each wall a set-based generator
    considers (cells minus the merges so far)."""
    if count == Count.DEAD_ENDS:
        k = _build_end(events)
        if k is None:
            return []
        ends = dead_ends(_model_at(events, k, spec))
        why = f"a dead end is a cell with one way out; this maze has {len(ends)}"
        return [Candidate(k, "How many dead ends does this maze have? Type the number, "
                          "then Enter.", Answer(frozenset({len(ends)}), ends, str(len(ends))),
                          why)]
    cells = spec.maze.rows * spec.maze.cols
    out, merged = [], 0
    for k, (phase, event) in enumerate(events):
        if isinstance(event, ev.SetsMerged):
            merged += 1
        if phase == Phase.GENERATE and isinstance(event, ev.WallConsidered):
            n = cells - merged
            why = (f"every cell starts as its own set ({cells}); each opened wall joined "
                   f"two, {merged} so far: {cells} - {merged} = {n}")
            out.append(Candidate(k, "How many sets (colours) are left? Type the number, then "
                                 "Enter.", Answer(frozenset({n}), (), str(n)), why))
    return out


def candidates(question: Question, events: Phased, spec: Any) -> list[Candidate]:
    """Every moment `question`'s kind can be asked at in `events`, in order."""
    kind = question.kind
    if kind == Kind.NEXT_CELL:
        return next_cell(events, spec, question.about or fit.default_about(spec) or "")
    if kind == Kind.MERGE_OR_REJECT:
        return merge_or_reject(events, spec)
    if kind == Kind.NEXT_GENERATION:
        return next_generation(events, spec)
    if kind == Kind.WAY_THROUGH:
        return way_through(events, spec)
    if kind in LIFE_ASKS:
        return LIFE_ASKS[kind](events, spec, Candidate)
    return how_many(events, spec, question.count or Count.DEAD_ENDS)


#: the Life kinds answered in `life_answers` (each given the Candidate record to make)
LIFE_ASKS = {Kind.PERIOD: life_answers.period, Kind.SETTLES: life_answers.settles,
             Kind.NEIGHBOURS: life_answers.neighbours}


# --- choosing the moments -------------------------------------------------------------------


def spread(pool: list[Candidate], n: int, rng: np.random.Generator) -> list[Candidate]:
    """`n` of `pool` (in order) spread over it: one from each of `n` equal stretches, the
    most lesson-worthy of the stretch's middle half (ties drawn with `rng`)."""
    chosen = []
    for b in range(n):
        lo, hi = b * len(pool) // n, (b + 1) * len(pool) // n
        quarter = (hi - lo) // 4
        middle = pool[lo + quarter:hi - quarter] or pool[lo:hi]
        best = max(c.interest for c in middle)
        top = [c for c in middle if c.interest == best]
        chosen.append(top[int(rng.integers(len(top)))])
    return chosen


def _named(question: Question, pool: list[Candidate], events: Phased
           ) -> tuple[Candidate | None, str]:
    """The candidate the question's moment names, or None and what went wrong."""
    moment = question.moment
    assert moment is not None
    if moment.how == MomentKind.NTH:
        n = int(moment.value)          # type: ignore[call-overload]
        if n > len(pool):
            return None, (f"expected a moment that happens, got the {n}th of only "
                          f"{len(pool)} `{question.kind}` moments in this run")
        return pool[n - 1], ""
    if moment.how == MomentKind.STEP:
        n = int(moment.value)          # type: ignore[call-overload]
        hit = next((c for c in pool if c.index >= n), None)
        return hit, "" if hit else (f"expected a moment that happens, got step {n}: no "
                                    f"`{question.kind}` moment at or after it (the run has "
                                    f"{len(events)} steps)")
    if moment.how == MomentKind.GENERATION:
        n = int(moment.value)          # type: ignore[call-overload]
        at = next((k for k, (_, e) in enumerate(events)
                   if isinstance(e, ev.Generation) and e.index == n), None)
        hit = next((c for c in pool if c.index == at), None) if at is not None else None
        last = max((e.index for _, e in events if isinstance(e, ev.Generation)), default=0)
        return hit, "" if hit else (f"expected a generation from 0 to {last - 1} (one that "
                                    f"has a next), got {n}")
    at = next((k for k, (_, e) in enumerate(events)
               if isinstance(e, ev.Milestone) and e.kind == moment.value), None)
    if at is None:
        return None, (f"expected a milestone that happens in this run, got "
                      f"`{moment.value}`, which never does")
    hit = next((c for c in pool if c.index >= at), None)
    return hit, "" if hit else (f"expected a `{question.kind}` moment after the milestone "
                                f"`{moment.value}`, but none follows it")


def resolve_panel(questions: list[Question], events: Phased, spec: Any, panel: int
                  ) -> tuple[list[Asked], list[str]]:
    """The panel's questions at their moments (in the stream's order), and the located
    errors: a moment that never happens, two questions of one kind at one moment, more
    questions than moments. `auto` draws its moments with a generator seeded by the panel's seed."""
    asked: list[tuple[Question, Candidate]] = []
    errors: list[str] = []
    used: set[tuple] = set()     # (index, kind, count): one question of a kind a moment
    pools: dict[tuple, list[Candidate]] = {}

    # `animate: solve` draws the whole building into the first picture: no stop before it
    shown_from = sum(1 for p, _ in events if p != Phase.SOLVE) - 1 \
        if getattr(spec, "animate", Animate.ALL) == Animate.SOLVE else 0

    def pool_of(q: Question) -> list[Candidate]:
        key = (q.kind, q.count, q.about)
        if key not in pools:
            pools[key] = [c for c in candidates(q, events, spec) if c.index >= shown_from]
        return pools[key]

    for q in [q for q in questions if q.moment is not None]:
        hit, why = _named(q, pool_of(q), events)
        if hit is None:
            errors.append(f"{q.loc}.at: {why}")
        elif (hit.index, q.kind, q.count) in used:
            errors.append(f"{q.loc}.at: expected a moment of its own, got one another "
                          f"question of this panel already stops at (step {hit.index})")
        else:
            used.add((hit.index, q.kind, q.count))
            asked.append((q, hit))
    for i, q in enumerate(questions):
        if q.moment is not None:
            continue
        free = [c for c in pool_of(q) if (c.index, q.kind, q.count) not in used]
        if len(free) < q.auto:
            errors.append(f"{q.loc}.auto: expected at most {len(free)} (the `{q.kind}` "
                          f"moments this run has left), got {q.auto}")
            continue
        for c in spread(free, q.auto, np.random.default_rng([spec.seed, i])):
            used.add((c.index, q.kind, q.count))
            asked.append((q, c))
    asked.sort(key=lambda qc: qc[1].index)
    return [Asked(panel, c.index, q.kind, REPLIES[q.kind], c.prompt, c.answer, c.explanation,
                  c.cells, c.whys) for q, c in asked], errors


def resolve(path: Any, panels: Sequence[Any], transcripts: Sequence[Any]
            ) -> tuple[list[Asked], list[str]]:
    """Every panel's questions, resolved against its recorded transcript (its `phased()`
    events, the panels as drawn: `auto` mazes sized); errors are located
    `path: panels[i].questions[j]…` lines."""
    out: list[Asked] = []
    errors: list[str] = []
    for i, (spec, transcript) in enumerate(zip(panels, transcripts)):
        questions = getattr(spec, "questions", None) or []
        if not questions:
            continue
        asked, errs = resolve_panel(questions, list(transcript.phased()), spec, i)
        out += asked
        errors += [f"{path}: {e}" for e in errs]
    return out, errors
