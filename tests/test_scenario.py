"""Scenario validation: every error at once, located, exit status 2, no output file."""
import textwrap
from pathlib import Path

import pytest

from visualizer.cli import main
from visualizer.scenario import ScenarioError, load

ROOT = Path(__file__).resolve().parents[1]


def write(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def errors_of(path):
    with pytest.raises(ScenarioError) as info:
        load(path)
    return info.value.errors


def test_shipped_scenarios_are_valid():
    for path in sorted((ROOT / "scenarios").glob("*.yaml")):
        scenario = load(path)
        assert scenario.panels, path


def test_single_panel_shorthand(tmp_path):
    path = write(tmp_path, """
        title: T
        seed: 4
        maze: {rows: 3, cols: 4}
        generator: kruskal
        solver: {name: bfs, start: [0, 0], goal: [2, 3]}
    """)
    scenario = load(path)
    assert len(scenario.panels) == 1
    panel = scenario.panels[0]
    assert (panel.maze.rows, panel.maze.cols, panel.seed) == (3, 4, 4)
    assert panel.solver.params == {"start": (0, 0), "goal": (2, 3)}
    assert scenario.output == Path("output") / "s.gif"


def test_every_error_is_reported_at_once_with_its_location(tmp_path):
    path = write(tmp_path, """
        fps: 30
        seed: -1
        effort: quick
        panels:
          - maze: {rows: ten, cols: 0}
            generator: prim-ish
          - maze: {rows: 3, cols: 3, surface: donut}
            generator: {name: kruskal, colour: red}
            solver: {name: bfs, start: [5, 5]}
    """)
    errors = errors_of(path)
    text = "\n".join(errors)
    expected = [
        "fps: expected one of 50, 25, 20, 10, 5, 4, 2, 1, got 30",
        "seed: expected a whole number ≥ 0, got -1",
        "effort: expected one of best, fast, fastest, smallest, got 'quick'",
        "panels[0].maze.rows: expected a whole number from 1 to 1000, or auto",
        "panels[0].maze.cols: expected a whole number from 1 to 1000, got 0",
        "panels[0].generator.name: expected a generator: one of",
        "panels[1].maze.surface: expected one of plane, torus",
        "panels[1].generator.colour: unknown option",
        "panels[1].solver.start: expected a cell inside the 3x3 maze",
    ]
    for piece in expected:
        assert piece in text, piece
    assert all(line.startswith(f"{path}: ") for line in errors)


def test_yaml_syntax_error_gives_the_line(tmp_path):
    path = write(tmp_path, "maze: {rows: 3, cols: 4\ngenerator: kruskal\n")
    (line,) = errors_of(path)
    assert "line" in line and "not valid YAML" in line


def test_yaml_is_read_safely(tmp_path):
    path = write(tmp_path, "maze: !!python/object/apply:os.system ['echo hi']\n")
    (line,) = errors_of(path)
    assert "not valid YAML" in line


def test_output_extension_and_format_must_agree(tmp_path):
    path = write(tmp_path, """
        maze: {rows: 3, cols: 3}
        generator: kruskal
        output: out/x.avi
    """)
    assert "output: expected a file name ending in .gif, .mp4, .html or .pdf" \
        in errors_of(path)[0]


@pytest.mark.parametrize("body,where", [
    ("maze: {rows: 3, cols: 3}\ngenerator: kruskal\nfps: 12\n", "fps"),
    ("maze: {rows: 3.5, cols: 3}\ngenerator: kruskal\n", "maze.rows"),
    ("maze: {rows: 3, cols: 3}\ngenerator: dijkstra\n", "generator.name"),
    ("maze: {rows: 3, cols: 5000}\ngenerator: kruskal\n", "maze.cols"),
    ("maze: {rows: 3, cols: 3}\ngenerator: kruskal\nsteps_per_frame: 0\n", "steps_per_frame"),
    ("maze: {rows: 3, cols: 3\n", "line"),
])
def test_cli_exits_2_with_a_located_message_and_no_output(tmp_path, capsys, body, where):
    path = tmp_path / "bad.yaml"
    path.write_text(body)
    out = tmp_path / "o.gif"
    assert main([str(path), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: {where}" in err
    assert "Traceback" not in err
    assert not out.exists()
    assert not list(tmp_path.glob("*.gif*"))


def test_unwritable_output_is_a_located_error(tmp_path, capsys):
    path = tmp_path / "ok.yaml"
    path.write_text("maze: {rows: 3, cols: 3}\ngenerator: kruskal\n")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main([str(path), "--out", str(blocker / "x.gif")]) == 2
    err = capsys.readouterr().err
    assert f"{path}: --out: cannot" in err


def test_list_names_every_algorithm(capsys):
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    for name in ("backtracker", "kruskal", "bfs", "torus", "klein"):
        assert name in out
