"""examples/your_own_maze.ipynb runs on a real kernel (nbclient): a student's backtracker
shown and checked, a broken one located in the student's own cell, a solver checked."""
from __future__ import annotations

from pathlib import Path

import pytest

from notebooks import executed
from notebooks import outputs as every_output

#: a Jupyter kernel starts for this: the full suite runs it
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "your_own_maze.ipynb"


def test_the_own_algorithm_notebook_runs_checks_and_locates():
    outputs = every_output(executed(NOTEBOOK))
    assert [o for o in outputs if o.get("output_type") == "error"] == []
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert sum('class="vz-player"' in h for h in html) == 2
    assert sum("data:image/gif;base64,R0lG" in h for h in html) == 1
    text = "".join(o.get("text", "") for o in outputs)
    assert "my_backtracker (generator, like backtracker) on 12x16 mazes" in text
    assert "all 8 checks held" in text
    assert "first problem: step" in text and "(your cell line 10)" in text
    assert "carve(" in text and "maze.carve(here, there)" in text
    assert "my_bfs (solver, like bfs)" in text and "all 10 checks held" in text
    warned = [o for o in outputs if o.get("name") == "stderr" and "StudentWarning" in o["text"]]
    assert warned, "the broken render warns at the student's line"
