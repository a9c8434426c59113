"""`campaign-manager report`: print a turn report, the status sheet or battle slips to PDF."""

from __future__ import annotations

from pathlib import Path

from campaign_manager.i18n import _
from campaign_manager.reports import Paper, ReportKind


def register(commands) -> None:
    report = commands.add_parser(
        "report",
        help=_("a PDF: the turn report, the status sheet for the wall, or battle slips"),
        description=_(
            "Write a PDF of the campaign. By default the report of the last completed turn "
            "(or of the turn under way, if none has ended); the status sheet shows the campaign now, and "
            "before turn 1 its set-up (the starting map)."
        ),
    )
    report.add_argument("file", help=_("the campaign file, or a shared campaign's address"))
    report.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.pdf", help=_("the PDF to write"))
    report.add_argument("--turn", type=int, help=_("the turn to report on"))
    report.add_argument(
        "--kind",
        choices=[kind.value for kind in ReportKind],
        default=ReportKind.TURN,
        help=_("turn report (default), one-page status sheet, or battle slips"),
    )
    report.add_argument("--paper", choices=[paper.value for paper in Paper], default=Paper.A4)
    report.set_defaults(run=cmd_report, load=load_report)


def load_report() -> None:
    """What making a PDF uses (reportlab, the campaign file and the engine), loaded as part of
    start-up: most of the command's time is loading them, not writing the document."""
    from campaign_manager.reports import load
    from campaign_manager.store import campaign_file  # noqa: F401

    load()


def cmd_report(args) -> int:
    from campaign_manager.reports import write_report
    from campaign_manager.store.campaign_file import CampaignFile

    with CampaignFile.open(args.file, readonly=True) as campaign:
        path = write_report(args.output, campaign, args.kind, args.turn, args.paper)
    print(_("Wrote {file}").format(file=path))
    return 0
