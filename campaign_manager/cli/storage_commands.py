"""Carrying a campaign around: `export` (the action log as JSON), `import` (a campaign file, or a
campaign on a server, rebuilt from it), `push` and `pull` (a campaign file onto a server and
back) and `backups` (the end-of-turn backups kept beside the file)."""

from __future__ import annotations

from pathlib import Path


def register(commands) -> None:
    export = commands.add_parser("export", help="write the campaign's scenario and action log as JSON")
    export.add_argument("file", help="the campaign file, or a shared campaign's address")
    export.add_argument("-o", "--output", type=Path, required=True, metavar="LOG.json")
    export.set_defaults(run=cmd_export)

    imported = commands.add_parser("import", help="rebuild a campaign file from an exported JSON log")
    imported.add_argument("log", type=Path, metavar="LOG.json")
    imported.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        help="the new campaign file, or a new campaign's address on a server (never overwritten)",
    )
    imported.set_defaults(run=cmd_import)

    backups = commands.add_parser("backups", help="the end-of-turn backups of a campaign, newest first")
    backups.add_argument("file", metavar="FILE", help="the campaign file")
    backups.set_defaults(run=cmd_backups)

    push = commands.add_parser("push", help="put a campaign file on a server, as a new shared campaign")
    push.add_argument("file", type=Path, help="the campaign file")
    push.add_argument(
        "url", metavar="URL", help="the new campaign's address: postgresql://USER@HOST/DATABASE?campaign=NAME"
    )
    push.set_defaults(run=cmd_push)

    pull = commands.add_parser("pull", help="copy a campaign on a server into a new campaign file")
    pull.add_argument("url", metavar="URL", help="the shared campaign's address")
    pull.add_argument("file", type=Path, help="the new campaign file (never overwritten)")
    pull.set_defaults(run=cmd_pull)


def cmd_export(args) -> int:
    from campaign_manager.store.campaign_file import CampaignFile
    from campaign_manager.store.transfer import write_export

    with CampaignFile.open(args.file, readonly=True) as campaign:
        write_export(campaign, args.output)
        count = len(campaign.records)
    print(f"Wrote {args.output}: {count} actions")
    return 0


def cmd_import(args) -> int:
    from campaign_manager.store.transfer import import_log

    with import_log(args.log, args.output) as campaign:
        _tell_made(campaign)
    return 0


def _tell_made(campaign) -> None:
    print(
        f"Created campaign '{campaign.name}' in {campaign.where}: {len(campaign.records)} actions, "
        f"turn {campaign.state.turn} ({campaign.state.phase})"
    )


def cmd_push(args) -> int:
    from campaign_manager.store.transfer import push

    with push(args.file, args.url) as campaign:
        _tell_made(campaign)
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
        if campaign.file is None:
            print(
                f"{campaign.where}: a campaign on a server has no backup files: its server keeps it (pull URL FILE "
                f"makes a campaign file of it at any time)"
            )
            return 0
    found = list_backups(Path(args.file))
    if not found:
        print(f"no backups yet in {folder(Path(args.file))} (one is made at every end of turn)")
    for backup in found:
        print(backup.describe())
    return 0
