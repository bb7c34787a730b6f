"""`--list` text: every algorithm once, under its family, with the maze rules."""
from visualizer import registry
from visualizer.listing import family_groups, registry_listing
from visualizer.registry import Family


def test_every_algorithm_is_listed_once_under_its_family():
    text = registry_listing().splitlines()
    for kind in registry.KINDS:
        for name, algo in registry.algorithms(kind).items():
            rows = [i for i, line in enumerate(text) if line.split()[:1] == [name]
                    and line.startswith("    ")]
            assert len(rows) == 1, name
            heading = next(line for line in reversed(text[:rows[0]])
                           if line.startswith("  ") and not line.startswith("   "))
            assert heading.strip().startswith(str(algo.family)), (name, heading)


def test_groups_follow_the_family_order():
    order = list(Family)
    for kind in registry.KINDS:
        families = [family for family, _ in family_groups(kind)]
        assert families == sorted(families, key=order.index)


def test_surface_limits_and_maze_rules_are_shown():
    text = registry_listing()
    assert "pledge" in text and "[only on: plane, torus]" in text
    assert "B3/S12345" in text and "B3/S1234:" in text
