"""examples/visualizer.ipynb runs on a real kernel (nbclient) and its outputs hold the
players (and the plain GIF where it asks for one)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

#: a Jupyter kernel starts for this: the full suite runs it
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "visualizer.ipynb"


def test_the_example_notebook_runs_and_shows_players():
    nbformat = pytest.importorskip("nbformat", reason="pip install nbformat nbclient ipykernel")
    nbclient = pytest.importorskip("nbclient", reason="pip install nbclient ipykernel")
    pytest.importorskip("ipykernel", reason="pip install ipykernel")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute(env=env)
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
