"""The Commanders tab: the league table (a model checked by qtmodeltester) sorted by any column,
a commander's games on a click, the roster's buttons recorded through the session (undo covers
them), a sign-up sheet imported or refused naming its row; the commanders' names in the Battles
tab; the Charts tab painted from the same drawing the report prints."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from campaign_manager.ui.history_view import COLUMNS as BATTLE_COLUMNS
from campaign_manager.ui.league_models import COLUMNS, GAME_COLUMNS
from tests.engine.test_league import HAND_LEAGUE
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS
from tests.ui.accessibility import unnamed

PLAYED = [a for actions in FULL_CAMPAIGN_WITH_COMMANDERS.values() for a in actions]


def _tab(open_window, qtbot, actions=PLAYED, **kwargs):
    window = open_window(actions, **kwargs)
    window.tabs.setCurrentWidget(window.commanders_page)
    qtbot.waitUntil(window.commanders.ui.leagueTable.isVisible)
    return window, window.commanders


def _column(view, title: str) -> list[str]:
    table, column = view.ui.leagueTable, [c.title for c in COLUMNS].index(title)
    return [table.model().index(row, column).data() for row in range(table.model().rowCount())]


def _click_header(qtbot, view, title: str) -> None:
    header = view.ui.leagueTable.horizontalHeader()
    section = [c.title for c in COLUMNS].index(title)
    x = header.sectionViewportPosition(section) + header.sectionSize(section) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def test_the_league_models_pass_the_model_tester(open_window, qtbot, qtmodeltester):
    window, view = _tab(open_window, qtbot)
    qtmodeltester.check(view.model)
    qtmodeltester.check(view.order)
    view.choose("Marco")
    qtmodeltester.check(view.games)


def test_the_league_table_is_the_league_and_sorts_by_any_column(open_window, qtbot):
    window, view = _tab(open_window, qtbot)
    assert _column(view, "Commander") == [row[0] for row in HAND_LEAGUE]
    assert _column(view, "Role") == ["General", "", "retired", "", "General", ""]
    _click_header(qtbot, view, "VP for")  # numbers as numbers, the most first: 22 before 13, 11, 10 and 6
    assert _column(view, "VP for") == ["22", "13", "11", "10", "7", "6"]
    _click_header(qtbot, view, "VP for")
    assert _column(view, "VP for") == ["6", "7", "10", "11", "13", "22"]
    _click_header(qtbot, view, "Commander")  # names without regard to case, from A
    assert _column(view, "Commander") == ["Anna", "Ben", "Giulia", "Hans", "Marco", "Nikos"]
    _click_header(qtbot, view, "VP diff")
    assert _column(view, "VP diff") == ["+9", "+8", "+2", "0", "-7", "-8"]
    _click_header(qtbot, view, "Role")  # words from A, an empty cell (nothing to say) last either way
    assert _column(view, "Role") == ["General", "General", "retired", "", "", ""]
    _click_header(qtbot, view, "Role")
    assert _column(view, "Role") == ["retired", "General", "General", "", "", ""]
    _click_header(qtbot, view, "#")
    assert _column(view, "Commander") == [row[0] for row in HAND_LEAGUE]


def test_a_click_on_a_commander_shows_their_games(open_window, qtbot):
    window, view = _tab(open_window, qtbot)
    _click_header(qtbot, view, "Commander")
    table = view.ui.leagueTable
    qtbot.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(table.model().index(0, 1)).center()
    )
    assert view.ui.gamesTitle.text() == "Games of Anna (Allied, Dice Den): 1 won, 2 drawn, 3 lost."
    rows = [[view.games.index(r, c).data() for c in range(len(GAME_COLUMNS))] for r in range(view.games.rowCount())]
    assert rows[0] == ["1", "B1 → C1", "defender (Allied)", "Marco", "2–5", "lost"]
    assert rows[2] == ["3", "B1 → C1, game 1 of 2", "defender (Allied)", "Marco", "1–7", "lost"]
    assert len(rows) == 6 and [r[5] for r in rows].count("drawn") == 2
    view.choose("nikos")  # renamed from Nicos after a game: that game is still his
    assert view.games.rowCount() == 3 and view.games.index(0, 1).data() == "B1 → C1, game 2 of 2"


def test_the_roster_buttons_record_actions_that_undo_takes_back(open_window, qtbot):
    window, view = _tab(open_window, qtbot, PLAYED[:3])  # Marco and Giulia, Anna
    view.ui.addButton.click()
    dialog = view.dialog
    assert dialog is not None and dialog.ui.root.isVisible()
    dialog.ui.nameEdit.setText("  Zoë <b>Ξ</b>  ")
    dialog.ui.sideCombo.setCurrentIndex(dialog.ui.sideCombo.findData("allied"))
    dialog.ui.clubEdit.setText("Dice Den")
    dialog.ui.okButton.click()
    assert not dialog.ui.root.isVisible()
    assert view.standing().commander.name == "Zoë <b>Ξ</b>", "kept as typed (but the spaces around), shown as text"
    assert "Zoë <b>Ξ</b>" in _column(view, "Commander")
    view.ui.addButton.click()
    view.dialog.ui.nameEdit.setText("ANNA")
    view.dialog.ui.okButton.click()
    assert view.dialog.ui.root.isVisible(), "refused: the dialog stays open to mend it"
    assert "Rule 1.10: the name 'ANNA' is already on the roster" in view.dialog.ui.problem.text()
    view.dialog.ui.cancelButton.click()
    view.choose("marco")
    view.ui.generalButton.click()
    assert _column(view, "Role")[_column(view, "Commander").index("Marco")] == "General"
    assert not view.ui.generalButton.isEnabled()
    view.ui.retireButton.click()
    assert view.standing().commander.retired and view.ui.retireButton.text() == "Bring &back"
    window.undo()
    assert not view.standing().commander.retired and view.standing().commander.general
    view.ui.renameButton.click()
    view.dialog.ui.nameEdit.setText("Marco P.")
    view.dialog.ui.okButton.click()
    assert view.standing().commander.name == "Marco P."
    assert window.session.state.roster[0].name == "Marco P."


def test_retire_says_who_retired_with_undo_beside_it(open_window, qtbot):
    """Retire asks nothing (Undo takes it back): the tab says whom it retired, with an Undo button
    beside the words, until anything else is recorded."""
    window, view = _tab(open_window, qtbot, PLAYED[:3])
    assert not view.ui.doneRow.isVisible()
    view.choose("marco")
    view.ui.retireButton.click()
    assert view.standing().commander.retired
    assert view.ui.doneRow.isVisible() and view.ui.undoDoneButton.isVisible()
    said = view.ui.doneLabel.text()
    assert said.startswith("Marco (") and "retires" in said, said
    assert view.ui.undoDoneButton.text() == "&Undo"
    qtbot.mouseClick(view.ui.undoDoneButton, Qt.MouseButton.LeftButton)
    assert not view.standing().commander.retired, "Undo beside the words takes the retirement back"
    assert not view.ui.doneRow.isVisible()

    view.choose("anna")
    view.ui.retireButton.click()
    assert view.ui.doneRow.isVisible()
    view.choose("marco")
    view.ui.generalButton.click()  # something else recorded: this Undo would not take back the retirement
    assert "General" in view.ui.doneLabel.text() and view.ui.doneRow.isVisible()
    window.undo()  # from the Edit menu: the words no longer say what the last action did
    assert not view.ui.doneRow.isVisible()
    assert view.standing().commander.name == "Marco" and not view.standing().commander.general


def test_a_long_name_is_never_cut_and_a_wide_window_leaves_no_gap(open_window, qtbot):
    """The names' column is as wide as the longest name even in a narrow window (the table scrolls
    sideways instead; the numbers' columns, as wide as their titles, used to squeeze it to
    "Konstanti…"), and takes the room the other columns leave in a wide one."""
    long = [dict(a, name="Konstantinos Papadopoulos") if a.get("name") == "Marco" else a for a in PLAYED[:3]]
    window, view = _tab(open_window, qtbot, long)
    table = view.ui.leagueTable
    header = table.horizontalHeader()
    name = [c.title for c in COLUMNS].index("Commander")
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.width() == 1024)
    qtbot.wait(20)
    assert header.sectionSize(name) >= table.sizeHintForColumn(name), "the longest name is shown whole"
    assert table.horizontalScrollBar().maximum() > 0, "the table scrolls sideways instead"
    window.resize(1600, 800)
    qtbot.waitUntil(lambda: window.width() == 1600)
    qtbot.wait(20)
    assert header.length() == table.viewport().width(), "the columns fill the table, no gap at the right"
    assert header.sectionSize(name) > table.sizeHintForColumn(name), "the spare room goes to the names"


def test_the_commander_dialog_says_a_bad_name_of_its_boxes_not_of_the_action(open_window, qtbot):
    window, view = _tab(open_window, qtbot, [])
    view.ui.addButton.click()
    view.dialog.ui.okButton.click()  # Record with the name left empty
    assert view.dialog.ui.root.isVisible(), "refused: the dialog stays open to mend it"
    assert view.dialog.ui.problem.text() == "The name should not be empty."
    view.dialog.ui.nameEdit.setText("Anna")
    view.dialog.ui.clubEdit.setText("Dice\tDen")
    view.dialog.ui.okButton.click()
    assert view.dialog.ui.problem.text() == (
        "The club or shop: a name is one line of text, without control characters."
    )
    view.dialog.ui.cancelButton.click()
    assert view.model.rowCount() == 0, "nothing was recorded"


def test_the_next_commander_is_first_offered_the_side_of_the_last_one_added(open_window, qtbot):
    window, view = _tab(open_window, qtbot, [])
    assert view.ui.gamesTitle.text().startswith("No commanders yet: Add a commander"), "an empty league says how"
    view.ui.addButton.click()
    assert view.dialog.ui.sideCombo.currentData() == "axis", "the scenario's first side to begin with"
    view.dialog.ui.nameEdit.setText("Anna")
    view.dialog.ui.sideCombo.setCurrentIndex(view.dialog.ui.sideCombo.findData("allied"))
    view.dialog.ui.okButton.click()
    view.ui.addButton.click()
    assert view.dialog.ui.sideCombo.currentData() == "allied", "an Allied player's friend is offered the Allies"
    view.dialog.ui.cancelButton.click()
    assert not view.ui.gamesTitle.text().startswith("No commanders yet")


def test_a_signup_sheet_is_imported_or_refused_naming_its_row(open_window, qtbot, tmp_path):
    window, view = _tab(open_window, qtbot, [])
    sheet = tmp_path / "signups.csv"
    sheet.write_text("name,side,club\nAnna,Allied,Dice Den\nMarco,Romans,\n", encoding="utf-8")
    view.choose_signups = lambda parent, title: sheet
    view.ui.importButton.click()
    assert view.ui.problem.text().startswith("signups.csv: row 3: Rule 1.10: there is no side 'Romans'")
    assert view.model.rowCount() == 0, "nothing of the sheet was recorded"
    sheet.write_text("name,side,club\nAnna,Allied,Dice Den\nMarco,Axis,\n", encoding="utf-8")
    view.ui.importButton.click()
    assert view.ui.problem.text() == "" and sorted(_column(view, "Commander")) == ["Anna", "Marco"]


def test_the_battles_tab_names_the_commanders(open_window, qtbot):
    window = open_window(PLAYED)
    model = window.view.history.model
    column = BATTLE_COLUMNS.index("Commanders")
    cells = [model.index(row, column).data() for row in range(model.rowCount())]
    assert cells[:3] == ["Marco v Anna", "—", "—"]
    assert "Marco v Anna; Giulia v Nicos" in cells, "as the roster named them when the games were recorded"
    assert "Marco v ?" in cells, "a game with one commander named"
    history = window.view.history
    history.table.selectRow(0)
    assert "Commanders: Marco v Anna." in history.details.text(), "the chosen battle says who played"
    history.table.selectRow(1)
    assert "Commanders" not in history.details.text(), "nobody named: not said"


def test_the_charts_tab_paints_the_printed_charts(open_window, qtbot):
    window = open_window(PLAYED[:42])  # turn 4 begun
    charts = window.charts
    assert charts.stale
    window.tabs.setCurrentWidget(charts)
    qtbot.waitUntil(lambda: not charts.stale)
    names = [picture.accessibleName() for picture in charts.pictures]
    assert names == ["Victory points", "Battles", "Areas"]
    vp = charts.pictures[0]
    assert "Turn 3: Axis 30, Allied 110; Turn 4 (now): Axis 30, Allied 110." in vp.accessibleDescription()
    assert any(mark.text == "Victory points at the end of each turn" for mark in vp.marks)
    qtbot.waitUntil(lambda: vp.height() == vp.heightForWidth(vp.width()))  # as tall as its width asks
    assert vp.height() > 100
    image = vp.grab().toImage()
    inked = sum(
        1
        for x in range(0, image.width(), 4)
        for y in range(0, image.height(), 4)
        if image.pixelColor(x, y).lightness() < 128
    )
    assert inked > 50, "the chart is painted"
    before = len(charts.captions[1].text())
    window.session.record_json([{"type": "note", "text": "no change to the charts' figures"}])
    assert not charts.stale and len(charts.captions[1].text()) == before


def test_every_widget_of_the_new_tabs_has_a_name_or_words(open_window, qtbot):
    window, view = _tab(open_window, qtbot)
    view.choose("Marco")
    view.rename()
    window.tabs.setCurrentWidget(window.charts)
    qtbot.waitUntil(lambda: not window.charts.stale)
    assert unnamed(view) == [] and unnamed(view.dialog.ui.root) == [] and unnamed(window.charts) == []
    assert [p.accessibleName() for p in window.charts.pictures] == ["Victory points", "Battles", "Areas"]
    assert all(p.accessibleDescription() for p in window.charts.pictures), "each chart said in words"
    view.dialog.ui.root.close()


def test_the_commanders_and_charts_tabs_follow_a_file_changed_underneath(make_window, tmp_path, qtbot):
    """Another window (or the command line) records into the open campaign: coming back to the
    window, the Commanders and Charts tabs show it, as the map does (the session's change signal,
    session.reload_if_changed), whichever tab was in front."""
    from campaign_manager.cli import main
    from campaign_manager.store.campaign_file import CampaignFile
    from tests.shared import FULL_CAMPAIGN

    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path) as campaign:
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 1"]))
    window = make_window(path, remember=False)
    window.tabs.setCurrentWidget(window.charts)
    qtbot.waitUntil(lambda: "C1 Ioannina 1 time" in window.charts.captions[2].text())
    window.tabs.setCurrentWidget(window.commanders_page)
    assert window.commanders.model.rowCount() == 0
    other = make_window(path, remember=False)  # another window on the same file, in front
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow)
    assert main(["commanders", str(path), "add", "Marco", "--side", "axis"]) == 0
    with CampaignFile.open(path) as command_line:
        command_line.apply(command_line.read_actions(FULL_CAMPAIGN["turn 2"]))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.waitUntil(lambda: [s.commander.name for s in window.commanders.model.standings] == ["Marco"])
    assert "changed by another program" in window.statusBar().currentMessage()
    window.tabs.setCurrentWidget(window.charts)
    qtbot.waitUntil(lambda: "C1 Ioannina 2 times" in window.charts.captions[2].text())
    assert "turn 2: 5 fought" in window.charts.captions[1].text()
