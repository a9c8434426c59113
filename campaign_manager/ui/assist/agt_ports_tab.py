"""The Port capacity tab: each Italian port's capacity now and what it has passed this turn,
the changes that move the capacity, and the points used by landing, activation, refit or air."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHeaderView, QLabel, QPushButton, QSpinBox, QTableView, QWidget

from campaign_manager.assist.agt import ports
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.agt.history import describe
from campaign_manager.i18n import N_, _
from campaign_manager.ui.assist.agt_host import AgtHost
from campaign_manager.ui.assist.agt_models import PortModel
from campaign_manager.ui.assist.refusals import checked_by_engine, clear_on_change, say_result
from campaign_manager.ui.forms import Form

USE_TITLES = {
    "landing": N_("Landing units (6.81)"),
    "activation": N_("Full activation (6.81)"),
    "refit": N_("Refit, 2 points each (9.11)"),
    "air": N_("Readying squadrons in Albania/Greece (8.64)"),
}
AMOUNT_CAPTIONS = {"refit": N_("Refit actions"), "air": N_("Squadrons readied")}
CAPACITY_POINTS = N_("Capacity points")  # the caption of the other uses


class PortsForm(Form):
    """The Italian ports' capacities, and what changes or uses them."""

    FORM = "agt_ports"
    root: QWidget
    portsView: QTableView
    portBox: QComboBox
    amountSpin: QSpinBox
    bombButton: QPushButton
    buildButton: QPushButton
    wreckButton: QPushButton
    bonusButton: QPushButton
    specialButton: QPushButton
    useForBox: QComboBox
    useAmountCaption: QLabel
    useSpin: QSpinBox
    useButton: QPushButton
    doneLabel: QLabel
    infoLabel: QLabel


class PortsTab:
    """Shows the tracker's port capacities; every change and use is logged in the game file."""

    def __init__(self, panel: AgtHost, parent: QWidget) -> None:
        self.panel = panel
        self.ui = ui = PortsForm(parent)
        self.model = PortModel(ui.root)
        ui.portsView.setModel(self.model)
        ui.portsView.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        ui.portsView.verticalHeader().hide()
        ui.portBox.addItems(list(panel.tables.port_start))
        for use in ports.USES:
            ui.useForBox.addItem(_(USE_TITLES[use]), use)
        for button, why in (
            (ui.bombButton, "bombed"),
            (ui.buildButton, "built"),
            (ui.wreckButton, "destroyed"),
            (ui.bonusButton, "bonus"),
            (ui.specialButton, "special"),
        ):
            button.clicked.connect(lambda _checked=False, why=why: self.change(why))
        ui.useButton.clicked.connect(self.use)
        ui.useForBox.currentIndexChanged.connect(self._use_caption)
        ui.amountSpin.setAccessibleName(_("Bombers, points or movement points"))
        for box in (ui.amountSpin, ui.useSpin):  # bounds from the port's track: checked there
            checked_by_engine(box)
        ui.useForBox.setAccessibleName(_("Capacity used for"))
        clear_on_change(ui.root, ui.doneLabel)  # a refusal under the buttons goes once a box is changed
        self._use_caption()

    def change(self, why: str) -> None:
        port, amount = self.ui.portBox.currentText(), self.ui.amountSpin.value()
        amount_given = None if why == "special" else amount
        self._confirm(
            self.panel.record(
                lambda game: ports.change_port(game.state, self.panel.charts, port, why, amount_given),
                self.ui.doneLabel,
            )
        )

    def use(self) -> None:
        ui = self.ui
        port, use, amount = ui.portBox.currentText(), ui.useForBox.currentData(), ui.useSpin.value()
        self._confirm(
            self.panel.record(
                lambda game: ports.use_port(game.state, self.panel.charts, port, use, amount), self.ui.doneLabel
            )
        )

    def _confirm(self, done: bool) -> None:
        """Say what was just recorded, in the line under the buttons (where a refusal is said too)."""
        game = self.panel.game
        if done and game is not None and game.state.history:
            action = describe(game.state.history[-1], game.tables, game.scenario)
            say_result(self.ui.doneLabel, _("Recorded: {action}").format(action=action))

    def _use_caption(self) -> None:
        caption = _(AMOUNT_CAPTIONS.get(self.ui.useForBox.currentData(), CAPACITY_POINTS))
        self.ui.useAmountCaption.setText(caption)
        self.ui.useSpin.setAccessibleName(caption)

    def refresh(self, game: AgtGame | None) -> None:
        ui, tables = self.ui, self.panel.tables
        self.model.show(tables.port_start, game.state if game else None, self.panel.charts)
        for button in (ui.bombButton, ui.buildButton, ui.wreckButton, ui.bonusButton, ui.specialButton, ui.useButton):
            button.setEnabled(game is not None)
        if game is None:
            ui.doneLabel.setText("")
            ui.infoLabel.setText(_("Start or open a game file to track the ports (start values shown)."))
            return
        state = game.state
        start = tables.month_names[tables.build_from]
        building = (
            _("open now")
            if state.port_building_open or tables.month_index(state.month) >= tables.month_index(tables.build_from)
            else _("not before {month}").format(month=start)
        )
        ui.bonusButton.setEnabled(state.port_bonus_left > 0)
        ui.specialButton.setVisible(game.scenario == "gamers")  # the chit is the Gamers' only
        ui.specialButton.setEnabled(ports.port_chit_open(state))
        ui.useButton.setEnabled(state.turn > 0)
        ui.infoLabel.setText(
            _(
                "In a turn a port passes at most its capacity: units landed, units fully activated, "
                "squadrons based in Albania or Greece readied (1 point per {per}), "
                "refits ({cost} points each) and points "
                "built all count, and the count starts again each turn (6.81). Bombers cut "
                "{cut} points each. Building up (1 point per capacity point spent): "
                "{building}. Free points from a random event still to place: {left}."
            ).format(
                per=tables.squadrons_per_point,
                cost=tables.refit_cost,
                cut=tables.bomber_cut,
                building=building,
                left=state.port_bonus_left,
            )
        )
