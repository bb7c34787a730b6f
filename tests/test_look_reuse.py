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
