"""Carrying a campaign around: `export` (the action log as JSON), `import` (a campaign file
rebuilt from it) and `backups` (the end-of-turn backups kept beside the file)."""

from __future__ import annotations

from pathlib import Path


def register(commands) -> None:
    export = commands.add_parser("export", help="write the campaign's scenario and action log as JSON")
    export.add_argument("file", type=Path, help="the campaign file")
    export.add_argument("-o", "--output", type=Path, required=True, metavar="LOG.json")
    export.set_defaults(run=cmd_export)

    imported = commands.add_parser("import", help="rebuild a campaign file from an exported JSON log")
    imported.add_argument("log", type=Path, metavar="LOG.json")
    imported.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE", help="the new campaign file (never overwritten)"
    )
    imported.set_defaults(run=cmd_import)

    backups = commands.add_parser("backups", help="the end-of-turn backups of a campaign, newest first")
    backups.add_argument("file", type=Path, help="the campaign file")
    backups.set_defaults(run=cmd_backups)


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
        print(
            f"Created campaign '{campaign.name}' in {args.output}: {len(campaign.records)} actions, "
            f"turn {campaign.state.turn} ({campaign.state.phase})"
        )
    return 0


def cmd_backups(args) -> int:
    from campaign_manager.store.backup_list import list_backups
    from campaign_manager.store.backups import folder
    from campaign_manager.store.campaign_file import CampaignFile

    CampaignFile.open(args.file, readonly=True).close()
    found = list_backups(args.file)
    if not found:
        print(f"no backups yet in {folder(args.file)} (one is made at every end of turn)")
    for backup in found:
        print(backup.describe())
    return 0
