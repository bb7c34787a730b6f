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
