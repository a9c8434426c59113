"""The A Greek Tragedy panel driven once through its real buttons: combat, anti-aircraft, the
cup and the ports, which survive closing and reopening their file, and the owner's charts."""

from __future__ import annotations

from PySide6.QtCore import Qt

from campaign_manager.assist.agt.charts import load_charts
from campaign_manager.dice import RandomRoller
from campaign_manager.ui.assist.agt_panel import Panel

LEFT = Qt.MouseButton.LeftButton


def make_panel(qtbot, tmp_path, game_path):
    panel = Panel(
        roller=RandomRoller(4),
        choose_new=lambda _: game_path,
        choose_open=lambda _: game_path,
        charts_path=tmp_path / "owner.toml",
    )
    qtbot.addWidget(panel)
    return panel


def rows(model):
    return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]


def test_panel_combat_and_anti_aircraft(qtbot, tmp_path):
    panel = make_panel(qtbot, tmp_path, tmp_path / "unused.agt")
    ui = panel.combat.ui
    ui.attackerStrength.setValue(21)
    ui.defenderStrength.setValue(11)
    ui.aggressiveCheck.setChecked(True)
    ui.attackerArtillery.setValue(2)
    ui.dieEdit.setText("5")
    qtbot.mouseClick(ui.reckonButton, LEFT)
    assert ui.oddsLabel.text().startswith("Odds 2:1")
    assert rows(panel.combat.modifiers) == [
        ["Odds 2:1", "8.25", "read the chart"],
        ["Aggressive attack", "8.23", "+1"],
        ["Attacker artillery x2", "8.42", "+2"],
    ]
    assert "Combat Results Table" in ui.resultLabel.text()

    checks = panel.checks.ui
    checks.aaDie.setText("6")
    checks.aaStrength.setValue(5)
    qtbot.mouseClick(checks.aaButton, LEFT)
    assert "= 11: 2 squadrons" in checks.aaResult.text()  # the Kalpaki example
    checks.aaDie.setText("10")
    qtbot.mouseClick(checks.aaButton, LEFT)
    assert "cannot show 10" in checks.aaResult.text() and "squadron" not in checks.aaResult.text()
    checks.aaDie.setText("6")  # fixed: the refusal goes at once
    assert checks.aaResult.text() == ""


def test_a_strength_over_the_limit_is_refused_with_the_limit_named(qtbot, tmp_path):
    # typed 95: the box used to keep 9 (9:4 → 2.5:1, said nowhere); the book's most is 6 hexes × 15
    panel = make_panel(qtbot, tmp_path, tmp_path / "unused.agt")
    ui = panel.combat.ui
    ui.defenderStrength.setValue(4)
    ui.attackerStrength.lineEdit().selectAll()
    qtbot.keyClicks(ui.attackerStrength, "95")
    assert ui.attackerStrength.value() == 95
    ui.dieEdit.setText("5")
    qtbot.mouseClick(ui.reckonButton, LEFT)
    assert "at most 90" in ui.errorLabel.text() and "95" in ui.errorLabel.text()
    assert "2.5:1" not in ui.oddsLabel.text() and "At most 90" in ui.attackerStrength.toolTip()
    ui.attackerStrength.setValue(9)  # fixed: the refusal goes
    assert ui.errorLabel.text() == ""


