"""A panel's look is read once when nothing it is read from changed between the passes of
`prepare` (an auto maze sized after the others: their looks are read before and after)."""
from collections import Counter

from visualizer import pipeline
from visualizer.render.animate import Pacing, caption_clocks
from visualizer.scenario import load


def test_equal_clocks_compare_equal():
    pace = Pacing(fps=10, steps_per_frame=3)
    assert caption_clocks(2, pace, [9, 12]) == caption_clocks(2, pace, [9, 12])
    steady = caption_clocks(1, pace, [9])[0]
    assert [steady(p) for p in (0, 1, 3, 4)] == [0.0, 0.1, 0.1, 0.2]


def test_a_look_read_from_the_same_is_read_once(monkeypatch, tmp_path):
    read = Counter()
    original = pipeline.look_of

    def counted(spec, *args):
        read[spec.title] += 1
        return original(spec, *args)

    monkeypatch.setattr(pipeline, "look_of", counted)
    ready = pipeline.prepare(load("scenarios/default.yaml", out=tmp_path / "x.gif"))
    life = next(spec.title for spec in ready.panels if spec.life is not None)
    assert read[life] == 1                   # a Life panel's renderer has no paced caption
    assert sum(read.values()) == 5           # the threshold maze's clock moved: read again
    monkeypatch.setattr(pipeline, "look_of", original)
    again = pipeline.prepare(load("scenarios/default.yaml", out=tmp_path / "x.gif"))
    assert again.plan == ready.plan


def test_an_arrangement_lays_out_equal_shapes_once(tmp_path):
    """The slide fitting tries many scales whose cells round to the same sizes: a layout
    asked for again is the one worked out before, and the same as a fresh arrangement's."""
    from dataclasses import replace

    from visualizer.plan import settle

    scenario = load("scenarios/kruskal.yaml", out=tmp_path / "x.gif")
    scenario = replace(scenario, size=(640, 360))
    ready = pipeline.prepare(scenario)
    arr = settle(scenario, ready.panels, ready.transcripts, [None] * len(ready.panels))
    first = arr.layout(arr.panels, arr.columns)
    assert arr.layout(list(arr.panels), arr.columns) is first
    assert replace(arr).layout(arr.panels, arr.columns) == first
