"""The main window driven as an organiser would: open, read the map, undo, redo, assist panels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN

TURN_ONE = FULL_CAMPAIGN["turn 1"]


@pytest.fixture
def campaign_path(tmp_path) -> Path:
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as campaign:
        campaign.apply(campaign.read_actions(TURN_ONE))
    return path


def test_window_shows_the_campaign(make_window, campaign_path):
    window = make_window(campaign_path)
    scene = window.map_view.map_scene
    assert len(scene.areas) == 17
    assert "C1 Ioannina is held by the Axis" in scene.areas["C1"].toolTip()
    in_c1 = {
        t
        for counter in scene.counters
        for t in counter.troops
        if counter.pos().y() > 0 and scene.area_at(counter.sceneBoundingRect().center()) == "C1"
    }
    assert in_c1 == {"IT-INF-1", "IT-CARRI"}
    assert "Axis 30 — Allied 100" in window.view.panel.headline.text()
    assert "Turn 1 is over: next, Turn ▸ Start the next turn (turn 2)" in window.view.panel.headline.text()
    assert "GR-INF-1, GR-INF-2" in window.view.panel.off_map.text()
    assert window.history.rowCount() == 4
    assert window.windowTitle().startswith("Shop night — shop.campaign")
    outer = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    inner = [window.view.side.tabText(i) for i in range(window.view.side.count())]
    assert outer[:3] == ["Map", "Commanders", "Charts"]
    assert not set(outer) & set(inner), "no two tabs in sight share a name"


def test_undo_and_redo_from_the_edit_menu(make_window, campaign_path):
    window = make_window(campaign_path)
    window.menu_actions[MenuAction.UNDO].trigger()
    assert window.history.rowCount() == 3
    assert "strategic" not in window.view.panel.headline.text()
    assert window.menu_actions[MenuAction.REDO].isEnabled()
    window.menu_actions[MenuAction.REDO].trigger()
    assert window.history.rowCount() == 4 and not window.menu_actions[MenuAction.REDO].isEnabled()
    with CampaignFile.open(campaign_path, readonly=True) as on_disk:
        assert len(on_disk.records) == 4, "every undo and redo is written to the file at once"


def test_each_assist_panel_opens_in_a_tab(make_window, campaign_path):
    window = make_window(campaign_path)
    items = {a.text(): a for a in window.menu_actions.submenu(MenuAction.ASSIST).actions()}
    for code, title in (("gcw", "The Greek Civil War"), ("agt", "A Greek Tragedy"), ("opa", "Opa Opa")):
        items[title].trigger()
        assert window.tabs.currentWidget() is window.assist_pages[code]
        assert window.assist_pages[code].widget() is window.assist_tabs[code]
    own = 3  # the campaign, its commanders and its charts
    assert window.tabs.count() == own + 3
    items["The Greek Civil War"].trigger()
    assert window.tabs.count() == own + 3, "a panel already open is shown again, not opened twice"
    window._close_tab(window.tabs.indexOf(window.assist_pages["opa"]))
    assert window.tabs.count() == own + 2 and "opa" not in window.assist_tabs
    assert "opa" not in window.assist_pages
    window._close_tab(window.tabs.indexOf(window.commanders_page))
    assert window.tabs.count() == own + 2, "the campaign's own tabs do not close"


def test_the_assist_panels_never_stretch_the_window_past_a_1280_by_800_screen(open_window, qtbot):
    """A Greek Tragedy's panel asks for more than 1100×770: in a tab of its own it scrolls, so the
    window (menus, tab bar and status bar around it) stays the shop's 1280×800 and the Commanders
    tab's buttons stay in reach."""
    window = open_window([{"type": "start_turn"}])
    window.resize(1280, 700)
    for code in ("gcw", "agt", "opa"):
        window.open_assist(code)
        qtbot.wait(10)
        QApplication.processEvents()
        assert window.height() <= 700 and window.width() <= 1280, (code, window.size())
        page = window.assist_pages[code]
        if code != "agt":  # the others fit the window whole: no scroll bar at all
            assert not page.verticalScrollBar().isVisible() and not page.horizontalScrollBar().isVisible(), code
    # each of A Greek Tragedy's tabs scrolls on its own: the tallest (the cup) does not make the
    # Combat tab scroll to its die and its button
    agt = window.assist_tabs["agt"]
    assert agt.minimumSizeHint().height() < agt.cup.ui.root.minimumSizeHint().height()
    window.open_assist("agt")
    QApplication.processEvents()
    combat = agt.combat.ui
    for widget in (combat.dieEdit, combat.reckonButton):
        corner = widget.mapTo(window, widget.rect().bottomRight())
        assert window.rect().contains(corner) and not widget.visibleRegion().isEmpty(), widget.objectName()


