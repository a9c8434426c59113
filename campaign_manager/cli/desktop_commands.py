"""`campaign-manager --install-desktop` and `--uninstall-desktop` (desktop_integration.py): options
of the program itself, like --version, that do their work and exit."""

from __future__ import annotations

import argparse
from typing import NoReturn

from campaign_manager.errors import UserError
from campaign_manager.i18n import _, ngettext

INSTALL = "--install-desktop"
UNINSTALL = "--uninstall-desktop"


class DesktopMenu(argparse.Action):
    """--install-desktop puts the app in this user's desktop menu, --uninstall-desktop takes it out."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: object, values: object, option_string: str | None = None
    ) -> NoReturn:
        from campaign_manager.cli.output import printable_lines

        try:
            said = install() if option_string == INSTALL else uninstall()
        except UserError as exc:
            parser.exit(2, f"{parser.prog}: {printable_lines(str(exc))}\n")
        print(printable_lines(said))
        parser.exit()


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        INSTALL,
        action=DesktopMenu,
        help=_("put the app in this user's desktop menu (Linux): its entry, icon and the campaign file's type"),
    )
    parser.add_argument(
        UNINSTALL, action=DesktopMenu, help=_("take out what {option} put in, and nothing else").format(option=INSTALL)
    )


def install() -> str:
    from campaign_manager.desktop_integration import install_desktop, window_program

    done = install_desktop(window_program())
    entry = done.files[0]
    lines = [
        _("The app is in the desktop's menu: {entry} starts {program}.").format(entry=entry, program=done.program),
        _("Its icon and the campaign file's type (*.campaign) are in {folder}.").format(folder=entry.parent.parent),
    ]
    if done.missing:
        words = _(
            "Not installed here, so not refreshed: {tools} "
            "(the desktop may show the entry or the file type after the next log-in)."
        )
        lines.append(words.format(tools=", ".join(done.missing)))
    lines.append(_("campaign-manager {option} takes out exactly what was put in.").format(option=UNINSTALL))
    return "\n".join(lines)


def uninstall() -> str:
    from campaign_manager.desktop_integration import uninstall_desktop

    removed = uninstall_desktop()
    words = ngettext(
        "The app's menu entry, icon and file type are taken out ({n} file or folder removed).",
        "The app's menu entry, icon and file type are taken out ({n} files and folders removed).",
        len(removed),
    )
    return words.format(n=len(removed))
