"""The Reference tab: order cards and the close-combat factor table, read from the data file."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtWidgets import QHeaderView, QLabel, QTableView, QWidget

from campaign_manager.assist.opa.orders import order_cards
from campaign_manager.assist.opa.tables import OpaTables
from campaign_manager.dice import Roller
from campaign_manager.i18n import _
from campaign_manager.ui.assist.opa_models import RowsModel
from campaign_manager.ui.assist.opa_tab import OpaTab
from campaign_manager.ui.forms import Form


def _with_unformed(value: int, unformed: int) -> str:
    return f"{value} ({unformed})"


class ReferenceForm(Form):
    """The turn sequence, the order cards and the close-combat factors."""

    FORM = "opa_reference"
    root: QWidget
    turnSequence: QLabel
    ordersTable: QTableView
    factorsTable: QTableView


class ReferenceTab(OpaTab):
    """Read-only tables for the players to look things up."""

    ui: ReferenceForm

    def __init__(self, panel: QWidget, tables: OpaTables, roller: Roller, report: Callable[[str], None]) -> None:
        super().__init__(panel, ReferenceForm(panel), tables, roller, report)
        steps = "".join(f"<li>{escape(step)}</li>" for step in tables.turn_sequence)
        self.ui.turnSequence.setText(f"<ol style='margin:0'>{steps}</ol>")  # untranslated: HTML markup
        self.orders = RowsModel([_("Card"), _("What it allows")], self)
        self.orders.set_rows([[c.card, c.effect] for c in order_cards(tables)])
        self.factors = RowsModel(
            [_("Troop"), _("Against infantry, attacking"), _("Against infantry, defending"), _("Against cavalry")],
            self,
            centered={1, 2, 3},
        )
        self.factors.set_rows(
            [
                [
                    t.label,
                    _with_unformed(t.vs_infantry[0], t.vs_infantry_unformed[0]),
                    _with_unformed(t.vs_infantry[1], t.vs_infantry_unformed[1]),
                    _with_unformed(t.vs_cavalry, t.vs_cavalry_unformed),
                ]
                for t in tables.troops.values()
            ]
        )
        for view, model, stretch in ((self.ui.ordersTable, self.orders, 1), (self.ui.factorsTable, self.factors, 0)):
            view.setModel(model)
            view.verticalHeader().hide()
            # rows grow with the wrapped card text as the column width changes
            view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            view.resizeColumnsToContents()
            view.horizontalHeader().setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