def test_panel_cup_and_ports_survive_close_and_reopen(qtbot, tmp_path):
    game_path = tmp_path / "evening.agt"
    panel = make_panel(qtbot, tmp_path, game_path)
    qtbot.mouseClick(panel.ui.newButton, LEFT)
    assert panel.ui.fileLabel.text() == game_path.name and str(game_path) in panel.ui.fileLabel.toolTip()
    cup = panel.cup.ui
    cup.italianEdit.setText("XXV, XXVI")
    cup.greekEdit.setText("A, B, C")
    for month in ("nov", "dec", "jan"):  # one turn a month from November (10.0); the next is offered
        assert cup.monthBox.currentData() == month
        qtbot.mouseClick(cup.turnButton, LEFT)
    assert panel.ui.statusLabel.text() == ""
    assert len(panel.cup.cup_model.lines()) == 12
    cup.markerBox.setCurrentText("Mussolini #1")
    cup.eventDie.setText("9")  # Greek supply problems; January: Winter, half of six rounded up
    qtbot.mouseClick(cup.drawButton, LEFT)
    assert panel.ui.statusLabel.text() == ""
    assert len(panel.game.state.removed) == 3 and "Greek supply problems" in cup.lastLabel.text()
    qtbot.mouseClick(cup.drawButton, LEFT)  # at random
    in_cup = panel.cup.cup_model.lines()
    assert len(in_cup) == 7

    ports = panel.ports.ui
    ports.portBox.setCurrentText("Durazzo")
    ports.amountSpin.setValue(2)
    qtbot.mouseClick(ports.bombButton, LEFT)
    assert rows(panel.ports.model)[0][:3] == ["Durazzo", "18", "14"]

    qtbot.mouseClick(panel.ui.closeButton, LEFT)
    assert panel.game is None and panel.cup.cup_model.lines() == []
    panel.close()

    reopened = make_panel(qtbot, tmp_path, game_path)
    qtbot.mouseClick(reopened.ui.openButton, LEFT)
    assert reopened.cup.cup_model.lines() == in_cup
    assert rows(reopened.ports.model)[0][:3] == ["Durazzo", "18", "14"]
    assert len(reopened.cup.history_model.lines()) == 6
    qtbot.mouseClick(reopened.ui.undoButton, LEFT)
    assert rows(reopened.ports.model)[0][2] == "18" and reopened.ui.redoButton.isEnabled()
    reopened.ports.ui.amountSpin.setValue(2)
    qtbot.mouseClick(reopened.ports.ui.buildButton, LEFT)  # January: building allowed, 1 per point
    assert rows(reopened.ports.model)[0][2] == "20"
    reopened.close()


def test_panel_tracker_refuses_without_a_file_and_charts_are_saved(qtbot, tmp_path):
    not_ours = tmp_path / "notes.agt"
    not_ours.write_text("shopping list", encoding="utf-8")
    panel = make_panel(qtbot, tmp_path, not_ours)
    assert not panel.cup.ui.turnBox.isEnabled() and not panel.ports.ui.bombButton.isEnabled()
    qtbot.mouseClick(panel.ui.openButton, LEFT)
    assert "not a campaign manager file" in panel.ui.statusLabel.text() and panel.game is None
    charts = panel.chart_tab
    charts.ui.chartBox.setCurrentIndex(charts.ui.chartBox.findData("terrain_drm"))
    model = charts.model
    mountain = model.index(list(model.spec.rows).index("mountain"), 0)
    assert not model.setData(mountain, "steep")
    assert "expected a whole number" in charts.ui.chartStatus.text()
    assert model.setData(mountain, "-2")
    qtbot.mouseClick(charts.ui.saveButton, LEFT)
    assert load_charts(tmp_path / "owner.toml").value("terrain_drm", "mountain", "DRM") == -2


def test_a_game_in_a_deep_folder_keeps_the_file_bar_s_buttons_in_sight(qtbot, tmp_path):
    """The file bar names the game's file, its folder in the tooltip: the whole path widened the
    panel until Close, Undo and Redo went off its edge."""
    deep = tmp_path / ("a long folder name of the shop's " * 4).strip() / "evenings"
    deep.mkdir(parents=True)
    panel = make_panel(qtbot, tmp_path, deep / "evening.agt")
    before = panel.minimumSizeHint().width()
    qtbot.mouseClick(panel.ui.newButton, LEFT)
    assert panel.ui.fileLabel.text() == "evening.agt"
    assert str(deep / "evening.agt") in panel.ui.fileLabel.toolTip()
    assert panel.minimumSizeHint().width() <= before


