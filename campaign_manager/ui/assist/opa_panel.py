"""The Opa Opa assist panel: Fire, Rally & reaction, Movement, Close combat and Reference tabs."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPushButton, QTabWidget, QWidget

from campaign_manager.assist.opa.tables import OpaTables, shipped_tables
from campaign_manager.dice import RandomRoller, Roller
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.ui.assist.opa_combat_tab import CombatTab
from campaign_manager.ui.assist.opa_fire_tab import FireTab
from campaign_manager.ui.assist.opa_morale_tab import MoraleTab
from campaign_manager.ui.assist.opa_move_tab import MoveTab
from campaign_manager.ui.assist.opa_reference_tab import ReferenceTab
from campaign_manager.ui.assist.opa_tab import OpaTab
from campaign_manager.ui.assist.refusals import say_refusal, visible_ticks
from campaign_manager.ui.assist.results_box import KeptResults, ResultsBox
from campaign_manager.ui.forms import Form
from campaign_manager.ui.one_press import OnePressPerDoubleClick


class OpaPanelForm(Form):
    """The panel: its tabs and the message line."""

    FORM = "opa_panel"
    root: QWidget
    tabs: QTabWidget
    messageLabel: QLabel


class Panel(QWidget):
    """Calculators for Opa Opa. `roller` gives the app's dice (tests pass scripted ones);
    `tables` defaults to the shipped data file."""

    def __init__(
        self, parent: QWidget | None = None, roller: Roller | None = None, tables: OpaTables | None = None
    ) -> None:
        super().__init__(parent)
        self.ui = OpaPanelForm.filling(self)
        self.roller = roller or RandomRoller()
        try:
            tables = tables or shipped_tables()
        except UserError as exc:
            self.show_message(str(exc))
            return
        self.fire = FireTab(self, tables, self.roller, self.show_message)
        self.morale = MoraleTab(self, tables, self.roller, self.show_message)
        self.combat = CombatTab(self, tables, self.roller, self.show_message)
        self.movement = MoveTab(self, tables, self.roller, self.show_message)
        self.reference = ReferenceTab(self, tables, self.roller, self.show_message)
        for tab, title in (
            (self.fire, _("Fire && hit check")),
            (self.morale, _("Rally && reaction")),
            (self.movement, _("Movement")),
            (self.combat, _("Close combat")),
            (self.reference, _("Turn, cards && factors")),
        ):
            self.ui.tabs.addTab(tab.page, title)
        # no game file: the panel keeps the evening's results itself
        self.results = ResultsBox.in_tab(self.ui.tabs, "Opa Opa", KeptResults(), self.show_message)
        calculators: tuple[OpaTab, ...] = (self.fire, self.morale, self.combat, self.movement)
        for calculator in calculators:
            calculator.keep = self.results.add
        visible_ticks(self)
        # a double click's second press clicks nothing: one fire, one draw, one result taken back
        self.one_press = OnePressPerDoubleClick(*self.findChildren(QPushButton))
        # a refusal belongs to the tab it came from: moving to another tab clears it
        self.ui.tabs.currentChanged.connect(lambda _index: self.show_message(""))

    def show_message(self, text: str) -> None:
        """Show a refusal (or clear it with an empty text) under the tabs."""
        say_refusal(self.ui.messageLabel, text)  # in the palette's readable error colour
