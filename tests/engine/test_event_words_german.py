"""The history and the engine's words in German under a German locale (issue #41), with the
scenario's German names; what a program reads (`show --json`, `requirements --json`) stays the
same in every language."""

from __future__ import annotations

import json

from campaign_manager.engine import initial_state
from campaign_manager.engine.requirements import requirements
from campaign_manager.engine.views import state_view
from tests.engine.positions import play, scenario
from tests.shared import FULL_CAMPAIGN


def _turn_one():
    sc = scenario()
    st, said = initial_state(sc), []
    for action in FULL_CAMPAIGN["turn 1"]:
        applied = play(st, action)
        said += applied.events
        st = applied.state
    return sc, st, said


def test_the_history_reads_in_german(speak):
    speak(LANG="de_DE.UTF-8")
    sc, st, said = _turn_one()
    assert said[0].startswith("Zug 1, ")
    assert "B1 Vlora → C1 Ioannina: 5–2 SP, der Angreifer siegt" in said
    assert "IT-INF-1, IT-CARRI rücken in C1 Ioannina vor" in said
    assert "Zug 1 endet" in said
    speak(LANG="C")
    english = _turn_one()[2]
    assert "B1 Vlore → C1 Ioannina: 5–2 VP, the attacker wins" in english
    assert "IT-INF-1, IT-CARRI advance into C1 Ioannina" in english


def test_the_pictures_json_is_english_in_every_language(speak):
    speak(LANG="de_DE.UTF-8")
    sc, st, _said = _turn_one()
    german_view, german_needs = state_view(sc, st), requirements(sc, st, 2)
    assert german_view.outcome.levels.startswith("Siegstufen nach Vorsprung")
    assert any("Saloniki" in rule for rule in german_needs.deployment)
    german = [json.dumps(german_view.to_json()), json.dumps(german_needs.to_json())]
    speak(LANG="C")
    english = [json.dumps(state_view(sc, st).to_json()), json.dumps(requirements(sc, st, 2).to_json())]
    assert german == english
    assert "Victory levels by margin" in english[0] and "Thessaloniki" in english[1]
