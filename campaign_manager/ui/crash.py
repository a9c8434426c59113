"""When something goes wrong inside the app: a log file the user can send, and a box that says so.

`start_logging` writes the app's log to `campaign-manager.log` in the log folder (`logs` in the
app's data folder, paths.log_folder), rotated at a megabyte with three older files kept.
`CrashReporter` takes every exception no slot caught (`sys.excepthook`) and Qt's own critical
and fatal messages (`qInstallMessageHandler`): each goes to the log, and the first opens a
`CrashDialog` (later ones are added to it) with the details to copy and where the log is.
Every action is in the campaign file when it is made, so the box can say that nothing recorded
is lost; the window stays open.

A crash inside Qt or Python itself (a segfault, an abort) ends the program before any of that can
run: `catch_native_crashes` has `faulthandler` write it, with every thread's stack, to
`native-crash.log` beside the log, and the next start copies it into the log and offers the same
box (`CrashReporter.offer_last_crash`). faulthandler writes to one file descriptor for the whole
run, so it has a file of its own: the rotating log closes and reopens its file.
"""

from __future__ import annotations

import faulthandler
import logging
import sys
import traceback
from collections.abc import Callable
from datetime import datetime
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType
from typing import TextIO

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
from campaign_manager.i18n import N_, _
from campaign_manager.paths import APPLICATION, log_folder

LOG_NAME = "campaign-manager.log"
LOG_BYTES = 1_000_000  # a file is rotated at this size ...
LOG_KEPT = 3  # ... and this many older ones are kept
NATIVE_LOG_NAME = "native-crash.log"
log = logging.getLogger("campaign_manager")
UrlOpener = Callable[[QUrl], object]
_handler: RotatingFileHandler | None = None
_native: TextIO | None = None  # the file faulthandler writes a native crash to, open all along


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
        said = _("no log file in {folder}: {error}").format(folder=folder, error=exc.strerror or exc)
        _to_stderr(f"campaign-manager: {said}")  # untranslated: the program's name
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    _handler = handler
    log.info("%s %s started (Python %s, Qt %s)", APPLICATION, __version__, sys.version.split()[0], _qt_version())
    return Path(handler.baseFilename)


def start_watching(app: QObject) -> CrashReporter:
    """What the app sets up as it starts: its log, the box for what goes wrong, and the file a
    native crash is written to. The box for an earlier run's crash is offered once the window
    shows (`CrashReporter.offer_last_crash`)."""
    start_logging()
    reporter = CrashReporter(parent=app)
    reporter.install()
    catch_native_crashes()
    return reporter


def stop_watching(reporter: CrashReporter) -> None:
    """As the app closes: the watching taken away, and the log closed."""
    reporter.uninstall()
    stop_catching_native_crashes()
    log.info("closed")
    stop_logging()


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


def catch_native_crashes(folder: Path | None = None) -> Path | None:
    """Have faulthandler write a native crash into `native-crash.log` in `folder` (the log's
    folder unless told), where the next start finds it; returns that file, or None if it cannot
    be written (a native crash is then told on stderr only, if there is one)."""
    global _native
    folder = folder if folder is not None else current_log_folder()
    stop_catching_native_crashes()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _native = open(folder / NATIVE_LOG_NAME, "a", encoding="utf-8")  # open for the whole run
    except OSError as exc:
        said = _("no crash file in {folder}: {error}").format(folder=folder, error=exc.strerror or exc)
        _to_stderr(f"campaign-manager: {said}")  # untranslated: the program's name
        return None
    faulthandler.enable(_native, all_threads=True)
    return Path(_native.name)


def stop_catching_native_crashes() -> None:
    global _native
    if _native is not None:
        faulthandler.disable()
        _native.close()
        _native = None


def last_native_crash(folder: Path | None = None) -> str | None:
    """What a native crash of an earlier run left in `folder` (the log's folder unless told),
    once: it is copied into the log and the crash file emptied. None if it left nothing."""
    path = (folder if folder is not None else current_log_folder()) / NATIVE_LOG_NAME
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip()
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M:%S")
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("The crash file %s could not be read: %s", path, exc.strerror or exc)
        return None
    if not text:
        return None
    text = f"The crash happened at {when}.\n{text}"  # untranslated: the log's words (the dump does not say when)
    log.error("The last run of the app ended with a crash:\n%s", text)  # untranslated: the log's words
    try:
        path.write_text("", encoding="utf-8")  # offered once
    except OSError as exc:
        log.warning("The crash file %s could not be emptied: %s", path, exc.strerror or exc)
    return text


def _to_stderr(text: str) -> None:
    if sys.stderr is not None:  # a windowed app on Windows has none
        print(text, file=sys.stderr)


def _qt_version() -> str:
    from PySide6 import __version__ as pyside

    return pyside


NOW = N_(
    "Something went wrong inside the app. Every action recorded so far is safe in the campaign file, "
    "and the window carries on."
)
LAST_RUN = N_(
    "The app stopped suddenly the last time it ran: something failed inside Qt or Python itself, "
    "where the app could not catch it. Every action recorded before then is safe in the campaign file."
)


class CrashDialog(QDialog):
    """What went wrong: a sentence for the user, the details to copy, and where the log is.
    `what` says when it went wrong: now (NOW) or in the last run (LAST_RUN)."""

    def __init__(
        self,
        details: str,
        parent: QWidget | None = None,
        open_url: UrlOpener = QDesktopServices.openUrl,
        what: str = NOW,
    ):
        super().__init__(parent)
        self.setObjectName("crashDialog")
        self.setWindowTitle(_("{application}: something went wrong").format(application=APPLICATION))
        self.open_url = open_url
        written = log_file()
        if written:
            where = _(
                "The details below say what happened. They are also in the log file {file}. Copy them into a "
                "message to whoever looks after the app."
            ).format(file=written)
        else:
            where = _(
                "The details below say what happened. No log file could be written. Copy them into a message to "
                "whoever looks after the app."
            )
        self.message = QLabel(f"{_(what)}\n\n{where}", self)  # untranslated: two paragraphs, each translated
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details = QPlainTextEdit(details, self)
        self.details.setObjectName("crashDetails")
        self.details.setReadOnly(True)
        self.details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.details.setAccessibleName(_("What went wrong, in detail"))
        self.message.setBuddy(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = QPushButton(_("&Copy the details"), self)
        self.folder_button = QPushButton(_("Open the &log folder"), self)
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
        log.error("Unexpected error:\n%s", details.rstrip())  # untranslated: the log's words
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
            log.error("Qt: %s%s", message, where)  # untranslated: the log's words
            for handler in log.handlers:
                handler.flush()  # a fatal message ends the program when this returns
            if kind == QtMsgType.QtCriticalMsg:
                self.failed.emit(
                    _("Qt reported a critical error: {message}{where}").format(message=message, where=where)
                )
        elif kind == QtMsgType.QtWarningMsg:
            log.warning("Qt: %s%s", message, where)

    def show(self, details: str, what: str = NOW, parent: QWidget | None = None) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.add(details)
            return
        self.dialog = CrashDialog(details, parent or QApplication.activeWindow(), self.open_url, what)
        self.dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog.destroyed.connect(self._forget_dialog)
        self.dialog.open()

    def offer_last_crash(self, parent: QWidget | None = None, folder: Path | None = None) -> bool:
        """On starting: the box with the native crash an earlier run left (in `folder`, the log's
        folder unless told), if it left one; True if it did."""
        details = last_native_crash(folder)
        if details is None:
            return False
        self.show(details, LAST_RUN, parent)
        return True

    def _forget_dialog(self) -> None:
        self.dialog = None
