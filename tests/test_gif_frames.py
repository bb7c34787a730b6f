"""Many GIF frames' changes found at once (`gifframes.frame_changes`) equal the same found
one frame at a time, by plain loops over the pixels."""
from __future__ import annotations

import numpy as np

from visualizer.export.gifcolours import ColourTable
from visualizer.export.gifframes import frame_changes, runs_of


def frames_of(rng: np.random.Generator, width: int, height: int, count: int):
    """`count` frames (palette indices) after a first, each changing a few rectangles or
    pixels (sometimes to a duplicate colour, sometimes nothing), as (where, after, before)."""
    canvas = rng.integers(0, 4, (height, width)).astype(np.uint8)
    first = canvas.copy()
    out = []
    for _ in range(count):
        new = canvas.copy()
        for _ in range(int(rng.integers(0, 4))):
            y, x = int(rng.integers(0, height)), int(rng.integers(0, width))
            h, w = int(rng.integers(1, 4)), int(rng.integers(1, 6))
            new[y:y + h, x:x + w] = rng.integers(0, 8)
        where = np.flatnonzero(new != canvas)
        out.append((where, new.reshape(-1)[where], canvas.reshape(-1)[where]))
        canvas = new
    return first, out


def test_changes_at_once_equal_the_changes_one_frame_at_a_time():
    rng = np.random.default_rng(21)
    palette = np.array([[0, 0, 0], [255, 255, 255], [255, 0, 0], [0, 0, 0],   # 3 = 0
                        [0, 255, 0], [255, 255, 255], [0, 0, 255], [9, 9, 9]], np.uint8)
    for _ in range(60):
        width, height = int(rng.integers(1, 30)), int(rng.integers(1, 20))
        first, frames = frames_of(rng, width, height, int(rng.integers(1, 12)))
        table = ColourTable(palette)
        table.map(first)
        shown = table.lut[first].reshape(-1)
        changes = frame_changes(frames, table, width)
        assert len(changes) == len(frames)
        for (where, after, _), change in zip(frames, changes):
            slots = table.lut[after]
            moved = slots != shown[where]
            where, slots = where[moved], slots[moved]
            if not where.size:
                assert change is None
                continue
            assert change is not None
            shown[where] = slots
            ys, xs = where // width, where % width
            rect = (ys.min(), ys.max() + 1, xs.min(), xs.max() + 1)
            assert change.rect == rect
            changed = (ys - rect[0]) * (rect[3] - rect[2]) + xs - rect[2]
            np.testing.assert_array_equal(change.where, where)
            np.testing.assert_array_equal(change.slots, slots)
            np.testing.assert_array_equal(change.changed, changed)
            unused = [s for s in range(256) if s not in set(slots.tolist())]
            assert change.transparent == unused[0]
            size = (rect[1] - rect[0]) * (rect[3] - rect[2])
            expected = runs_of(changed, slots, size)
            for field, value in change.runs._asdict().items():
                np.testing.assert_array_equal(value, getattr(expected, field), err_msg=field)


def test_runs_are_those_of_a_loop():
    rng = np.random.default_rng(22)
    for _ in range(300):
        size = int(rng.integers(1, 200))
        changed = np.flatnonzero(rng.random(size) < rng.uniform(0.05, 0.9))
        values = rng.integers(0, 4, changed.size).astype(np.uint8)
        runs = runs_of(changed, values, size)
        bounds, firsts, lasts = [0], [], []
        for i, position in enumerate(changed.tolist()):
            if i and changed[i - 1] == position - 1:
                bounds[-1] = position + 1
                lasts[-1] = int(values[i])
            else:
                bounds += [position, position + 1]
                firsts.append(int(values[i]))
                lasts.append(int(values[i]))
        edges = bounds + [size]
        assert runs.edges.tolist() == edges
        assert runs.first.tolist() == firsts and runs.last.tolist() == lasts
        assert runs.top == (int(values.max()) if values.size else 0)
        pieces = [b - a for a, b in zip(edges, edges[1:])]
        gaps = pieces[0::2]
        assert runs.pieces.tolist() == pieces
        assert runs.nonempty.tolist() == [g > 0 for g in gaps]
        assert runs.long.tolist() == [g > 1 for g in gaps]
        assert runs.starts.tolist() == [min(e, size - 1) for e in edges[0:-1:2]]
        transparent = np.full(size, 255, np.uint8)       # every gap transparent
        transparent[changed] = values
        colour_runs = int(np.count_nonzero(transparent[1:] != transparent[:-1]))
        assert runs.clear_runs == colour_runs


