"""Every status message is read whole, and the map never moves for one: a long message (a
recorded battle in a sentence) is shown wrapped over the bottom of the window, in a panel that
takes no room from the map and lets every click through, for as long as the message shows; the
bar keeps its one line; hovering the bar shows the message too."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel

from campaign_manager.engine.spelling import read_action
from tests.shared import FULL_CAMPAIGN

LONG = (
    "Marco Rossi joins the Axis as a commander; Nikos P joins the Allies as a commander; B1 Vlore → "
    "C1 Ioannina: 5–2 VP, the attacker wins; Game 1 (5–2 VP): Marco Rossi (Axis) against Nikos P "
    "(Allies); GR-INF-1: rolled 3, needed 5+ — survives; GR-INF-1 retreats from C1 Ioannina to D1 "
    "Aetolia; The Axis take C1 Ioannina; IT-CARRI, IT-INF-1 advance into C1 Ioannina"
)


def settle(qtbot) -> None:
    for _ in range(3):  # the bar laid out again, then the window
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        qtbot.wait(10)


def shown(window) -> QLabel:
    """The message on the bar's line."""
    return window.statusBar().findChild(QLabel, "statusMessage")


def whole(window) -> QLabel:
    """The long message, whole, over the window's bottom."""
    return window.findChild(QLabel, "statusMessageWhole")


def where_the_map_is(window) -> tuple:
    view = window.map_view
    return (
        view.transform(),
        view.mapTo(window, QPoint(0, 0)),
        view.viewport().size(),
        view.mapFromScene(view.sceneRect().center()),
    )


def test_a_long_message_is_shown_whole_inside_the_window(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    bar = window.statusBar()
    bar.showMessage(LONG)  # as any part of the app shows one, with no tooltip of its own
    settle(qtbot)
    panel = whole(window)
    assert panel.text() == LONG and panel.isVisible()
    lines = panel.heightForWidth(panel.width()) // panel.fontMetrics().lineSpacing()
    assert lines >= 2, "the message is longer than the window is wide: it wraps"
    assert panel.height() >= panel.heightForWidth(panel.width()), "every wrapped line has room"
    inside = window.rect()
    assert inside.contains(panel.geometry()), "whole, inside the window"
    assert panel.geometry().bottom() == bar.geometry().bottom(), "over the bottom of the window, from the bar up"
    assert LONG in bar.toolTip() and shown(window).text() == LONG
    assert bar.currentMessage() == LONG


def test_the_map_does_not_move_when_a_long_message_comes_and_goes(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    bar = window.statusBar()
    settle(qtbot)
    before, height = where_the_map_is(window), bar.height()
    bar.showMessage(LONG, 200)  # gone by itself, as the window's messages go
    settle(qtbot)
    assert whole(window).isVisible()
    assert where_the_map_is(window) == before and bar.height() == height, "the bar keeps one line: nothing moves"
    qtbot.waitUntil(lambda: not whole(window).isVisible(), timeout=3000)
    settle(qtbot)
    assert where_the_map_is(window) == before and bar.height() == height
    assert bar.currentMessage() == ""


def test_a_click_on_the_long_message_reaches_the_map_under_it(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    window.statusBar().showMessage(LONG)
    settle(qtbot)
    panel = whole(window)
    above_the_bar = panel.geometry().topLeft() + QPoint(20, 5)
    assert panel.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    under = window.childAt(above_the_bar)
    assert under is not panel and window.map_view.isAncestorOf(under), "the click goes to the map"


def test_a_short_message_stays_on_the_bar(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    bar = window.statusBar()
    bar.showMessage(LONG)
    settle(qtbot)
    bar.showMessage("Turn 1 ends")
    settle(qtbot)
    assert not whole(window).isVisible()
    assert shown(window).text() == "Turn 1 ends" and "Turn 1 ends" in bar.toolTip()


def test_the_panel_follows_the_window_when_it_is_resized(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    bar = window.statusBar()
    bar.showMessage(LONG)
    settle(qtbot)
    window.resize(window.width() - 300, window.height() - 100)
    settle(qtbot)
    panel = whole(window)
    assert panel.isVisible() and window.rect().contains(panel.geometry())
    assert panel.geometry().bottom() == bar.geometry().bottom()
    assert panel.height() >= panel.heightForWidth(panel.width())


def test_a_recorded_battle_is_said_whole(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    assert window.session.try_record([read_action(window.session.scenario, FULL_CAMPAIGN["turn 1"][1])]) is None
    settle(qtbot)
    said = window.statusBar().currentMessage()
    assert len(said) > 100 and shown(window).text() == said and whole(window).text() == said
    label = shown(window)
    on_the_line = label.fontMetrics().horizontalAdvance(said) <= label.contentsRect().width()
    assert on_the_line != whole(window).isVisible(), "on the bar's line if it fits there, else whole over it"
