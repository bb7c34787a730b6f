"""Colours never collide: every pair of colours that can share a panel is at least CIE76
ΔE 20 apart, and 10 apart under deuteranopia and protanopia, in every theme."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from colour_metrics import VISIONS, delta_e76, lab, simulate

from visualizer.render import palette
from visualizer.render.palette import (
    ALIASES,
    INDEX,
    LIFE_SLOTS,
    MAZE_SLOTS,
    NAMES,
    SET_BASE,
    SET_COLOURS,
    make_theme,
)

THEMES = ("light", "dark")
NORMAL, DEFICIENT = 20.0, 10.0


def groups() -> dict[str, list[int]]:
    sets = [SET_BASE + k for k in range(SET_COLOURS)]
    return {"maze": [INDEX[n] for n in MAZE_SLOTS] + sets,
            "life": [INDEX[n] for n in LIFE_SLOTS]}


def pair_distances(theme: str, slots: list[int], pairs=None):
    """(a, b, ΔE under each vision) for the `pairs` of `slots` (default: every pair), the
    colours simulated and taken to CIELAB once."""
    colours = make_theme(theme).colours.astype(float)[slots]
    seen = {v: lab(simulate(colours, m)) for v, m in VISIONS.items()}
    for i, j in pairs or itertools.combinations(range(len(slots)), 2):
        yield slots[i], slots[j], {v: float(np.linalg.norm(seen[v][i] - seen[v][j]))
                                   for v in VISIONS}


def name(slot: int) -> str:
    return NAMES[slot] if slot < SET_BASE else f"set colour {slot - SET_BASE}"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("group", ["maze", "life"])
def test_colours_that_share_a_panel_are_far_apart(theme, group):
    bad = []
    for a, b, d in pair_distances(theme, groups()[group]):
        if d["normal"] < NORMAL or min(d["deuteranopia"], d["protanopia"]) < DEFICIENT:
            bad.append(f"{name(a)} / {name(b)}: {d}")
    assert not bad, "\n".join(bad)


def test_every_slot_is_in_a_group_or_an_alias():
    covered = set(MAZE_SLOTS) | set(LIFE_SLOTS) | {n for group in ALIASES for n in group}
    assert covered | {"transparent"} == set(NAMES)


@pytest.mark.parametrize("theme", THEMES)
def test_aliases_share_a_colour(theme):
    colours = make_theme(theme).colours
    for group in ALIASES:
        assert len({tuple(colours[INDEX[n]]) for n in group}) == 1, group


def test_colour_science_matches_known_values():
    # the two collisions reported against the old palette (CIE76)
    assert delta_e76(np.array([159, 211, 240]), np.array([205, 230, 245])) == \
        pytest.approx(13.3, abs=0.1)
    assert delta_e76(np.array([0, 0, 0]), np.array([255, 255, 255])) == \
        pytest.approx(100.0, abs=0.01)
    # deuteranopes see pure red and green close together
    red, green = np.array([200, 0, 0]), np.array([0, 140, 0])
    assert delta_e76(red, green) > 80
    assert delta_e76(simulate(red, VISIONS["deuteranopia"]),
                     simulate(green, VISIONS["deuteranopia"])) < 25


def test_palette_fits_the_gif_colour_table():
    assert SET_BASE + SET_COLOURS <= palette.SIZE


#: the Life colours a maze panel never shows: beside a maze panel on one canvas (one legend)
#: they must stand apart from every maze colour too
LIFE_ONLY = ("born", "died", "chart")


@pytest.mark.parametrize("theme", THEMES)
def test_life_colours_stand_apart_from_maze_colours_on_one_canvas(theme):
    maze = groups()["maze"]
    bad = []
    for life in LIFE_ONLY:
        for a, b, d in pair_distances(theme, [INDEX[life]] + maze,
                                      [(0, k) for k in range(1, len(maze) + 1)]):
            if d["normal"] < NORMAL or min(d["deuteranopia"], d["protanopia"]) < DEFICIENT:
                bad.append(f"{name(a)} / {name(b)}: {d}")
    assert not bad, "\n".join(bad)


@pytest.mark.slow
def test_no_shipped_legend_shows_two_colours_alike():
    """Over every shipped scenario, the legend's swatches (each colour of each entry) are
    pairwise as far apart as colours sharing a panel must be."""
    from pathlib import Path

    import streams
    from tiers import shipped_scenario

    bad = []
    for path in sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.yaml")):
        scenario = shipped_scenario(path)
        canvas = streams.make_canvas(scenario)
        colours = make_theme(scenario.theme).colours.astype(float)
        for e, f in itertools.combinations(canvas.legend, 2):
            for a, b in itertools.product(e.colours, f.colours):
                d = {v: float(delta_e76(simulate(colours[a], m), simulate(colours[b], m)))
                     for v, m in VISIONS.items()}
                if d["normal"] < NORMAL or min(d["deuteranopia"], d["protanopia"]) < DEFICIENT:
                    bad.append(f"{path.stem}: {e.label} / {f.label}")
    assert not bad, "\n".join(bad)