def test_rectangles_prepared_together_equal_those_prepared_alone():
    """`gifbatch.prepare_at_once` over rectangles laid one after the other in a buffer
    gives what it gives for each rectangle alone (nothing leaks across their borders)."""
    from visualizer.export import gifimage
    from visualizer.export.gifbatch import Rectangle, prepare_at_once

    rng = np.random.default_rng(23)
    items = []
    while len(items) < 40:
        size = int(rng.integers(2, 9000))
        runs = rng.integers(1, rng.choice([3, 30, 300]), size)
        flat = np.repeat(rng.integers(0, 5, size), runs)[:size].astype(np.uint8)
        changed = np.flatnonzero(rng.random(flat.size) < rng.uniform(0.001, 0.3))
        values = flat.take(changed)
        used = np.bincount(values, minlength=256)
        if changed.size and not used[int(used.argmin())]:
            items.append((flat, changed, values, int(used.argmin())))
    offsets = np.cumsum([0] + [flat.size for flat, *_ in items])[:-1]
    rectangles = [Rectangle(int(o), flat.size, changed, values, transparent,
                            runs_of(changed, values, flat.size))
                  for o, (flat, changed, values, transparent) in zip(offsets, items)]
    together = prepare_at_once(np.concatenate([flat for flat, *_ in items]), rectangles)
    for (flat, *_), rectangle, got in zip(items, rectangles, together):
        alone = prepare_at_once(flat, [rectangle._replace(offset=0)])[0]
        np.testing.assert_array_equal(got.matching[0], alone.matching[0])
        assert got.matching[1:] == alone.matching[1:]
        assert got[4:] == alone[4:]                       # the counts
        np.testing.assert_array_equal(got.keep, alone.keep)
        np.testing.assert_array_equal(got.clear, alone.clear)
        for field in ("lengths", "colour", "single", "nonempty", "matches", "steps"):
            np.testing.assert_array_equal(getattr(got.gaps, field), getattr(alone.gaps, field))
        assert gifimage._steps(got.gaps) == gifimage._steps(alone.gaps)


def test_chunks_of_any_size_write_the_same_file(tmp_path, monkeypatch):
    """The frames' changes found and their rectangles encoded one frame at a time or all
    at once: the same bytes, for both efforts that prepare rectangles together."""
    from visualizer.export import gif

    rng = np.random.default_rng(24)
    palette = np.array([[0, 0, 0], [255, 255, 255], [200, 0, 0], [0, 0, 200]], np.uint8)
    canvas = rng.integers(0, 2, (90, 120)).astype(np.uint8)
    frames = []
    for _ in range(25):
        canvas = canvas.copy()
        for _ in range(3):
            y, x = int(rng.integers(0, 80)), int(rng.integers(0, 100))
            canvas[y:y + 8, x:x + 20] = rng.integers(0, 4)
        frames.append(canvas)
    for effort in ("best", "fast"):
        files = []
        for chunk in (1, 1 << 30):
            monkeypatch.setattr(gif, "CHUNK_PIXELS", chunk)
            monkeypatch.setattr(gif, "CHUNK_CHANGES", chunk)
            path = tmp_path / f"{effort}{chunk}.gif"
            with gif.GifWriter(path, width=120, height=90, palette=palette,
                               effort=effort) as out:
                for frame in frames:
                    out.write(frame)
            files.append(path.read_bytes())
        assert files[0] == files[1]