def test_a_foreign_file_is_refused_with_a_message(make_window, tmp_path):
    junk = tmp_path / "junk.campaign"
    junk.write_text("not a campaign")
    window = make_window(junk)
    assert window.campaign is None
    assert "not a campaign manager file" in window.statusBar().currentMessage()
    assert junk.read_text() == "not a campaign"
    for box in QApplication.topLevelWidgets():
        if box.isVisible() and box is not window and box.windowTitle() == "Firestorm Campaign Manager":
            box.close()


def test_new_campaign_and_recording_actions_from_a_file(make_window, tmp_path):
    target = tmp_path / "fresh.campaign"
    script = tmp_path / "turn1.json"
    script.write_text(json.dumps(TURN_ONE))
    window = make_window(
        choose_new=lambda parent, title: target,
        choose_actions=lambda parent, title: script,
        choose_scenario=lambda parent, names: "firestorm-greece",
    )
    window.new_campaign()
    assert window.campaign is not None and window.campaign.path == target
    window.menu_actions[MenuAction.RECORD_ACTIONS].trigger()
    assert window.history.rowCount() == 4
    assert "Recorded 4 actions" in window.statusBar().currentMessage()


def test_turn_menu_starts_ends_and_notes(make_window, tmp_path):
    path = tmp_path / "fresh.campaign"
    CampaignFile.create(path).close()
    window = make_window(path)
    window.menu_actions[MenuAction.START_TURN].trigger()  # turn 1 has a fixed battle count: no dice asked
    assert window.campaign.state.turn == 1
    window.menu_actions[MenuAction.END_TURN].trigger()  # refused: the two fixed battles are not fought
    assert "Rule 1.5" in window.statusBar().currentMessage() and window.campaign.state.phase == "planning"
    for box in QApplication.topLevelWidgets():
        if box.isVisible() and box is not window:
            box.close()
    window.menu_actions[MenuAction.ADD_NOTE].trigger()
    dialog = window.turn_menu.dialog
    dialog.valueEdit.setText("Table 3 played B1 to C1")
    dialog.buttons.accepted.emit()
    assert window.campaign.records[-1] == {"type": "note", "text": "Table 3 played B1 to C1"}


def test_start_turn_asks_for_the_battle_count_dice(make_window, campaign_path):
    window = make_window(campaign_path)  # turn 1 is over: turn 2 rolls 1D3 + 3
    window.menu_actions[MenuAction.START_TURN].trigger()
    dialog = window.turn_menu.dialog
    assert "1D3 + 3" in dialog.explanation.text()
    dialog.valueEdit.setText("7")
    dialog.buttons.accepted.emit()
    assert "cannot show 7" in dialog.problem.text() and window.campaign.state.turn == 1
    dialog.valueEdit.setText("5")
    dialog.buttons.accepted.emit()
    assert window.campaign.state.turn == 2 and window.campaign.state.battles_required == 6
    assert window.campaign.records[-1] == {"type": "start_turn", "dice": [5]}
    assert not dialog.root.isVisible()


def test_the_window_reads_outside_changes_again(make_window, campaign_path):
    window = make_window(campaign_path)
    with CampaignFile.open(campaign_path) as command_line:
        command_line.apply(command_line.read_actions([{"type": "start_turn", "dice": [4]}]))
    window.menu_actions[MenuAction.UNDO].trigger()  # stale: refused, nothing written, the window shows the file again
    assert "changed by another program" in window.statusBar().currentMessage()
    assert window.campaign.state.turn == 2 and window.history.rowCount() == 5
    for box in QApplication.topLevelWidgets():
        if box.isVisible() and box is not window:
            box.close()
    with CampaignFile.open(campaign_path) as command_line:
        command_line.undo()
    window.check_for_outside_changes()  # what coming back to the window does
    assert window.campaign.state.turn == 1 and window.history.rowCount() == 4


def test_requirements_of_the_turn_from_the_turn_menu(make_window, campaign_path):
    window = make_window(campaign_path)
    window.menu_actions[MenuAction.REQUIREMENTS].trigger()
    box = window.turn_menu.requirements_box
    assert "Turn 2: Greek Counter-Offensive" in box.text() and "1D3 + 3" in box.text()
    box.close()


