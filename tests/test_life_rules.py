"""Rule parsing: notations, names, and the errors for what is not a rule."""
import pytest

from visualizer.life.rules import NAMED_RULES, RuleError, parse_rule


@pytest.mark.parametrize("text, notation", [
    ("B3/S23", "B3/S23"), ("b3s23", "B3/S23"), ("23/3", "B3/S23"), ("S23/B3", "B3/S23"),
    ("conway", "B3/S23"), ("highlife", "B36/S23"), ("daynight", "B3678/S34678"),
    ("life34", "B34/S34"), ("Day & Night", "B3678/S34678"), ("B63/S32", "B36/S23"),
    (" b36/s23 ", "B36/S23"), ("B3/S", "B3/S"), ("34/34", "B34/S34"),
])
def test_parses(text, notation):
    assert parse_rule(text).notation == notation


def test_named_rules_are_their_notation():
    for name, notation in NAMED_RULES.items():
        assert parse_rule(name) == parse_rule(notation)


@pytest.mark.parametrize("text", ["B9", "B3/S23x", "", "conways", "B3/S2/3", "3", 23, None])
def test_malformed_rule_says_expected_and_found(text):
    with pytest.raises(RuleError) as info:
        parse_rule(text)
    message = str(info.value)
    assert "expected a rule like B3/S23" in message and repr(text) in message


def test_b0_rules_parse():
    anti = parse_rule("B0123478/S01234678")
    assert 0 in anti.birth and anti.notation == "B0123478/S01234678"
    assert parse_rule("8/0").notation == "B0/S8" and parse_rule("b012345678s").survive == set()
    assert issubclass(RuleError, ValueError)


def test_next_state():
    rule = parse_rule("conway")
    assert rule.next_state(0, 3) == 1 and rule.next_state(1, 2) == 1
    assert rule.next_state(1, 4) == 0 and rule.next_state(0, 2) == 0


def test_golly_suffix_is_not_part_of_a_rule():
    with pytest.raises(RuleError, match="without a bounded-grid suffix.*'B3/S23:T64,64'"):
        parse_rule("B3/S23:T64,64")
