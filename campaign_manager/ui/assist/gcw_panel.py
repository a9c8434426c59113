"""The Greek Civil War assist panel: Conflict, Political Index tracker and Owner's charts tabs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog, QLabel, QPushButton, QTabWidget, QWidget

from campaign_manager.assist.gcw.charts import GcwCharts, default_charts
from campaign_manager.assist.gcw.owner_charts import OWNER_FILE, OwnerCharts, read_owner_charts
from campaign_manager.dice import RandomRoller, Roller
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.ui.assist.gcw_charts_tab import ChartsTab
from campaign_manager.ui.assist.gcw_conflict_tab import ConflictTab
from campaign_manager.ui.assist.gcw_tracker_tab import TrackerTab
from campaign_manager.ui.assist.refusals import clear_refusal, say_refusal, visible_ticks
from campaign_manager.ui.assist.results_box import KeptResults, ResultsBox
from campaign_manager.ui.forms import Form
from campaign_manager.ui.one_press import OnePressPerDoubleClick
from campaign_manager.ui.settings import chosen, start_folder

FILE_FILTER = (N_("Greek Civil War tracker (*.gcw)"), N_("All files (*)"))
NO_OWNER_CHARTS = OwnerCharts((), {"government": (), "dse": ()}, ())


class GcwPanelForm(Form):
    """The panel: its tabs and the message line."""

    FORM = "gcw_panel"
    root: QWidget
    tabs: QTabWidget
    messageLabel: QLabel


class Panel(QWidget):
    """Calculators and the tracker for The Greek Civil War. Tests pass `roller`, the
    file-choosing functions and `owner_file`; the app uses dialogs and the shipped files."""

    def __init__(
        self,
        parent: QWidget | None = None,
        roller: Roller | None = None,
        choose_new_file: Callable[[], str | Path | None] | None = None,
        choose_open_file: Callable[[], str | Path | None] | None = None,
        owner_file: Path = OWNER_FILE,
        charts: GcwCharts | None = None,
    ) -> None:
        super().__init__(parent)
        self.ui = GcwPanelForm.filling(self)
        self.setWindowTitle(self.ui.root.windowTitle())
        self.roller = roller or RandomRoller()
        try:
            charts = charts or default_charts()
        except UserError as exc:
            self.show_message(str(exc))
            return
        owner = self._owner(owner_file)
        self.conflict = ConflictTab(self, charts.conflict, self.roller, self.show_message)
        self.tracker = TrackerTab(
            self,
            charts,
            owner,
            self.roller,
            self.show_message,
            choose_new_file or self._choose_new,
            choose_open_file or self._choose_open,
        )
        self.conflict.record_into = lambda action: self.tracker.record(lambda _ui: action, self.conflict.say_by_record)
        self.tracker.reopen_last()
        self.charts = ChartsTab(self, owner_file, self.show_message, self._owner_changed)
        self.conflict.offer_regions([region.name for region in owner.regions])
        self.charts.show(owner)
        for tab, title in (
            (self.conflict, _("Conflict")),
            (self.tracker, _("Political Index tracker")),
            (self.charts, _("Owner's charts")),
        ):
            self.ui.tabs.addTab(tab.page, title)
        kept = KeptResults(lambda: self.tracker.game, self._record_result, changed=self.tracker.refresh)
        self.results = ResultsBox.in_tab(self.ui.tabs, "The Greek Civil War", kept, self.show_message)
        self.conflict.keep = self.results.add
        self.tracker.refreshed = self.results.refresh
        visible_ticks(self)
        # a double click's second press clicks nothing: one fire, one draw, one result taken back
        self.one_press = OnePressPerDoubleClick(*self.findChildren(QPushButton))
        # a refusal belongs to the tab it came from: moving to another tab clears it
        self.ui.tabs.currentChanged.connect(lambda _index: self.show_message(""))

    def _owner_changed(self, owner: OwnerCharts) -> None:
        """The owner's charts saved: the tracker and the conflict's region box offer their regions."""
        self.tracker.set_owner(owner)
        self.conflict.offer_regions([region.name for region in owner.regions])

    def _record_result(self, action: dict[str, Any]) -> None:
        if self.tracker.game is not None:
            self.tracker.game.record(action)
            self.tracker.refresh()  # its Undo now takes the result back

    def _owner(self, owner_file: Path) -> OwnerCharts:
        """A broken owner file is reported and treated as not filled in, so play goes on."""
        try:
            return read_owner_charts(owner_file)
        except UserError as exc:
            self.show_message(str(exc))
            return NO_OWNER_CHARTS

    def show_message(self, text: str) -> None:
        """Show a refusal under the tabs; an empty text clears it and every refusal a tab shows
        beside its buttons (another tab chosen)."""
        say_refusal(self.ui.messageLabel, text)  # in the palette's readable error colour
        if not text:
            for label in self.findChildren(QLabel):
                clear_refusal(label)

    def _choose_new(self) -> str | None:
        path, _kind = QFileDialog.getSaveFileName(self, _("New Greek Civil War tracker"), start_folder(), file_filter())
        path = chosen(path)
        if path and not Path(path).suffix:
            path += ".gcw"
        return path or None

    def _choose_open(self) -> str | None:
        path, _kind = QFileDialog.getOpenFileName(
            self, _("Open a Greek Civil War tracker"), start_folder(), file_filter()
        )
        return chosen(path) or None

    def closeEvent(self, event: QCloseEvent) -> None:
        if hasattr(self, "tracker"):
            self.tracker.close_tracker()
        super().closeEvent(event)


def file_filter() -> str:
    """The file dialogs' kinds of file, in the user's language."""
    return ";;".join(_(kind) for kind in FILE_FILTER)
