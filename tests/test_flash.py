"""Flash safety (WCAG 2.3.1): general flashes measured on a render's own frames, and renders
slowed where they would flash more than three times a second."""
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from visualizer import pipeline
from visualizer.export.flash import (MAX_FLASHES, SAFE_GAP, FlashMeter, flashes_per_second,
                                     holds, relative_luminance)
from visualizer.render.palette import INDEX, make_theme
from visualizer.scenario import parse
from tiers import tiered

PALETTE = make_theme("light").colours
ALIVE, DEAD = INDEX["alive"], INDEX["dead"]


def test_relative_luminance_is_wcags():
    lum = relative_luminance(np.array([[255, 255, 255], [0, 0, 0], [119, 119, 119],
                                       [255, 0, 0]]))
    assert lum == pytest.approx([1.0, 0.0, 0.1845, 0.2126], abs=1e-3)


def test_holds_space_the_transitions():
    durations = [0.04] * 30
    changes = list(range(1, 30))
    extra = holds(durations, changes)
    times = np.cumsum([0.0] + [d + extra.get(k, 0.0) for k, d in enumerate(durations)])
    gaps = np.diff(times[changes])
    assert gaps.min() >= SAFE_GAP - 1e-9
    assert holds([0.5] * 10, [2, 5, 9]) == {}


def test_small_changes_are_no_flash():
    frame = np.full((90, 120), DEAD, np.uint8)
    other = frame.copy()
    other[:20, :20] = ALIVE            # 400 px: over a quarter of a 30x40 window (300 px)
    meter = FlashMeter(PALETTE, 90, 120)
    assert meter.need == pytest.approx(0.25 * 30 * 40)
    small = frame.copy()
    small[:10, :20] = ALIVE            # 200 px: below the 300 px a flash needs
    for k in range(20):
        meter.offer(small if k % 2 else frame, 0.04, (0, 10, 0, 20))
    assert meter.verdict().transitions == 0
    for k in range(20):
        meter.offer(other if k % 2 else frame, 0.04, (0, 20, 0, 20))
    assert meter.verdict().flashes > MAX_FLASHES


def whole_rectangle_transition(meter, before, after):
    """A large transition judged on every pixel of the changed rectangle (the meter looks
    at the changed pixels alone): None, +1, -1 or 0."""
    a, b = meter.luminance[before], meter.luminance[after]
    counts = np.minimum(a, b) < 0.80
    rise, fall = (b - a >= 0.10) & counts, (a - b >= 0.10) & counts
    either = rise | fall
    h, w = either.shape
    wh, ww = min(meter.window[0], h), min(meter.window[1], w)
    most = max(int(either[y:y + wh, x:x + ww].sum())
               for y in range(h - wh + 1) for x in range(w - ww + 1))
    if (before != after).sum() < meter.need or most < meter.need:
        return None
    up, down = int(rise.sum()), int(fall.sum())
    return 1 if up >= 3 * down else -1 if down >= 3 * up else 0


@pytest.mark.parametrize("seed", range(4))
def test_the_meter_judges_changed_pixels_as_the_whole_rectangle_would(seed):
    """Random frames of four colours (two light, two dark) changing in random rectangles:
    the meter's transitions, frame by frame, are those of the whole-rectangle rule."""
    rng = np.random.default_rng(seed)
    palette = np.array([[0, 0, 0], [40, 40, 40], [230, 230, 230], [255, 255, 255]])
    meter = FlashMeter(palette, 18, 24)
    frame = rng.integers(0, 4, (18, 24)).astype(np.uint8)
    meter.offer(frame, 0.04)
    expected = []
    for k in range(1, 40):
        y0, x0 = rng.integers(0, 9), rng.integers(0, 12)
        y1, x1 = y0 + rng.integers(0, 10), x0 + rng.integers(0, 13)
        after = frame.copy()
        patch = after[y0:y1, x0:x1]
        flip = rng.random(patch.shape) < rng.choice([0.1, 0.6, 0.95])
        patch[flip] = (patch[flip] + rng.choice([1, 2], patch.shape)[flip]) % 4
        if (y1 - y0) * (x1 - x0) >= meter.need and y1 > y0 and x1 > x0:
            way = whole_rectangle_transition(meter, frame[y0:y1, x0:x1], after[y0:y1, x0:x1])
            if way is not None:
                expected.append(k)
        meter.offer(after, 0.04, (y0, y1, x0, x1))
        frame = after
    assert meter.changes == expected and expected


