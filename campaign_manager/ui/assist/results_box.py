"""The evening's results under an assist panel's tabs: every result worked out there, the newest
last, with take back and put back (the panel's Ctrl+Z and Ctrl+Shift+Z), export as CSV or text,
printing, and the last result in large type to show the other player.

Where the results are kept is `KeptResults`: in the open game file (A Greek Tragedy's game, the
Greek Civil War's tracker), as its logged actions, or in the panel's own log when none is open."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QStringListModel, Qt, Signal
from PySide6.QtGui import QFont, QTextDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QGroupBox,
    QLabel,
    QListView,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.assist.results import ResultEntry, ResultLog, as_csv, as_text, is_result, record_title
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.ui.forms import Form

ChooseExport = Callable[[QWidget, str], str | None]  # (parent, title) → the file, or None
ChoosePrinter = Callable[[QWidget, QPrinter, str, Callable[[], None]], object]


class GameWithResults(Protocol):
    """What an open game file offers the results: its state's results and its log's undo."""

    records: list[dict[str, Any]]

    def undo(self) -> object: ...

    def redo(self) -> object: ...


class KeptResults:
    """The panel's results: in the open game file (`game()`, recorded by `record`) when there is
    one, else in the panel's own log. `changed` runs after the file's undo or redo (the panel
    redraws what else the file holds)."""

    def __init__(
        self,
        game: Callable[[], GameWithResults | None] = lambda: None,
        record: Callable[[dict[str, Any]], object] | None = None,
        results_of: Callable[[Any], Sequence[ResultEntry]] = lambda game: game.state.results,
        next_redo: Callable[[Any], dict[str, Any] | None] = lambda game: game.log.next_redo(),
        changed: Callable[[], None] = lambda: None,
    ) -> None:
        self.own = ResultLog()
        self._game, self._record, self._results_of, self._next_redo = game, record, results_of, next_redo
        self._changed = changed

    def entries(self) -> Sequence[ResultEntry]:
        game = self._game()
        return self._results_of(game) if game is not None else self.own.entries

    def add(self, entry: ResultEntry) -> None:
        if self._game() is not None and self._record is not None:
            self._record(entry.action())
        else:
            self.own = self.own.add(entry)

    def can_undo(self) -> bool:
        """Only a result is taken back here: the file's other actions have their own undo."""
        game = self._game()
        if game is None:
            return bool(self.own.entries)
        return bool(game.records) and is_result(game.records[-1])

    def can_redo(self) -> bool:
        game = self._game()
        if game is None:
            return bool(self.own.undone)
        return is_result(self._next_redo(game))

    def undo(self) -> None:
        game = self._game()
        if game is None:
            self.own = self.own.undo()
        elif self.can_undo():
            game.undo()
            self._changed()

    def redo(self) -> None:
        game = self._game()
        if game is None:
            self.own = self.own.redo()
        elif self.can_redo():
            game.redo()
            self._changed()

    # -- Edit ▸ Undo and Redo while the panel's tab is shown: the game file's last action (a
    # result or not), else the panel's own last result

    def undo_title(self) -> str | None:
        game = self._game()
        if game is None:
            return _("the result “{tool}”").format(tool=self.own.entries[-1].tool) if self.own.entries else None
        return record_title(game.records[-1]) if game.records else None

    def redo_title(self) -> str | None:
        game = self._game()
        if game is None:
            return _("the result “{tool}”").format(tool=self.own.undone[-1].tool) if self.own.undone else None
        following = self._next_redo(game)
        return record_title(following, back=False) if following is not None else None

    def undo_any(self) -> None:
        game = self._game()
        if game is None:
            self.own = self.own.undo()
        else:
            game.undo()
            self._changed()

    def redo_any(self) -> None:
        game = self._game()
        if game is None:
            self.own = self.own.redo()
        else:
            game.redo()
            self._changed()

    def last(self) -> ResultEntry | None:
        entries = self.entries()
        return entries[-1] if entries else None


class ResultsForm(Form):
    """The results box: the list and its buttons."""

    FORM = "assist_results"
    root: QGroupBox
    resultsList: QListView
    showButton: QPushButton
    undoButton: QPushButton
    redoButton: QPushButton
    exportButton: QPushButton
    printButton: QPushButton


def line(number: int, entry: ResultEntry) -> str:
    """A result as the list shows it: its number, tool and words, then its dice."""
    dice = f" [{entry.dice_words()}]" if entry.dice else ""
    return f"{number}. {entry.tool}: {entry.words}{dice}"


RECORD_SUFFIXES = (".csv", ".txt")  # an existing file of another kind is never written over


def ask_export_file(parent: QWidget, title: str) -> str | None:
    kinds = ";;".join((_("CSV for a spreadsheet (*.csv)"), _("Plain text (*.txt)")))
    path, _kind = QFileDialog.getSaveFileName(parent, title, "", kinds)
    return path or None


def ask_printer(parent: QWidget, printer: QPrinter, title: str, accepted: Callable[[], None]) -> object:
    from campaign_manager.ui.printing import ask_printer as system_dialog  # PDFium only when printing

    return system_dialog(parent, printer, title, accepted)


