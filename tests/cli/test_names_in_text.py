"""The command line's text for people says the scenario's names in the language it speaks (issue
#41): under German `show` names Athen, Saloniki, die Achse; under English what it always said; its
`--json`, which a program reads, the same in every language."""

from __future__ import annotations

import json

import pytest

from tests.shared import FULL_CAMPAIGN, run


@pytest.fixture
def campaign(tmp_path, capsys):
    path, actions = tmp_path / "c.campaign", tmp_path / "turns.json"
    actions.write_text(json.dumps(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"]))
    run(capsys, "new", path)
    run(capsys, "apply", path, actions)
    return path


def _row(text: str, code: str) -> str:
    return next(line for line in text.splitlines() if line.split()[:1] == [code])


def test_show_names_the_areas_and_sides_in_german(campaign, capsys, speak):
    speak(LANG="de_DE.UTF-8")
    code, said, _err = run(capsys, "show", campaign)
    assert code == 0
    assert "Athen" in _row(said, "F2") and "Athens" not in said
    assert "Saloniki" in _row(said, "B4") and "Thessaloniki" not in _row(said, "B4")
    assert "Ioannina" in _row(said, "C1")  # no German name given: the scenario's own
    assert "Achse" in _row(said, "A1")  # who holds it, as the scenario says the side in German
    assert "SP: Achse 20, Alliierte 120" in said  # the sides' names in the standing
    assert "Alliierte 120: +20 B4 Saloniki" in said  # and in what each side's VP are made of
    assert "Axis" not in said


def test_show_in_english_is_as_it_was(campaign, capsys, speak):
    speak(LANG="C")
    said = run(capsys, "show", campaign)[1]
    assert "Athens" in _row(said, "F2") and "Thessaloniki" in _row(said, "B4")
    assert "Axis" in _row(said, "A1")
    assert "VP: Axis 20, Allied 120" in said and "Allied 120: +20 B4 Thessaloniki" in said


def test_show_json_is_the_same_in_every_language(campaign, capsys, speak):
    shown = {}
    for variables in ({"LANG": "C"}, {"LANG": "de_DE.UTF-8"}, {"LANG": "el_GR.UTF-8"}, {"FIRESTORM_PSEUDO": "1"}):
        speak(**variables)
        shown[str(variables)] = run(capsys, "show", campaign, "--json")[1]
    first, *others = shown.values()
    assert all(other == first for other in others)
    areas = json.loads(first)["areas"]
    assert areas["F2"]["name"] == "Athens" and areas["B4"]["name"] == "Thessaloniki"
