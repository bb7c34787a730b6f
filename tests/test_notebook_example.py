"""examples/visualizer.ipynb runs on a real kernel (nbclient) and its outputs hold the
players (and the plain GIF where it asks for one)."""
from __future__ import annotations

from pathlib import Path

import pytest

from notebooks import executed

#: a Jupyter kernel starts for this: the full suite runs it
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "visualizer.ipynb"


def test_the_example_notebook_runs_and_shows_players():
    nb = executed(NOTEBOOK)
    html = [out["data"]["text/html"] for cell in nb.cells if cell.cell_type == "code"
            for out in cell.get("outputs", []) if "text/html" in out.get("data", {})]
    players = [h for h in html if 'class="vz-player"' in h]
    assert len(players) == 3
    assert all("visualizerPlayer(" in h and "data-vz-data" in h for h in players)
    assert sum("data:image/gif;base64,R0lG" in h for h in html) == 1
    errors = [out for cell in nb.cells for out in cell.get("outputs", [])
              if out.get("output_type") == "error"]
    assert errors == []
    text = "".join(out.get("text", "") for cell in nb.cells for out in cell.get("outputs", []))
    assert "PathFound: " in text and "dfs.html" in text
