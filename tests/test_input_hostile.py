"""The hostile-input suite: every file of tests/hostile/cases is refused the way
tests/hostile/expected.json says — exit status 2, the fragment in a located message, no
traceback, nothing written."""
import json
from pathlib import Path

import pytest

from visualizer.cli import main
from tiers import tiered

HERE = Path(__file__).parent / "hostile"
CASES = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))


def test_the_suite_has_every_case_file_and_enough_cases():
    files = {p.stem for p in (HERE / "cases").glob("*.yaml")}
    assert files == set(CASES)
    assert len(CASES) >= 80


def run(path: Path, args: list[str], out: Path | None, capsys) -> tuple[int, str]:
    try:
        status = main([str(path), *(["--out", str(out)] if out else []), *args])
    except SystemExit as exc:        # argparse's usage error
        status = exc.code
    return status, capsys.readouterr().err


#: the cases that spend seconds reading a large file before refusing it: the full suite only
#: (the other budget cases are refused in the fast tier)
@pytest.mark.parametrize("name", tiered(sorted(CASES), lambda name: name not in {
    "huge_list", "budget_2000_panels"}))
def test_hostile_case_is_refused_with_a_located_message(name, tmp_path, capsys):
    case = CASES[name]
    path = HERE / "cases" / f"{name}.yaml"
    dest = tmp_path / "out"
    dest.mkdir()
    args = [a.replace("{tmp}", str(dest)) for a in case.get("args", [])]
    if "--out" in args:
        at = args.index("--out")
        out, args = Path(args[at + 1]), args[:at] + args[at + 2:]
    else:
        out = None if case.get("own_output") else dest / "x.gif"
    status, err = run(path, args, out, capsys)
    assert status == 2, err
    assert case["fragment"] in err, err
    assert "Traceback" not in err
    if not name.startswith("cli_") or "--out" in case.get("args", []):
        lines = err.strip().splitlines()
        assert lines and all(line.startswith(f"{path}: ") for line in lines), err
    assert list(dest.iterdir()) == []


def test_a_50_mb_scenario_is_refused_before_it_is_read(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    with open(path, "wb") as f:
        f.truncate(50 << 20)
    status, err = run(path, [], tmp_path / "x.gif", capsys)
    assert status == 2
    assert err.strip() == (f"{path}: the file is 52,428,800 bytes; a scenario may have at "
                           "most 1,048,576 bytes")


def test_one_panel_over_the_limit_is_refused(tmp_path, capsys):
    """The panel-count budget in the fast tier (the 2,000-panel case file is read in the
    full suite): 65 tiny panels, one over the limit, refused with the count and the limit."""
    path = tmp_path / "panels.yaml"
    panel = "  - {maze: {rows: 2, cols: 2}, generator: backtracker}\n"
    path.write_text("title: many\npanels:\n" + panel * 65, encoding="utf-8")
    status, err = run(path, [], tmp_path / "x.gif", capsys)
    assert status == 2
    assert f"{path}: panels: 65 panels; the limit is 64" in err, err
    assert "Traceback" not in err
    assert not (tmp_path / "x.gif").exists()
