"""Carrying a campaign around: `export` (the action log as JSON), `import` (a campaign file, or a
campaign on a server, rebuilt from it), `push` and `pull` (a campaign file onto a server and
back) and `backups` (the end-of-turn backups kept beside the file)."""

from __future__ import annotations

from pathlib import Path

from campaign_manager.i18n import _, ngettext


def register(commands) -> None:
    export = commands.add_parser("export", help=_("write the campaign's scenario and action log as JSON"))
    export.add_argument("file", help=_("the campaign file, or a shared campaign's address"))
    export.add_argument("-o", "--output", type=Path, required=True, metavar="LOG.json")
    export.set_defaults(run=cmd_export)

    imported = commands.add_parser("import", help=_("rebuild a campaign file from an exported JSON log"))
    imported.add_argument("log", type=Path, metavar="LOG.json")
    imported.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        help=_("the new campaign file, or a new campaign's address on a server (never overwritten)"),
    )
    imported.set_defaults(run=cmd_import)

    backups = commands.add_parser("backups", help=_("the end-of-turn backups of a campaign, newest first"))
    backups.add_argument(
        "file",
        metavar="FILE",
        help=_("the campaign file, or a shared campaign's address (its backups on this computer)"),
    )
    backups.set_defaults(run=cmd_backups)

    backup = commands.add_parser(
        "backup", help=_("write a shared campaign as it stands into a new campaign file (fit for a scheduled job)")
    )
    backup.add_argument("url", metavar="URL", help=_("the shared campaign's address"))
    backup.add_argument(
        "-o",
        "--output",
        type=Path,
        required=True,
        metavar="FILE",
        help=_("the new file, or a folder (a dated name in it)"),
    )
    backup.set_defaults(run=cmd_backup)

    push = commands.add_parser("push", help=_("put a campaign file on a server, as a new shared campaign"))
    push.add_argument("file", type=Path, help=_("the campaign file"))
    push.add_argument(
        "url", metavar="URL", help=_("the new campaign's address: postgresql://USER@HOST/DATABASE?campaign=NAME")
    )
    push.add_argument(
        "--replace",
        action="store_true",
        help=_("restore FILE (a backup) over the campaign there, which is kept under a dated name (its owner only)"),
    )
    push.set_defaults(run=cmd_push)

    pending = commands.add_parser(
        "pending", help=_("the actions this computer recorded while a shared campaign's server was away")
    )
    pending.add_argument("url", metavar="URL", help=_("the shared campaign's address (as the user who recorded them)"))
    pending.add_argument("--send", action="store_true", help=_("send those waiting, in order, each checked again"))
    pending.add_argument("--drop", type=int, metavar="N", help=_("take action N out of the list (one refused, say)"))
    pending.set_defaults(run=cmd_pending)

    pull = commands.add_parser("pull", help=_("copy a campaign on a server into a new campaign file"))
    pull.add_argument("url", metavar="URL", help=_("the shared campaign's address"))
    pull.add_argument("file", type=Path, help=_("the new campaign file (never overwritten)"))
    pull.set_defaults(run=cmd_pull)


def cmd_export(args) -> int:
    from campaign_manager.store.campaign_file import CampaignFile
    from campaign_manager.store.transfer import write_export

    with CampaignFile.open(args.file, readonly=True) as campaign:
        write_export(campaign, args.output)
        count = len(campaign.records)
    print(ngettext("Wrote {file}: {n} action", "Wrote {file}: {n} actions", count).format(file=args.output, n=count))
    return 0


def cmd_import(args) -> int:
    from campaign_manager.store.transfer import import_log

    with import_log(args.log, args.output) as campaign:
        _tell_made(campaign)
    return 0


def _tell_made(campaign) -> None:
    from campaign_manager.cli.text import phase_words

    count = len(campaign.records)
    words = ngettext(
        "Created campaign '{name}' in {where}: {n} action, turn {turn} ({phase})",
        "Created campaign '{name}' in {where}: {n} actions, turn {turn} ({phase})",
        count,
    )
    state = campaign.state
    print(
        words.format(name=campaign.name, where=campaign.where, n=count, turn=state.turn, phase=phase_words(state.phase))
    )


def cmd_push(args) -> int:
    from campaign_manager.store.transfer import push

    with push(args.file, args.url, replace=args.replace) as campaign:
        _tell_made(campaign)
        if campaign.restored_over is not None:
            print(_("The campaign it replaced is kept as {campaign}").format(campaign=campaign.restored_over.shown))
    return 0


def cmd_pull(args) -> int:
    from campaign_manager.store.transfer import pull

    with pull(args.url, args.file) as campaign:
        _tell_made(campaign)
    return 0


def cmd_backups(args) -> int:
    from campaign_manager.store.backup_list import list_backups
    from campaign_manager.store.backups import folder
    from campaign_manager.store.campaign_file import CampaignFile

    with CampaignFile.open(args.file, readonly=True) as campaign:
        server = campaign.server_log
        named = Path(args.file) if server is None else _stand_in(server.address)
    found = list_backups(named)
    if not found:
        if server is not None:
            words = _("no backups yet in {folder} (one is made by the organiser's app at every end of turn)")
        else:
            words = _("no backups yet in {folder} (one is made at every end of turn)")
        print(words.format(folder=folder(named)))
    for backup in found:
        print(backup.describe())
    return 0


def _stand_in(address) -> Path:
    from campaign_manager.store.server_backups import stand_in

    return stand_in(address)


def cmd_backup(args) -> int:
    from campaign_manager.errors import UserError
    from campaign_manager.store.campaign_file import CampaignFile
    from campaign_manager.store.server_backups import backup_to

    with CampaignFile.open(args.url, readonly=True) as campaign:
        server = campaign.server_log
        if server is None:
            words = _("{file}: is a campaign file: its backups are made at every end of turn (backups FILE)")
            raise UserError(words.format(file=args.url))
        if server.wrong is not None:
            raise UserError(_("{problem}: no backup was written").format(problem=campaign.wrong_row))
        target = backup_to(server.address, campaign.image(), args.output)
        count = len(campaign.records)
    print(ngettext("Wrote {file}: {n} action", "Wrote {file}: {n} actions", count).format(file=target, n=count))
    return 0


def cmd_pending(args) -> int:
    from campaign_manager.errors import UserError
    from campaign_manager.store.address import is_server_address, parse_address
    from campaign_manager.store.campaign_file import CampaignFile
    from campaign_manager.store.pending import PendingList, send_pending

    if not is_server_address(args.url):
        words = _("{file}: is not a shared campaign's address: a campaign file records at once")
        raise UserError(words.format(file=args.url))
    pending = PendingList.of(parse_address(args.url))
    if args.drop is not None:
        gone = pending.drop(args.drop)
        print(_("Dropped from the pending list: {action}").format(action=gone.title))
    if args.send:
        with CampaignFile.open(args.url) as campaign:
            sent = send_pending(campaign, pending)
        print(sent.words() or _("Nothing was waiting to be sent"))
    if not pending.entries:
        print(_("The pending list is empty"))
    for number, entry in enumerate(pending.entries, start=1):
        state = _("refused: {reason}").format(reason=entry.refused) if entry.refused else _("waiting to be sent")
        print(f"{number:>3}  {entry.recorded_at}  {entry.title} — {state}")
    return 0
