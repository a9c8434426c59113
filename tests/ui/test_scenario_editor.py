"""The scenario editor (Scenario ▸ Edit), driven as an organiser would: a link added by clicking
two areas on the map, a terrain chosen and a VP typed in the areas table, undone and redone with
the keys, saved as the user's own scenario; a campaign started from the saved file plays by them
(its legal arrows, the General's Wargame bonus, the VP). A fault made in the editor is listed in
words, clicking it selects its entry, and File ▸ New refuses the scenario naming the fault; the
bundled scenario is never overwritten; a running campaign keeps its own copy."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QWidget

from campaign_manager.engine import legal
from campaign_manager.scenario import load_scenario
from campaign_manager.scenario.edits import toggle_link
from campaign_manager.scenario.loader import bundled_scenarios, user_scenarios
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.editor.columns import SETTINGS, TABLES
from campaign_manager.ui.editor.document import ScenarioDocument
from campaign_manager.ui.editor.tables import PartModel, SettingsModel
from campaign_manager.ui.editor.window import PAGES, ScenarioEditor
from campaign_manager.ui.map.items import LinkItem
from tests.shared import FULL_CAMPAIGN


@pytest.fixture
def window(open_window):
    return open_window()


@pytest.fixture
def edit(window, qtbot, monkeypatch, tmp_path):
    """Opens a known scenario in the editor through Scenario ▸ Edit a scenario; Save as answers
    with the name given to `names`; closing never asks. The user's scenarios are the test's own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    opened: list[ScenarioEditor] = []
    names: list[str] = []

    def open_(name: str = "firestorm-greece") -> ScenarioEditor:
        window.move(0, 0)  # the editor opens beside it, as large as the screen lets it
        window.scenario_actions.choose_scenario = lambda parent, known: name
        window.menu_actions[MenuAction.EDIT_SCENARIO].trigger()
        editor = window.scenario_actions.editors[-1]
        editor.choose_name = lambda parent, suggested: names.pop(0) if names else None
        editor.ask_unsaved = lambda parent, question: "discard"
        qtbot.waitExposed(editor)
        editor.activateWindow()
        qtbot.waitUntil(editor.isActiveWindow)
        opened.append(editor)
        return editor

    open_.names = names  # type: ignore[attr-defined]
    yield open_
    for editor in window.scenario_actions.editors:
        editor.close()


def at_area(editor: ScenarioEditor, code: str) -> QPoint:
    view = editor.map_view
    layout = editor.document.data.layout
    assert layout is not None
    x, y = layout.areas[code].label
    return view.mapFromScene(QPointF(x, y + 30))  # inside the area, below its name


def area_row(editor: ScenarioEditor, code: str) -> int:
    return next(n for n, area in enumerate(editor.document.data.areas) if area.code == code)


def cell(editor: ScenarioEditor, part: str, row: int, header: str):
    panel = editor.panels[part]
    model = panel.model
    assert isinstance(model, PartModel)
    column = next(n for n, c in enumerate(model.table.columns) if c.header == header)
    return panel, model.index(row, column)


def type_into(qtbot, editor: ScenarioEditor, part: str, row: int, header: str, text: str) -> None:
    """Select the cell, type over it, press Enter: as at the keyboard."""
    panel, index = cell(editor, part, row, header)
    editor.tabs.setCurrentIndex(next(n for n, (_, parts) in enumerate(PAGES) if part in parts))
    panel.view.setCurrentIndex(index)
    panel.view.setFocus()
    qtbot.keyClick(panel.view, text[0])
    typed = QApplication.focusWidget()
    assert isinstance(typed, QLineEdit), "typing in a cell opens its editor"
    qtbot.keyClicks(typed, text[1:])
    qtbot.keyClick(typed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.view.findChild(QLineEdit) is None)  # the cell is written when its editor closes


def choose_in(qtbot, editor: ScenarioEditor, part: str, row: int, header: str, code: str) -> None:
    """Open the cell's drop-down, choose, press Enter."""
    panel, index = cell(editor, part, row, header)
    panel.view.setCurrentIndex(index)
    panel.view.edit(index)
    combo = panel.view.findChild(QComboBox)
    assert combo is not None, "a choice cell offers a drop-down"
    combo.setCurrentIndex(combo.findData(code))
    qtbot.keyClick(combo, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.view.findChild(QComboBox) is None)


