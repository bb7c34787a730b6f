"""The command line with bad values, interrupts and killed renders: Ctrl-C prints one line
and exits 130 with nothing written; a render killed with -9 leaves temp files that the next
render into that folder removes; a batch turns any failure into a row of its summary."""
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from visualizer import cli
from visualizer.export.base import TEMP_MARK, remove_stale

ROOT = Path(__file__).resolve().parents[1]
SLOW = """\
maze: {rows: 40, cols: 40, cell_size: 12}
generator: kruskal
solver: bfs
"""


def _default_sigint() -> None:
    """In the child before it starts: Ctrl-C does what it does in a terminal, even when
    the tests run with SIGINT ignored (a background job of a script, `nohup`), which a
    child would inherit and which keeps Python from raising KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_render(tmp_path: Path) -> tuple[subprocess.Popen, Path]:
    """A render of a scenario that takes seconds, started once its temp file exists."""
    scenario = tmp_path / "slow.yaml"
    scenario.write_text(SLOW)
    dest = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "run.py", str(scenario), "--out",
                             str(dest / "slow.gif")], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint)
    deadline = time.monotonic() + 120
    while not any(".part" in p.name for p in dest.glob(".*")) if dest.exists() else True:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return proc, dest


@pytest.mark.slow
def test_ctrl_c_prints_one_line_exits_130_and_writes_nothing(tmp_path):
    proc, dest = start_render(tmp_path)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == ("interrupted (Ctrl-C): stopped; no output file "
                                            "was written")
    assert "Traceback" not in err
    assert list(dest.iterdir()) == []


@pytest.mark.slow
def test_after_kill_9_the_next_render_into_the_folder_removes_the_leftovers(tmp_path):
    proc, dest = start_render(tmp_path)
    proc.kill()
    proc.wait(timeout=60)
    left = [p for p in dest.iterdir() if TEMP_MARK in p.name]
    assert left, "a killed writer leaves its temp files"
    tiny = tmp_path / "tiny.yaml"
    tiny.write_text("maze: {rows: 2, cols: 2}\ngenerator: kruskal\n")
    assert cli.main([str(tiny), "--out", str(dest / "tiny.gif")]) == 0
    assert sorted(p.name for p in dest.iterdir()) == ["tiny.gif"]


def test_a_live_writers_temp_files_are_kept(tmp_path):
    live = tmp_path / f".x.gif.{os.getpid()}{TEMP_MARK}abc.part.gif"
    other = tmp_path / f".x.gif.{os.getppid()}{TEMP_MARK}abc.scratch.gif"
    mine = tmp_path / ".notes.part"            # not a writer's name: never touched
    dead = tmp_path / f".x.gif.999999999{TEMP_MARK}abc.part.gif"
    for p in (live, other, mine, dead):
        p.write_bytes(b"x")
    assert remove_stale(tmp_path) == [dead]
    assert live.exists() and other.exists() and mine.exists()


def test_a_batch_turns_an_unexpected_failure_into_a_row(tmp_path, monkeypatch, capsys):
    for name in ("a", "b"):
        (tmp_path / f"{name}.yaml").write_text(textwrap.dedent(f"""\
            maze: {{rows: 2, cols: 2}}
            generator: kruskal
            output: {tmp_path / 'out' / name}.gif
        """))
    real = cli.load

    def flaky(path, **kw):
        if Path(path).name == "a.yaml":
            raise RuntimeError("a bug")
        return real(path, **kw)

    monkeypatch.setattr(cli, "load", flaky)
    assert cli.main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "1 rendered, 1 failed" in out
    assert "a.yaml: unexpected failure: RuntimeError: a bug" in out
    assert (tmp_path / "out" / "b.gif").exists()


@pytest.mark.parametrize("args, message", [
    (["--jobs", "0"], "argument --jobs: expected a whole number from 1 to 64, got '0'"),
    (["--jobs", "-1"], "argument --jobs: expected a whole number from 1 to 64, got '-1'"),
])
def test_command_line_values_are_checked_before_any_work(args, message, tmp_path, capsys,
                                                        monkeypatch):
    monkeypatch.setattr(cli, "load", lambda *a, **k: pytest.fail("work started"))
    with pytest.raises(SystemExit) as info:
        cli.main(["scenarios/default.yaml", *args])
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_budget_flag_raises_the_limits(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    path.write_text("maze: {rows: 400, cols: 400, cell_size: 2, wall: 1}\ngenerator: kruskal\n")
    assert cli.main([str(path), "--stats", "--budget", "1.5"]) == 2
    assert "the limit is 150,000" in capsys.readouterr().err
    from visualizer.scenario import load
    from visualizer.schema.budget import Budget

    assert load(path, budget=Budget().scaled(9)).panels[0].maze.rows == 400


def test_allow_patterns_adds_roots(tmp_path, monkeypatch):
    seen = {}

    def fake_load(path, *, out=None, roots=(), budget=None, given=None, allow_code=False):
        seen["roots"] = roots
        raise cli.ScenarioError([f"{path}: stop"])

    monkeypatch.setattr(cli, "load", fake_load)
    cli.main(["x.yaml", "--allow-patterns", str(tmp_path), "--allow-patterns", "/srv/p"])
    assert seen["roots"] == (tmp_path, Path("/srv/p"))


TINY = "maze: {rows: 2, cols: 2}\ngenerator: kruskal\n"


@pytest.mark.parametrize("args, message", [
    (["--size", "banana"], "--size: expected a canvas size WxH (160-3840 by 90-2160 pixels), "
                           "e.g. a slide: 960x540, 1280x720, 1920x1080, got 'banana'"),
    (["--strip", "-1"], "--strip: expected a whole number from 0 to 24, got -1"),
    (["--strip", "many"], "--strip: expected a whole number from 0 to 24, got 'many'"),
    (["--effort", "quick"], "--effort: expected one of best, fast, fastest, smallest, got "
                            "'quick'"),
    (["--questions-as", "slides"], "--questions-as: expected one of ask, cards, got 'slides'"),
    (["--autoplay", "maybe"], "--autoplay: expected true or false, got 'maybe'"),
    (["--crf", "99"], "--crf: expected a whole number from 0 to 51, got 99"),
])
def test_scenario_flags_meet_the_schema_located_by_the_flag(args, message, tmp_path, capsys):
    """A flag that sets a scenario key is merged into the document before validation: its
    refusal is the key's, located by the flag, like any other error of the file."""
    path = tmp_path / "s.yaml"
    path.write_text(TINY)
    out = tmp_path / "out" / "s.gif"
    for mode in ([], ["--stats"]):
        assert cli.main([str(path), "--out", str(out), *args, *mode]) == 2
        assert capsys.readouterr().err == f"{path}: {message}\n"
    assert not out.parent.exists() or list(out.parent.iterdir()) == []


