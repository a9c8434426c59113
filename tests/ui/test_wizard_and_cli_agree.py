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


def test_a_general_s_wargame_battle_after_the_initiative_is_logged_alike(open_window, tmp_path, capsys):
    """Turn 2: the initiative typed 6-1 for the Allies, then the arrow, a General's Wargame result,
    the roll to destroy, the retreat and the advance as the pages offer them."""
    from tests.shared import FULL_CAMPAIGN

    before = FULL_CAMPAIGN["turn 1"] + [{"type": "start_turn", "dice": [4]}] + FULL_CAMPAIGN["turn 2"][1:7]
    window = open_window(before)
    wizard = window.battle_menu.new_battle()
    assert wizard.page_name == "initiative"
    wizard.pages["initiative"].dice["allied"].set_value(6)
    wizard.pages["initiative"].dice["axis"].set_value(1)
    wizard.next()
    wizard.pages["arrow"].choose("C2", "B2")
    wizard.next()
    wizard.pages["commit"].attacker.tick("GR-INF-2", "GR-INF-8")
    wizard.pages["commit"].defender.tick("IT-INF-3")
    wizard.next()
    result = wizard.pages["result"]
    result.wargame.setChecked(True)
    result.attacker_die.set_value(5)
    result.defender_die.set_value(4)
    wizard.next()
    wizard.pages["destroy"].dice["IT-INF-3"].set_value(6)
    wizard.next()
    retreat = wizard.pages["retreat"].choices[""].currentData()  # as the page offers it
    wizard.next()
    assert wizard.page_name == "advance"
    advancing = wizard.pages["advance"].moving(wizard.draft.survivors)  # the survivors, ticked by the page
    wizard.next()
    assert wizard.page_name == "summary", wizard.page.problem.text()
    wizard.record()
    window.close()
    battle = {
        "type": "battle",
        "from": "C2",
        "to": "B2",
        "initiative_dice": [6, 1],
        "attacker": {"troops": ["GR-INF-2", "GR-INF-8"]},
        "defender": {"troops": ["IT-INF-3"]},
        "wargame": {"attacker_die": 5, "defender_die": 4},
        "destroy_dice": {"IT-INF-3": 6},
        "retreat_to": retreat,
        **({"advance": list(advancing)} if advancing else {}),
    }
    typed = tmp_path / "typed.campaign"
    assert run(capsys, "new", str(typed))[0] == 0
    script = tmp_path / "battle.json"
    script.write_text(json.dumps([*before, battle]))
    code, _, err = run(capsys, "apply", str(typed), str(script))
    assert code == 0, err
    by_window, by_cli = _log(capsys, tmp_path / "shop.campaign"), _log(capsys, typed)
    assert by_window[-1]["type"] == "battle" and by_window[-1]["events"]
    assert by_window == by_cli
