"""`campaign-manager publish`: write the campaign's folder for its players (a page, the map as a
picture, status.json and each turn's page), once or again after every recorded action (--watch)."""

from __future__ import annotations

from pathlib import Path

from campaign_manager.i18n import _, ngettext


def register(commands) -> None:
    publish = commands.add_parser(
        "publish",
        help=_("a folder for the players: a web page, the map as a picture, status.json"),
        description=_(
            "Write a folder any web host, USB stick or chat can take: index.html (the map, the VP, "
            "the battles, the league), map.png and map@2x.png, status.json and a page for each turn. Only what "
            "players may see goes in: never a battle being entered, a general's plans or a What if. The folder "
            "is written whole; one holding files this program did not write is refused."
        ),
    )
    publish.add_argument("file", help=_("the campaign file, or a shared campaign's address"))
    publish.add_argument("-o", "--output", type=Path, required=True, metavar="FOLDER", help=_("the folder to write"))
    publish.add_argument("--no-names", action="store_true", help=_("leave the commanders' names out"))
    publish.add_argument(
        "--watch", action="store_true", help=_("keep running, and publish again after every action recorded")
    )
    publish.set_defaults(run=cmd_publish, load=load_publish)


def load_publish() -> None:
    from campaign_manager.reports import publish  # noqa: F401  (reportlab, PDFium, the engine)


def cmd_publish(args) -> int:
    from campaign_manager.reports.publish import publish
    from campaign_manager.reports.publish.folder import check_folder
    from campaign_manager.store.campaign_file import CampaignFile

    check_folder(args.output)  # before the campaign is read: a wrong folder is said at once
    with CampaignFile.open(args.file, readonly=True) as campaign:
        names = not args.no_names
        publish(campaign, args.output, names)
        print(_("Published {name} to {folder}").format(name=campaign.name, folder=args.output), flush=True)
        if args.watch:
            from campaign_manager.reports.publish.watch import watch

            def again() -> None:
                publish(campaign, args.output, names)
                count = len(campaign.records)
                print(
                    ngettext("Published again: {n} action", "Published again: {n} actions", count).format(n=count),
                    flush=True,
                )

            print(_("Watching for recorded actions (Ctrl+C to stop)"), flush=True)
            watch(campaign, again, said=lambda words: print(words, flush=True))
    return 0