def test_flags_are_merged_before_validation_and_the_budget(tmp_path, capsys):
    """`--size` meets the budget as the file's `size:` does: a maze too wide for a GIF at
    its own size fits a fixed canvas, from the file or from the flag alike; and a flag's
    value reaches the scenario as the key's validated value."""
    from visualizer.choices import QuestionsAs

    wide = "maze: {rows: 10, cols: 1000, cell_size: 64}\ngenerator: kruskal\n"
    path = tmp_path / "wide.yaml"
    path.write_text(wide)
    over = cli.Overrides((("size", "1280x720"),))
    with pytest.raises(cli.ScenarioError) as caught:
        cli.prepare(path, None, cli.Overrides())
    assert "GIF holds at most 65,535 pixels a side" in caught.value.errors[0]
    (tmp_path / "sized.yaml").write_text(wide + "size: 1280x720\n")
    from_file = cli.prepare(tmp_path / "sized.yaml", str(tmp_path / "a.gif"), cli.Overrides())
    from_flag = cli.prepare(path, str(tmp_path / "a.gif"), over)
    assert from_file.size == from_flag.size == (1280, 720)
    args = cli._parser().parse_args([str(path), "--questions-as", "cards", "--speed", "2.0",
                                     "--autoplay", "off", "--still", "--strip", "3"])
    flags = cli.scenario_flags(args)
    assert flags == {"questions_as": "cards", "speed": 2, "autoplay": False, "still": True,
                     "strip": 3}
    page = cli.prepare(path, str(tmp_path / "a.html"), cli.Overrides(
        tuple(flags.items()) + (("size", "1280x720"),)))
    assert page.writer_options()["questions_as"] is QuestionsAs.CARDS
    assert (page.still, page.strip, page.options["speed"]) == (True, 3, 2)


@pytest.mark.parametrize("name", ["size_list", "generator_name_list", "solver_name_list",
                                  "not_utf8", "billion_laughs", "duplicate_key"])
def test_stats_refuses_hostile_files_like_a_render(name, capsys):
    path = ROOT / "tests" / "hostile" / "cases" / f"{name}.yaml"
    assert cli.main([str(path), "--stats"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: ") and "Traceback" not in err


def test_an_interrupt_while_a_writer_is_set_up_leaves_nothing(tmp_path, monkeypatch, capsys):
    """Ctrl-C between a writer's temp files (inside its constructor, before `with` can
    abort it): the command line removes this process's temp files."""
    from visualizer.export import base, gif

    def interrupted(self, path, *, width, height, palette, fps=25, loop=True, **options):
        base.Writer.__init__(self, path, width=width, height=height, palette=palette, fps=fps)
        self._make_temp()
        self._make_temp(scratch=True)
        raise KeyboardInterrupt

    monkeypatch.setattr(gif.GifWriter, "__init__", interrupted)
    path = tmp_path / "s.yaml"
    path.write_text("maze: {rows: 2, cols: 2}\ngenerator: kruskal\n")
    dest = tmp_path / "out"
    assert cli.main([str(path), "--out", str(dest / "s.gif")]) == 130
    assert list(dest.iterdir()) == []
