"""The "Charts from the map" tab: the owner copies the charts printed only on the map into
editable tables, saved to the owner's charts file and used at once by the calculators."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHeaderView, QLabel, QPushButton, QTableView, QWidget

from campaign_manager.assist.agt.charts import load_charts, save_charts
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.ui.assist.agt_host import AgtHost
from campaign_manager.ui.assist.agt_models import ChartModel
from campaign_manager.ui.forms import Form


class ChartsForm(Form):
    """The owner's charts, one at a time, to copy from the map."""

    FORM = "agt_charts"
    root: QWidget
    chartBox: QComboBox
    chartView: QTableView
    saveButton: QPushButton
    reloadButton: QPushButton
    chartStatus: QLabel


class ChartsTab:
    """Edits the panel's OwnerCharts in place; Save writes them to the panel's charts file."""

    def __init__(self, panel: AgtHost, parent: QWidget) -> None:
        self.panel = panel
        self.ui = ui = ChartsForm(parent)
        for name, spec in panel.tables.charts.items():
            ui.chartBox.addItem(spec.title, name)
        self.model = ChartModel(panel.charts, ui.chartBox.currentData(), ui.root)
        ui.chartView.setModel(self.model)
        ui.chartView.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.model.refused.connect(ui.chartStatus.setText)
        self.model.edited.connect(self._edited)
        ui.chartBox.currentIndexChanged.connect(self.show_chart)
        ui.saveButton.clicked.connect(self.save)
        ui.reloadButton.clicked.connect(self.reload)

    def _edited(self) -> None:
        self.panel.show_message("")  # a refusal read from the charts before the change is stale
        self.ui.chartStatus.setText(_("Changed: press Save charts to keep it"))

    def show_chart(self) -> None:
        self.panel.show_message("")
        self.model.show_chart(self.panel.charts, self.ui.chartBox.currentData())
        spec = self.panel.tables.charts[self.ui.chartBox.currentData()]
        copy = _("Copy from {chart}.").format(chart=spec.read)
        self.ui.chartStatus.setText(f"{copy} {spec.note}" if spec.note else copy)

    def save(self) -> None:
        try:
            save_charts(self.panel.charts, self.panel.charts_path)
        except OSError as exc:
            self.ui.chartStatus.setText(
                _("{path}: could not be written ({reason})").format(path=self.panel.charts_path, reason=exc.strerror)
            )
            return
        except UserError as exc:  # a full disk, a read-only folder: one sentence from the store
            self.ui.chartStatus.setText(str(exc))
            return
        self.ui.chartStatus.setText(_("Saved to {path}").format(path=self.panel.charts_path))
        self.panel.show_message("")
        self.panel.refresh()

    def reload(self) -> None:
        try:
            self.panel.charts = load_charts(self.panel.charts_path)
        except UserError as exc:
            self.ui.chartStatus.setText(str(exc))
            return
        self.show_chart()
        self.panel.refresh()
