"""Words for students: what they read names the lesson, never a source document ("seed 000",
"the seed's four rules", "the notebook"); a Golly suffix only where it is explained; the
README and `--list` agree about which surfaces need a square grid."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from visualizer import events as ev
import streams
from visualizer.cli import list_algorithms
from tiers import shipped, shipped_scenario
from visualizer import registry
from visualizer.scenario import load, parse
from visualizer.surfaces import SURFACE_NAMES, Surface, SurfaceError

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))

#: references to the source documents ("seed 000", "seed 004's", "the seed's", "seeds 001")
SOURCE = re.compile(r"\bseeds? 0\d\d|\bseed's\b|\bseed 0\d", re.IGNORECASE)
NOTEBOOK = re.compile(r"\bnotebook\b", re.IGNORECASE)
GOLLY_SUFFIX = re.compile(r":[PTKCS]\d")


def titles(path: Path) -> list[str]:
    raw = yaml.safe_load(path.read_text())
    out = [raw.get("title", "")]
    out += [panel.get("title", "") for panel in raw.get("panels", [])]
    return [t for t in out if t]


def comments(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if line.lstrip().startswith("#")
            or " # " in line]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_titles_and_comments_name_the_lesson(path):
    for text in titles(path) + comments(path):
        assert not SOURCE.search(text), f"{path.name}: {text!r}"
    for title in titles(path):
        assert not NOTEBOOK.search(title), f"{path.name}: {title!r}"
        assert not GOLLY_SUFFIX.search(title), f"{path.name}: unexplained suffix in {title!r}"


@pytest.mark.parametrize("name", ["README.md", "scenarios/README.md"])
def test_readmes_name_the_lesson(name):
    text = (ROOT / name).read_text()
    assert not SOURCE.search(text), SOURCE.search(text).group(0)
    prose = re.sub(r"`[^`]*`", "", text)          # file names in backticks may keep theirs
    assert not NOTEBOOK.search(prose)


def test_list_names_the_lesson_and_explains_golly_suffixes():
    listing = list_algorithms()
    assert not SOURCE.search(listing), SOURCE.search(listing).group(0)
    assert not NOTEBOOK.search(listing)
    if GOLLY_SUFFIX.search(listing):
        header = next(line for line in listing.splitlines() if line.startswith("surfaces"))
        assert "Golly" in header and "suffix" in header and "columns" in header


def assert_words_name_the_lesson(spec, where: str) -> None:
    """The milestones, no-path reasons and statistics of maze panel `spec`'s run."""
    for event in streams.maze_stream(spec):
        if isinstance(event, (ev.Milestone, ev.NoPath)):
            text = event.label if isinstance(event, ev.Milestone) else event.reason
            assert not SOURCE.search(text), (where, text)
        elif isinstance(event, ev.Statistics):
            assert not SOURCE.search(event.summary), (where, event.summary)


@pytest.mark.parametrize("path", shipped())
def test_milestones_of_the_shipped_scenarios_name_the_lesson(path):
    for spec in shipped_scenario(path).panels:
        if spec.maze is not None:
            assert_words_name_the_lesson(spec, path.name)


def test_milestones_of_every_algorithm_name_the_lesson():
    """Every generator, and every solver after Kruskal's, on a small maze (the fast tier's
    share of the check over every shipped scenario)."""
    pairs = [(g, None) for g in registry.algorithms("generator")] + \
        [("kruskal", s) for s in registry.algorithms("solver")]
    for generator, solver in pairs:
        raw = {"maze": {"rows": 4, "cols": 5}, "generator": generator, "seed": 2,
               **({"solver": solver} if solver else {})}
        (spec,) = parse(raw, ROOT / "words.yaml").panels
        assert_words_name_the_lesson(spec, f"{generator} {solver}")


def square_only() -> set[str]:
    """The surfaces that refuse a grid that is not square (the truth, from surfaces.py)."""
    out = set()
    for name in SURFACE_NAMES:
        try:
            Surface(name, 3, 4)
        except SurfaceError:
            out.add(name)
    return out


def test_readme_and_list_agree_about_square_grids():
    truth = square_only()
    assert truth == {"sphere"}, "update the README's surface paragraph, then this test"
    listing = list_algorithms().split("surfaces", 1)[1].split("life rules", 1)[0]
    said = {line.split()[0] for line in listing.splitlines()[1:]
            if line.strip() and "square grid" in line}
    assert said == truth
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "the sphere alone needs a square grid, the others take any rows × cols" in readme
    assert "`projective` and `sphere` (square grids only)" not in readme


def test_a_blocked_cell_error_says_random_seed(tmp_path):
    from visualizer.pipeline import prepare
    from visualizer.scenario import ScenarioError

    path = tmp_path / "x.yaml"
    path.write_text("seed: 4\nmaze: {rows: 6, cols: 6}\n"
                    "generator: {name: threshold, threshold: 1.0}\n"
                    "solver: {name: bfs, start: [2, 2]}\n")
    with pytest.raises(ScenarioError) as caught:    # found on the recorded run
        prepare(load(path))
    message = str(caught.value)
    assert "random seed 4" in message and not SOURCE.search(message)
