"""The Port capacity tab: each Italian port's capacity now, and the changes that move it."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView

from campaign_manager.assist.agt import ports
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.ui.assist.agt_models import PortModel
from campaign_manager.ui.forms import load_form


class PortsTab:
    """Shows the tracker's port capacities; every change is logged in the game file."""

    def __init__(self, panel) -> None:
        self.panel = panel
        self.ui = ui = load_form("agt_ports", panel)
        self.model = PortModel(ui)
        ui.portsView.setModel(self.model)
        ui.portsView.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        ui.portsView.verticalHeader().hide()
        ui.portBox.addItems(list(panel.tables.port_start))
        for button, why in ((ui.bombButton, "bombed"), (ui.buildButton, "built"),
                            (ui.wreckButton, "destroyed"), (ui.bonusButton, "bonus")):
            button.clicked.connect(lambda _=False, why=why: self.change(why))

    def change(self, why: str) -> None:
        port, amount = self.ui.portBox.currentText(), self.ui.amountSpin.value()
        self.panel.record(lambda game: ports.change_port(game.state, self.panel.charts, port, why, amount))

    def refresh(self, game: AgtGame | None) -> None:
        ui, tables = self.ui, self.panel.tables
        now = game.state.ports if game else {}
        self.model.show(tables.port_start, now, self.panel.charts)
        for button in (ui.bombButton, ui.buildButton, ui.wreckButton, ui.bonusButton):
            button.setEnabled(game is not None)
        if game is None:
            ui.infoLabel.setText("Start or open a game file to track the ports (start values shown).")
            return
        state = game.state
        start = tables.month_names[tables.build_from]
        building = ("open now" if state.port_building_open
                    or tables.month_index(state.month) >= tables.month_index(tables.build_from)
                    else f"not before {start}")
        ui.bonusButton.setEnabled(state.port_bonus_left > 0)
        ui.infoLabel.setText(f"Bombers cut {tables.bomber_cut} points each. Building up (1 point per "
                             f"capacity point spent): {building}. Free points from a random event "
                             f"still to place: {state.port_bonus_left}.")