def test_every_table_of_the_editor_passes_the_model_tester(qtmodeltester, qtbot):
    for name, path in bundled_scenarios().items():
        from campaign_manager.scenario.loader import read_scenario_file

        data, faults = read_scenario_file(path.read_text(encoding="utf-8"), path.name)
        document = ScenarioDocument(data, faults, name)
        for table in TABLES:
            qtmodeltester.check(PartModel(table, document), force_py=True)
        qtmodeltester.check(SettingsModel(SETTINGS, document), force_py=True)


def test_a_link_a_terrain_and_a_vp_edited_are_saved_and_a_campaign_plays_by_them(window, edit, qtbot, tmp_path):
    editor = edit()
    assert editor.document.faults == [] and "No faults" in editor.faults_heading.text()
    assert "C4" not in {link.b for link in editor.document.data.map.links if link.a == "C1"}

    # The link C1–C4, by clicking the two areas on the map with Map ▸ Link areas on.
    editor.link_action.trigger()
    viewport = editor.map_view.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at_area(editor, "C1"))
    assert editor.map_view.map_scene.marked == {"C1"} and "link with C1" in editor.hint.text()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at_area(editor, "C4"))
    assert editor.document.data.map.links[-1].model_dump() == {"a": "C1", "b": "C4", "fortified": False, "sea": False}
    assert "Add the link C1–C4" in editor.statusBar().currentMessage()
    drawn = [item for item in editor.map_view.map_scene.items() if isinstance(item, LinkItem)]
    assert len(drawn) == len(editor.document.data.map.links) == 30, "the map draws the new link"
    editor.link_action.trigger()

    # C2 Kastoria's terrain chosen from the drop-down; B3 Florina's VP typed in.
    choose_in(qtbot, editor, "areas", area_row(editor, "C2"), "terrain", "plain")
    assert editor.document.data.areas[area_row(editor, "C2")].terrain == "plain"
    type_into(qtbot, editor, "areas", area_row(editor, "B3"), "VP", "25")
    assert editor.document.data.areas[area_row(editor, "B3")].vp == 25
    assert editor.map_view.map_scene.labels["B3"].vp == 25, "the map shows it at once"

    # Undone and redone with the keys, inside the editor.
    QTest.keyClick(editor.panels["areas"].view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.document.data.areas[area_row(editor, "B3")].vp == 0
    QTest.keyClick(
        editor.panels["areas"].view,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert editor.document.data.areas[area_row(editor, "B3")].vp == 25
    assert editor.document.undo_stack.count() == 3 and editor.isWindowModified()

    # Saved as the user's own: it validates, and File ▸ New offers it.
    edit.names.append("greece-corrected")
    editor.save_action.trigger()
    saved = user_scenarios() / "greece-corrected.toml"
    assert saved.exists() and not editor.isWindowModified()
    assert "File ▸ New campaign offers it" in editor.statusBar().currentMessage()
    corrected = load_scenario(str(saved))  # the one check: `scenario validate` says sound
    assert corrected.id == "greece-corrected" and "C4" in corrected.neighbours["C1"]

    offered: list[list[str]] = []
    campaign = tmp_path / "corrected.campaign"
    window.file_menu.choose_scenario = lambda parent, names: offered.append(names) or "greece-corrected"
    window.file_menu.choose_new = lambda parent, title: campaign
    window.menu_actions[MenuAction.NEW_CAMPAIGN].trigger()
    assert offered == [["firestorm-greece", "veltmark-gap", "greece-corrected"]]
    assert window.campaign is not None and window.campaign.path == campaign
    sc = window.session.scenario
    assert window.view.panel.vp.vp == {"axis": 20, "allied": 110 + 25}, "B3 Florina's 25 VP count for the Allies"

    # Turn 1 as the worked example: the B2→C2 wargame battle is now fought on plain.
    done = window.session.record_json(FULL_CAMPAIGN["turn 1"])
    fought = " ".join(done[2].events)
    assert "totals 4–6" in fought, "Alpini +1 and Greek infantry +1 on plain (rough gave 5–7)"
    assert window.view.panel.vp.vp == {"axis": 30, "allied": 100 + 25}
    window.session.record_json([FULL_CAMPAIGN["turn 2"][0]])  # turn 2 starts
    assert ("C1", "C4") in legal.legal_arrows(sc, window.session.state, "axis"), "the new link is a legal arrow"
    original = load_scenario("firestorm-greece")
    with CampaignFile.open(campaign, readonly=True) as kept:
        assert kept.scenario.source == sc.source
    assert "C4" not in original.neighbours["C1"], "the bundled scenario is as it was"


def test_a_fault_made_in_the_editor_is_listed_selected_and_blocks_a_new_campaign(window, edit, qtbot, tmp_path):
    editor = edit()
    b4 = area_row(editor, "B4")
    choose_in(qtbot, editor, "areas", b4, "starts with", "axis")  # the Greeks there now start in enemy hands
    faults = [editor.faults.item(n).text() for n in range(editor.faults.count())]
    assert faults == [
        "Troop GR-INF-4: starts in B4, which its side does not hold",
        "Troop GR-INF-5: starts in B4, which its side does not hold",
    ]
    assert editor.faults_heading.text().startswith("2 faults: a campaign cannot start from this scenario")

    # Clicking the first fault selects its entry: the troop's "starts in" on the Troops tab.
    first = editor.faults.item(0)
    editor.faults.itemClicked.emit(first)
    assert editor.tabs.tabText(editor.tabs.currentIndex()) == "Troops"
    roster = editor.panels["troops"]
    index = roster.view.currentIndex()
    assert roster.model.data(roster.model.index(index.row(), 0)) == "GR-INF-4"
    assert roster.model.headerData(index.column(), Qt.Orientation.Horizontal) == "starts in"
    assert roster.model.data(index, Qt.ItemDataRole.BackgroundRole) is not None, "the faulty cell is tinted"

    # Saved with its faults (a work in progress), it cannot start a campaign.
    edit.names.append("broken-greece")
    assert editor.save()
    assert "with 2 faults" in editor.statusBar().currentMessage()
    target = tmp_path / "never.campaign"
    asked: list[str] = []
    window.file_menu.choose_scenario = lambda parent, names: "broken-greece"
    window.file_menu.choose_new = lambda parent, title: asked.append(title) or target
    before = window.campaign.path
    window.menu_actions[MenuAction.NEW_CAMPAIGN].trigger()
    refused = window.statusBar().currentMessage()
    assert refused.startswith("Could not create the campaign: the scenario broken-greece has a fault — ")
    assert "troop GR-INF-4 (troops[11].start): starts in B4, which its side does not hold (and 1 more" in refused
    assert asked == [] and not target.exists() and window.campaign.path == before

    # Mended (undo), saved again over its own file: now a campaign starts from it.
    assert editor.undo_action.text() == "&Undo Area B4 Thessaloniki: starts with axis"
    editor.undo_action.trigger()
    assert editor.faults.count() == 0
    assert editor.save() and (user_scenarios() / "broken-greece.toml").exists()
    window.menu_actions[MenuAction.NEW_CAMPAIGN].trigger()
    assert window.campaign.path == target


def test_undo_after_save_as_takes_back_the_last_edit_not_the_name_saved_under(edit, qtbot):
    """Save as names the scenario after its file, which is no change of the user's: Undo then
    takes back the last edit made, the name stays, and the file stays as saved."""
    editor = edit()
    b3 = area_row(editor, "B3")
    type_into(qtbot, editor, "areas", b3, "VP", "25")
    edit.names.append("greece-kept")
    assert editor.save_as() and not editor.isWindowModified()
    assert editor.document.undo_stack.count() == 1, "saving adds no step to undo"
    assert editor.undo_action.text() == "&Undo Area B3 Florina: VP 25"
    saved = (user_scenarios() / "greece-kept.toml").read_bytes()

    editor.undo_action.trigger()
    assert editor.document.data.areas[b3].vp == 0 and editor.isWindowModified()
    assert editor.document.data.scenario.id == "greece-kept", "the name saved under is kept"
    assert (user_scenarios() / "greece-kept.toml").read_bytes() == saved
    assert not editor.undo_action.isEnabled(), "nothing more to undo"
    editor.redo_action.trigger()
    assert editor.document.data.areas[b3].vp == 25 and editor.document.data.scenario.id == "greece-kept"
    assert not editor.isWindowModified(), "back where it was saved"


def test_the_editor_opens_beside_the_window_wholly_on_its_screen(window, edit):
    """Sized to the screen but placed by the window manager, the editor's foot (its status bar,
    where refusals are said) fell below a 1280x800 screen; now it opens offset from the main
    window, shrunk to end on the screen."""
    window.move(0, 0)
    editor = edit()
    assert editor.geometry().topLeft() == window.geometry().topLeft() + QPoint(40, 40)
    screen = editor.screen().availableGeometry()
    assert screen.contains(editor.frameGeometry()), (editor.frameGeometry(), screen)
    assert editor.statusBar().isVisible(), "there before anything is said: it does not grow the window then"
    size = editor.size()
    editor.say("Saved")
    QApplication.processEvents()
    assert editor.size() == size and screen.contains(editor.frameGeometry())


def test_the_bundled_scenario_is_never_overwritten(window, edit):
    bundled = {name: path.read_bytes() for name, path in bundled_scenarios().items()}
    editor = edit()
    editor.document.apply(toggle_link(editor.document.data, "C1", "C4"))
    for name in ("firestorm-greece", "Veltmark-Gap"):
        edit.names.append(name)
        assert not editor.save_as()
        assert "a bundled scenario is never overwritten" in editor.statusBar().currentMessage()
    assert {name: path.read_bytes() for name, path in bundled_scenarios().items()} == bundled
    assert not user_scenarios().exists() or not list(user_scenarios().glob("*.toml"))
    assert editor.isWindowModified(), "nothing was saved"
    for box in QApplication.topLevelWidgets():
        if box.isVisible() and box.windowTitle() == "Scenario editor" and box is not editor:
            box.close()


def test_a_running_campaign_keeps_the_scenario_it_started_from(window, edit, tmp_path):
    editor = edit("veltmark-gap")
    edit.names.append("my-gap")
    assert editor.save()
    campaign = tmp_path / "gap.campaign"
    window.session.create(campaign, scenario="my-gap")
    assert "F3" in window.session.scenario.neighbours["F2"]
    f2_f3 = next(n for n, link in enumerate(editor.document.data.map.links) if {link.a, link.b} == {"F2", "F3"})
    editor.panels["links"].view.setCurrentIndex(editor.panels["links"].model.index(f2_f3, 0))
    editor.panels["links"].remove.click()
    assert editor.save()
    assert "F3" not in load_scenario("my-gap").neighbours["F2"], "the scenario file changed"
    window.open_campaign(campaign)
    assert "F3" in window.session.scenario.neighbours["F2"], "the campaign plays on with its own copy"

    # Scenario ▸ Edit this campaign's scenario opens that copy, link and all.
    window.menu_actions[MenuAction.EDIT_CAMPAIGN_SCENARIO].trigger()
    copy = window.scenario_actions.editors[-1]
    copy.ask_unsaved = lambda parent, question: "discard"
    assert any({link.a, link.b} == {"F2", "F3"} for link in copy.document.data.map.links)
    assert "the scenario kept in" in copy.windowTitle()
    copy.close()


def test_names_and_counters_are_dragged_on_the_map(edit, qtbot):
    editor = edit("veltmark-gap")
    view = editor.map_view
    scene = view.map_scene
    layout = editor.document.data.layout
    assert layout is not None
    start = QPointF(*layout.areas["F2"].label)
    drag(view, start, QPointF(start.x() + 40, start.y() - 30))
    moved = editor.document.data.layout.areas["F2"].label
    assert abs(moved[0] - (start.x() + 40)) < 3 and abs(moved[1] - (start.y() - 30)) < 3
    assert editor.document.undo_stack.text(0) == "Move the name of F2"
    spot = scene.spots["F3"]
    top = spot.scenePos()
    drag(view, top + QPointF(0, 15), top + QPointF(-60, 45))
    assert editor.document.data.layout.areas["F3"].counters is not None
    x, y = editor.document.data.layout.areas["F3"].counters
    assert abs(x - (top.x() - 60)) < 3 and abs(y - (top.y() + 30)) < 3
    editor.undo_action.trigger()
    assert editor.document.data.layout.areas["F3"].counters is None


def drag(view, start: QPointF, end: QPointF) -> None:
    viewport = view.viewport()
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for step in range(1, 6):
        QTest.mouseMove(viewport, a + (b - a) * step / 5)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def test_what_the_shape_forbids_is_refused_in_words_and_changes_nothing(edit, qtbot):
    editor = edit()
    b3 = area_row(editor, "B3")
    for typed, said in (
        ("-5", "VP -5: refused (should be at least 0, not -5)"),
        ("many", "Area B3 Florina: VP: write a whole number"),
    ):
        type_into(qtbot, editor, "areas", b3, "VP", typed)
        assert said in editor.statusBar().currentMessage()
        assert editor.document.data.areas[b3].vp == 0 and editor.document.undo_stack.count() == 0
    panel, code = cell(editor, "areas", b3, "code")
    assert not panel.model.setData(code, "  ")  # a code rubbed out: said, not silently dropped
    assert "Area B3 Florina: a code cannot be empty; it stays B3" in editor.statusBar().currentMessage()
    assert editor.document.data.areas[b3].code == "B3" and editor.document.undo_stack.count() == 0


def test_rows_added_and_taken_out(edit):
    editor = edit("veltmark-gap")
    areas = editor.panels["areas"]
    areas.add.click()
    assert editor.document.data.areas[-1].code == "N1" and "N1" in editor.map_view.map_scene.areas
    assert areas.view.currentIndex().row() == len(editor.document.data.areas) - 1
    areas.remove.click()
    assert [a.code for a in editor.document.data.areas] == ["K1", "K2", "K3", "F1", "F2", "F3"]
    rules = editor.panels["deployment"]
    rules.view.setCurrentIndex(rules.model.index(0, 1))
    rules.add.click()
    assert len(editor.document.data.turns[0].deployment) == 2, "the selected rule's turn gets the new one"
    assert editor.document.faults == []


def test_every_widget_of_the_editor_has_a_name_or_words(edit):
    editor = edit()
    nameless = [
        f"{type(w).__name__} {w.objectName()}"
        for w in editor.findChildren(QWidget)
        if w.isVisible()
        and w.focusPolicy() != Qt.FocusPolicy.NoFocus
        and not w.accessibleName()
        and not (getattr(w, "text", None) and w.text())
        and type(w).__name__ not in ("QWidget", "QScrollBar")
        and w.parent() is not None
        and not type(w.parent()).__name__.startswith("QAbstractScrollArea")
    ]
    assert nameless == []


def test_closing_with_changes_not_saved_offers_to_save_them_first(edit, qtbot):
    """Closing mid-edit asks Save / Discard / Cancel with Save the default (Enter pressed by a
    tired hand keeps the work); Cancel goes back with every change; Save saves, then closes."""
    from PySide6.QtWidgets import QMessageBox

    from campaign_manager.scenario.edits import set_value
    from campaign_manager.ui.editor.asking import unsaved_box

    editor = edit()
    box = unsaved_box(editor, "Save them?")
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Save)
    assert box.escapeButton() is box.button(QMessageBox.StandardButton.Cancel)
    box.deleteLater()

    b3 = area_row(editor, "B3")
    editor.document.apply(set_value(editor.document.data, ("areas", b3, "vp"), 25, "Area B3 Florina: VP 25"))
    answers: list[str] = ["cancel", "save"]
    editor.ask_unsaved = lambda parent, question: answers.pop(0)
    assert not editor.close(), "Cancel: the editor stays, with the change"
    assert editor.document.data.areas[b3].vp == 25 and editor.isWindowModified()
    edit.names.append("greece-kept")
    assert editor.close(), "Save: saved under the name given, then closed"
    assert load_scenario(str(user_scenarios() / "greece-kept.toml")).areas["B3"].vp == 25


def test_a_side_s_id_renamed_in_the_sides_table_is_renamed_everywhere(edit, qtbot):
    """Typed over a side's code, as any code is: the nations, areas and turns that name the side
    follow it, the file stays sound, and it is saved and read with its new ids."""
    editor = edit("veltmark-gap")
    sides = list(editor.document.data.sides)
    type_into(qtbot, editor, "sides", sides.index("axis"), "code", "north")
    type_into(qtbot, editor, "sides", sides.index("allied"), "code", "south")
    data = editor.document.data
    assert list(data.sides) == ["north", "south"] and editor.document.faults == []
    assert {nation.side for nation in data.nations.values()} == {"north", "south"}
    assert {area.controller for area in data.areas} == {"north", "south"}
    assert data.fortification is not None and data.fortification.attacker_side == "north"
    assert [turn.initiative.side for turn in data.turns if turn.initiative] == ["north", "south"]
    _, side_cell = cell(editor, "nations", 0, "side")
    assert side_cell.data() == "Imperial (north)"
    edit.names.append("veltmark-renamed")
    editor.save_action.trigger()
    renamed = load_scenario(str(user_scenarios() / "veltmark-renamed.toml"))
    assert renamed.side_ids == ("north", "south") and renamed.side_of("corvish") == "south"
    QTest.keyClick(editor.panels["sides"].view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert list(editor.document.data.sides) == ["north", "allied"], "one undo takes back one renaming"
