"""Property-based fuzzing of the loader: whatever a scenario file holds — random YAML
documents built from the schema's own keys and values, or random bytes — reading it either
gives a Scenario or raises ScenarioError; no other exception escapes. A longer run:
`python benchmarks/fuzz_loader.py --examples 20000` (it sets FUZZ_EXAMPLES)."""
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.scenario import Scenario, ScenarioError, load, parse
from visualizer.schema.model import PANEL_KEYS, TOP_KEYS

KEYS = list(TOP_KEYS + PANEL_KEYS) + ["rows", "cols", "name", "surface", "rule", "init",
                                       "random", "pattern", "file", "at", "start", "goal",
                                       "entrance", "exit", "cell_size", "wall", "view",
                                       "generations", "chart", "threshold", "x"]
WORDS = ["kruskal", "bfs", "auto", "torus", "sphere", "conway", "B3/S23", "glider", "gif",
         "x.mp4", "1280x720", "corners", "first_backtrack", "solve", "#112233", "wall",
         "threshold", "reverse_delete", "patterns/none.rle", "../x.rle", ""]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 70), st.integers(),
                    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(WORDS),
                    st.text(max_size=12))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)), max_leaves=25)
DOCUMENTS = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=8)


def only_our_error(call) -> None:
    try:
        assert isinstance(call(), Scenario)
    except ScenarioError as exc:
        assert exc.errors and all(isinstance(line, str) and line for line in exc.errors)


EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.slow
@FUZZ
@given(DOCUMENTS)
def test_any_document_gives_a_scenario_or_our_error(doc):
    only_our_error(lambda: parse(doc, Path("fuzz/s.yaml")))


@pytest.mark.slow
@FUZZ
@given(st.dictionaries(st.sampled_from(["maze", "generator", "solver", "endpoints"]), VALUES,
                       max_size=4).map(lambda d: {"maze": {"rows": 3, "cols": 3},
                                                  "generator": "kruskal", **d}))
def test_panels_near_valid_ones_give_a_scenario_or_our_error(doc):
    only_our_error(lambda: parse(doc, Path("fuzz/s.yaml")))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.one_of(st.binary(max_size=200),
                      st.text(alphabet="{}[]:,-&*!|>'\"#\n\t abc0123456789.?%@`~\\",
                              max_size=120).map(str.encode)))
def test_any_bytes_give_a_scenario_or_our_error(data, tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "s.yaml"
    path.write_bytes(data)
    only_our_error(lambda: load(path))
