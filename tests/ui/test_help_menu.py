"""Help ▸ Keyboard shortcuts lists every shortcut the menus have (from the actions' declarations);
Help ▸ About gives the version and where the open campaign and the app's files are kept, and its
Licences page lists every bundled library with its licence and full texts (from their metadata)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from campaign_manager import __version__
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.about_dialog import AboutDialog
from campaign_manager.ui.actions import MenuAction
from tests.ui.accessibility import unnamed


def _open_box(qtbot, action) -> QMessageBox:
    action.trigger()
    qtbot.waitUntil(lambda: any(isinstance(w, QMessageBox) and w.isVisible() for w in QApplication.topLevelWidgets()))
    box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
    return box


def _open_about(qtbot, window) -> AboutDialog:
    window.menu_actions[MenuAction.ABOUT].trigger()
    qtbot.waitUntil(lambda: any(isinstance(w, AboutDialog) and w.isVisible() for w in QApplication.topLevelWidgets()))
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, AboutDialog) and w.isVisible())


def _menu_shortcuts(menu: QMenu) -> set[str]:
    """Every key of every item of `menu` and its submenus, as built."""
    found = set()
    for action in menu.actions():
        if isinstance(action.menu(), QMenu):
            found |= _menu_shortcuts(action.menu())
        found |= {k.toString() for k in action.shortcuts()}
    return found


def test_the_shortcuts_list_has_every_menu_shortcut(make_window, qtbot, tmp_path):
    window = make_window(remember=False)
    rows = window.menu_actions.shortcut_rows()
    listed = {(menu, name): keys for menu, name, keys in rows}
    assert listed[("Edit", "Undo")].startswith("Ctrl+Z")
    assert listed[("Battle", "New battle")] == "Ctrl+B"
    assert listed[("Turn", "Start the next turn")] == "Ctrl+T"
    assert listed[("Help", "Keyboard shortcuts")] == "F1", "the usual key for help"
    every = set().union(*(_menu_shortcuts(m) for m in window.menus.values()))
    assert every == {k for keys in listed.values() for k in keys.split(" or ")}, "the list is the menus' keys"
    assert len(every) == len(rows), "no two items share a key"
    box = _open_box(qtbot, window.menu_actions[MenuAction.SHORTCUTS])
    assert "Ctrl+B" in box.text() and "Battle ▸ New battle" in box.text()
    box.close()


def test_every_shortcut_the_app_has_always_had_is_kept(make_window):
    """The keys organisers have learnt: a menu may be rebuilt, these stay."""
    window = make_window(remember=False)
    listed = {(menu, name): keys for menu, name, keys in window.menu_actions.shortcut_rows()}
    assert {
        ("File", "New campaign"): "Ctrl+N",
        ("File", "Open campaign"): "Ctrl+O",
        ("File", "Save a copy"): "Ctrl+Shift+S",
        ("File", "Print the turn report"): "Ctrl+P",
        ("File", "New General's Wargame"): "Ctrl+Shift+N",
        ("File", "Try a plan on a scratch copy"): "Ctrl+Shift+T",
        ("File", "What if (computer playouts)"): "Ctrl+Shift+W",
        ("File", "Record actions from a file"): "Ctrl+I",
        ("Turn", "Start the next turn"): "Ctrl+T",
        ("Turn", "Place and redeploy troops"): "Ctrl+Shift+P",
        ("Turn", "End the turn"): "Ctrl+E",
        ("Turn", "Add a note"): "Ctrl+M",
        ("Turn", "This turn's requirements"): "Ctrl+R",
        ("Battle", "New battle"): "Ctrl+B",
        ("Help", "Keyboard shortcuts"): "F1",
    }.items() <= listed.items()


def test_about_says_the_version_and_where_the_campaign_is(make_window, qtbot, tmp_path):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path, name="Shop night").close()
    window = make_window(path, remember=False)
    about = _open_about(qtbot, window)
    assert __version__ in about.about.text()
    assert str(Path(path).resolve()) in about.about.text()
    about.close()


def test_about_lists_every_bundled_library_with_its_licence_and_text(make_window, qtbot, qtmodeltester):
    """The Licences page: Qt (PySide6, LGPL) and reportlab among the libraries, as their packages
    say, each with its version; the selected one's full licence text below the list."""
    from importlib.metadata import version

    from campaign_manager.licences import installed_libraries

    window = make_window(remember=False)
    about = _open_about(qtbot, window)
    page = about.show_licences()
    qtbot.waitUntil(lambda: page.model.rowCount() > 0)
    qtmodeltester.check(page.model)
    rows = {
        page.model.index(row, 0).data(): (page.model.index(row, 1).data(), page.model.index(row, 2).data())
        for row in range(page.model.rowCount())
    }
    assert rows.keys() == {library.name for library in installed_libraries()}
    qt = next(name for name in rows if name.lower().startswith("pyside6"))
    assert "LGPL-3.0" in rows[qt][1] and rows[qt][0] == version("PySide6-Essentials")
    assert rows["reportlab"] == (version("reportlab"), "BSD License")
    page.select(qt)
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in page.text.toPlainText()
    page.select("reportlab")
    shown = page.text.toPlainText()
    assert shown.startswith(f"reportlab {version('reportlab')}\nLicence: BSD License") and "ReportLab Inc." in shown
    assert unnamed(about) == []  # a screen reader names the list and the text
    about.close()


