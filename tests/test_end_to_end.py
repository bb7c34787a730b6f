"""From a scenario file to a file on disk, decoded back."""
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import imageio.v3 as iio
import numpy as np
import pytest
from PIL import Image

from visualizer.cli import main
from visualizer.pipeline import scenario_frames
from streams import make_canvas
from visualizer.render.palette import make_theme
from visualizer.scenario import load

ROOT = Path(__file__).resolve().parents[1]

SMALL = """
    title: Small Kruskal
    seed: 5
    fps: 20
    steps_per_frame: 6
    hold: 1.5
    maze: {rows: 5, cols: 7, cell_size: 6, wall: 2}
    generator: kruskal
    solver: bfs
"""


@pytest.fixture
def small(tmp_path):
    path = tmp_path / "small.yaml"
    path.write_text(textwrap.dedent(SMALL))
    return path


def test_gif_decodes_with_size_frames_loop_and_delays(small, tmp_path):
    out = tmp_path / "small.gif"
    assert main([str(small), "--out", str(out)]) == 0
    scenario = load(small)
    expected = list(scenario_frames(scenario))
    height, width = make_canvas(scenario).shape
    pictures = iio.imread(out, index=None)
    with Image.open(out) as im:
        assert im.info["loop"] == 0
        delays = []
        for i in range(im.n_frames):
            im.seek(i)
            delays.append(im.info["duration"])
    assert pictures.shape[1:3] == (height, width)
    assert len(pictures) == len(delays)
    # consecutive identical pictures are merged into one longer frame, never dropped
    theme = make_theme()
    distinct = [expected[0]]
    for frame in expected[1:]:
        if np.array_equal(frame.image, distinct[-1].image):
            continue
        distinct.append(frame)
    assert len(pictures) == len(distinct)
    for picture, frame in zip(pictures, distinct):
        assert np.array_equal(picture[:, :, :3], theme.rgb(frame.image))
    assert delays[0] == pytest.approx((0.5 + 0.05) * 1000, abs=10)
    assert delays[-1] == pytest.approx((1.5 + 0.05) * 1000, abs=10)
    assert all(d == 50 for d in delays[1:-1] if d < 100)
    assert sum(delays) == pytest.approx(sum(f.duration for f in expected) * 1000, abs=10)


def test_same_seed_same_bytes(small, tmp_path):
    a, b = tmp_path / "a.gif", tmp_path / "b.gif"
    assert main([str(small), "--out", str(a)]) == 0
    assert main([str(small), "--out", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()


def test_another_seed_other_bytes(small, tmp_path):
    other = tmp_path / "other.yaml"
    other.write_text(textwrap.dedent(SMALL).replace("seed: 5", "seed: 6"))
    a, b = tmp_path / "a.gif", tmp_path / "b.gif"
    main([str(small), "--out", str(a)])
    main([str(other), "--out", str(b)])
    assert a.read_bytes() != b.read_bytes()


@pytest.mark.skipif(not shutil.which("ffprobe"), reason="ffprobe is not installed")
def test_mp4_through_the_cli_is_h264_yuv420p(small, tmp_path):
    out = tmp_path / "small.mp4"
    assert main([str(small), "--out", str(out)]) == 0
    probe = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "stream=codec_name,pix_fmt,width,height", "-of", "default=nw=1", str(out)],
        capture_output=True, text=True, check=True).stdout
    assert "codec_name=h264" in probe and "pix_fmt=yuv420p" in probe
    width = int(probe.split("width=")[1].split()[0])
    height = int(probe.split("height=")[1].split()[0])
    assert width % 2 == 0 and height % 2 == 0


@pytest.mark.slow
def test_run_py_renders_the_default_scenario(tmp_path):
    out = tmp_path / "default.gif"
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    pictures = iio.imread(out, index=None)
    assert len(pictures) > 100


