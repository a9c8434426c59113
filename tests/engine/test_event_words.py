"""The history's sentences read as plain English: a verb agrees with how many troops do it, and a
turn's battle count is said as a sentence (the window's and the command line's words alike)."""

from __future__ import annotations

import re

from campaign_manager.engine import initial_state
from campaign_manager.engine.requirements import battle_count_words
from tests.engine.positions import play, scenario
from tests.shared import FULL_CAMPAIGN


def _events() -> list[str]:
    st, said = initial_state(scenario()), []
    for action in (a for turn in FULL_CAMPAIGN.values() for a in turn):
        applied = play(st, action)
        said += applied.events
        st = applied.state
    return said


def test_one_troop_retreats_and_advances_several_retreat_and_advance():
    said = _events()
    assert "IT-INF-2 retreats from C1 Ioannina to B1 Vlore" in said
    assert "GR-INF-4, GR-INF-7 retreat from B3 Florina to C4 Olympus–Aliakmon" in said
    assert "GR-INF-1, GR-INF-9 advance into C1 Ioannina" in said and "IT-INF-6 advances into C2 Kastoria" in said
    for sentence in said:
        one = re.match(r"^[A-Z]{2}-[A-Z0-9-]+ (retreat|advance) ", sentence)
        assert one is None, f"one troop, a plural verb: {sentence}"
        several = re.match(r"^[A-Z]{2}-[A-Z0-9-]+, .* (retreats|advances) ", sentence)
        assert several is None, f"several troops, a singular verb: {sentence}"


def test_the_battle_count_is_a_sentence():
    assert battle_count_words(2, 0) == "2 battles required, 0 fought so far"
    assert battle_count_words(1, 1) == "1 battle required, 1 fought so far"


def test_a_wargame_turn_says_its_ceiling():
    assert battle_count_words(4, 1, 5) == "5 battles this turn (4 rolled, 1 extra agreed), 1 fought so far"
    assert battle_count_words(4, 0, 4) == "4 battles this turn (no extra agreed), 0 fought so far"
