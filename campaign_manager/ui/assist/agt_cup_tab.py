"""The turn tab: fill the cup for a turn, check its weather, draw (at random or as drawn from a
real cup), take Greek markers out, and read the history of the game."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QMenu,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.assist.agt import cup
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.agt.history import history_lines, last_commands, specials_line, weather_line
from campaign_manager.assist.agt.weather import record_turn_weather
from campaign_manager.i18n import N_, _
from campaign_manager.ui.assist.agt_combat_tab import die_text
from campaign_manager.ui.assist.agt_host import AgtHost
from campaign_manager.ui.assist.agt_models import LinesModel
from campaign_manager.ui.assist.flow import reflow
from campaign_manager.ui.assist.refusals import checked_by_engine, refusal_line
from campaign_manager.ui.forms import Form

AT_RANDOM = N_("draw at random")
FROM_TABLE = N_("as the Weather Table gives")


def names(text: str) -> list[str]:
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


class CupForm(Form):
    """The turn's cup, weather and draws, and the game's history."""

    FORM = "agt_cup"
    root: QWidget
    turnBox: QGroupBox
    monthBox: QComboBox
    italianEdit: QLineEdit
    greekEdit: QLineEdit
    italianPick: QToolButton
    greekPick: QToolButton
    firstEdit: QLineEdit
    playBox: QWidget
    playLayout: QVBoxLayout
    turnButton: QPushButton
    chitsLabel: QLabel
    startWeatherBox: QGroupBox
    startDie: QLineEdit
    readBox: QComboBox
    weatherButton: QPushButton
    weatherLabel: QLabel
    drawBox: QGroupBox
    markerBox: QComboBox
    eventDie: QLineEdit
    weatherDie: QLineEdit
    removedEdit: QLineEdit
    drawButton: QPushButton
    removeBox: QGroupBox
    removeCount: QSpinBox
    removeReason: QLineEdit
    removeButton: QPushButton
    lastLabel: QLabel
    cupCaption: QLabel
    cupView: QListView
    historyView: QListView
    cupLists: QWidget
    cupOuter: QVBoxLayout
    cupLayout: QHBoxLayout
    cupLeft: QVBoxLayout


def pick_list(button: QToolButton, edit: QLineEdit, names: Sequence[str]) -> None:
    """`button` opens the book's `names`, each ticked when it is in `edit` (names typed by hand
    stay, so a command the list lacks can still be given); a tick adds or takes a name out."""
    menu = QMenu(button)

    def typed() -> list[str]:
        return [part.strip() for part in edit.text().split(",") if part.strip()]

    def toggle(name: str, on: bool) -> None:
        chosen = [n for n in typed() if n != name] + ([name] if on else [])
        order = {n: i for i, n in enumerate(names)}
        edit.setText(", ".join(sorted(chosen, key=lambda n: order.get(n, len(order)))))

    def tick() -> None:
        chosen = set(typed())
        for action in menu.actions():
            action.setChecked(action.text().replace("&&", "&") in chosen)

    for name in names:
        action = menu.addAction(name)
        action.setCheckable(True)
        action.triggered.connect(lambda on, name=name: toggle(name, on))  # the player's ticks only
    menu.aboutToShow.connect(tick)
    button.setMenu(menu)
    button.setEnabled(bool(names))


class CupTab:
    """Drives the cup through the panel, which logs each action in the open game file."""

    def __init__(self, panel: AgtHost, parent: QWidget) -> None:
        self.panel = panel
        self.ui = ui = CupForm(parent)
        self.cup_model, self.history_model = LinesModel(ui.root), LinesModel(ui.root)
        ui.cupView.setModel(self.cup_model)
        ui.historyView.setModel(self.history_model)
        self.chits: dict[str, QCheckBox] = {}
        for code, chit in panel.tables.special_events.items():  # one box per chit the tracker keeps
            box = QCheckBox(chit.name, ui.playBox)
            box.setToolTip(chit.effect)
            ui.playLayout.addWidget(box)
            self.chits[code] = box
        ui.playLayout.addStretch(1)
        # the four boxes and the lists in two columns where the width allows: stacked, they were
        # taller than a 1280x800 window (three columns would cut the fields' hints short)
        ui.cupLayout.removeWidget(ui.cupLists)
        boxes = [ui.turnBox, ui.startWeatherBox, ui.drawBox, ui.removeBox, ui.cupLists]
        reflow(ui.cupLeft, boxes, stretch=ui.cupLists, most=2)
        for n in reversed(range(ui.cupLeft.count())):  # the height left goes to the lists
            item = ui.cupLeft.itemAt(n)
            if item is not None and item.spacerItem() is not None:
                ui.cupLeft.removeItem(item)
        ui.cupOuter.setStretch(0, 1)  # and not under the message line
        for edit, name in (
            (ui.monthBox, _("Month of the new turn")),
            (ui.italianEdit, _("Italian commands")),
            (ui.greekEdit, _("Greek and British commands")),
            (ui.firstEdit, _("Command starting the turn")),
        ):
            edit.setAccessibleName(name)
        pick_list(ui.italianPick, ui.italianEdit, panel.tables.italian_commands)
        pick_list(ui.greekPick, ui.greekEdit, panel.tables.greek_commands)
        checked_by_engine(ui.removeCount)  # the markers left bound it: the cup refuses more
        # a refusal under the group whose button was pressed, not at the panel's foot
        self.said = {box: refusal_line(box) for box in (ui.turnBox, ui.startWeatherBox, ui.drawBox, ui.removeBox)}
        ui.turnButton.clicked.connect(self.fill_cup)
        ui.readBox.addItem(_(FROM_TABLE), None)
        for name in panel.tables.weathers:
            ui.readBox.addItem(name, name)
        ui.weatherButton.clicked.connect(self.check_weather)
        ui.drawButton.clicked.connect(self.draw)
        ui.removeButton.clicked.connect(self.remove)

    def fill_cup(self) -> None:
        ui = self.ui
        first = ui.firstEdit.text().strip() or None
        play = [code for code, box in self.chits.items() if box.isChecked()]
        if self.panel.record(
            lambda game: cup.start_turn(
                game.state,
                self.panel.charts,
                ui.monthBox.currentData(),
                names(ui.italianEdit.text()),
                names(ui.greekEdit.text()),
                first,
                play,
            ),
            self.said[ui.turnBox],
        ):
            for box in self.chits.values():
                box.setChecked(False)

    def check_weather(self) -> None:
        ui = self.ui
        if self.panel.record(
            lambda game: record_turn_weather(
                game.state, self.panel.charts, die_text(ui.startDie.text()), self.panel.roller, ui.readBox.currentData()
            ),
            self.said[ui.startWeatherBox],
        ):
            ui.startDie.clear()
            ui.readBox.setCurrentIndex(0)

    def draw(self) -> None:
        ui = self.ui
        marker = ui.markerBox.currentText() if ui.markerBox.currentIndex() > 0 else None
        removed = names(ui.removedEdit.text()) or None
        if self.panel.record(
            lambda game: cup.draw(
                game.state,
                self.panel.charts,
                self.panel.roller,
                marker,
                die_text(ui.eventDie.text()),
                die_text(ui.weatherDie.text()),
                removed,
            ),
            self.said[ui.drawBox],
        ):
            for edit in (ui.eventDie, ui.weatherDie, ui.removedEdit):
                edit.clear()

    def remove(self) -> None:
        ui = self.ui
        self.panel.record(
            lambda game: cup.remove_greek(
                game.state, ui.removeCount.value(), self.panel.roller, ui.removeReason.text()
            ),
            self.said[ui.removeBox],
        )

    def refresh(self, game: AgtGame | None) -> None:
        ui = self.ui
        for box in (ui.turnBox, ui.startWeatherBox, ui.drawBox, ui.removeBox):
            box.setEnabled(game is not None)
        if game is None:
            ui.weatherLabel.setText("")
            ui.chitsLabel.setText("")
            self.cup_model.set_lines([])
            self.history_model.set_lines([])
            ui.markerBox.clear()
            ui.monthBox.clear()
            ui.lastLabel.setText("")
            return
        state, tables = game.state, game.tables
        self.cup_model.set_lines(state.cup)
        history = history_lines(state, tables, game.scenario)
        self.history_model.set_lines(
            [
                _("T{turn} {month}: {words}").format(turn=line.turn, month=line.month.capitalize(), words=line.words)
                for line in history
            ]
        )
        ui.historyView.scrollToBottom()
        ui.markerBox.clear()
        ui.markerBox.addItems([_(AT_RANDOM), *state.cup])
        ui.drawBox.setEnabled(bool(state.cup))
        ui.startWeatherBox.setEnabled(bool(state.turn))
        for widget in (ui.startDie, ui.readBox, ui.weatherButton):  # once a turn; undo to redo it
            widget.setEnabled(state.weather is None)
        ui.weatherLabel.setText(weather_line(state, _("Check the weather")) or _("Fill the cup for a turn first"))
        ui.playBox.setVisible(game.scenario == "gamers")  # Special Event chits are the Gamers' only
        ui.chitsLabel.setText(specials_line(state, tables) or "")
        ui.chitsLabel.setVisible(bool(ui.chitsLabel.text()))
        ui.removeBox.setEnabled(bool(state.in_cup("greek")))
        ui.cupCaption.setText(
            _("In the cup ({n}), turn {turn} ({month})").format(
                n=len(state.cup), turn=state.turn, month=tables.month_names[state.month]
            )
            if state.turn
            else _("In the cup")
        )
        self._months(game)
        commands = last_commands(state)
        if commands and not ui.italianEdit.text() and not ui.greekEdit.text():
            ui.italianEdit.setText(", ".join(commands.italian))  # last turn's commands, to edit
            ui.greekEdit.setText(", ".join(commands.greek))
        ui.lastLabel.setText(history[-1].words if history else "")

    def _months(self, game: AgtGame) -> None:
        """Offer the scenario's months, the next one chosen."""
        tables, state = game.tables, game.state
        months = tables.months[tables.month_index(tables.scenarios[game.scenario].first_month) :]
        self.ui.monthBox.clear()
        for month in months:
            self.ui.monthBox.addItem(tables.month_names[month], month)
        following = [m for m in months if not state.turn or tables.month_index(m) > tables.month_index(state.month)]
        if following:
            self.ui.monthBox.setCurrentIndex(months.index(following[0]))
