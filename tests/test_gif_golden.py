"""Golden byte sizes: the synthetic benchmark scenes (benchmarks/scenes.py) per effort, so
that a change of the optimiser's output is seen, and the pixels decoded back are the
frames written."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from scenes import life_frames, maze_frames  # noqa: E402

from visualizer.export import open_writer, pillow_lzw  # noqa: E402
from visualizer.render.palette import make_theme  # noqa: E402

SCENES = {"maze": lambda: maze_frames(rows=20, cols=30, frames=80),
          "life": lambda: life_frames(rows=60, cols=90, frames=24)}

#: bytes by scene and effort on Pillow's private LZW path (code sizes below 8)
GOLDEN = {
    ("maze", "best"): 33_526, ("maze", "fast"): 33_529, ("maze", "fastest"): 33_868,
    ("maze", "smallest"): 33_488,
    ("life", "best"): 142_215, ("life", "fast"): 144_794, ("life", "fastest"): 149_647,
    ("life", "smallest"): 140_548,
}


def write(scene: str, effort: str, path: Path) -> list[np.ndarray]:
    """Writes `scene` with `effort` to `path`; returns copies of the frames written."""
    palette = make_theme().colours
    frames = SCENES[scene]()
    first, dirty = next(frames)
    kept = [first.copy()]
    h, w = first.shape
    with open_writer(path, width=w, height=h, palette=palette, fps=25, effort=effort) as out:
        out.write(first, dirty=dirty)
        for frame, dirty in frames:
            out.write(frame, dirty=dirty)
            kept.append(frame.copy())
    return kept


@pytest.mark.skipif(not pillow_lzw.private_usable(),
                    reason="the sizes are those of Pillow's private LZW path")
@pytest.mark.parametrize("scene, effort", GOLDEN, ids=[f"{s}-{e}" for s, e in GOLDEN])
def test_golden_sizes(tmp_path, scene, effort):
    path = tmp_path / "out.gif"
    frames = write(scene, effort, path)
    assert path.stat().st_size == GOLDEN[scene, effort]
    colours = make_theme().colours
    with Image.open(path) as im:
        shown = 0
        for k in range(im.n_frames):
            im.seek(k)
            rgb = np.asarray(im.convert("RGB"))
            while shown < len(frames) and not np.array_equal(colours[frames[shown]], rgb):
                shown += 1             # identical frames merge into one longer image
            assert shown < len(frames), f"image {k} is none of the frames written"
