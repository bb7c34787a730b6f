"""Running an example notebook on a real kernel (nbclient) for the tests: skipped when the
test extras (nbformat, nbclient, ipykernel) are not installed."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def executed(notebook: Path) -> Any:
    """`notebook` run top to bottom with this checkout's `visualizer` first on the path;
    returns the notebook with its outputs."""
    nbformat = pytest.importorskip("nbformat", reason="pip install nbformat nbclient ipykernel")
    nbclient = pytest.importorskip("nbclient", reason="pip install nbclient ipykernel")
    pytest.importorskip("ipykernel", reason="pip install ipykernel")
    nb = nbformat.read(notebook, as_version=4)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(notebook.parent)}})
    client.execute(env=env)
    return nb


def outputs(nb: Any) -> list[Any]:
    """Every output of the notebook's code cells, in order."""
    return [out for cell in nb.cells if cell.cell_type == "code"
            for out in cell.get("outputs", [])]
