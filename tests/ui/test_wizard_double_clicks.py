"""A double click where a tired hand meant one click: the wizard's buttons keep their places from
page to page, so the second press of a double click on Next, or on Back, never lands on a button
that records (Record the battle, Place the arrow), and Record pressed twice records once."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from tests.ui.test_battle_entry import to_b1_c1_result, type_in, vp_boxes


def middle(wizard, button: QPushButton) -> QPoint:
    """Where the middle of `button` is in the wizard, as the wizard is laid out on screen."""
    layout = wizard.layout()
    layout.activate()  # the page as shown, not as it was before the last change (Qt lays out later)
    return button.mapTo(wizard, button.rect().center())


def click_twice(qtbot, wizard, button: QPushButton) -> None:
    """Two presses of the mouse 50 ms apart where `button` is: the second lands on whatever the
    wizard shows at that place by then (the next page's button, or nothing)."""
    where = middle(wizard, button)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.wait(50)
    wizard.layout().activate()
    under: QWidget = wizard.childAt(where) or wizard
    qtbot.mouseClick(under, Qt.MouseButton.LeftButton, pos=under.mapFrom(wizard, where))


def recorders_at(wizard, where: QPoint) -> list[str]:
    """The buttons that record something, shown and pressable, under `where`."""
    wizard.layout().activate()
    return [
        button.text()
        for button in (wizard.record_button, wizard.open_button)
        if button.isVisible() and button.isEnabled() and button.geometry().contains(where)
    ]


def to_the_advance(window, qtbot):
    """B1 → C1 won 5–2, GR-INF-1 survives its roll (4) and retreats: the advance page."""
    wizard = to_b1_c1_result(window, qtbot)
    for box, vp in zip(vp_boxes(wizard), ("5", "2")):
        type_in(qtbot, box, vp)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    type_in(qtbot, wizard.pages["destroy"].dice["GR-INF-1"].box, "4")
    while wizard.page_name != "advance":
        qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    return wizard


def battles(window) -> int:
    return [record["type"] for record in window.campaign.records].count("battle")


def test_a_double_click_on_next_at_the_advance_records_nothing(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_the_advance(window, qtbot)
    click_twice(qtbot, wizard, wizard.next_button)
    assert battles(window) == 0, "the second press of the double click did not record the battle"
    assert wizard.isVisible() and wizard.page_name == "summary", "one page on: the summary, to be read"
    qtbot.mouseClick(wizard.record_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    assert battles(window) == 1


def test_a_double_click_on_record_records_once_and_asks_the_engine_once(open_window, qtbot, monkeypatch):
    window = open_window([{"type": "start_turn"}])
    wizard = to_the_advance(window, qtbot)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "summary"
    before = len(window.campaign.records)
    session = window.session
    asked: list[int] = []
    record = session.record

    def counted(actions, *args, **kwargs):
        asked.append(len(actions))
        return record(actions, *args, **kwargs)

    monkeypatch.setattr(session, "record", counted)
    for _ in range(2):  # both presses reach the button before the wizard has closed
        qtbot.mouseClick(wizard.record_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    assert battles(window) == 1 and len(window.campaign.records) == before + 1, "recorded once"
    assert asked == [1], "the second press asked nothing more (it was not refused: it was not tried)"


def test_a_double_click_on_back_from_the_result_places_no_arrow(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    before = list(window.campaign.records)
    click_twice(qtbot, wizard, wizard.back_button)
    assert window.campaign.records == before, "the second press did not place the arrow for later"
    assert wizard.isVisible() and wizard.page_name in ("commit", "arrow")


def test_no_button_that_records_sits_where_next_or_back_was_on_the_page_before(open_window, qtbot):
    """Page after page, forward to the summary and back to the first page, the buttons that
    record are never under the middle of the Next or Back just pressed."""
    window = open_window([{"type": "start_turn"}])
    wizard = to_the_advance(window, qtbot)
    where = middle(wizard, wizard.next_button)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "summary" and recorders_at(wizard, where) == []
    while wizard.history:
        where = middle(wizard, wizard.back_button)
        qtbot.mouseClick(wizard.back_button, Qt.MouseButton.LeftButton)
        assert recorders_at(wizard, where) == [], f"on the {wizard.page_name} page, after Back"
        where_next = middle(wizard, wizard.next_button)
        assert recorders_at(wizard, where_next) == [], f"on the {wizard.page_name} page, Next"


def test_a_double_click_on_next_turns_one_page_only(open_window, qtbot):
    """The mouse's double click (press, release, double-click press, release, as the window
    system sends it) on Next at the roll to destroy: the retreat page, its choice to be made,
    is shown, not passed by with its first choice taken."""
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    for box, vp in zip(vp_boxes(wizard), ("5", "2")):
        type_in(qtbot, box, vp)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    type_in(qtbot, wizard.pages["destroy"].dice["GR-INF-1"].box, "4")
    assert wizard.page_name == "destroy"
    double_click(qtbot, wizard.next_button)
    assert wizard.page_name == "retreat", "the double click's second press turned a second page"
    double_click(qtbot, wizard.back_button)
    assert wizard.page_name == "destroy", "nor does Back go back two pages"
    for _ in range(2):  # two clicks, however quick, are two
        qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "advance"


def double_click(qtbot, button: QPushButton) -> None:
    """As the window system sends a double click: press, release, press, double click, release."""
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.mousePress(button, Qt.MouseButton.LeftButton)
    centre = QPointF(button.rect().center())
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    twice = QMouseEvent(QEvent.Type.MouseButtonDblClick, centre, button.mapToGlobal(centre), left, left, none)
    QApplication.sendEvent(button, twice)
    qtbot.mouseRelease(button, Qt.MouseButton.LeftButton)
