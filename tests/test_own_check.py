"""`viz.check` and `viz.check_solver`: a correct student file for every `like` passes, and
each broken file (one per problem class, in tests/student_code/) is caught with the right
kind of problem, at the right step and the student's right line."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import visualizer as viz
from visualizer.maze import Maze
from visualizer.student.limits import Limits
from visualizer.student.problems import ProblemKind
from visualizer.student.run import run
from visualizer.student.uniform import chi_square_p
from tiers import tiered

CODE = Path(__file__).resolve().parent / "student_code"
GOOD = sorted(CODE.glob("good_*.py"))
#: writing files is refused by the grader's process only (tests/test_own_grade.py)
GRADER_ONLY = {"bad_writes"}
BAD = [p for p in sorted(CODE.glob("bad_*.py")) if p.stem not in GRADER_ONLY]
#: small limits: every broken file is stopped within about a second
FAST = dict(rows=6, cols=7, time_limit=0.5, memory_limit=256 << 20)


@dataclass(frozen=True)
class Case:
    """A student file's header: how it is checked and what must be found where."""

    kind: str                       # generator or solver
    options: dict
    expect: ProblemKind | None
    step: int | None
    after: bool
    lines: tuple[int, ...]          # the lines marked `# <- problem`


def case(path: Path) -> Case:
    text = path.read_text()
    checked = re.search(r"# check: (\w+)(.*)", text)
    assert checked, f"{path.name} says how it is checked"
    options = {key: int(value) if value.isdigit() else value
               for key, value in (pair.split("=") for pair in checked.group(2).split())}
    expect = re.search(r"# expect: ([\w ]+?)(?:, (after )?step (\d+))?$", text, re.M)
    lines = tuple(k for k, line in enumerate(text.splitlines(), start=1)
                  if line.rstrip().endswith("# <- problem"))
    return Case(checked.group(1), options,
                ProblemKind(expect.group(1)) if expect else None,
                int(expect.group(3)) if expect and expect.group(3) else None,
                bool(expect and expect.group(2)), lines)


def checked(path: Path, **extra):
    c = case(path)
    kwargs = {**FAST, **c.options, **extra}
    return (viz.check if c.kind == "generator" else viz.check_solver)(path, **kwargs)


#: Aldous-Broder's and Wilson's files meet the same check (the uniform distribution): the
#: fast tier runs Wilson's, whose walks are shorter
@pytest.mark.parametrize("path", tiered(GOOD, lambda p: p.stem != "good_aldous_broder",
                                        lambda p: p.stem))
def test_a_correct_file_passes_its_like(path):
    report = checked(path, time_limit=10.0)
    assert report.ok, str(report)
    like = case(path).options.get("like")
    if like:
        assert f"like {like}" in str(report)


def test_every_like_has_a_correct_file():
    likes = {case(p).options.get("like") for p in GOOD}
    assert likes >= {"backtracker", "prim", "kruskal", "aldous_broder", "wilson", "bfs", "dfs"}


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_a_broken_file_is_caught_at_its_step_and_line(path):
    c = case(path)
    report = checked(path)
    assert not report.ok, str(report)
    found = [p for p in report.problems if p.kind == c.expect]
    assert found, f"expected a {c.expect} problem:\n{report}"
    problem = found[0]
    if c.step is not None:
        assert (problem.step, problem.after) == (c.step, c.after), str(report)
    if c.lines:
        assert problem.line in c.lines, str(report)
        assert problem.where.filename == str(path)
    assert path.name in str(report) or not c.lines


def test_every_problem_class_has_a_broken_file():
    kinds = {case(p).expect for p in sorted(CODE.glob("bad_*.py"))}
    assert kinds >= set(ProblemKind) - {ProblemKind.PROCESS}


def test_an_endless_function_is_reported_once():
    report = checked(CODE / "bad_endless.py", seeds=4)
    times = [p for p in report.problems if p.kind == ProblemKind.TIME]
    assert len(times) == 1
    assert "ran 0.5 s without finishing" in times[0].text
    assert "the other 7 runs: not made" in str(report)