def test_placing_and_redeploying_from_the_planning_dialog(make_window, campaign_path):
    window = make_window(campaign_path)
    window.campaign.apply(window.campaign.read_actions([{"type": "start_turn", "dice": [4]}]))
    window.refresh()
    window.menu_actions[MenuAction.PLACE_AND_REDEPLOY].trigger()
    dialog = window.turn_menu.planning.ui
    troops = [dialog.troopCombo.itemData(i) for i in range(dialog.troopCombo.count())]
    assert troops[:6] == ["GR-INF-1", "GR-INF-2", "GR-INF-8", "GR-INF-9", "IT-INF-4", "IT-INF-5"]
    dialog.troopCombo.setCurrentIndex(troops.index("IT-INF-4"))
    areas = [dialog.areaCombo.itemData(i) for i in range(dialog.areaCombo.count())]
    assert areas == ["A1", "B1", "B2"], "an Italian reinforcement goes to Albania (RULES.md 1.5)"
    dialog.areaCombo.setCurrentIndex(areas.index("B2"))
    dialog.recordButton.click()
    assert window.campaign.records[-1] == {"type": "place", "troop": "IT-INF-4", "area": "B2"}
    assert dialog.troopCombo.findData("IT-INF-4") > 0, "now on the map, it may still redeploy"
    dialog.troopCombo.setCurrentIndex(dialog.troopCombo.findData("GR-INF-3"))
    assert dialog.areaCombo.count() == 0, "no area is offered while the Italians still deploy"
    assert "place IT-INF-5 first" in dialog.problem.text(), "Italians deploy first on turn 2"
    dialog.troopCombo.setCurrentIndex(dialog.troopCombo.findData("IT-INF-5"))
    dialog.areaCombo.setCurrentIndex(dialog.areaCombo.findData("B1"))
    dialog.recordButton.click()
    assert dialog.problem.text() == ""
    movers = [
        dialog.troopCombo.itemData(i)
        for i in range(dialog.troopCombo.count())
        if " — in " in dialog.troopCombo.itemText(i)
    ]
    assert window.campaign.scenario.troops[movers[0]].nation == "italian", (
        "the Italians redeploy first on turn 2: their troops are offered first"
    )
    # A Greek redeploy once the Italians are done closes the Italian redeploy (turn 2 order): said before.
    dialog.troopCombo.setCurrentIndex(dialog.troopCombo.findData("GR-INF-3"))
    assert "ends the Italian troops' redeployment" in dialog.problem.text()
    dialog.areaCombo.setCurrentIndex(dialog.areaCombo.findData("D2"))
    dialog.recordButton.click()
    assert window.campaign.records[-1] == {"type": "redeploy", "troop": "GR-INF-3", "to": "D2"}
    dialog.troopCombo.setCurrentIndex(dialog.troopCombo.findData("IT-INF-4"))
    assert dialog.areaCombo.count() == 0
    assert "Rule 1.5" in dialog.problem.text() and "redeploy before Greek troops" in dialog.problem.text()
    dialog.recordButton.click()
    assert "redeploy before Greek troops" in dialog.problem.text(), "Record keeps the reason, not a vague word"
    assert window.campaign.records[-1]["troop"] == "GR-INF-3", "the refused move was not recorded"
    dialog.root.reject()


def test_the_planning_dialog_says_when_a_nations_redeployment_is_over(make_window, tmp_path):
    """Turn 2: a Greek redeployment ends the Italians' (rule 1.5). The dialog says so when the
    move is recorded, and each Italian troop in its list says it may no longer move, with the
    rule in its tooltip."""
    path = tmp_path / "turn2.campaign"
    with CampaignFile.create(path) as campaign:
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"][:7]))
    window = make_window(path, remember=False)
    window.menu_actions[MenuAction.PLACE_AND_REDEPLOY].trigger()
    dialog = window.turn_menu.planning.ui
    italian = dialog.troopCombo.findData("IT-INF-2")
    assert "may no longer redeploy" not in dialog.troopCombo.itemText(italian)
    dialog.troopCombo.setCurrentIndex(dialog.troopCombo.findData("GR-INF-4"))
    dialog.areaCombo.setCurrentIndex(dialog.areaCombo.findData("B3"))
    dialog.recordButton.click()
    assert window.campaign.records[-1] == {"type": "redeploy", "troop": "GR-INF-4", "to": "B3"}
    assert dialog.problem.text() == (
        "Rule 1.5: Italian troops may no longer redeploy this turn: the Greek troops have begun to redeploy."
    )
    italian = dialog.troopCombo.findData("IT-INF-2")
    assert dialog.troopCombo.itemText(italian) == "IT-INF-2 — in B1 Vlore: may no longer redeploy this turn"
    why = dialog.troopCombo.itemData(italian, Qt.ItemDataRole.ToolTipRole)
    assert why.startswith("Rule 1.5: IT-INF-2 cannot redeploy") and "redeploy before Greek troops" in why
    greek = dialog.troopCombo.findData("GR-INF-5")
    assert dialog.troopCombo.itemText(greek) == "GR-INF-5 — in B4 Thessaloniki"
    dialog.root.reject()


