"""The streaming GIF writer: structure, timing, pixels, atomic output."""
from __future__ import annotations

import shutil
import subprocess

import imageio.v3 as iio
import numpy as np
import pytest
from PIL import Image, ImageSequence

from gifblocks import parse
from visualizer.export import GifWriter, open_writer
from visualizer.export.gif import GIF_FPS, LOOKAHEAD, differing


def write_gif(path, frames, palette, durations=None, dirties=None, **options):
    """Writes `frames` to `path`; returns the closed writer."""
    h, w = frames[0].shape
    with open_writer(path, width=w, height=h, palette=palette, **options) as out:
        for k, f in enumerate(frames):
            out.write(f, duration=None if durations is None else durations[k],
                      dirty=None if dirties is None else dirties[k])
    return out


def composite_pillow(path):
    """Every frame of the GIF at `path`, composited, as RGB arrays (Pillow)."""
    with Image.open(path) as im:
        return [np.asarray(f.convert("RGB")) for f in ImageSequence.Iterator(im)]


def distinct(frames):
    """`frames` without consecutive repeats, and how many each one stands for."""
    out, counts = [], []
    for f in frames:
        if out and np.array_equal(out[-1], f):
            counts[-1] += 1
        else:
            out.append(f)
            counts.append(1)
    return out, counts


@pytest.mark.parametrize("effort", ["best", "fast", "fastest"])
@pytest.mark.parametrize("lookahead", [16, 0, 2])
def test_pixels_after_compositing(tmp_path, frames, palette, effort, lookahead):
    path = tmp_path / "a.gif"
    write_gif(path, frames, palette, effort=effort, lookahead=lookahead)
    expected, _ = distinct(frames)
    for decoded in (composite_pillow(path), list(iio.imread(path, index=None))):
        assert len(decoded) == len(expected)
        for got, want in zip(decoded, expected):
            assert got.shape == (30, 41, 3)
            np.testing.assert_array_equal(got[..., :3], palette[want])


def test_structure_global_palette_loop_and_delays(tmp_path, frames, palette):
    path = tmp_path / "a.gif"
    write_gif(path, frames, palette, fps=25)
    info = parse(path.read_bytes())
    assert (info["width"], info["height"]) == (41, 30)
    assert info["loop"] == 0
    used = {bytes(palette[i]) for f in frames for i in np.unique(f)}
    table = [info["gct"][i:i + 3] for i in range(0, len(info["gct"]), 3)]
    assert len(table) in (2, 4, 8, 16, 32, 64, 128, 256)
    assert used <= set(table) <= used | {b"\0\0\0"}   # the colours used, padded
    images = info["images"]
    assert not any(im["lct"] for im in images)
    assert all(im["disposal"] == 1 for im in images)
    _, counts = distinct(frames)
    assert [im["delay"] for im in images] == [4 * c for c in counts]
    assert images[0]["rect"] == (0, 30, 0, 41) and images[0]["transparent"] is None
    assert all(2 <= im["bits"] <= 5 for im in images)
    with Image.open(path) as im:
        assert im.info["loop"] == 0
        assert im.n_frames == len(images)
        delays = []
        for f in ImageSequence.Iterator(im):
            delays.append(f.info["duration"])
    assert delays == [40 * c for c in counts]
    meta = iio.immeta(path, index=0)
    assert meta.get("loop") == 0


def test_loop_false_has_no_netscape_block(tmp_path, frames, palette):
    path = tmp_path / "a.gif"
    write_gif(path, frames[:2], palette, loop=False)
    assert b"NETSCAPE2.0" not in path.read_bytes()


def test_identical_frames_merge_delays(tmp_path, palette):
    a = np.full((8, 8), 1, np.uint8)
    b = a.copy()
    b[2:4, 2:4] = 5
    path = tmp_path / "a.gif"
    out = write_gif(path, [a, a, a, b, b], palette, durations=[0.5, 0.25, 0.25, 0.2, 1.0],
                    fps=10)
    images = parse(path.read_bytes())["images"]
    assert [im["delay"] for im in images] == [100, 120]
    assert out.frames == 5 and out.images == 2


