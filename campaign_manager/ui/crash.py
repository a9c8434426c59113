"""When something goes wrong inside the app: a log file the user can send, and a box that says so.

`start_logging` writes the app's log to `campaign-manager.log` in the log folder (`logs` in the
app's data folder, paths.log_folder), rotated at a megabyte with three older files kept.
`CrashReporter` takes every exception no slot caught (`sys.excepthook`) and Qt's own critical
and fatal messages (`qInstallMessageHandler`): each goes to the log, and the first opens a
`CrashDialog` (later ones are added to it) with the details to copy and where the log is.
Every action is in the campaign file when it is made, so the box can say that nothing recorded
is lost; the window stays open.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QMessageLogContext, QObject, Qt, QtMsgType, QUrl, Signal, qInstallMessageHandler
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from campaign_manager import __version__
from campaign_manager.paths import APPLICATION, log_folder

LOG_NAME = "campaign-manager.log"
LOG_BYTES = 1_000_000  # a file is rotated at this size ...
LOG_KEPT = 3  # ... and this many older ones are kept
log = logging.getLogger("campaign_manager")
UrlOpener = Callable[[QUrl], object]
_handler: RotatingFileHandler | None = None


def start_logging(folder: Path | None = None) -> Path | None:
    """Write the app's log into `folder` (the log folder unless told); returns the log file, or
    None if the folder cannot be written (the app then runs without a log file)."""
    global _handler
    folder = folder if folder is not None else log_folder()
    stop_logging()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(folder / LOG_NAME, maxBytes=LOG_BYTES, backupCount=LOG_KEPT, encoding="utf-8")
    except OSError as exc:
        _to_stderr(f"campaign-manager: no log file in {folder}: {exc.strerror or exc}")
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    _handler = handler
    log.info("%s %s started (Python %s, Qt %s)", APPLICATION, __version__, sys.version.split()[0], _qt_version())
    return Path(handler.baseFilename)


def stop_logging() -> None:
    global _handler
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
        _handler = None


def log_file() -> Path | None:
    """The log file being written, if any."""
    return Path(_handler.baseFilename) if _handler is not None else None


def current_log_folder() -> Path:
    """Where the log is (or would be)."""
    written = log_file()
    return written.parent if written is not None else log_folder()


def open_log_folder(open_url: UrlOpener = QDesktopServices.openUrl) -> Path:
    """Show the log folder in the system's file manager (made first if it is not there yet)."""
    folder = current_log_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # the file manager then says the folder is missing
    open_url(QUrl.fromLocalFile(str(folder)))
    return folder


def _to_stderr(text: str) -> None:
    if sys.stderr is not None:  # a windowed app on Windows has none
        print(text, file=sys.stderr)


def _qt_version() -> str:
    from PySide6 import __version__ as pyside

    return pyside


class CrashDialog(QDialog):
    """What went wrong: a sentence for the user, the details to copy, and where the log is."""

    def __init__(self, details: str, parent: QWidget | None = None, open_url: UrlOpener = QDesktopServices.openUrl):
        super().__init__(parent)
        self.setObjectName("crashDialog")
        self.setWindowTitle(f"{APPLICATION}: something went wrong")
        self.open_url = open_url
        written = log_file()
        where = f"They are also in the log file {written}." if written else "No log file could be written."
        self.message = QLabel(
            "Something went wrong inside the app. Every action recorded so far is safe in the "
            "campaign file, and the window carries on.\n\n"
            f"The details below say what happened. {where} Copy them into a message to whoever "
            "looks after the app.",
            self,
        )
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details = QPlainTextEdit(details, self)
        self.details.setObjectName("crashDetails")
        self.details.setReadOnly(True)
        self.details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.details.setAccessibleName("What went wrong, in detail")
        self.message.setBuddy(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = QPushButton("&Copy the details", self)
        self.folder_button = QPushButton("Open the &log folder", self)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.folder_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.copy_button.clicked.connect(self.copy_details)
        self.folder_button.clicked.connect(lambda: open_log_folder(self.open_url))
        column = QVBoxLayout(self)
        column.addWidget(self.message)
        column.addWidget(self.details)
        column.addWidget(buttons)
        self.resize(720, 420)

    def add(self, details: str) -> None:
        """Another failure while the box is open: its details below the first."""
        self.details.appendPlainText("\n" + details)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details.toPlainText())


class CrashReporter(QObject):
    """Takes the exceptions nothing caught and Qt's critical messages, logs them and shows them.

    Failures can come from any thread; the box is shown on the window's (`failed` is queued there).
    """

    failed = Signal(str)

    def __init__(self, open_url: UrlOpener = QDesktopServices.openUrl, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.open_url = open_url
        self.dialog: CrashDialog | None = None
        self._previous_hook: Callable[..., object] | None = None
        self._previous_handler: Callable[[QtMsgType, QMessageLogContext, str], object] | None = None
        self._installed = False
        self.failed.connect(self.show, Qt.ConnectionType.QueuedConnection)

    def install(self) -> None:
        self._previous_hook = sys.excepthook
        sys.excepthook = self.excepthook
        self._previous_handler = qInstallMessageHandler(self.qt_message)
        self._installed = True

    def uninstall(self) -> None:
        if not self._installed:
            return
        sys.excepthook = self._previous_hook or sys.__excepthook__
        qInstallMessageHandler(self._previous_handler)
        self._installed = False

    def excepthook(self, kind: type[BaseException], value: BaseException, trace: TracebackType | None) -> None:
        details = "".join(traceback.format_exception(kind, value, trace))
        log.error("Unexpected error:\n%s", details.rstrip())
        _to_stderr(details.rstrip())
        if issubclass(kind, KeyboardInterrupt):
            return
        self.failed.emit(details)

    def qt_message(self, kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        where = f" ({context.file}:{context.line})" if context.file else ""
        if self._previous_handler is not None:
            self._previous_handler(kind, context, message)
        elif kind != QtMsgType.QtDebugMsg:
            _to_stderr(message)
        if kind in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            log.error("Qt: %s%s", message, where)
            for handler in log.handlers:
                handler.flush()  # a fatal message ends the program when this returns
            if kind == QtMsgType.QtCriticalMsg:
                self.failed.emit(f"Qt reported a critical error: {message}{where}")
        elif kind == QtMsgType.QtWarningMsg:
            log.warning("Qt: %s%s", message, where)

    def show(self, details: str) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.add(details)
            return
        self.dialog = CrashDialog(details, QApplication.activeWindow(), self.open_url)
        self.dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog.destroyed.connect(self._forget_dialog)
        self.dialog.open()

    def _forget_dialog(self) -> None:
        self.dialog = None