def test_settings_go_under_the_apps_own_names(qapp):
    from PySide6.QtCore import QSettings

    from campaign_manager.ui import settings

    settings.apply_identity(qapp)
    assert qapp.organizationName() == "Firestorm" and qapp.applicationName() == "Firestorm Campaign Manager"
    assert "Unknown Organization" not in QSettings().fileName()
    assert "Firestorm" in QSettings().fileName()


def test_new_campaign_asks_for_the_scenario_and_recent_files_remember_it(make_window, tmp_path):
    target = tmp_path / "chosen.campaign"
    asked = []
    window = make_window(
        choose_new=lambda parent, title: target,
        choose_scenario=lambda parent, names: asked.append(names) or "firestorm-greece",
    )
    window.new_campaign()
    assert asked == [["firestorm-greece", "veltmark-gap"]], "the bundled scenarios (and the user's own, none here)"
    assert window.campaign.path == target and window.campaign.scenario.id == "firestorm-greece"
    recent = window.menu_actions.submenu(MenuAction.OPEN_RECENT)
    recent.aboutToShow.emit()
    assert [a.text() for a in recent.actions()] == [f"&1 chosen.campaign  ({tmp_path})", "", "&Clear the list"]
    assert recent.actions()[0].statusTip() == str(target)


def test_save_a_copy_makes_a_campaign_that_opens_the_same(make_window, campaign_path, tmp_path):
    copy = tmp_path / "copy.campaign"
    window = make_window(
        campaign_path,
        choose_new=lambda parent, title, suggested=None: copy,
        choose_name=lambda parent, title, suggested, then: then(suggested),
    )
    window.menu_actions[MenuAction.SAVE_COPY].trigger()
    with CampaignFile.open(copy, readonly=True) as copied, CampaignFile.open(campaign_path, readonly=True) as original:
        assert copied.records == original.records and copied.state == original.state
    assert not (tmp_path / "copy.campaign.partial").exists()


def test_the_battle_count_reads_as_a_sentence(open_window):
    window = open_window([{"type": "start_turn"}])
    requirements = window.view.requirements.toPlainText()
    assert "This turn: 2 battles required, 0 fought so far" in requirements
    assert "at least 2" not in requirements
    assert "2 battles required, 0 fought so far." in window.view.panel.headline.text()


def test_an_empty_log_says_what_will_come_there(open_window, qtbot):
    window = open_window([])
    log = window.view.log
    window.view.side.setCurrentWidget(log)
    qtbot.waitUntil(log.isVisible)

    def ink(widget) -> int:
        image = widget.grab().toImage()
        background = image.pixelColor(image.width() - 3, image.height() - 3)
        return sum(image.pixelColor(x, y) != background for x in range(0, image.width(), 3) for y in range(0, 60, 3))

    assert log.lines.rowCount() == 0 and ink(log) > 20, "the empty log shows its hint"
    window.session.record_json([{"type": "start_turn"}])
    assert log.lines.rowCount() == 1 and log.lines.stringList()[0].startswith("1. Turn 1")


def test_a_finished_campaign_says_so_and_its_result(open_window):
    from tests.shared import FULL_CAMPAIGN

    window = open_window([a for turn in ("turn 1", "turn 2", "turn 3", "turn 4") for a in FULL_CAMPAIGN[turn]])
    assert window.campaign.state.phase == "finished"
    headline = window.view.panel.headline.text()
    assert "The campaign is over after turn 4" in headline and "Result: <b>Draw</b>" in headline, headline
    assert "Next:" not in headline


def test_save_a_copy_is_offered_beside_the_campaign_and_asks_the_copy_s_name(make_window, campaign_path, qtbot):
    """File ▸ Save a copy offers "NAME copy.campaign" in the campaign's own folder (not the app's
    data folder as new.campaign), then asks the copy's own name, so the two are not taken for
    one another on the window's title or on paper."""
    from PySide6.QtWidgets import QDialogButtonBox, QInputDialog

    offered = []

    def choose(parent, title, suggested=None):
        offered.append(suggested)
        return suggested

    window = make_window(campaign_path, choose_new=choose)
    window.menu_actions[MenuAction.SAVE_COPY].trigger()
    expected = campaign_path.with_name(f"{campaign_path.stem} copy.campaign")
    assert offered == [expected]
    box = window.findChild(QInputDialog, "campaignNameBox")
    qtbot.waitExposed(box)
    assert box.textValue() == f"{campaign_path.stem} copy"
    box.setTextValue("Saturday league")
    box.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    with CampaignFile.open(expected, readonly=True) as copied, CampaignFile.open(campaign_path, readonly=True) as first:
        assert copied.name == "Saturday league" and first.name != "Saturday league"
        assert copied.records == first.records
    assert "named Saturday league" in window.statusBar().currentMessage()
