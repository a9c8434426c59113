"""The box naming a game's commander: the roster of one side (retired commanders left out), with
type-ahead on any part of the name in any case; a name not on the roster is a new commander."""

from __future__ import annotations

from PySide6.QtCore import Qt

from campaign_manager.engine.state import Commander
from campaign_manager.ui.commander_choice import CommanderChoice

ROSTER = (
    Commander(1, "Marco", "axis"),
    Commander(2, "Anna", "allied"),
    Commander(3, "Giulia", "axis", retired=True),
    Commander(4, "mario", "axis"),
)


def test_the_box_offers_the_sides_commanders_and_completes_any_part_of_a_name(qtbot):
    box = CommanderChoice("game1_attacker_commander")
    qtbot.addWidget(box)
    box.set_roster(ROSTER, "axis")
    assert [box.itemText(i) for i in range(box.count())] == ["", "Marco", "mario"]
    assert box.name() is None and not box.is_new()
    completer = box.completer()
    completer.setCompletionPrefix("AR")  # what typing "AR" asks of it (its popup is not shown here)
    shown = [completer.completionModel().index(i, 0).data() for i in range(completer.completionCount())]
    assert shown == ["Marco", "mario"], "any part of the name, any case"
    box.set_name("marco")
    assert box.name() == "Marco" and not box.is_new(), "the roster's spelling"
    box.set_name("  Zoë ")
    assert box.name() == "Zoë" and box.is_new()
    box.set_name("giulia")
    assert box.name() == "Giulia" and not box.is_new(), "retired: not offered, and not new (the engine refuses her)"
    box.set_roster(ROSTER, "allied")
    assert box.currentText() == "giulia", "what was typed stays when the roster changes"
    assert box.completer().caseSensitivity() == Qt.CaseSensitivity.CaseInsensitive