def test_edit_undo_names_the_action_it_takes_back(make_window, tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path) as made:
        made.apply(
            made.read_actions(
                [
                    {"type": "start_turn"},
                    {
                        "type": "battle",
                        "from": "B1",
                        "to": "C1",
                        "attacker": {"troops": ["IT-INF-1"]},
                        "defender": {"troops": []},
                    },
                ]
            )
        )
    window = make_window(path, remember=False)
    assert window.menu_actions[MenuAction.UNDO].text() == "&Undo battle arrow B1 → C1 (placed, no result yet)"
    messages = []
    window.session.message.connect(messages.append)
    window.menu_actions[MenuAction.UNDO].trigger()
    assert messages[-1] == "Undone: battle arrow B1 → C1 (placed, no result yet)"
    assert window.menu_actions[MenuAction.UNDO].text() == "&Undo start turn"
    window.menu_actions[MenuAction.REDO].trigger()
    assert messages[-1] == "Redone: battle arrow B1 → C1 (placed, no result yet)"
    listed = {(menu, name) for menu, name, _ in window.menu_actions.shortcut_rows()}
    assert ("Edit", "Undo") in listed


def test_edit_redo_names_the_action_it_puts_back(make_window, tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path) as made:
        made.apply(made.read_actions([{"type": "start_turn"}]))
    window = make_window(path, remember=False)
    redo = window.menu_actions[MenuAction.REDO]
    assert redo.text() == "&Redo" and not redo.isEnabled(), "nothing waits to be redone"
    window.menu_actions[MenuAction.UNDO].trigger()
    assert redo.text() == "&Redo start turn" and redo.isEnabled()
    redo.trigger()
    assert redo.text() == "&Redo" and window.menu_actions[MenuAction.UNDO].text() == "&Undo start turn"
    listed = {(menu, name) for menu, name, _ in window.menu_actions.shortcut_rows()}
    assert ("Edit", "Redo") in listed


def _image(pixmap):
    return pixmap.toImage().convertToFormat(pixmap.toImage().Format.Format_ARGB32)


def test_the_window_and_about_show_the_app_s_icon(make_window, qtbot, qapp):
    """The app names itself to the desktop (its desktop file, its icon at every size drawn) and
    the About box shows the icon rather than a generic "information" sign."""
    from PySide6.QtGui import QGuiApplication

    from campaign_manager.paths import ICON_SIZES
    from campaign_manager.ui import settings

    settings.apply_identity(qapp)
    assert QGuiApplication.desktopFileName() == "campaign-manager"
    window = make_window(remember=False)
    sizes = {size.width() for size in window.windowIcon().availableSizes()}
    assert sizes == set(ICON_SIZES)
    about = _open_about(qtbot, window)
    assert not about.icon.pixmap().isNull()
    assert _image(about.icon.pixmap()) == _image(settings.app_icon().pixmap(64, 64))
    about.close()
