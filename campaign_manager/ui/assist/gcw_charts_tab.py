"""The owner's charts tab: what is filled in from the printed charts, and what is not yet."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QHeaderView, QLabel, QPushButton, QTableView, QWidget

from campaign_manager.assist.gcw.owner_charts import REGION_KINDS, TWO_DICE, OwnerCharts, read_owner_charts
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.ui.assist.gcw_models import RowsModel
from campaign_manager.ui.forms import Form

EMPTY_NOTE = N_("Not filled in yet: the players read the chart printed on the map.")


class GcwChartsForm(Form):
    """The owner's charts as read from the file, and what is still to fill in."""

    FORM = "gcw_charts"
    root: QWidget
    politicsStatus: QLabel
    politicsView: QTableView
    regionsStatus: QLabel
    regionsView: QTableView
    governmentChartStatus: QLabel
    governmentChartView: QTableView
    dseChartStatus: QLabel
    dseChartView: QTableView
    reloadButton: QPushButton
    chartsFileLabel: QLabel


class ChartsTab(QObject):
    """Shows the owner-filled charts read-only; `reload` reads the file again and passes the
    charts on to `changed` (the tracker uses the regions and unit costs)."""

    def __init__(
        self, panel: QWidget, owner_file: Path, report: Callable[[str], None], changed: Callable[[OwnerCharts], None]
    ) -> None:
        super().__init__(panel)
        self.ui = GcwChartsForm(panel)
        self.page = self.ui.root
        self.owner_file, self.report, self.changed = owner_file, report, changed
        self.models = {
            "politics": RowsModel((_("2d6"), _("Doctrine"), _("Turns"), _("Limit (17.3)")), parent=self),
            "regions": RowsModel((_("Region"), _("Kind"), "DSE", "Government"), parent=self),
            "governmentChart": RowsModel((_("Unit"), _("Cost"), _("Upgrade")), parent=self),
            "dseChart": RowsModel((_("Unit"), _("Cost"), _("Upgrade")), parent=self),
        }
        views = {
            "politics": self.ui.politicsView,
            "regions": self.ui.regionsView,
            "governmentChart": self.ui.governmentChartView,
            "dseChart": self.ui.dseChartView,
        }
        for name, model in self.models.items():
            view = views[name]
            view.setModel(model)
            view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.ui.chartsFileLabel.setText(str(owner_file))
        self.ui.reloadButton.clicked.connect(self.reload)

    def reload(self) -> OwnerCharts | None:
        try:
            owner = read_owner_charts(self.owner_file)
        except UserError as exc:
            self.report(str(exc))
            return None
        self.report("")
        self.show(owner)
        self.changed(owner)
        return owner

    def show(self, owner: OwnerCharts) -> None:
        self.models["politics"].set_rows(
            [(r.dice, r.doctrine, r.duration, r.mobilization_limit) for r in owner.politics]
        )
        self.models["regions"].set_rows([(r.name, _(REGION_KINDS[r.kind]), r.dse, r.government) for r in owner.regions])
        for side in ("government", "dse"):
            self.models[f"{side}Chart"].set_rows([(i.unit, i.cost, i.upgrade) for i in owner.mobilization[side]])
        missing = len(TWO_DICE) - len(owner.politics)
        filled = len(owner.politics)
        if not owner.politics:
            politics = _(EMPTY_NOTE)
        elif missing:
            politics = ngettext(
                "{n} lines filled in; {missing} still to copy.", "{n} lines filled in; {missing} still to copy.", filled
            ).format(n=filled, missing=missing)
        else:
            politics = ngettext("{n} lines filled in.", "{n} lines filled in.", filled).format(n=filled)
        self.ui.politicsStatus.setText(politics)
        regions = len(owner.regions)
        self.ui.regionsStatus.setText(
            _(EMPTY_NOTE) if not regions else ngettext("{n} regions.", "{n} regions.", regions).format(n=regions)
        )
        for side, status in (("government", self.ui.governmentChartStatus), ("dse", self.ui.dseChartStatus)):
            units = owner.mobilization[side]
            status.setText(
                _(EMPTY_NOTE) if not units else ngettext("{n} units.", "{n} units.", len(units)).format(n=len(units))
            )
