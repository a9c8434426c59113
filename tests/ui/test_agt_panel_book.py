"""The A Greek Tragedy panel: the running adjusted die, the Gamers' Special Event chits, the
ports tab confirming what it recorded, a stale refusal cleared, and the Reference tab."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit, QTextEdit, QWidget

from campaign_manager.dice import ScriptedRoller
from campaign_manager.ui.assist.agt_panel import Panel

LEFT = Qt.MouseButton.LeftButton


def make_panel(qtbot, tmp_path, scenario="historical", dice=()):
    game_path = tmp_path / "evening.agt"
    panel = Panel(
        roller=ScriptedRoller(list(dice)),
        choose_new=lambda _: game_path,
        choose_open=lambda _: game_path,
        charts_path=tmp_path / "owner.toml",
    )
    qtbot.addWidget(panel)
    panel.ui.scenarioBox.setCurrentIndex(panel.ui.scenarioBox.findData(scenario))
    return panel


def new_game(qtbot, panel):
    qtbot.mouseClick(panel.ui.newButton, LEFT)
    cup = panel.cup.ui
    cup.italianEdit.setText("XXV, XXVI")
    cup.greekEdit.setText("A, B")


def test_rule_8_22_the_combat_tab_shows_the_running_adjusted_die_as_the_command_line_does(qtbot, tmp_path):
    panel = make_panel(qtbot, tmp_path)
    ui = panel.combat.ui
    ui.attackerStrength.setValue(10)
    ui.defenderStrength.setValue(4)
    ui.aggressiveCheck.setChecked(True)
    ui.attackerArtillery.setValue(1)
    ui.dieEdit.setText("5")
    qtbot.mouseClick(ui.reckonButton, LEFT)
    assert "Adjusted die so far 7" in ui.totalLabel.text()  # 5 + 1 + 1, the odds row still to read


def test_rule_11_0_mussolini_to_the_front_in_the_combat_tab(qtbot, tmp_path):
    panel = make_panel(qtbot, tmp_path)
    ui = panel.combat.ui
    ui.attackerStrength.setValue(6)
    ui.defenderStrength.setValue(6)
    ui.dieEdit.setText("4")
    ui.mussoliniCheck.setChecked(True)
    qtbot.mouseClick(ui.reckonButton, LEFT)
    names = [panel.combat.modifiers.index(r, 0).data() for r in range(panel.combat.modifiers.rowCount())]
    assert "Mussolini to the Front: Italian Offensive (Italian attack)" in names


def test_rule_11_0_the_cup_plays_a_chit_and_the_ports_tab_places_its_points(qtbot, tmp_path):
    panel = make_panel(qtbot, tmp_path, "gamers")
    new_game(qtbot, panel)
    cup, ports = panel.cup.ui, panel.ports.ui
    assert not cup.playBox.isHidden()  # the chits are offered in the Gamers' scenario only
    cup.firstEdit.setText("XXV")
    qtbot.mouseClick(cup.turnButton, LEFT)  # October
    cup.markerBox.setCurrentText("Mussolini #1")
    cup.eventDie.setText("9")  # a Special Event chit drawn
    qtbot.mouseClick(cup.drawButton, LEFT)
    assert panel.ui.statusLabel.text() == ""
    assert not ports.specialButton.isEnabled()
    panel.cup.chits["port-capacity"].setChecked(True)
    qtbot.mouseClick(cup.turnButton, LEFT)  # November, the chit played
    assert panel.ui.statusLabel.text() == "" and not panel.cup.chits["port-capacity"].isChecked()
    assert "this turn's 5 points still to place" in cup.chitsLabel.text()
    ports.portBox.setCurrentText("Vlore")
    assert ports.specialButton.isEnabled()
    qtbot.mouseClick(ports.specialButton, LEFT)
    assert ports.doneLabel.text().startswith("Recorded: Vlore raised by the Increased Italian Port Capacity chit: +5")
    assert "the top of its printed track is not filled in" in ports.doneLabel.text()  # the warning
    assert not ports.specialButton.isEnabled()  # once a turn


def test_the_ports_tab_confirms_an_action_and_a_refusal_replaces_it(qtbot, tmp_path):
    """6.85 (wrecking) and 8.64 (readying squadrons) from the ports tab: each action recorded is
    confirmed in words; a refusal takes the confirmation's place, under the buttons."""
    panel = make_panel(qtbot, tmp_path)
    new_game(qtbot, panel)
    qtbot.mouseClick(panel.cup.ui.turnButton, LEFT)
    assert panel.cup.ui.playBox.isHidden()  # no Special Event chits in the Historical scenario
    ports = panel.ports.ui
    ports.portBox.setCurrentText("Parga")
    ports.amountSpin.setValue(3)
    qtbot.mouseClick(ports.wreckButton, LEFT)
    assert ports.doneLabel.text() == "Recorded: Parga wrecked by a Greek unit (3 MP): -3"
    ports.amountSpin.setValue(9)
    qtbot.mouseClick(ports.wreckButton, LEFT)  # Parga has only 5 left (6.85)
    # refused in the line under the buttons (not at the panel's foot), the confirmation gone
    assert "Recorded" not in ports.doneLabel.text() and "at most 5" in ports.doneLabel.text()
    assert panel.ui.statusLabel.text() == ""
    ports.amountSpin.setValue(35)  # past the form's old 30: kept as typed, refused by the track
    assert ports.amountSpin.value() == 35
    qtbot.mouseClick(ports.wreckButton, LEFT)
    assert "at most 5" in ports.doneLabel.text() and "not 35" in ports.doneLabel.text()
    ports.useForBox.setCurrentIndex(ports.useForBox.findData("air"))
    assert ports.useAmountCaption.text() == "Squadrons readied"
    ports.useSpin.setValue(3)
    qtbot.mouseClick(ports.useButton, LEFT)
    assert "2 capacity points used to ready squadrons" in ports.doneLabel.text()