def test_durations_accumulate_exactly(tmp_path, palette):
    frames = []
    for k in range(30):
        f = np.full((4, 4), 1, np.uint8)
        f[k % 4, (k // 4) % 4] = 2 + k % 3
        frames.append(f)
    durations = [1 / 30] * 30          # 3.33 cs each: 3, 3, 4, 3, 3, 4, ...
    path = tmp_path / "a.gif"
    write_gif(path, frames, palette, durations=durations, fps=25)
    delays = [im["delay"] for im in parse(path.read_bytes())["images"]]
    assert sum(delays) == 100
    assert set(delays) <= {3, 4}
    times = np.cumsum(delays)
    exact = np.cumsum(durations) * 100
    assert np.all(np.abs(times - exact) <= 0.5 + 1e-9)


def test_dirty_rectangle_hint(tmp_path, frames, palette):
    dirties = [None]
    for prev, cur in zip(frames, frames[1:]):
        ys, xs = np.nonzero(prev != cur)
        dirties.append((ys.min(), ys.max() + 1, xs.min(), xs.max() + 1) if len(ys)
                       else (0, 0, 0, 0))
    path_hint, path_plain = tmp_path / "hint.gif", tmp_path / "plain.gif"
    write_gif(path_hint, frames, palette, dirties=dirties)
    write_gif(path_plain, frames, palette)
    assert path_hint.read_bytes() == path_plain.read_bytes()


def test_differing_words_give_the_positions_of_a_pixel_compare():
    """Compared 8 pixels at a time from the word at or before `start`, the positions are
    those where the pixels differ inside start..end, tails and unaligned starts included."""
    rng = np.random.default_rng(5)
    for _ in range(300):
        size = int(rng.integers(1, 90))
        was = rng.integers(0, 3, size).astype(np.uint8)
        now = np.where(rng.random(size) < rng.uniform(0, 0.4), rng.integers(0, 3, size),
                       was).astype(np.uint8)
        start = int(rng.integers(0, size))
        end = int(rng.integers(start, size + 1))
        expected = np.flatnonzero(now[start:end] != was[start:end]) + start
        np.testing.assert_array_equal(differing(now, was, start, end), expected)


def test_changes_outside_the_dirty_rectangle_are_ignored(tmp_path, palette):
    """Pixels changed outside `dirty` are not the writer's to see, whether it compares
    whole rows (a wide rectangle) or the rectangle alone (a narrow one)."""
    first = np.zeros((6, 40), np.uint8)
    second = first.copy()
    second[1, 2] = second[4, 30] = 1            # outside both rectangles below
    second[2, 12] = second[3, 25] = 2
    for dirty in ((2, 4, 10, 27), (2, 4, 12, 13)):
        writer = GifWriter(tmp_path / "dirty.gif", width=40, height=6, palette=palette)
        where, values = writer._changes(second, dirty, first)
        inside = [w for w in (2 * 40 + 12, 3 * 40 + 25) if dirty[2] <= w % 40 < dirty[3]]
        assert where.tolist() == inside and values.tolist() == [2] * len(inside)
        writer.abort()


def test_long_hold_is_split(tmp_path, palette):
    a = np.full((4, 4), 1, np.uint8)
    path = tmp_path / "a.gif"
    write_gif(path, [a], palette, durations=[700.0], fps=1)
    delays = [im["delay"] for im in parse(path.read_bytes())["images"]]
    assert delays == [65535, 70000 - 65535]


@pytest.mark.parametrize("fps", [30, 60, 24, 15, 12.5, 0, -5])
def test_bad_fps_rejected(tmp_path, palette, fps):
    with pytest.raises(ValueError, match="fps") as err:
        GifWriter(tmp_path / "a.gif", width=4, height=4, palette=palette, fps=fps)
    assert f"`{fps!r}`" in str(err.value)
    assert not list(tmp_path.iterdir())


def test_allowed_fps_listed_in_error(tmp_path, palette):
    with pytest.raises(ValueError) as err:
        GifWriter(tmp_path / "a.gif", width=4, height=4, palette=palette, fps=30)
    assert ", ".join(str(f) for f in GIF_FPS) in str(err.value)


def test_too_short_duration_rejected(tmp_path, palette):
    out = GifWriter(tmp_path / "a.gif", width=4, height=4, palette=palette)
    with pytest.raises(ValueError, match="0.01"):
        out.write(np.ones((4, 4), np.uint8), duration=0.01)
    out.write(np.ones((4, 4), np.uint8), duration=0.02)    # still usable
    out.abort()
    assert not list(tmp_path.iterdir())


def test_file_appears_only_at_close(tmp_path, frames, palette):
    path = tmp_path / "a.gif"
    out = GifWriter(path, width=41, height=30, palette=palette)
    for f in frames:
        out.write(f)
        assert not path.exists()
    out.close()
    assert path.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["a.gif"]


def test_abort_leaves_nothing(tmp_path, frames, palette):
    path = tmp_path / "a.gif"
    out = GifWriter(path, width=41, height=30, palette=palette)
    out.write(frames[0])
    out.abort()
    assert not list(tmp_path.iterdir())
    with pytest.raises(RuntimeError):
        out.write(frames[1])


def test_exception_in_with_block_aborts(tmp_path, frames, palette):
    path = tmp_path / "a.gif"
    with pytest.raises(KeyError):
        with GifWriter(path, width=41, height=30, palette=palette) as out:
            out.write(frames[0])
            raise KeyError("boom")
    assert not list(tmp_path.iterdir())


def test_bad_frame_aborts(tmp_path, palette):
    out = GifWriter(tmp_path / "a.gif", width=4, height=4, palette=palette)
    with pytest.raises(ValueError, match=r"\(4, 5\)"):
        out.write(np.ones((4, 5), np.uint8))
    with pytest.raises(ValueError, match="uint8"):
        out.write(np.ones((4, 4), np.int64))


def test_no_frames_is_an_error(tmp_path, palette):
    out = GifWriter(tmp_path / "a.gif", width=4, height=4, palette=palette)
    with pytest.raises(ValueError, match="no frames"):
        out.close()
    assert not list(tmp_path.iterdir())


def test_unknown_extension(tmp_path, palette):
    with pytest.raises(ValueError, match=r"`.*a\.webm`"):
        open_writer(tmp_path / "a.webm", width=4, height=4, palette=palette)


@pytest.mark.skipif(shutil.which("gifsicle") is None, reason="gifsicle not on PATH")
def test_gifsicle_post_pass_and_validity(tmp_path, frames, palette):
    path = tmp_path / "a.gif"
    write_gif(path, frames, palette)
    plain = path.stat().st_size
    subprocess.run(["gifsicle", "--info", str(path)], check=True, capture_output=True)
    write_gif(path, frames, palette, optimize="gifsicle")
    assert path.stat().st_size <= plain
    expected, _ = distinct(frames)
    for got, want in zip(composite_pillow(path), expected):
        np.testing.assert_array_equal(got, palette[want])


def test_large_frames_use_deferred_clear_and_decode(tmp_path, palette):
    rng = np.random.default_rng(3)
    a = rng.integers(1, 6, (200, 300)).astype(np.uint8)
    b = a.copy()
    b[50:150, 20:280] = rng.integers(1, 9, (100, 260))
    path = tmp_path / "a.gif"
    write_gif(path, [a, b], palette)
    for got, want in zip(composite_pillow(path), [a, b]):
        np.testing.assert_array_equal(got, palette[want])
    got = list(iio.imread(path, index=None))
    np.testing.assert_array_equal(got[1][..., :3], palette[b])


def test_index_outside_palette_rejected(tmp_path, palette):
    out = GifWriter(tmp_path / "a.gif", width=4, height=4, palette=palette)
    outside = len(palette)
    with pytest.raises(ValueError, match=f"`{outside}`"):
        out.write(np.full((4, 4), outside, np.uint8))
    out.abort()
    assert not list(tmp_path.iterdir())


def test_no_scratch_files_left(tmp_path, frames, palette):
    write_gif(tmp_path / "a.gif", frames, palette)
    assert [p.name for p in tmp_path.iterdir()] == ["a.gif"]


def test_imageio_durations(tmp_path, frames, palette):
    path = tmp_path / "a.gif"
    write_gif(path, frames, palette, fps=25)
    _, counts = distinct(frames)
    got = [iio.immeta(path, index=k)["duration"] for k in range(len(counts))]
    assert got == [40 * c for c in counts]


@pytest.mark.slow
def test_memory_does_not_grow_with_frames(tmp_path, palette):
    import tracemalloc
    rng = np.random.default_rng(0)
    frame = rng.integers(1, 8, (120, 160)).astype(np.uint8)
    out = GifWriter(tmp_path / "a.gif", width=160, height=120, palette=palette)

    def step(k):
        frame[k % 120, :] = k % 7 + 1
        out.write(frame, dirty=(k % 120, k % 120 + 1, 0, 160))

    tracemalloc.start()
    for k in range(LOOKAHEAD + 100):      # past the held frames: every frame is encoded
        step(k)
    early = tracemalloc.get_traced_memory()[0]
    for k in range(LOOKAHEAD + 100, LOOKAHEAD + 1100):
        step(k)
    late = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    out.close()
    assert late - early < 64 * 1024


def test_keep_palette_writes_palette_as_table(tmp_path, frames, palette):
    path = tmp_path / "a.gif"
    write_gif(path, frames, palette, keep_palette=True)
    info = parse(path.read_bytes())
    assert info["gct"] == palette.tobytes()
    expected, _ = distinct(frames)
    for got, want in zip(composite_pillow(path), expected):
        np.testing.assert_array_equal(got, palette[want])
    with Image.open(path) as im:
        np.testing.assert_array_equal(np.asarray(im), frames[0])   # indices = palette indices


def test_colours_first_changed_late_get_low_slots(tmp_path, palette):
    """Colours that later frames change to are planned from many frames, not the first few:
    colour 7 appears at frame 40 and changes in every frame after it."""
    frame = np.full((16, 8), 1, np.uint8)
    frame[15, 7] = 2
    path = tmp_path / "a.gif"
    with GifWriter(path, width=8, height=16, palette=palette) as out:
        for k in range(80):
            frame[k // 8, k % 8] = 3 if k < 40 else 7
            out.write(frame)
    table = parse(path.read_bytes())["gct"]
    slots = [table[3 * i:3 * i + 3] for i in range(len(table) // 3)]
    assert slots.index(palette[7].tobytes()) < slots.index(palette[2].tobytes())


def test_memory_does_not_grow_during_a_long_first_hold(tmp_path, palette):
    """A repeated frame is held as a shared empty change: past the first 2,000 frames of
    a hold of 6,000, memory grows by less than 64 KiB. A first writer runs the same frames
    untraced, so that what Python and Pillow set up once (Pillow's plugins, CPython's free
    lists of small tuples) is not counted."""
    import tracemalloc

    frame = np.ones((8, 8), np.uint8)
    for traced in (False, True):
        with GifWriter(tmp_path / "a.gif", width=8, height=8, palette=palette) as out:
            if traced:
                tracemalloc.start()
            for k in range(6000):
                out.write(frame)
                if k == 2000:
                    early = tracemalloc.get_traced_memory()[0]
            late = tracemalloc.get_traced_memory()[0]
            tracemalloc.stop()
    assert late - early < 64 * 1024
    assert len(parse((tmp_path / "a.gif").read_bytes())["images"]) == 1
