"""Help ▸ About: the version and where the app keeps its files (About), and every library the app
bundles with its version and licence, the selected one's full licence texts beside the list
(Licences). The list is campaign_manager.licences' (the packages' own metadata, or the notices
the one-folder build shipped): nothing here names a library."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFontDatabase, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.i18n import N_, _
from campaign_manager.licences import Library, bundled_libraries
from campaign_manager.paths import APPLICATION
from campaign_manager.ui.plain import label, tip
from campaign_manager.ui.settings import app_icon

Index = QModelIndex | QPersistentModelIndex
COLUMNS = (N_("Library"), N_("Version"), N_("Licence"))
LibrariesSource = Callable[[], list[Library]]


class LibrariesModel(QAbstractTableModel):
    """One row per bundled library: its name, version and licence; its summary as the tooltip."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.libraries: list[Library] = []

    def set_libraries(self, libraries: list[Library]) -> None:
        self.beginResetModel()
        self.libraries = list(libraries)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.libraries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < 3:
            return _(COLUMNS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.libraries):
            return None
        library = self.libraries[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (library.name, library.version, library.licence)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(library.summary) if library.summary else None
        return None


def licence_page_text(library: Library) -> str:
    """What the text pane shows of a library: who it is, its licence, then every text it ships."""
    lines = [f"{library.name} {library.version}", _("Licence: {licence}").format(licence=library.licence)]
    if library.homepage:
        lines.append(_("Homepage: {address}").format(address=library.homepage))
    if library.authors:
        lines.append(_("Authors: {names}").format(names=library.authors))
    lines += [library.summary] if library.summary else []
    for text in library.texts:
        lines += ["", f"──── {text.name} ────", "", text.text.rstrip("\n")]
    return "\n".join(lines)


class LicencesPage(QWidget):
    """The bundled libraries in a table, the selected one's licence texts below it. The list is
    read when the page is first shown (reading every package's metadata takes a moment)."""

    def __init__(self, parent: QWidget | None = None, source: LibrariesSource = bundled_libraries) -> None:
        super().__init__(parent)
        self.setObjectName("licencesPage")
        self.source = source
        self.model = LibrariesModel(self)
        self.table = QTableView(self)
        self.table.setObjectName("librariesTable")
        self.table.setAccessibleName(_("Bundled libraries"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("licenceText")
        self.text.setAccessibleName(_("Licence text"))
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.table)
        split.addWidget(self.text)
        split.setSizes([220, 320])
        intro = label(
            _(
                "{application} bundles the libraries below; each keeps its own licence, as its package says. "
                "Select one to read its full licence texts."
            ).format(application=APPLICATION),
            self,
        )
        intro.setWordWrap(True)
        column = QVBoxLayout(self)
        column.addWidget(intro)
        column.addWidget(split, 1)
        self.table.selectionModel().currentRowChanged.connect(lambda current, _: self.show_library(current.row()))

    def showEvent(self, event: QShowEvent) -> None:
        self.load()
        super().showEvent(event)

    def load(self) -> None:
        if self.model.libraries:
            return
        self.model.set_libraries(self.source())
        if self.model.libraries:
            self.table.selectRow(0)

    def show_library(self, row: int) -> None:
        libraries = self.model.libraries
        self.text.setPlainText(licence_page_text(libraries[row]) if 0 <= row < len(libraries) else "")

    def select(self, name: str) -> Library:
        """Select the library called `name` (any case), as a click on its row does."""
        self.load()
        row = next(row for row, library in enumerate(self.model.libraries) if library.name.lower() == name.lower())
        self.table.selectRow(row)
        return self.model.libraries[row]


class AboutDialog(QDialog):
    """Help ▸ About: a tab for the app (its icon, version and folders) and one for the licences."""

    def __init__(self, text: str, parent: QWidget | None = None, source: LibrariesSource = bundled_libraries) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(_("About {application}").format(application=APPLICATION))
        self.icon = QLabel(self)
        self.icon.setPixmap(app_icon().pixmap(64, 64))
        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        bundles = _("The libraries the app bundles, and their licences: the Licences tab.")
        self.about = label(f"{text}\n\n{bundles}", self)  # untranslated: two paragraphs, each translated
        self.about.setObjectName("aboutText")
        self.about.setWordWrap(True)
        self.about.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.about.setAlignment(Qt.AlignmentFlag.AlignTop)
        about_page = QWidget(self)
        row = QHBoxLayout(about_page)
        row.addWidget(self.icon)
        row.addWidget(self.about, 1)
        self.licences = LicencesPage(self, source)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(about_page, _("About"))
        self.tabs.addTab(self.licences, _("Licences"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addWidget(self.tabs)
        column.addWidget(buttons)
        self.resize(760, 560)

    def show_licences(self) -> LicencesPage:
        self.tabs.setCurrentWidget(self.licences)
        return self.licences