def test_a_crash_shows_the_students_traceback_only():
    report = checked(CODE / "bad_crash.py")
    text = str(report)
    line = case(CODE / "bad_crash.py").lines[0]
    assert f'File "bad_crash.py", line {line}, in my_backtracker' in text
    assert "IndexError: pop from empty list" in text
    assert "visualizer" not in text.split("\n", 1)[1], "no frame of the project's own code"


def test_the_printed_reports(capsys):
    good = viz.check(CODE / "good_backtracker.py", rows=12, cols=16, surface="torus",
                     like="backtracker")
    bad = viz.check(CODE / "bad_not_neighbours.py", rows=12, cols=16)
    print(good, bad, sep="\n\n")
    out = capsys.readouterr().out
    assert out.startswith("my_backtracker (generator, like backtracker) on 12x16 mazes on the "
                          "torus, seeds 0–2: all 5 checks held")
    assert ("✗ plane, seed 0: step 2 (bad_not_neighbours.py line 10): carve((0, 0), (0, 2)): "
            "these cells are not neighbours") in out
    assert "10 |     maze.carve(here, there)" in out
    assert good.first is None and bad.first.step == 2


def test_a_wall_adder_starts_open_and_must_say_so():
    report = checked(CODE / "good_division.py", start="closed")
    assert not report.ok
    assert "the wall between them is already closed" in str(report)


def test_a_function_from_python_is_checked_like_a_file():
    def carves_one_wall(maze, rng):
        maze.carve((0, 0), (0, 1))

    report = viz.check(carves_one_wall, rows=2, cols=2, surfaces=["plane"], seeds=[5])
    assert [line.label for line in report.lines] == ["plane, seed 5", "same seed, same maze"]
    assert "the maze is not connected: 2 cells never carved into" in str(report)


def test_bad_options_are_the_callers_errors():
    with pytest.raises(ValueError, match="surface `moebius`"):
        viz.check(CODE / "good_backtracker.py", surfaces="plane,moebius")
    with pytest.raises(ValueError, match="like `bfs`"):
        viz.check(CODE / "good_backtracker.py", like="bfs")
    with pytest.raises(ValueError, match="like `prim`"):
        viz.check_solver(CODE / "good_bfs.py", like="prim")
    with pytest.raises(ValueError, match="square"):
        viz.check(CODE / "good_backtracker.py", rows=4, cols=5, surface="sphere")


def test_the_chi_square_p_value_is_scipys():
    stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(4)
    for k, lam in ((5, 3), (192, 10), (192, 40)):
        observed = rng.poisson(lam, k).tolist()
        skewed = [o + (i % 3) * lam // 3 for i, o in enumerate(observed)]
        for counts in (observed, skewed):
            assert chi_square_p(counts) == pytest.approx(stats.chisquare(counts).pvalue,
                                                         rel=1e-9, abs=1e-300)


def test_a_uniform_like_tells_a_backtracker_apart():
    report = viz.check(CODE / "good_backtracker.py", rows=3, cols=3, surfaces="plane",
                       seeds=1, like="wilson")
    assert not report.ok
    assert "not uniform: over 1,920 mazes on a 3x3 grid" in str(report)


def test_the_step_limit_is_the_default_unless_raised():
    def carves_forever(maze, rng):
        while True:
            maze.carve((0, 0), (0, 1))
            maze.build((0, 0), (0, 1))

    record = run(carves_forever, "generator", Maze(3, 3), np.random.default_rng(0))
    assert record.stopped.kind == ProblemKind.STEPS
    assert record.steps == 200 * 9 + 10_000
    record = run(carves_forever, "generator", Maze(3, 3), np.random.default_rng(0),
                 limits=Limits(max_steps=50))
    assert record.steps == 50 and record.stopped.step == 51


def test_the_readme_section_runs_and_quotes_a_real_report(monkeypatch):
    root = CODE.parents[1]
    text = (root / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Your own algorithm"):text.index("## Layout")]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    monkeypatch.chdir(root)
    space: dict = {}
    exec(compile(code, "README.md", "exec"), space)
    assert space["report"].ok
    quoted = re.search(r"```\n>>> print\((.*?)\)\n(.*?)  …\n```", section, re.S)
    printed = str(eval(quoted.group(1), {"viz": viz}))
    assert printed.startswith(quoted.group(2).rstrip("\n"))
