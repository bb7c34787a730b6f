"""axe-core in Chromium: the accessibility check of a page the tests opened. axe-core comes
bundled with `axe-selenium-python` (nothing is fetched); without it the test is skipped with
the reason."""
from __future__ import annotations

import pytest

#: the impacts a page may not have (axe-core's scale: minor, moderate, serious, critical)
FORBIDDEN = ("serious", "critical")


def axe_results(driver) -> dict:
    """axe-core's full results for the page `driver` shows (its own rules, all of them)."""
    try:
        from axe_selenium_python import Axe
    except ImportError:
        pytest.skip("axe-selenium-python is not installed (pip install axe-selenium-python)")
    axe = Axe(driver)
    axe.inject()
    return axe.run()


def violations(driver, impacts=FORBIDDEN) -> list[tuple[str, str, list]]:
    """The page's violations of the given impacts: (impact, rule, the elements' selectors)."""
    return [(v["impact"], v["id"], [n["target"] for n in v["nodes"]])
            for v in axe_results(driver)["violations"] if v["impact"] in impacts]


def by_impact(driver) -> dict[str, int]:
    """How many violations of each impact the page has (every impact, for a report)."""
    counts = {impact: 0 for impact in ("minor", "moderate", "serious", "critical")}
    for v in axe_results(driver)["violations"]:
        counts[v["impact"]] = counts.get(v["impact"], 0) + 1
    return counts
