"""Every status message is read whole: a long one (a recorded battle in a sentence) wraps onto
more lines in the status bar instead of being cut at the window's edge, whoever showed it, and
hovering the bar shows it too."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QLabel

from tests.shared import FULL_CAMPAIGN

LONG = (
    "Marco Rossi joins the Axis as a commander; Nikos P joins the Allies as a commander; B1 Vlore → "
    "C1 Ioannina: 5–2 VP, the attacker wins; Game 1 (5–2 VP): Marco Rossi (Axis) against Nikos P "
    "(Allies); GR-INF-1: rolled 3, needed 5+ — survives; GR-INF-1 retreats from C1 Ioannina to D1 "
    "Aetolia; The Axis take C1 Ioannina; IT-CARRI, IT-INF-1 advance into C1 Ioannina"
)


def settle(qtbot) -> None:
    for _ in range(3):  # the bar laid out again for the lines, then the window
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        qtbot.wait(10)


def shown(window) -> QLabel:
    return window.statusBar().findChild(QLabel, "statusMessage")


def test_a_long_message_wraps_whole_inside_the_window(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    bar = window.statusBar()
    bar.showMessage(LONG)  # as any part of the app shows one, with no tooltip of its own
    settle(qtbot)
    label = shown(window)
    assert label.text() == LONG and label.isVisible()
    lines = label.heightForWidth(label.width()) // label.fontMetrics().lineSpacing()
    assert lines >= 2, "the message is longer than the window is wide: it wraps"
    assert label.height() >= label.heightForWidth(label.width()), "every wrapped line has room"
    assert label.geometry().right() <= bar.width() and bar.geometry().bottom() <= window.height()
    assert LONG in bar.toolTip() and LONG in label.toolTip()
    assert bar.currentMessage() == LONG


def test_the_bar_shrinks_back_after_a_long_message(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    bar = window.statusBar()
    bar.showMessage(LONG)
    settle(qtbot)
    tall = bar.height()
    bar.showMessage("Turn 1 ends")
    settle(qtbot)
    assert bar.height() < tall
    assert shown(window).text() == "Turn 1 ends" and "Turn 1 ends" in bar.toolTip()


def test_a_recorded_battle_is_said_whole(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    assert window.session.try_record(FULL_CAMPAIGN["turn 1"][1:2]) is None
    settle(qtbot)
    said = window.statusBar().currentMessage()
    assert len(said) > 100 and shown(window).text() == said
