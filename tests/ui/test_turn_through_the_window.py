"""All of turn 1 and the start of turn 2 played through the window only, as an organiser at the
shop counter would: start the turn, both fixed battles in the wizard with typed dice (one a
two-game arrow left open while the games are played, one with a retreat choice), an undo, the
end of the turn, then turn 2's battle-count die and its reinforcements placed by menu and by
dropping them on the map. The map is checked after each step: tint, counters and VP."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QColor, QDropEvent
from PySide6.QtWidgets import QApplication, QLabel

from campaign_manager.scenario import load_scenario
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.map.view import TROOP_MIME
from tests.ui.windows import troops_in

# How each side's areas are tinted: the scenario's colours (resources/scenarios).
TINT = {side: QColor(colours.tint) for side, colours in load_scenario().side_colours.items()}


@pytest.fixture
def window(open_window):
    return open_window()


def tint(window, code):
    return window.map_view.map_scene.areas[code].brush().color()


def vp(window):
    return window.view.panel.vp.vp


def plain(html: str) -> str:
    """A label's rich text as the reader sees it (tags dropped)."""
    import re

    return re.sub(r"<[^>]+>", "", html)


def close_boxes(window):
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible() and widget is not window:
            widget.close()


def test_turn_one_and_the_start_of_turn_two_through_the_window(window):
    # Turn 1 starts: a fixed battle count, so no dice are asked.
    window.menu_actions[MenuAction.START_TURN].trigger()
    assert "Turn 1 of 4" in window.view.panel.headline.text()
    assert "Next: fight the first battle (Battle ▸ New battle)" in plain(window.view.panel.headline.text())
    assert vp(window) == {"axis": 20, "allied": 110}

    # B2 → C2 as a two-game arrow: placed and left open while the games are played.
    wizard = window.battle_menu.new_battle()
    assert wizard.page_name == "arrow"
    wizard.pages["arrow"].choose("B2", "C2")
    wizard.next()
    commit = wizard.pages["commit"]
    commit.attacker.tick("IT-ALPINI", "IT-INF-3")
    commit.defender.tick("GR-INF-2")
    assert commit.attacker.sortie.count() == 2, "the Italian CR.42 sortie is offered"
    wizard.leave_open()
    assert [(a.origin, a.target) for a in window.campaign.state.open_arrows] == [("B2", "C2")]
    (arrow,) = window.map_view.map_scene.arrows
    assert arrow.caption == "IT-ALPINI + IT-INF-3 vs GR-INF-2"
    assert arrow.path().length() > 40, "the arrow is drawn between B2 and C2"

    # B1 → C1 fought at once: the Italians win 5–2, the Greek survives and retreats to D1.
    wizard = window.battle_menu.new_battle()
    assert [
        tuple(wizard.pages["arrow"].arrows.item(i).data(Qt.ItemDataRole.UserRole))
        for i in range(wizard.pages["arrow"].arrows.count())
    ] == [("B1", "C1")], "B2→C2 is open: only the other fixed battle is offered"
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    wizard.pages["commit"].attacker.tick("IT-INF-1", "IT-CARRI")
    wizard.pages["commit"].defender.tick("GR-INF-1")
    wizard.next()
    wizard.pages["result"].set_games((5, 2))
    wizard.next()
    destroy = wizard.pages["destroy"]
    destroy.dice["GR-INF-1"].set_value(5)
    assert plain(destroy.verdicts["GR-INF-1"].text()) == "destroyed", "told at once, against its 5+"
    destroy.dice["GR-INF-1"].set_value(2)
    assert plain(destroy.verdicts["GR-INF-1"].text()) == "survives"
    spared = destroy.findChild(QLabel, "spared").text()
    assert spared.startswith("Not rolled for: IT-INF-1, IT-CARRI"), spared
    wizard.next()
    assert wizard.page_name == "retreat"
    retreat = wizard.pages["retreat"].choices[""]
    retreat.setCurrentIndex(retreat.findData("D1"))
    wizard.next()
    assert wizard.page_name == "advance"
    wizard.next()
    wizard.record()
    assert tint(window, "C1") == TINT["axis"]
    assert troops_in(window, "C1") == {"IT-INF-1", "IT-CARRI"} and "GR-INF-1" in troops_in(window, "D1")
    assert vp(window) == {"axis": 30, "allied": 100}
    assert "Next: record the result of the open battle B2 → C2" in plain(window.view.panel.headline.text())

    # A slip of the hand: undo puts the battle back; redo records it again.
    window.menu_actions[MenuAction.UNDO].trigger()
    assert tint(window, "C1") == TINT["allied"] and vp(window) == {"axis": 20, "allied": 110}
    window.menu_actions[MenuAction.REDO].trigger()
    assert tint(window, "C1") == TINT["axis"]

    # The open arrow's two games are in: 3–4 and 2–3, the Greeks hold (total 5–7, averages 2–3).
    window.menu_actions.submenu(MenuAction.RESOLVE_BATTLE).actions()[0].trigger()
    wizard = window.battle_menu.wizard
    wizard.pages["result"].set_games((3, 4), (2, 3))
    wizard.next()
    destroy = wizard.pages["destroy"]
    assert set(destroy.dice) == {"IT-ALPINI", "IT-INF-3"}, "the Greeks' average 3 VP rolls on 6; the Italians' 2 none"
    destroy.dice["IT-ALPINI"].set_value(6)
    destroy.dice["IT-INF-3"].set_value(1)
    wizard.next()
    assert wizard.page_name == "summary"
    wizard.record()
    assert tint(window, "C2") == TINT["allied"]
    assert troops_in(window, "B2") == {"IT-INF-3"}
    assert "IT-ALPINI" in window.view.panel.off_map.text(), "destroyed: in the Axis pool"
    assert (
        "Next: this turn's battles are fixed and all are fought (B1 → C1, B2 → C2); no other battle is "
        "fought this turn (rule 1.5): Turn ▸ End the turn." in plain(window.view.panel.headline.text())
    ), "turn 1's two fixed battles are fought: said plainly, not as if arrows had run out"

    # End of turn 1.
    window.menu_actions[MenuAction.END_TURN].trigger()
    assert window.campaign.state.phase == "strategic"
    assert window.view.history.model.rowCount() == 2
    assert sorted(a.caption for a in window.map_view.map_scene.arrows) == [
        "3–4 2–3 VP: the Allies won",
        "5–2 VP: the Axis won",
    ], "turn 1's battles drawn faded with their result"

    # Turn 2: the battle-count die typed in; the reinforcements wait.
    window.menu_actions[MenuAction.START_TURN].trigger()
    dialog = window.turn_menu.dialog
    said = " ".join(label.text() for label in dialog.root.findChildren(QLabel))
    assert (
        "at least 1D3 + 3 battles" in said and "a d6 is read as a D3 (1–2 counts 1, 3–4 counts 2, 5–6 counts 3)" in said
    ), said
    dialog.valueEdit.setText("5")
    dialog.buttons.accepted.emit()
    assert window.campaign.state.battles_required == 3 + 3
    assert (
        "From turn 2 the Italian Carri M11/39 troops are Carri M13/40, with the new model's bonus"
        in window.history.stringList()[-1]
    ), "a troop's new model is said when it comes in"
    assert "Next: place the waiting reinforcements" in plain(window.view.panel.headline.text())
    waiting = window.view.panel.waiting
    assert {waiting.item(i).data(Qt.ItemDataRole.UserRole) for i in range(waiting.count())} == {
        "IT-INF-4",
        "IT-INF-5",
        "GR-INF-8",
        "GR-INF-9",
        "IT-ALPINI",
    }  # IT-ALPINI from the pool

    # Placing: one by its menu, one dropped on the map, one dropped where it may not go.
    menu = window.map_view.troop_menu(["IT-INF-4"])
    sub = next(a.menu() for a in menu.actions() if a.menu())
    next(a for a in sub.actions() if a.text().startswith("B2")).trigger()
    assert "IT-INF-4" in troops_in(window, "B2")
    view = window.map_view

    def drop(troop, code):
        data = QMimeData()
        data.setData(TROOP_MIME, troop.encode())
        at = view.mapFromScene(QPointF(*view.map_scene.anchor(code)))
        view.dropEvent(
            QDropEvent(
                QPointF(at), Qt.DropAction.MoveAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
            )
        )

    before = window.campaign.path.read_bytes()
    drop("IT-INF-5", "C2")
    assert "Rule 1.5" in window.statusBar().currentMessage() and window.campaign.path.read_bytes() == before
    close_boxes(window)
    drop("IT-INF-5", "B1")
    assert "IT-INF-5" in troops_in(window, "B1")
    assert window.campaign.records[-1] == {"type": "place", "troop": "IT-INF-5", "area": "B1"}
    assert vp(window) == {"axis": 30, "allied": 100}
