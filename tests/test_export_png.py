"""PNG output: last frame, strips, the null writer and the registry."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from visualizer.export import WRITERS, NullWriter, PngWriter, open_writer, save_strip, writer_for


def test_png_is_last_frame_in_palette_mode(tmp_path, frames, palette):
    path = tmp_path / "a.png"
    with open_writer(path, width=41, height=30, palette=palette) as out:
        for f in frames:
            out.write(f)
            assert not path.exists()
    with Image.open(path) as im:
        assert im.mode == "P"
        np.testing.assert_array_equal(np.asarray(im.convert("RGB")), palette[frames[-1]])


def test_png_dirty_rectangles(tmp_path, palette):
    a = np.ones((6, 6), np.uint8)
    b = a.copy()
    b[1:3, 2:4] = 7
    path = tmp_path / "a.png"
    with PngWriter(path, width=6, height=6, palette=palette) as out:
        out.write(a)
        out.write(b, dirty=(1, 3, 2, 4))
    with Image.open(path) as im:
        np.testing.assert_array_equal(np.asarray(im.convert("RGB")), palette[b])


def test_strip(tmp_path, frames, palette):
    path = tmp_path / "strip.png"
    size = save_strip(frames[:5], path, 3, palette=palette, gap=4)
    assert size == (3 * 41 + 2 * 4, 2 * 30 + 4)
    with Image.open(path) as im:
        rgb = np.asarray(im.convert("RGB"))
    np.testing.assert_array_equal(rgb[:30, 45:86], palette[frames[1]])
    np.testing.assert_array_equal(rgb[34:64, 45:86], palette[frames[4]])
    np.testing.assert_array_equal(rgb[34:64, 90:], palette[np.ones((30, 41), np.uint8)])


def test_strip_rejects_mixed_sizes(tmp_path, palette):
    with pytest.raises(ValueError, match="frame 1"):
        save_strip([np.ones((4, 4), np.uint8), np.ones((5, 4), np.uint8)],
                   tmp_path / "s.png", 2, palette=palette)
    assert not list(tmp_path.iterdir())


def test_null_writer_records(palette):
    with NullWriter(width=4, height=3, palette=palette, fps=10) as out:
        out.write(np.ones((3, 4), np.uint8))
        out.write(np.ones((3, 4), np.uint8), duration=0.5, dirty=(0, 1, 0, 9))
    assert out.frames == 2
    assert out.durations == [0.1, 0.5]
    assert out.dirties == [None, (0, 1, 0, 4)]


def test_registry():
    assert set(WRITERS) == {"gif", "mp4", "png", "html", "pdf", "null"}
    assert writer_for("x/Y.GIF") is WRITERS["gif"]
    with pytest.raises(ValueError, match="`a.txt`"):
        writer_for("a.txt")


@pytest.mark.parametrize("suffix", ["gif", "mp4", "png"])
def test_out_of_palette_index_rejected_writer_usable(tmp_path, palette, suffix):
    path = tmp_path / f"a.{suffix}"
    with open_writer(path, width=8, height=8, palette=palette) as out:
        with pytest.raises(ValueError, match="`200`"):
            out.write(np.full((8, 8), 200, np.uint8))
        out.write(np.ones((8, 8), np.uint8))
    assert [p.name for p in tmp_path.iterdir()] == [f"a.{suffix}"]
