"""`python -m campaign_manager.licences --write DIR --debian-copyright FILE`: the notices of the
libraries installed with the app, for a build to ship (run in the build's environment)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from campaign_manager.i18n import _

PROG = "python -m campaign_manager.licences"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, like every refusal of the app's command line
        self.exit(2, _("{prog}: {message} (see {prog} --help)").format(prog=self.prog, message=message) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(
        prog=PROG,
        description=_("Write the licences of every library the app bundles, read from the installed packages."),
    )
    parser.add_argument(
        "--write",
        metavar="DIR",
        type=Path,
        help=_("write THIRD-PARTY-NOTICES.txt and one file per licence text into DIR"),
    )
    parser.add_argument(
        "--debian-copyright", metavar="FILE", type=Path, help=_("write a Debian machine-readable copyright file")
    )
    args = parser.parse_args(argv)
    if args.write is None and args.debian_copyright is None:
        parser.error(_("say what to write: --write DIR, --debian-copyright FILE, or both"))
    from campaign_manager.licences import app_library, installed_libraries
    from campaign_manager.licences.debian import debian_copyright
    from campaign_manager.licences.notices import write_notices

    libraries = installed_libraries()
    try:
        if args.write is not None:
            if args.write.exists() and not args.write.is_dir():
                parser.exit(
                    2, _("{prog}: {folder}: is a file, not a folder").format(prog=PROG, folder=args.write) + "\n"
                )
            write_notices(args.write, libraries)
        if args.debian_copyright is not None:
            text = debian_copyright(app_library(), libraries)
            args.debian_copyright.write_text(text, encoding="utf-8")
    except OSError as exc:
        parser.exit(2, f"{PROG}: {exc.filename or ''}: {exc.strerror or exc}\n")  # untranslated: the system's words
    return 0


if __name__ == "__main__":
    sys.exit(main())
