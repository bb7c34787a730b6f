"""Every question kind on a tiny grid, against answers computed here from the raw events."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from visualizer import events as ev
from visualizer.maze import stats
from visualizer.maze import replay
from visualizer.questions import Count, Kind, Question, check
from streams import phased_events
from visualizer.questions.answers import candidates, resolve_panel, spread
from visualizer.scenario import parse


def panel(text: dict):
    """The first panel of a scenario given as a mapping."""
    return parse({"seed": 5, **text}, Path("lesson.yaml")).panels[0]


def neighbours(cell, rows, cols):
    r, c = cell
    return {(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols}


def test_next_cell_backtracker_accepts_every_unvisited_neighbour():
    spec = panel({"maze": {"rows": 3, "cols": 4}, "generator": "backtracker"})
    events = phased_events(spec)
    pool = candidates(Question(Kind.NEXT_CELL), events, spec)
    currents = [(k, e.cell) for k, (p, e) in enumerate(events)
                if p == "generate" and isinstance(e, ev.CellMarked) and e.mark == ev.Mark.CURRENT]
    assert [c.index for c in pool] == [k for k, _ in currents[:-1]]
    for c, (k, here), (_, there) in zip(pool, currents, currents[1:]):
        visited = {cell for j, cell in currents if j <= k}
        fresh = neighbours(here, 3, 4) - visited
        assert c.answer.accepted == (frozenset(fresh) if fresh else frozenset({there}))
        assert there in c.answer.accepted
        assert c.answer.any_of == (len(fresh) > 1)
    # a random step with several choices says so; a back-up has one answer
    assert any(c.answer.any_of for c in pool)
    assert any("backs up" in c.explanation for c in pool)


@pytest.mark.parametrize("solver,mark", [("dfs", ev.Mark.CURRENT), ("bfs", ev.Mark.VISITED),
                                         ("wall_follower", ev.Mark.CURRENT),
                                         ("tremaux", ev.Mark.CURRENT)])
def test_next_cell_of_a_solver_is_its_next_step(solver, mark):
    spec = panel({"maze": {"rows": 3, "cols": 3}, "generator": "kruskal", "solver": solver})
    events = phased_events(spec)
    pool = candidates(Question(Kind.NEXT_CELL), events, spec)
    steps = [k for k, (p, e) in enumerate(events) if p == "solve"
             and isinstance(e, ev.CellMarked) and e.mark == mark]
    assert pool and len(pool) <= len(steps) - 1
    for c in pool:
        following = next(k for k in steps if k > c.index)
        assert c.answer.accepted == {events[following][1].cell}
        assert not c.answer.any_of


def test_merge_or_reject_follows_the_verdict_on_that_wall():
    spec = panel({"maze": {"rows": 3, "cols": 3}, "generator": "kruskal"})
    events = [e for _, e in phased_events(spec)]
    pool = candidates(Question(Kind.MERGE_OR_REJECT), phased_events(spec), spec)
    considered = [k for k, e in enumerate(events) if isinstance(e, ev.WallConsidered)]
    assert [c.index for c in pool] == considered
    for c in pool:
        # Kruskal: WallConsidered, then WallRejected or SetsMerged + WallOpened
        opens = isinstance(events[c.index + 1], ev.SetsMerged)
        assert c.answer.accepted == {opens}
    assert {True, False} == {next(iter(c.answer.accepted)) for c in pool}


def test_merge_or_reject_reverse_delete_skips_the_shuffle():
    spec = panel({"maze": {"rows": 3, "cols": 3}, "generator": "reverse_delete"})
    events = [e for _, e in phased_events(spec)]
    pool = candidates(Question(Kind.MERGE_OR_REJECT), phased_events(spec), spec)
    shuffled = next(k for k, e in enumerate(events) if isinstance(e, ev.Milestone)
                    and e.kind == ev.MilestoneKind.SHUFFLED)
    assert pool and all(c.index > shuffled for c in pool)
    for c in pool:
        wall = (events[c.index].cell, events[c.index].side)
        verdict = next(e for e in events[c.index + 1:]
                       if isinstance(e, (ev.WallClosed, ev.WallRejected)))
        assert (verdict.cell, verdict.side) == wall
        assert c.answer.accepted == {isinstance(verdict, ev.WallClosed)}


def conway_torus(grid: np.ndarray) -> np.ndarray:
    n = sum(np.roll(np.roll(grid, dr, 0), dc, 1) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0))
    return ((n == 3) | ((grid == 1) & (n == 2))).astype(np.uint8)


def test_next_generation_against_conways_rule():
    spec = panel({"panels": [{"life": {"rows": 8, "cols": 8, "surface": "torus",
                                       "generations": 6, "init": {"random": 0.4}}}]})
    events = phased_events(spec)
    pool = candidates(Question(Kind.NEXT_GENERATION), events, spec)
    assert len(pool) == 6         # generations 0..5 have a next one
    for c in pool:
        grid = np.asarray(events[c.index][1].grid)
        after = conway_torus(grid)
        alive = frozenset(cell for cell in c.cells if after[cell])
        assert c.answer.accepted == {alive}
        assert 0 < len(c.cells) <= 6
    again = candidates(Question(Kind.NEXT_GENERATION), events, spec)
    assert [c.cells for c in again] == [c.cells for c in pool]      # seeded


def blocked_way(blocked: np.ndarray) -> bool:
    rows, cols = blocked.shape
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        cell = todo.pop()
        for n in neighbours(cell, rows, cols):
            if not blocked[n] and n not in seen:
                seen.add(n)
                todo.append(n)
    return (rows - 1, cols - 1) in seen


@pytest.mark.parametrize("seed", range(6))
def test_way_through_matches_a_search_of_the_blocked_cells(seed):
    spec = panel({"seed": seed, "maze": {"rows": 5, "cols": 5},
                  "generator": {"name": "threshold", "threshold": 0.45}, "solver": "bfs"})
    events = phased_events(spec)
    (c,) = candidates(Question(Kind.WAY_THROUGH), events, spec)
    assert events[c.index + 1][0] == "solve" and events[c.index][0] != "solve"
    blocked = np.zeros((5, 5), bool)
    for _, e in events:
        if isinstance(e, ev.CellBlocked):
            blocked[e.cell] = True
    assert c.answer.accepted == {blocked_way(blocked)}


def test_how_many_dead_ends_matches_the_maze_figures():
    spec = panel({"maze": {"rows": 4, "cols": 5}, "generator": "backtracker", "solver": "bfs"})
    events = phased_events(spec)
    (c,) = candidates(Question(Kind.HOW_MANY, count=Count.DEAD_ENDS), events, spec)
    maze = replay(e for p, e in events if p != "solve")
    assert c.answer.accepted == {stats.maze_stats(maze)["dead_ends"]}


def test_how_many_sets_counts_components_of_the_opened_walls():
    spec = panel({"maze": {"rows": 3, "cols": 4}, "generator": "kruskal"})
    events = phased_events(spec)
    pool = candidates(Question(Kind.HOW_MANY, count=Count.SETS), events, spec)
    assert pool
    def root(parent, x):
        while parent[x] != x:
            x = parent[x]
        return x

    for c in pool:
        parent = {(r, col): (r, col) for r in range(3) for col in range(4)}
        for _, e in events[:c.index + 1]:
            if isinstance(e, ev.WallOpened):
                r, col = e.cell
                other = {ev.Side.N: (r - 1, col), ev.Side.S: (r + 1, col),
                         ev.Side.W: (r, col - 1), ev.Side.E: (r, col + 1)}[e.side]
                parent[root(parent, e.cell)] = root(parent, other)
        assert c.answer.accepted == {len({root(parent, x) for x in parent})}


def test_auto_is_deterministic_distinct_and_spread():
    spec = panel({"maze": {"rows": 6, "cols": 6}, "generator": "kruskal"})
    events = phased_events(spec)
    question = Question(Kind.MERGE_OR_REJECT, auto=4, loc="questions[0]")
    first, errors = resolve_panel([question], events, spec, 0)
    again, _ = resolve_panel([question], events, spec, 0)
    assert not errors
    assert [a.index for a in first] == [a.index for a in again]
    pool = [c.index for c in candidates(question, events, spec)]
    picks = [pool.index(a.index) for a in first]
    assert len(set(picks)) == 4
    # one from each quarter of the run's moments, none in the outer eighths of a quarter
    for b, p in enumerate(picks):
        lo, hi = b * len(pool) // 4, (b + 1) * len(pool) // 4
        assert lo <= p < hi


def test_spread_takes_the_most_lesson_worthy_of_each_stretch():
    spec = panel({"maze": {"rows": 4, "cols": 4}, "generator": "backtracker"})
    pool = candidates(Question(Kind.NEXT_CELL), phased_events(spec), spec)
    chosen = spread(pool, 2, np.random.default_rng(0))
    for b, c in enumerate(chosen):
        lo, hi = b * len(pool) // 2, (b + 1) * len(pool) // 2
        q = (hi - lo) // 4
        assert c.interest == max(x.interest for x in pool[lo + q:hi - q])


def test_check_takes_each_kind_of_reply():
    spec = panel({"maze": {"rows": 3, "cols": 4}, "generator": "kruskal", "solver": "bfs",
                  "questions": [{"kind": "next_cell", "at": {"nth": 1}},
                                {"kind": "merge_or_reject", "at": {"nth": 1}},
                                {"kind": "how_many", "count": "sets", "at": {"nth": 2}}]})
    asked, errors = resolve_panel(spec.questions, phased_events(spec), spec, 0)
    assert not errors and len(asked) == 3
    by_kind = {a.kind: a for a in asked}
    cell = next(iter(by_kind[Kind.NEXT_CELL].answer.accepted))
    assert check(by_kind[Kind.NEXT_CELL], [cell[0], cell[1]])
    assert not check(by_kind[Kind.NEXT_CELL], (cell[0], cell[1] + 9))
    yes = next(iter(by_kind[Kind.MERGE_OR_REJECT].answer.accepted))
    assert check(by_kind[Kind.MERGE_OR_REJECT], yes)
    assert not check(by_kind[Kind.MERGE_OR_REJECT], not yes)
    assert check(by_kind[Kind.HOW_MANY], 11)          # 12 cells, one merge so far
    assert not check(by_kind[Kind.HOW_MANY], 12)