def test_an_old_red_message_is_cleared_when_the_tab_or_the_owners_charts_change(qtbot, tmp_path):
    """A refusal (here 6.84, building before December) is cleared when the tab changes, and
    when the owner's charts change (their port tracks decide 6.84's refusals)."""
    panel = make_panel(qtbot, tmp_path)
    new_game(qtbot, panel)
    qtbot.mouseClick(panel.cup.ui.turnButton, LEFT)
    panel.show_tab(panel.ports.ui.root)
    assert panel.ui.tabs.tabText(panel.ui.tabs.currentIndex()) == "Port capacity"
    panel.ports.ui.portBox.setCurrentText("Vlore")
    qtbot.mouseClick(panel.ports.ui.buildButton, LEFT)  # November: not yet (6.84)
    assert "6.84" in panel.ports.ui.doneLabel.text()
    panel.show_tab(panel.chart_tab.ui.root)
    assert panel.ports.ui.doneLabel.text() == ""
    panel.show_message("Rule 6.84: Vlore would reach 23, above the top of its track (20)")
    charts = panel.chart_tab
    charts.ui.chartBox.setCurrentIndex(charts.ui.chartBox.findData("port_max"))
    assert panel.ui.statusLabel.text() == ""
    panel.show_message("Rule 6.84: Vlore would reach 23, above the top of its track (20)")
    model = charts.model
    assert model.setData(model.index(list(model.spec.rows).index("Vlore"), 0), "25")
    assert panel.ui.statusLabel.text() == ""


def test_the_reference_tab_follows_the_open_games_scenario_and_month(qtbot, tmp_path):
    """The references of 10.0/11.0 (victory), 6.5-6.7 and 9.11 (reinforcements, refit points),
    6.13-6.14 (strategic movement) and 8.64 (readying) for the open game's scenario."""
    panel = make_panel(qtbot, tmp_path, "gamers")
    ref = panel.reference.ui
    ref.topicBox.setCurrentIndex(ref.topicBox.findData("victory"))
    assert "Italian automatic victory" in ref.referenceText.toPlainText()  # Historical by default
    new_game(qtbot, panel)
    assert ref.referenceScenarioBox.currentData() == "gamers"
    assert "Chit 4, Greater Albania" in ref.referenceText.toPlainText()
    panel.cup.ui.firstEdit.setText("XXV")
    qtbot.mouseClick(panel.cup.ui.turnButton, LEFT)
    ref.topicBox.setCurrentIndex(ref.topicBox.findData("reinforcements"))
    text = ref.referenceText.toPlainText()
    assert "October 1940 (this turn)" in text and "Greek refit points: 1 (1 received so far)" in text
    for topic, words in (("strategic-movement", "four times"), ("air-readying", "readies two")):
        ref.topicBox.setCurrentIndex(ref.topicBox.findData(topic))
        assert words in ref.referenceText.toPlainText()


def test_every_widget_added_for_these_rules_has_an_accessible_name_or_a_text(qtbot, tmp_path):
    """The widgets added for 11.0's chits, 8.64's readying and the references can be named by a
    screen reader."""
    panel = make_panel(qtbot, tmp_path, "gamers")
    new_game(qtbot, panel)
    added: list[QWidget] = [
        panel.combat.ui.mussoliniCheck,
        panel.combat.ui.weatherBox,
        panel.ports.ui.specialButton,
        panel.ports.ui.portBox,
        panel.ports.ui.amountSpin,
        panel.ports.ui.useForBox,
        panel.ports.ui.useSpin,
        panel.cup.ui.monthBox,
        panel.cup.ui.italianEdit,
        panel.cup.ui.greekEdit,
        panel.cup.ui.firstEdit,
        *panel.cup.chits.values(),
        *panel.reference.ui.root.findChildren(QWidget),
    ]
    interactive = (QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit, QTextEdit)
    for widget in added:
        if isinstance(widget, interactive):
            text = widget.text() if isinstance(widget, QAbstractButton) else ""
            assert widget.accessibleName() or text, widget.objectName()
