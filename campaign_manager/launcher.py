"""The program's entry point: the command line, which opens the app window when asked.

The only module that knows both the Qt-free command line and the Qt layer; the command line
itself never imports Qt (an import-linter contract and a test hold it to that).
"""

from __future__ import annotations

import sys


def open_window(
    file: str | None, screenshot: str | None = None, print_to: str | None = None, kind: str = "turn", paper: str = "a4"
) -> int:
    """The window (or its picture, or its printing); a system library Qt cannot load is said in a
    line with what to install, exit code 2, never as a traceback."""
    try:
        return _open_window(file, screenshot, print_to, kind, paper)
    except ImportError as exc:
        from campaign_manager.ui.display_check import missing_library_words

        words = missing_library_words(exc)
        if words is None:
            raise
        print("campaign-manager: " + words, file=sys.stderr)  # untranslated: the program's name
        return 2


def _open_window(file: str | None, screenshot: str | None, print_to: str | None, kind: str, paper: str) -> int:
    if print_to:
        from campaign_manager.ui.app import print_app

        assert file is not None, "the command line asks for the FILE to print with --print-to"

        return print_app(file, print_to, kind, paper)
    if screenshot:
        from campaign_manager.ui.app import screenshot_app

        assert file is not None, "the command line asks for the FILE to show with --screenshot"

        return screenshot_app(file, screenshot)
    from campaign_manager.ui.app import run_app

    return run_app([file] if file else [])


def main(argv: list[str] | None = None) -> int:
    """`campaign-manager`: the command line (and the window, with no command or a FILE)."""
    if getattr(sys, "frozen", False):  # the one-folder app: What if's worker processes start here
        import multiprocessing

        multiprocessing.freeze_support()
    from campaign_manager import startup

    startup.starting()
    try:
        from campaign_manager.cli import main as command_line

        return command_line(argv, open_window=open_window)
    finally:
        startup.settled()


def window() -> int:
    """`campaign-manager-window [FILE]`: the window alone, as a desktop shortcut or a double-click
    starts it (on Windows, with no console window). With no console to read, a file that cannot
    be opened is said in the window itself."""
    from campaign_manager import startup

    if "--version" in sys.argv[1:]:  # what a desktop entry's check or a smoke test asks
        from campaign_manager import __version__
        from campaign_manager.paths import WINDOW_PROGRAM

        print(f"{WINDOW_PROGRAM} {__version__}")
        return 0
    startup.starting()
    file = next((word for word in sys.argv[1:] if not word.startswith("-")), None)
    return open_window(file)


if __name__ == "__main__":
    sys.exit(main())