def test_a_failing_render_leaves_no_file(small, tmp_path, monkeypatch):
    import visualizer.pipeline as pipeline

    def broken(scenario, canvas=None, milestones=None):
        yield from list(scenario_frames(scenario, canvas, milestones))[:3]
        raise RuntimeError("boom")
    monkeypatch.setattr(pipeline, "scenario_frames", broken)
    out = tmp_path / "x.gif"
    with pytest.raises(RuntimeError):
        pipeline.render(load(small, out=out))
    assert not out.exists() and not list(tmp_path.glob("*.gif*"))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_renders_the_rest_when_one_scenario_is_broken(small, tmp_path, capsys, jobs):
    folder = tmp_path / "batch"
    folder.mkdir()
    (folder / "a.yaml").write_text(textwrap.dedent(SMALL) + "output: " +
                                   str(tmp_path / "a.gif") + "\n")
    (folder / "b.yaml").write_text("maze: {rows: 0, cols: 2}\ngenerator: kruskal\n")
    (folder / "c.yaml").write_text(textwrap.dedent(SMALL) + "output: " +
                                   str(tmp_path / "c.gif") + "\n")
    assert main([str(folder), "--jobs", jobs]) == 1
    captured = capsys.readouterr()
    assert (tmp_path / "a.gif").exists() and (tmp_path / "c.gif").exists()
    assert "b.yaml: maze.rows: expected a whole number" in captured.out
    assert "2 rendered, 1 failed" in captured.out
    assert "FAILED" in captured.out


def test_the_output_file_gets_ordinary_permissions(small, tmp_path):
    import os
    import stat

    out = tmp_path / "perm.gif"
    assert main([str(small), "--out", str(out)]) == 0
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask


LIFE = """
    title: Life soup
    seed: 3
    fps: 10
    cell_size: 4
    life: {rows: 96, cols: 128, surface: torus, generations: 4, init: {random: 0.35}}
"""


def test_effort_fast_skips_deferred_clears_and_draws_the_same(tmp_path, monkeypatch):
    """`--effort fast` (or `effort: fast`) never runs the Python deferred-clear encoder;
    the pictures are those of the default effort."""
    from visualizer.export import gifimage
    calls = []
    real = gifimage.deferred_data
    monkeypatch.setattr(gifimage, "deferred_data",
                        lambda *args: calls.append(1) or real(*args))
    path = tmp_path / "life.yaml"
    path.write_text(textwrap.dedent(LIFE))
    best, fast, fast2 = tmp_path / "best.gif", tmp_path / "fast.gif", tmp_path / "fast2.gif"
    assert main([str(path), "--out", str(best), "--effort", "smallest"]) == 0
    assert calls                                   # these frames fill the LZW table
    calls.clear()
    assert main([str(path), "--out", str(fast), "--effort", "fast"]) == 0
    path.write_text(textwrap.dedent(LIFE) + "effort: fast\n")
    assert main([str(path), "--out", str(fast2)]) == 0
    assert not calls
    assert fast.read_bytes() == fast2.read_bytes() != best.read_bytes()
    assert np.array_equal(iio.imread(best, index=None), iio.imread(fast, index=None))


def test_player_flags_take_numbers_and_yes_no_words(tmp_path, capsys):
    """`--speed 2` is the choice 2, `--autoplay false` turns autoplay off; a word that is
    neither is a located refusal (exit 2, no traceback, nothing written)."""
    from visualizer.export.html import decode
    path = tmp_path / "small.yaml"
    path.write_text(textwrap.dedent(SMALL))
    page = tmp_path / "small.html"
    assert main([str(path), "--out", str(page), "--speed", "2", "--autoplay", "false"]) == 0
    meta = decode(page.read_text()).meta
    assert meta["speed"] == 2 and meta["autoplay"] is False
    page.unlink()
    for flag, word in (("--autoplay", "maybe"), ("--speed", "3")):
        assert main([str(path), "--out", str(page), flag, word]) == 2
        assert not page.exists()
        err = capsys.readouterr().err
        assert err.startswith(f"{path}: {flag}: expected") and word in err
        assert "Traceback" not in err
