"""`run.py --check DIR`: a folder of submissions graded each in its own process, the table
on the terminal, in JSON and CSV, each animation as a GIF beside them; exit 0 for the
batch, 2 for the tool's own bad arguments; nothing written outside the output folder."""
from __future__ import annotations

import csv
import json
import re
import shutil
from pathlib import Path

import pytest

from visualizer import cli

CODE = Path(__file__).resolve().parent / "student_code"
#: the issue's bad inputs, one each, and a correct submission: ten files
TEN = ["good_backtracker", "bad_syntax", "bad_import", "bad_no_function", "bad_signature",
       "bad_return", "bad_yield", "bad_many_carves", "bad_sleep", "bad_writes"]
#: small limits: a sleep is stopped after 2 s, a memory bomb at 512 MiB, a runaway carver
#: after 2,000 steps (each well before the time limit, however busy the machine)
LIMITS = ["--time-limit", "2", "--memory", "512", "--max-steps", "2000", "--rows", "6",
          "--cols", "7"]


def expected_kind(name: str) -> str | None:
    found = re.search(r"# expect: ([\w ]+?)(?:,|$)", (CODE / f"{name}.py").read_text(), re.M)
    return found.group(1) if found else None


def folder_of(tmp_path: Path, names: list[str], extra: dict[str, str] | None = None) -> Path:
    folder = tmp_path / "submissions"
    folder.mkdir()
    for name in names:
        shutil.copy(CODE / f"{name}.py", folder / f"{name}.py")
    for name, text in (extra or {}).items():
        (folder / name).write_text(text)
    return folder


def snapshot(folder: Path) -> dict[str, float]:
    return {str(p.relative_to(folder)): p.stat().st_mtime for p in folder.rglob("*")}


@pytest.mark.slow
def test_ten_mixed_submissions(tmp_path, capsys, monkeypatch):
    folder = folder_of(tmp_path, TEN)
    out = tmp_path / "graded"
    monkeypatch.chdir(tmp_path)
    before = snapshot(tmp_path)
    status = cli.main(["--check", str(folder), "--like", "backtracker", "--jobs", "2",
                       "--out", str(out), *LIMITS])
    printed = capsys.readouterr().out
    assert status == 0
    print(printed)                      # the table, for the record (pytest -s shows it)
    lines = printed.splitlines()
    assert lines[0].split() == ["file", "ok", "first", "problem", "time"]
    assert "10 submissions: 1 passed, 9 failed" in printed
    report = json.loads((out / "report.json").read_text())
    rows = {r["file"]: r for r in report["submissions"]}
    assert sorted(rows) == sorted(f"{n}.py" for n in TEN)
    assert rows["good_backtracker.py"]["ok"] and rows["good_backtracker.py"]["gif"]
    for name in TEN[1:]:
        row = rows[f"{name}.py"]
        assert not row["ok"] and row["first_problem"], name
        kinds = {line["problem"]["kind"] for line in row["report"]["lines"] if line["problem"]}
        assert expected_kind(name) in kinds, (name, row["first_problem"])
    assert "syntax error: expected ':'" in rows["bad_syntax.py"]["first_problem"]
    assert "cannot import `mazes_for_programmers`" in rows["bad_import.py"]["first_problem"]
    assert "tried to write the file 'maze.txt'" in rows["bad_writes.py"]["first_problem"]
    with (out / "report.csv").open(newline="") as handle:
        table = list(csv.DictReader(handle))
    assert [r["file"] for r in table] == sorted(f"{n}.py" for n in TEN)
    assert {r["ok"] for r in table} == {"yes", "no"}
    gifs = sorted(p.name for p in out.glob("*.gif"))
    assert gifs == sorted(r["gif"] for r in report["submissions"] if r["gif"])
    assert "good_backtracker.gif" in gifs and "bad_return.gif" in gifs
    after = snapshot(tmp_path)
    written = {p for p in after if p not in before}
    assert all(p.startswith("graded") for p in written), written
    assert not any(Path(p).name == "maze.txt" for p in after)


@pytest.mark.slow
def test_an_endless_loop_a_memory_bomb_and_exits_never_stop_the_batch(tmp_path, capsys):
    folder = folder_of(tmp_path, ["bad_endless", "bad_memory", "bad_exit"],
                       {"bad_os_exit.py": "import os\n\n\ndef my_generator(maze, rng):\n"
                                          "    os._exit(3)\n"})
    status = cli.main(["--check", str(folder), "--out", str(tmp_path / "graded"), *LIMITS])
    assert status == 0
    report = json.loads((tmp_path / "graded" / "report.json").read_text())
    first = {r["file"]: r["first_problem"] for r in report["submissions"]}
    assert "ran 2 s without finishing" in first["bad_endless.py"]
    assert "ran out of memory" in first["bad_memory.py"]
    assert "called sys.exit(0)" in first["bad_exit.py"]
    assert "ended without a result (exit status 3)" in first["bad_os_exit.py"]
    endless = next(r for r in report["submissions"] if r["file"] == "bad_endless.py")
    times = [line for line in endless["report"]["lines"]
             if line["problem"] and line["problem"]["kind"] == "time"]
    assert len(times) == 1, "an endless function is reported once"


@pytest.mark.parametrize("args, message", [
    (["--check", "no/such/folder"], "--check: no/such/folder is not a folder"),
    (["--check", "{empty}"], "holds no .py submissions"),
    (["--check", "{code}", "--like", "quicksort"], "--like: expected one of backtracker"),
    (["--check", "{code}", "--surfaces", "plane,moebius"], "surface `moebius`"),
    (["--check", "{code}", "--rows", "0"], "rows and cols are whole numbers"),
    (["--like", "backtracker"], "--like: only with --check DIR"),
])
def test_the_tools_own_bad_arguments_exit_2(tmp_path, capsys, args, message):
    (tmp_path / "empty").mkdir()
    filled = [a.format(empty=tmp_path / "empty", code=CODE) for a in args]
    assert cli.main(filled + ["--out", str(tmp_path / "graded")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "graded").exists()
