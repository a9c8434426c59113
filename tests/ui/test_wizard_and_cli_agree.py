"""One battle order for the window and the command line: the same battle entered page by page in
the battle wizard (its pages asked by the turn driver) and given to `apply` as one action leaves
the same log, action for action (the times they were recorded aside)."""

from __future__ import annotations

import json

from tests.shared import run

BEFORE = [{"type": "start_turn"}]
BATTLE = {
    "type": "battle",
    "from": "B1",
    "to": "C1",
    "attacker": {"troops": ["IT-INF-1", "IT-CARRI"]},
    "defender": {"troops": ["GR-INF-1"]},
    "games": [{"attacker_vp": 5, "defender_vp": 2}],
    "destroy_dice": {"GR-INF-1": 4},
    "retreat_to": "D1",
    "advance": ["IT-CARRI", "IT-INF-1", "IT-ALPINI"],
    "mission_die": 3,
}


def _entered_in_the_window(open_window) -> None:
    window = open_window(BEFORE)
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    commit = wizard.pages["commit"]
    commit.attacker.tick("IT-INF-1", "IT-CARRI")
    commit.defender.tick("GR-INF-1")
    commit.mission.set_value(3)
    wizard.next()
    wizard.pages["result"].set_games((5, 2))
    wizard.next()
    wizard.pages["destroy"].dice["GR-INF-1"].set_value(4)
    wizard.next()
    combo = wizard.pages["retreat"].choices[""]
    combo.setCurrentIndex(combo.findData("D1"))
    wizard.next()
    wizard.pages["advance"].boxes["IT-ALPINI"].setChecked(True)
    wizard.next()
    assert wizard.page_name == "summary", wizard.page.problem.text()
    wizard.record()
    window.close()


def _log(capsys, campaign) -> list[dict]:
    code, out, err = run(capsys, "log", str(campaign), "--json")
    assert code == 0, err
    return [{key: value for key, value in entry.items() if key != "recorded_at"} for entry in json.loads(out)]


def test_a_battle_entered_in_the_window_is_logged_as_apply_logs_it(open_window, tmp_path, capsys):
    _entered_in_the_window(open_window)
    by_window = _log(capsys, tmp_path / "shop.campaign")
    typed = tmp_path / "typed.campaign"
    assert run(capsys, "new", str(typed))[0] == 0
    script = tmp_path / "battle.json"
    script.write_text(json.dumps([*BEFORE, BATTLE]))
    code, _, err = run(capsys, "apply", str(typed), str(script))
    assert code == 0, err
    by_cli = _log(capsys, typed)
    assert [entry["type"] for entry in by_window] == ["start_turn", "battle"]
    assert by_window == by_cli
