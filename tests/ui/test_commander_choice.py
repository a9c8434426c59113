"""The box naming a game's commander: the roster of one side (retired commanders left out), with
type-ahead on any part of the name in any case; a name not on the roster is a new commander."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from campaign_manager.engine.state import Commander
from campaign_manager.ui.commander_choice import CommanderChoice

# The list of names offered, shown offscreen: the offscreen platform cannot raise it or grab the keys.
pytestmark = pytest.mark.qt_log_ignore("does not support", "propagateSizeHints")

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


def test_a_click_elsewhere_while_the_names_are_offered_lands_where_it_was_aimed(qtbot):
    """The list of names offered while typing is a popup: a click outside it closed it and was
    lost, so the next name typed went on in the first box ("Marco" + "Anan"). The click closes the
    list and reaches the box it was aimed at."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    form = QWidget()
    qtbot.addWidget(form)
    layout = QVBoxLayout(form)
    attacker, defender = CommanderChoice("game1_attacker_commander"), CommanderChoice("game1_defender_commander")
    attacker.set_roster(ROSTER, "axis")
    defender.set_roster(ROSTER, "allied")
    layout.addWidget(attacker)
    layout.addSpacing(120)  # the list below the first box does not reach the second
    layout.addWidget(defender)
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()
    qtbot.waitActive(form)
    qtbot.mouseClick(attacker.lineEdit(), Qt.MouseButton.LeftButton)
    qtbot.keyClicks(attacker.lineEdit(), "Mar")
    popup = attacker.completer().popup()
    qtbot.waitUntil(popup.isVisible, timeout=2000)
    aimed = defender.lineEdit().mapTo(form, defender.lineEdit().rect().center())
    assert not popup.geometry().contains(form.mapToGlobal(aimed))
    # through the window, as the window system delivers it (the popup has the mouse)
    QTest.mouseClick(form.windowHandle(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, aimed)
    qtbot.waitUntil(lambda: not popup.isVisible(), timeout=2000)
    qtbot.waitUntil(defender.lineEdit().hasFocus, timeout=2000)
    qtbot.keyClicks(QApplication.focusWidget(), "Anan")
    assert attacker.currentText() == "Mar" and defender.currentText() == "Anan"
