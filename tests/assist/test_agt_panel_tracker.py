"""The A Greek Tragedy panel's tracker tabs through their real buttons: port capacity used this
turn (rules 6.81, 9.11) and the start-of-turn weather (rule 4.21)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from campaign_manager.dice import ScriptedRoller
from campaign_manager.ui.assist.agt_panel import Panel
from tests.ui.conftest import isolated_settings  # noqa: F401  the panel remembers its game: in the test's own settings

LEFT = Qt.MouseButton.LeftButton


def make_panel(qtbot, tmp_path, scenario="historical"):
    game_path = tmp_path / "evening.agt"
    panel = Panel(
        roller=ScriptedRoller([6]),
        choose_new=lambda _: game_path,
        choose_open=lambda _: game_path,
        charts_path=tmp_path / "owner.toml",
    )
    qtbot.addWidget(panel)
    panel.ui.scenarioBox.setCurrentIndex(panel.ui.scenarioBox.findData(scenario))
    qtbot.mouseClick(panel.ui.newButton, LEFT)
    return panel


def start_turn(qtbot, panel, month):
    cup = panel.cup.ui
    cup.monthBox.setCurrentIndex(cup.monthBox.findData(month))
    cup.italianEdit.setText("XXV")
    cup.greekEdit.setText("A")
    qtbot.mouseClick(cup.turnButton, LEFT)


def port_row(panel, port):
    model = panel.ports.model
    for r in range(model.rowCount()):
        row = [model.index(r, c).data() for c in range(model.columnCount())]
        if row[0] == port:
            return dict(zip(model.headers, row))
    raise AssertionError(port)


def test_ports_tab_uses_capacity_shows_used_and_left_and_refuses_past_it(qtbot, tmp_path):
    """6.81: a port passes at most its capacity in a turn; 9.11: a refit costs 2 PCP."""
    panel = make_panel(qtbot, tmp_path)
    ui = panel.ports.ui
    assert not ui.useButton.isEnabled()  # no turn yet: nothing is counted
    start_turn(qtbot, panel, "nov")
    ui.portBox.setCurrentText("Parga")
    ui.useForBox.setCurrentIndex(ui.useForBox.findData("refit"))
    assert ui.useAmountCaption.text() == "Refit actions"
    ui.useSpin.setValue(3)
    qtbot.mouseClick(ui.useButton, LEFT)
    assert panel.ui.statusLabel.text() == ""
    row = port_row(panel, "Parga")
    assert (row["Now"], row["Used this turn"], row["Left this turn"]) == ("8", "6", "2")
    ui.useForBox.setCurrentIndex(ui.useForBox.findData("landing"))
    ui.useSpin.setValue(3)
    qtbot.mouseClick(ui.useButton, LEFT)
    assert "Rule 6.81: Parga can pass only 2 more" in ui.doneLabel.text()  # under the buttons
    assert port_row(panel, "Parga")["Used this turn"] == "6"
    start_turn(qtbot, panel, "dec")
    assert port_row(panel, "Parga")["Left this turn"] == "8"


def test_turn_tab_checks_the_weather_once_per_turn_with_the_die_rolled(qtbot, tmp_path):
    """4.21: the weather is checked at the start of each turn; the Historical game starts with
    rain (no die), the next turn's die is rolled by the app and kept with the turn."""
    panel = make_panel(qtbot, tmp_path)
    ui = panel.cup.ui
    assert not ui.startWeatherBox.isEnabled()  # no turn yet
    start_turn(qtbot, panel, "nov")
    ui.startDie.setText("3")
    qtbot.mouseClick(ui.weatherButton, LEFT)
    assert "starts with rain: no weather die" in panel.cup.said[ui.startWeatherBox].text()  # under its button
    ui.startDie.clear()
    qtbot.mouseClick(ui.weatherButton, LEFT)
    assert ui.weatherLabel.text() == "Weather at the start of the turn: rain"
    assert not ui.weatherButton.isEnabled()
    start_turn(qtbot, panel, "dec")
    assert ui.weatherButton.isEnabled() and ui.weatherLabel.text().startswith("Weather: not recorded yet")
    ui.readBox.setCurrentIndex(ui.readBox.findData("snow"))  # the owner's table lacks December
    qtbot.mouseClick(ui.weatherButton, LEFT)  # the scripted app die: 6
    assert panel.ui.statusLabel.text() == ""
    assert ui.weatherLabel.text() == "Weather at the start of the turn: snow, read on the printed table (die 6, rolled)"
    assert "as read on the printed table" in panel.cup.history_model.lines()[-1]
