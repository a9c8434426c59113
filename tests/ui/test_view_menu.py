"""View ▸ zoom, fit, legend and full screen; File ▸ Open recent numbered, with Clear; a campaign
file dropped on the window opens."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui import settings
from campaign_manager.ui.actions import MenuAction


def _scale(window) -> float:
    return window.map_view.transform().m11()


def test_zoom_in_out_and_fit(open_window):
    window = open_window()
    fitted = _scale(window)
    window.menu_actions[MenuAction.ZOOM_IN].trigger()
    assert _scale(window) > fitted * 1.2
    window.menu_actions[MenuAction.ZOOM_OUT].trigger()
    window.menu_actions[MenuAction.ZOOM_OUT].trigger()
    assert _scale(window) < fitted
    window.menu_actions[MenuAction.FIT_MAP].trigger()
    assert abs(_scale(window) - fitted) < 1e-9
    keys = {window.menu_actions[k].shortcut().toString() for k in (MenuAction.ZOOM_IN, MenuAction.ZOOM_OUT)}
    assert keys == {"Ctrl++", "Ctrl+-"}
    assert window.menu_actions[MenuAction.FIT_MAP].shortcut().toString() == "Ctrl+0"


def test_the_legend_is_shown_and_remembered(open_window):
    window = open_window()
    action = window.menu_actions[MenuAction.SHOW_LEGEND]
    assert not window.map_view.legend.isVisible() and not action.isChecked()
    action.trigger()
    legend = window.map_view.legend
    assert legend.isVisible() and action.isChecked()
    words = [w for _, w in legend.rows()]
    assert "held by the Axis" in words and "held by the Allies" in words
    assert {"Italian troops", "German troops", "Greek troops", "British troops"} <= set(words)
    assert window.session.scenario.fortification.name in words and "an open battle" in words
    assert window.map_view.viewport().rect().contains(legend.geometry())
    assert settings.read(settings.SHOW_LEGEND) is True
    again = open_window()
    assert again.map_view.legend.isVisible() and again.menu_actions[MenuAction.SHOW_LEGEND].isChecked()


def test_full_screen_and_back(open_window, qtbot):
    window = open_window()
    action = window.menu_actions[MenuAction.FULL_SCREEN]
    assert action.shortcut().toString() == "F11"
    action.trigger()
    qtbot.waitUntil(window.isFullScreen, timeout=2000)
    assert action.isChecked()
    action.trigger()
    qtbot.waitUntil(lambda: not window.isFullScreen(), timeout=2000)
    assert not action.isChecked()


def _made(path: Path) -> Path:
    CampaignFile.create(path, name=path.stem).close()
    return path


def test_recent_campaigns_are_numbered_and_can_be_cleared(make_window, tmp_path):
    paths = [_made(tmp_path / f"night {n} & day.campaign") for n in range(3)]
    window = make_window(paths[0])
    for path in paths[1:]:
        window.open_campaign(path)
    paths[0].unlink()
    recent = window.menu_actions.submenu(MenuAction.OPEN_RECENT)
    recent.aboutToShow.emit()
    items = recent.actions()
    assert [a.text() for a in items[:3]] == [
        f"&{n} night {i} && day.campaign  ({tmp_path})" for n, i in ((1, 2), (2, 1), (3, 0))
    ]
    assert [a.isEnabled() for a in items[:3]] == [True, True, False]  # the first one is gone
    items[1].trigger()
    assert window.session.path == paths[1]
    recent.aboutToShow.emit()
    clear = recent.actions()[-1]
    assert clear.text() == "&Clear the list"
    clear.trigger()
    assert settings.recent_campaigns() == []
    recent.aboutToShow.emit()
    assert [a.text() for a in recent.actions()] == ["(none yet)"]


def _drop(widget, paths: list[Path]) -> QDropEvent:
    """Drag files over `widget` and drop them there, as a file manager does."""
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    at = widget.rect().center()
    enter = QDragEnterEvent(
        QPointF(at), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(widget, enter)
    drop = QDropEvent(
        QPointF(QPoint(at)), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(widget, drop)
    return drop


def test_a_campaign_file_dropped_on_the_map_opens(open_window, tmp_path):
    window = open_window()
    other = _made(tmp_path / "dropped.campaign")
    drop = _drop(window.map_view.viewport(), [other])  # the map takes troops; a file goes on to the window
    assert drop.isAccepted()
    assert window.session.path == other
    assert "Opened" in window.statusBar().currentMessage()


def test_a_file_that_is_not_a_campaign_is_refused_in_a_sentence(open_window, tmp_path):
    window = open_window()
    before = window.session.path
    notes = tmp_path / "notes.txt"
    notes.write_text("not a campaign")
    _drop(window.map_view.viewport(), [notes])
    assert window.session.path == before
    assert window.statusBar().currentMessage() == (
        "notes.txt is not a campaign file (a campaign file's name ends in .campaign): nothing was opened."
    )
    _drop(window.map_view.viewport(), [notes, notes])
    assert "drop one campaign file at a time" in window.statusBar().currentMessage()


def test_a_damaged_campaign_file_dropped_is_refused_by_the_store(open_window, tmp_path):
    window = open_window()
    before = window.session.path
    fake = tmp_path / "fake.campaign"
    fake.write_bytes(b"this is no database" * 10)
    _drop(window.map_view.viewport(), [fake])
    assert window.session.path == before
    assert window.statusBar().currentMessage().startswith("Could not open the campaign:")
