"""Start the Qt application and open the main window."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from campaign_manager import startup
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.store import writing
from campaign_manager.store.address import is_server_address
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.faults import writable

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication, QTranslator
    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QApplication

    from campaign_manager.ui.main_window import MainWindow


def window_language() -> str | None:
    """The language the window speaks: the one chosen in Edit ▸ Preferences, else the one the
    environment asks for (i18n's rules: FIRESTORM_LANGUAGE, else the desktop's)."""
    from campaign_manager import i18n
    from campaign_manager.ui import settings

    return settings.read(settings.LANGUAGE) or i18n.language()


_qt_translators: list[QTranslator] = []  # kept alive while installed (Qt holds no reference)


def speak_the_window_s_language(app: QCoreApplication) -> str | None:
    """Before any window is built: the app's words in the window's language (the same catalogue
    as the command line's, so the engine's refusals the window shows follow it), and Qt's own
    words (its standard buttons, a text field's context menu) from Qt's translations. Returns the
    language."""
    from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

    from campaign_manager import i18n

    lang = window_language()
    i18n.use(lang)
    for translator in _qt_translators:
        app.removeTranslator(translator)
    _qt_translators.clear()
    code = (lang or "").split(".")[0].split("@")[0]
    foreign = bool(code) and code not in ("C", "POSIX") and not code.startswith("en")
    # Qt's own numbers (a spin box's 2,00) as the chosen language writes them, else the desktop's.
    QLocale.setDefault(QLocale(code) if foreign else QLocale.system())
    if foreign:
        translator = QTranslator(app)
        if translator.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            app.installTranslator(translator)
            _qt_translators.append(translator)
    return lang


def run_app(argv: list[str]) -> int:
    from campaign_manager.ui.display_check import display_problem

    problem = display_problem()
    if problem:
        print(f"campaign-manager: {problem}", file=sys.stderr)  # untranslated: the program's name
        return 2
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from campaign_manager.ui import crash, settings
    from campaign_manager.ui.main_window import MainWindow
    from campaign_manager.ui.sent_files import SentFiles

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *argv])
    settings.apply_identity(app)  # data in ~/.local/share/Firestorm/Firestorm Campaign Manager
    speak_the_window_s_language(app)
    # logs/campaign-manager.log there; an exception no slot caught is logged and a box says so;
    # a native crash is written beside the log
    reporter = crash.start_watching(app)
    window = MainWindow(campaign_to_open(argv))
    sent = SentFiles(window)
    app.installEventFilter(sent)  # a file double-clicked in macOS's Finder is sent, not named
    window.show()
    welcome_on_first_start(window, file_named=bool(argv))
    QTimer.singleShot(0, startup.settled)  # once the window is on screen
    QTimer.singleShot(0, lambda: reporter.offer_last_crash(window))  # a native crash the last run left
    try:
        return app.exec()
    finally:
        app.removeEventFilter(sent)
        crash.stop_watching(reporter)


def welcome_on_first_start(window: MainWindow, file_named: bool = False) -> bool:
    """The first start shows the welcome page (what a newcomer can do first); later ones do not,
    nor one asked to open a file (a double-click on it, the command line): that file is the answer."""
    from campaign_manager.ui import settings

    if file_named or settings.read(settings.WELCOMED):
        return False
    window.show_welcome()
    settings.write(settings.WELCOMED, True)
    return True


def _window_without_screen(file: str) -> tuple[QApplication, MainWindow] | int:
    """The main window on `file` (opened read-only), shown at 1280x800 on Qt's offscreen platform;
    2 (and said why) when the file cannot be opened."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    def quiet(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        # Without a screen Qt warns that it cannot pass size hints to a window manager; harmless.
        if "propagateSizeHints" not in message:
            print(message, file=sys.stderr)

    qInstallMessageHandler(quiet)

    from campaign_manager.ui import settings
    from campaign_manager.ui.main_window import MainWindow

    try:
        campaign = CampaignFile.open(file if is_server_address(file) else Path(file), readonly=True)
    except UserError as exc:
        print(f"campaign-manager: {exc}", file=sys.stderr)  # untranslated: the program's name
        return 2
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    settings.apply_identity(app)
    speak_the_window_s_language(app)
    window = MainWindow(remember=False)
    window.session.adopt(campaign)
    server = campaign.server_log
    if (campaign.file is not None and writable(campaign.file)) or (server is not None and server.role != "viewer"):
        # opened read-only only so that taking the picture writes nothing: the picture shows
        # the window as it opens on this file, without the read-only banner
        window.storage_actions.banner.hide()
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    return app, window


def screenshot_app(file: str, png: str) -> int:
    """Render the main window on `file` at 1280x800 without a screen, save it as `png`, exit."""
    opened = _window_without_screen(file)
    if isinstance(opened, int):
        return opened
    app, window = opened
    data = _png_of(window.grab())
    startup.settled()
    window.close()
    if data is None:
        said = _("{file}: the picture could not be made").format(file=png)
        print(f"campaign-manager: {said}", file=sys.stderr)  # untranslated: the program's name
        return 2
    try:  # as every output: beside the target first, then renamed over it (never through a link)
        writing.write_whole(Path(png), data, "picture")
    except UserError as exc:
        print(f"campaign-manager: {exc}", file=sys.stderr)  # untranslated: the program's name
        return 2
    return 0


def _png_of(picture: QPixmap) -> bytes | None:
    """`picture` as the bytes of a PNG file, made in memory."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    held = QByteArray()
    buffer = QBuffer(held)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    saved = picture.save(buffer, "PNG")
    buffer.close()
    return bytes(held.data()) if saved else None


def print_app(file: str, pdf: str, kind: str, paper: str) -> int:
    """File ▸ Print of the document `kind` on `file`, with Qt's PDF printer (a file, `pdf`, on
    `paper`) chosen in place of the print dialog, and no screen: the same steps as printing from
    the window (the document made on a worker thread, each page drawn on the printer with PDFium),
    so that a build can be shown to print. Says the pages printed; 2 when it could not print."""
    from collections.abc import Callable
    from dataclasses import replace

    from PySide6.QtCore import QEventLoop
    from PySide6.QtGui import QPageSize
    from PySide6.QtPrintSupport import QPrinter
    from PySide6.QtWidgets import QWidget

    from campaign_manager.reports import ReportKind
    from campaign_manager.ui.report_actions import ReportActions

    opened = _window_without_screen(file)
    if isinstance(opened, int):
        return opened
    app, window = opened
    sizes = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
    # Qt's printer writes to the name it is given, through a link too: it writes into a folder of
    # this run's own, and the PDF is then written as every output is (store/writing.py).
    folder = tempfile.TemporaryDirectory(prefix="campaign-manager-print-")
    drafted = Path(folder.name) / "printed.pdf"
    answers: list[tuple[bool, str]] = []
    waiting = QEventLoop()

    def to_pdf_file(parent: QWidget, printer: QPrinter, title: str, accepted: Callable[[], None]) -> None:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(drafted))
        printer.setPageSize(QPageSize(sizes[paper]))
        accepted()

    def answered(done: bool, words: str) -> None:
        answers.append((done, words))
        waiting.quit()

    services = replace(
        window.report_actions.services,
        report=lambda words: answered(False, words),
        tell=lambda words, _milliseconds: answered(True, words),
    )
    actions = ReportActions(services, choose_printer=to_pdf_file)
    actions.print_document(ReportKind(kind))
    if not answers:  # nothing said yet: the document is being made on a worker thread
        waiting.exec()
    startup.settled()
    window.close()
    app.processEvents()
    done, words = answers[0]
    with folder:
        try:
            if done:
                writing.write_whole(Path(pdf), drafted.read_bytes(), "report")
                words = words.replace(str(drafted), str(Path(pdf).absolute()))  # where it went, as asked
        except (UserError, OSError) as exc:
            done, words = False, str(exc)
    said = f"{words}." if done else f"campaign-manager: {words}"  # untranslated: the program's name
    print(said, file=sys.stdout if done else sys.stderr)
    return 0 if done else 2


def campaign_to_open(argv: list[str]) -> Path | str | None:
    """The file named on the command line, else the last one used, else the bundled campaign
    (created on first start)."""
    from campaign_manager.ui import settings

    if argv:
        return argv[0] if is_server_address(argv[0]) else Path(argv[0])
    last = settings.read(settings.LAST_CAMPAIGN)
    if last and is_server_address(last):
        return last  # a shared campaign: a server that does not answer is said in the window
    if last and Path(last).exists():
        return Path(last)
    return settings.bundled_campaign()