def soup(tmp_path, **top):
    raw = {"title": "Day & Night soup", "seed": 3, "fps": 25, "output": str(tmp_path / "s.gif"),
           "panels": [{"cell_size": 6, "life": {"rows": 60, "cols": 60, "rule": "daynight",
                                                 "generations": 20, "init": {"random": 0.5}}}],
           **top}
    return parse(raw, tmp_path / "s.yaml")


def gif_frames(path: Path):
    with Image.open(path) as im:
        frames, durations = [], []
        for k in range(im.n_frames):
            im.seek(k)
            frames.append(np.asarray(im.convert("RGB")))
            durations.append(im.info["duration"] / 1000)
    return frames, durations


def measured(frames, durations):
    """The flash verdict of RGB frames read back from a file."""
    packed = [(f[..., 0].astype(np.int64) << 16) | (f[..., 1].astype(np.int64) << 8)
              | f[..., 2] for f in frames]
    codes = np.unique(np.concatenate([p.ravel() for p in packed]))
    colours = np.stack([codes >> 16, (codes >> 8) & 255, codes & 255], axis=1)
    indexed = [np.searchsorted(codes, p).astype(np.uint8) for p in packed]
    return flashes_per_second(indexed, durations, colours)


def test_a_dense_day_and_night_soup_at_25_fps_is_slowed_where_it_flashes(tmp_path):
    result = pipeline.render(soup(tmp_path))
    assert result.note.startswith("slowed where it flashes")
    assert "WCAG 2.3.1" in result.note and "flash_safe: false" in result.note
    assert result.flash is not None and result.flash.safe
    frames, durations = gif_frames(result.path)            # the file's own frames
    assert measured(frames, durations).flashes <= MAX_FLASHES
    assert min(durations) == pytest.approx(0.04)           # calm frames keep their speed


@pytest.mark.slow          # flash_safe: false on a B0 rule below is the fast tier's case
def test_flash_safe_false_keeps_the_speed(tmp_path):
    result = pipeline.render(soup(tmp_path, flash_safe=False))
    assert result.note == "" and result.flash is not None and not result.flash.safe
    frames, durations = gif_frames(result.path)
    assert measured(frames, durations).flashes > MAX_FLASHES


def test_saving_from_python_warns_when_slowed(tmp_path):
    import visualizer as viz

    anim = viz.render(title="soup", seed=3, fps=25, panels=[
        {"cell_size": 6, "life": {"rows": 60, "cols": 60, "rule": "daynight",
                                  "generations": 20, "init": {"random": 0.5}}}])
    with pytest.warns(UserWarning, match="slowed where it flashes"):
        anim.save(tmp_path / "soup.gif")


def b0_render(tmp_path, rule, surface="torus", **top):
    """A 48x48 soup under a B0 rule rendered at 25 fps through the product, and its verdict
    measured again on the GIF's own frames."""
    raw = {"title": rule, "seed": 3, "fps": 25, "output": str(tmp_path / "b0.gif"),
           "panels": [{"cell_size": 6, "life": {"rows": 48, "cols": 48, "rule": rule,
                                                 "surface": surface, "generations": 24,
                                                 "init": {"random": 0.3}}}], **top}
    result = pipeline.render(parse(raw, tmp_path / "b0.yaml"))
    frames, durations = gif_frames(result.path)
    return result, measured(frames, durations), durations


@pytest.mark.parametrize("surface", tiered(["torus", "plane"], lambda s: s == "plane"))
def test_an_inverting_b0_rule_is_slowed(tmp_path, surface):
    """B012345678/S: every dead cell is born, every live one dies: the field inverts every
    generation, 12 flashes a second at 25 fps, held to WCAG's three."""
    result, found, durations = b0_render(tmp_path, "B012345678/S", surface)
    assert result.note.startswith("slowed where it flashes") and "flashed 12 times" in result.note
    assert result.flash is not None and result.flash.safe
    assert found.transitions == 24 and found.flashes <= MAX_FLASHES
    assert min(durations) >= SAFE_GAP - 0.01


def test_flash_safe_false_keeps_a_b0_rules_speed(tmp_path):
    result, found, durations = b0_render(tmp_path, "B012345678/S", flash_safe=False)
    assert result.note == "" and found.flashes == 12
    assert durations[1:-1] == pytest.approx([0.04] * (len(durations) - 2))   # held ends


def test_b0_with_s8_inverts_once_then_runs_in_negative(tmp_path):
    """B0123478/S01234678 keeps the cells it makes (S8): the soup turns over once, then
    evolves as Life does on the complement, without strobing: nothing to slow."""
    result, found, durations = b0_render(tmp_path, "B0123478/S01234678", "plane")
    assert result.note == "" and found.transitions == 1 and found.flashes == 0
    assert durations[1:-1] == pytest.approx([0.04] * (len(durations) - 2))   # held ends