def test_the_game_open_when_the_panel_closed_is_open_again_unless_closed_by_its_button(qtbot, tmp_path):
    game_path = tmp_path / "evening.agt"
    panel = make_panel(qtbot, tmp_path, game_path)
    qtbot.mouseClick(panel.ui.newButton, LEFT)
    panel.close()
    again = make_panel(qtbot, tmp_path, tmp_path / "unused.agt")
    assert again.game is not None and again.game.path == game_path
    qtbot.mouseClick(again.ui.closeButton, LEFT)
    again.close()
    third = make_panel(qtbot, tmp_path, tmp_path / "unused.agt")
    assert third.game is None, "closed by its own button: not reopened"


def test_results_are_kept_in_the_open_game_and_read_back(qtbot, tmp_path):
    game_path = tmp_path / "evening.agt"
    panel = make_panel(qtbot, tmp_path, game_path)
    checks = panel.checks.ui
    checks.aaDie.setText("6")
    checks.aaStrength.setValue(5)
    qtbot.mouseClick(checks.aaButton, LEFT)  # no game yet: kept by the panel
    assert panel.results.model.stringList() == [
        "1. Anti-aircraft: Die 6 + strength 5 = 11: 2 squadrons neutralised (escorting fighters are not affected)"
        " [anti-aircraft die 6 (typed)]"
    ]
    qtbot.mouseClick(panel.ui.newButton, LEFT)
    for die in ("6", "2"):
        checks.aaDie.setText(die)
        qtbot.mouseClick(checks.aaButton, LEFT)
    assert [r.dice[0].value for r in panel.game.state.results] == [6, 2]
    qtbot.mouseClick(panel.results.ui.undoButton, LEFT)
    assert len(panel.game.state.results) == 1 and panel.ui.redoButton.isEnabled()
    panel.close_game()
    again = make_panel(qtbot, tmp_path, game_path)
    qtbot.mouseClick(again.ui.openButton, LEFT)
    assert again.results.model.stringList()[0].startswith("1. Anti-aircraft: Die 6 + strength 5 = 11")
    assert again.game.state.results[0].dice[0].typed
    again.close_game()


def test_the_cups_commands_are_picked_from_the_books_list(qtbot, tmp_path):
    panel = make_panel(qtbot, tmp_path, tmp_path / "unused.agt")
    cup = panel.cup.ui
    menu = cup.italianPick.menu()
    assert [a.text() for a in menu.actions()] == ["XXV", "XXVI", "VIII", "III", "IV"]
    cup.italianEdit.setText("XXVI")
    menu.aboutToShow.emit()  # as the menu opens, it ticks what the box holds
    assert [a.isChecked() for a in menu.actions()] == [False, True, False, False, False]
    menu.actions()[0].trigger()  # ticks XXV: the book's order kept
    assert cup.italianEdit.text() == "XXV, XXVI"
    menu.aboutToShow.emit()
    menu.actions()[1].trigger()  # and takes XXVI out
    assert cup.italianEdit.text() == "XXV"
    assert [a.text() for a in cup.greekPick.menu().actions()] == ["A", "B", "C", "D", "E"]


def test_a_cup_refusal_is_said_under_the_box_whose_button_was_pressed(qtbot, tmp_path):
    # it was said at the panel's foot, far under Fill the cup
    panel = make_panel(qtbot, tmp_path, tmp_path / "evening.agt")
    qtbot.mouseClick(panel.ui.newButton, LEFT)
    cup = panel.cup.ui
    qtbot.mouseClick(cup.turnButton, LEFT)  # no command named
    said = panel.cup.said[cup.turnBox]
    assert "Rule 5.22" in said.text() and not said.isHidden() and panel.ui.statusLabel.text() == ""
    assert "color" in said.styleSheet()  # the app's readable error colour
    cup.italianEdit.setText("XXV")  # mended: the refusal goes
    assert said.text() == ""
    qtbot.mouseClick(cup.turnButton, LEFT)
    assert said.text() == "" and len(panel.cup.cup_model.lines()) == 4
