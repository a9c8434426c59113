"""A troop is named with its nation once: the British tank platoon is not "British British tank
platoon" on the battle wizard's pages or on the map's counters."""

from __future__ import annotations

from tests.shared import FULL_CAMPAIGN

TURN_FOUR = [a for turn in ("turn 1", "turn 2", "turn 3") for a in FULL_CAMPAIGN[turn]] + FULL_CAMPAIGN["turn 4"][:5]


def test_the_british_tank_platoon_is_british_once(open_window, qtbot):
    window = open_window(TURN_FOUR)
    wizard = window.battle_menu.new_battle()
    qtbot.waitExposed(wizard)
    wizard.pages["initiative"].dice["axis"].set_value(6)
    wizard.pages["initiative"].dice["allied"].set_value(1)
    wizard.next()
    wizard.pages["arrow"].choose("C2", "C4")
    wizard.next()
    boxes = wizard.pages["commit"].defender.boxes
    assert boxes["BR-TANK"].text() == "BR-TANK — British tank platoon"
    assert boxes["GR-INF-5"].text() == "GR-INF-5 — Greek Pezikoy infantry", "a name without its nation gains it"
    tank = next(c for c in window.map_view.map_scene.counters if "BR-TANK" in c.troops)
    assert "British British" not in tank.toolTip() and "British tank platoon (armour)" in tank.toolTip()
