"""The MP4 writer, checked with ffprobe: codec, pixel format, size, rate, frames, faststart."""
from __future__ import annotations

import json
import shutil
import subprocess

import av
import numpy as np
import pytest

from visualizer.export import Mp4Writer, open_writer

pytestmark = pytest.mark.skipif(shutil.which("ffprobe") is None, reason="ffprobe not on PATH")


def probe(path) -> dict:
    """ffprobe's view of the first video stream of `path`, frames counted."""
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                          "-show_streams", "-of", "json", str(path)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["streams"][0]


def top_level_boxes(path) -> list[str]:
    """The names of the top-level MP4 boxes of `path`, in file order."""
    data = path.read_bytes()
    names, pos = [], 0
    while pos + 8 <= len(data):
        size = int.from_bytes(data[pos:pos + 4], "big")
        names.append(data[pos + 4:pos + 8].decode("latin-1"))
        if size == 1:
            size = int.from_bytes(data[pos + 8:pos + 16], "big")
        if size < 8:
            break
        pos += size
    return names


def moving_block(width, height, n):
    """`n` frames of a block moving over the background."""
    for k in range(n):
        f = np.full((height, width), 1, np.uint8)
        f[5:15, k % (width - 10):k % (width - 10) + 10] = 6
        yield f


@pytest.mark.parametrize("size", [(64, 48), (61, 41)])
def test_stream_properties(tmp_path, palette, size):
    width, height = size
    path = tmp_path / "a.mp4"
    with open_writer(path, width=width, height=height, palette=palette, fps=25) as out:
        for f in moving_block(width, height, 20):
            out.write(f)
    s = probe(path)
    assert s["codec_name"] == "h264"
    assert s["pix_fmt"] == "yuv420p"
    assert (s["width"], s["height"]) == (width + width % 2, height + height % 2)
    assert s["width"] % 2 == 0 and s["height"] % 2 == 0
    assert s["r_frame_rate"] == "25/1" and s["avg_frame_rate"] == "25/1"
    assert int(s["nb_read_frames"]) == 20
    boxes = top_level_boxes(path)
    assert boxes.index("moov") < boxes.index("mdat")


def test_durations_repeat_frames(tmp_path, palette):
    path = tmp_path / "a.mp4"
    with Mp4Writer(path, width=32, height=32, palette=palette, fps=10) as out:
        frames = list(moving_block(32, 32, 4))
        out.write(frames[0], duration=1.0)     # 10 frames
        out.write(frames[1])                   # 1
        out.write(frames[2], duration=0.25)    # 2.5 -> carried: 2 or 3
        out.write(frames[3], duration=0.25)    # total 16 exactly
    assert out.samples == 16
    s = probe(path)
    assert int(s["nb_read_frames"]) == 16
    assert float(s["duration"]) == pytest.approx(1.6, abs=0.01)


def test_colours_and_padding(tmp_path, palette):
    f = np.full((41, 61), 4, np.uint8)
    f[:, :30] = 14
    path = tmp_path / "a.mp4"
    with Mp4Writer(path, width=61, height=41, palette=palette, crf=0, background=1) as out:
        out.write(f)
    with av.open(str(path)) as c:
        rgb = next(c.decode(video=0)).to_ndarray(format="rgb24")
    assert rgb.shape == (42, 62, 3)
    assert np.abs(rgb[10, 5].astype(int) - palette[14]).max() <= 6
    assert np.abs(rgb[10, 50].astype(int) - palette[4]).max() <= 6
    assert np.abs(rgb[41, 50].astype(int) - palette[1]).max() <= 6   # padding row


def test_options_validated(tmp_path, palette):
    with pytest.raises(ValueError, match="`60`"):
        Mp4Writer(tmp_path / "a.mp4", width=8, height=8, palette=palette, crf=60)
    with pytest.raises(ValueError, match="`'quick'`"):
        Mp4Writer(tmp_path / "a.mp4", width=8, height=8, palette=palette, preset="quick")
    assert not list(tmp_path.iterdir())


def test_abort_and_atomic_close(tmp_path, palette):
    path = tmp_path / "a.mp4"
    out = Mp4Writer(path, width=16, height=16, palette=palette)
    out.write(np.ones((16, 16), np.uint8))
    assert not path.exists()
    out.abort()
    assert not list(tmp_path.iterdir())
    with Mp4Writer(path, width=16, height=16, palette=palette) as out:
        out.write(np.ones((16, 16), np.uint8))
        assert not path.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["a.mp4"]


def test_ntsc_rate(tmp_path, palette):
    path = tmp_path / "a.mp4"
    with Mp4Writer(path, width=16, height=16, palette=palette, fps=30000 / 1001) as out:
        for f in moving_block(16, 16, 5):
            out.write(f)
    s = probe(path)
    assert s["r_frame_rate"] == "30000/1001"
    assert int(s["nb_read_frames"]) == 5