class ResultsBox(QObject):
    """The results of one panel (`game` names it in titles and in the printed record);
    `changed` is signalled whenever what is kept may have changed (the Edit menu follows)."""

    changed = Signal()

    def __init__(
        self,
        holder: QWidget,
        game: str,
        kept: KeptResults,
        report: Callable[[str], None],
        choose_export: ChooseExport = ask_export_file,
        choose_printer: ChoosePrinter = ask_printer,
    ) -> None:
        super().__init__(holder)
        self.ui = ResultsForm.filling(holder)
        self.game, self.kept, self.report = game, kept, report
        self.choose_export, self.choose_printer = choose_export, choose_printer
        self.model = QStringListModel(self)
        self.ui.resultsList.setModel(self.model)
        self.big: QDialog | None = None
        self.ui.showButton.clicked.connect(self.show_last)
        self.ui.undoButton.clicked.connect(self.undo)
        self.ui.redoButton.clicked.connect(self.redo)
        self.ui.exportButton.clicked.connect(self.export)
        self.ui.printButton.clicked.connect(self.print_record)
        self.refresh()

    @classmethod
    def in_tab(cls, tabs: QTabWidget, game: str, kept: KeptResults, report: Callable[[str], None]) -> ResultsBox:
        """The box on a tab of its own, added last (after the panel's other tabs); the tab's
        title counts the results."""
        page = QWidget(tabs)
        box = cls(page, game, kept, report)
        tabs.addTab(page, "")

        def count() -> None:
            tabs.setTabText(tabs.indexOf(page), _("Results ({n})").format(n=len(box.kept.entries())))

        box.changed.connect(count)
        count()
        return box

    @property
    def title(self) -> str:
        return _("{game}: the evening's results").format(game=self.game)

    def add(self, entry: ResultEntry) -> None:
        """Keep a result just worked out (a refusal to keep it is the panel's message)."""
        try:
            self.kept.add(entry)
        except UserError as exc:
            self.report(str(exc))
        self.refresh()

    def refresh(self) -> None:
        entries = self.kept.entries()
        self.model.setStringList([line(n, e) for n, e in enumerate(entries, 1)])
        for row, entry in enumerate(entries):
            tip = "\n".join(part for part in (entry.inputs_words(), entry.dice_words()) if part)
            self.model.setData(self.model.index(row), tip, Qt.ItemDataRole.ToolTipRole)
        self.ui.resultsList.scrollToBottom()
        self.ui.undoButton.setEnabled(self.kept.can_undo())
        self.ui.redoButton.setEnabled(self.kept.can_redo())
        for button in (self.ui.showButton, self.ui.exportButton, self.ui.printButton):
            button.setEnabled(bool(entries))
        if self.big is not None and self.big.isVisible():
            self._fill_big()
        self.changed.emit()

    def undo(self) -> None:
        self._guarded(self.kept.undo)

    def redo(self) -> None:
        self._guarded(self.kept.redo)

    def _guarded(self, work: Callable[[], None]) -> None:
        try:
            work()
        except UserError as exc:
            self.report(str(exc))
        self.refresh()

    def step(self, back: bool) -> None:
        """Edit ▸ Undo (`back`) or Redo while this panel's tab is shown."""
        self._guarded(self.kept.undo_any if back else self.kept.redo_any)

    def export(self) -> None:
        chosen = self.choose_export(self.ui.root, _("Export {title}").format(title=self.title))
        if not chosen:
            return
        path = Path(chosen)
        if path.is_file() and path.suffix.lower() not in RECORD_SUFFIXES:  # the game file itself, say
            self.report(
                _(
                    "{file} is not a record of results (.csv or .txt): it is left as it was; choose another name."
                ).format(file=path.name)
            )
            return
        entries = self.kept.entries()
        text = as_csv(entries) if path.suffix.lower() == ".csv" else as_text(entries, self.title)
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.report(_("{path}: the record could not be written ({reason}).").format(path=path, reason=exc.strerror))

    def print_record(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        title = _("Print {title}").format(title=self.title)
        self.choose_printer(self.ui.root, printer, title, lambda: self.print_on(printer))

    def print_on(self, printer: QPrinter) -> None:
        document = QTextDocument()
        document.setPlainText(as_text(self.kept.entries(), self.title))
        document.print_(printer)

    def show_last(self) -> None:
        """The last result in large type, in a window of its own (not modal: play goes on)."""
        if self.big is None:
            self.big = QDialog(self.ui.root)
            self.big.setWindowTitle(_("{game}: the last result").format(game=self.game))
            words = QLabel(self.big)
            words.setObjectName("bigResult")
            words.setWordWrap(True)
            words.setTextFormat(Qt.TextFormat.PlainText)
            words.setAlignment(Qt.AlignmentFlag.AlignCenter)
            font = QFont(words.font())
            font.setPointSizeF(font.pointSizeF() * 2.5)
            font.setBold(True)
            words.setFont(font)
            QVBoxLayout(self.big).addWidget(words)
            self.big.resize(720, 360)
        self._fill_big()
        self.big.show()
        self.big.raise_()

    def _fill_big(self) -> None:
        assert self.big is not None
        last = self.kept.last()
        label = self.big.findChild(QLabel, "bigResult")
        if isinstance(label, QLabel):
            label.setText(f"{last.tool}\n\n{last.words}" if last else _("No result yet."))
