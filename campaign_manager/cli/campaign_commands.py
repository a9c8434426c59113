"""Campaign subcommands: new, show, apply, undo, redo, log, requirements. Each takes a campaign
FILE or the address of a campaign on a server (postgresql://USER@HOST/DATABASE?campaign=NAME)."""

from __future__ import annotations

from campaign_manager.i18n import N_, _, date_time

ACTIONS_HELP = N_("a JSON file holding a list of actions (see docs/actions.md); '-' reads standard input")
CAMPAIGN_HELP = N_(
    "a campaign file, or a shared campaign's address: postgresql://USER@HOST[:PORT]/DATABASE?campaign=NAME"
)


def register(commands) -> None:
    new = commands.add_parser("new", help=_("create a campaign file (or a campaign on a server)"))
    new.add_argument("file", help=_(CAMPAIGN_HELP))
    new.add_argument("--scenario", default="firestorm-greece", help=_("bundled scenario name or a scenario file"))
    new.add_argument("--name", help=_("the campaign's name (default: the file name)"))
    new.add_argument(
        "--wargame",
        action="store_true",
        help=_("a General's Wargame: every battle fought with dice, by two people or against the computer"),
    )
    new.add_argument(
        "--computer",
        metavar="SIDE",
        help=_(
            "with --wargame: the side the computer general plays (axis or allied); "
            "its moves are made with the computer command"
        ),
    )
    new.set_defaults(run=cmd_new, load=load_campaigns)

    show = commands.add_parser("show", help=_("the campaign as it stands"))
    show.add_argument("file", help=_(CAMPAIGN_HELP))
    show.add_argument("--json", action="store_true")
    show.set_defaults(run=cmd_show, load=load_campaigns)

    apply = commands.add_parser("apply", help=_("record actions, all or nothing"))
    apply.add_argument("file", help=_(CAMPAIGN_HELP))
    apply.add_argument("actions", help=_(ACTIONS_HELP))
    apply.add_argument("--json", action="store_true")
    apply.add_argument("--seed", type=int, help=_("seed for dice the app rolls (default: unpredictable)"))
    apply.set_defaults(run=cmd_apply, load=load_campaigns)

    for name, text in (("undo", _("take back the last action")), ("redo", _("put back the last action taken back"))):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("file", help=_(CAMPAIGN_HELP))
        sub.set_defaults(run=cmd_undo if name == "undo" else cmd_redo, load=load_campaigns)

    discard = commands.add_parser(
        "discard-entry", help=_("throw away a battle entry kept with the campaign that cannot be read (logged)")
    )
    discard.add_argument("file", help=_(CAMPAIGN_HELP))
    discard.set_defaults(run=cmd_discard_entry, load=load_campaigns)

    log = commands.add_parser("log", help=_("every recorded action with its dice"))
    log.add_argument("file", help=_(CAMPAIGN_HELP))
    log.add_argument("--json", action="store_true")
    log.set_defaults(run=cmd_log, load=load_campaigns)

    req = commands.add_parser("requirements", help=_("a turn's requirements"))
    req.add_argument("file", help=_(CAMPAIGN_HELP))
    req.add_argument("--turn", type=int)
    req.add_argument("--json", action="store_true")
    req.set_defaults(run=cmd_requirements, load=load_campaigns)


def load_campaigns() -> None:
    """The campaign file, the store and the rules engine, loaded as part of start-up (cli/__init__.py)."""
    from campaign_manager.store import campaign_file  # noqa: F401


def _open(where: str, readonly: bool = False):
    """The campaign; one on a server holding a row the app cannot use is said so (on standard
    error), opened read-only up to it."""
    import sys

    from campaign_manager.store.campaign_file import CampaignFile

    campaign = CampaignFile.open(where, readonly=readonly)
    if campaign.wrong_row is not None:
        print(_("warning: {problem}").format(problem=campaign.wrong_row), file=sys.stderr)
    return campaign


def cmd_new(args) -> int:
    from campaign_manager.store.campaign_file import CampaignFile

    computer = _computer_side(args) if args.computer is not None else None
    play = "wargame" if args.wargame else "campaign"
    with CampaignFile.create(args.file, args.scenario, args.name, play=play, computer=computer) as campaign:
        words = _("Created campaign '{name}' ({scenario}) in {where}")
        print(words.format(name=campaign.name, scenario=campaign.scenario.name, where=campaign.where))
        if computer is not None:
            side = campaign.scenario.side_noun(computer)
            words = _(
                "A General's Wargame against the computer, which plays the {side}: 'computer FILE' makes its moves"
            )
            print(words.format(side=side))
        elif args.wargame:
            print(_("A General's Wargame between two people (every battle fought with dice)"))
    return 0


def _computer_side(args) -> str:
    """The side named by --computer, spelt as the scenario spells it."""
    from campaign_manager.engine.spelling import side_code
    from campaign_manager.errors import UserError
    from campaign_manager.scenario import load_scenario

    if not args.wargame:
        raise UserError(_("--computer needs --wargame: the computer plays only a General's Wargame"))
    if args.computer.strip().casefold() == "both":
        raise UserError(
            _(
                "--computer names one side: for the computer on both sides make the campaign with --wargame "
                "alone and run 'computer FILE --side both'"
            )
        )
    sc = load_scenario(args.scenario)
    side = side_code(sc, args.computer)
    if side not in sc.sides:
        words = _("--computer: no side '{side}' (sides: {sides})")
        raise UserError(words.format(side=args.computer, sides=", ".join(sc.sides)))
    return side


def cmd_show(args) -> int:
    from campaign_manager.cli.output import emit
    from campaign_manager.cli.text import show_text
    from campaign_manager.engine.views import state_view

    with _open(args.file, readonly=True) as campaign:
        view = state_view(campaign.scenario, campaign.state)
        emit(
            {"name": campaign.name, **view.to_json()} if args.json else None,
            args.json,
            None if args.json else show_text(campaign.scenario, campaign.name, view),
        )
        _warn_damaged_entry(campaign, args.file)
    return 0


def _warn_damaged_entry(campaign, where: str) -> None:
    """A kept battle entry that cannot be read, said in one line (the campaign is sound)."""
    import sys

    damage = campaign.entry_damage()
    if damage is not None:
        words = _(
            "warning: the battle being entered kept with this campaign cannot be read ({damage}); "
            "'discard-entry {where}' throws it away (the history says so)"
        )
        print(words.format(damage=damage, where=where), file=sys.stderr)


def cmd_discard_entry(args) -> int:
    with _open(args.file) as campaign:
        done = campaign.discard_damaged_entry()
    print(_("no damaged battle entry is kept with this campaign") if done is None else "\n".join(done.events))
    return 0


def cmd_apply(args) -> int:
    from campaign_manager.cli.output import emit
    from campaign_manager.dice import RandomRoller
    from campaign_manager.store.action_files import read_actions

    actions = read_actions(args.actions)
    with _open(args.file) as campaign:
        done = campaign.apply(campaign.read_actions(actions), RandomRoller(args.seed))
        if args.json:
            from campaign_manager.engine.views import state_view

            emit(
                {
                    "applied": [{"action": a.record, "events": list(a.events)} for a in done],
                    "state": state_view(campaign.scenario, campaign.state).to_json(),
                },
                True,
            )
        else:
            lines = []
            first = len(campaign.records) - len(done) + 1
            for number, applied in enumerate(done, start=1):
                words = _("action {number} ({kind}), log entry {entry}:")
                lines.append(words.format(number=number, kind=applied.action.type, entry=first + number - 1))
                lines.extend(f"   {event}" for event in applied.events)
            emit(None, False, "\n".join(lines) or _("no actions given"))
        _tell_backups(campaign)
    return 0


def _tell_backups(campaign) -> None:
    """What became of the end-of-turn backups: one made again after it was cut off, one that
    failed (the actions are recorded either way)."""
    import sys

    if campaign.backup_notice:
        print(_("note: {notice}").format(notice=campaign.backup_notice), file=sys.stderr)
    if campaign.backup_problem:
        print(_("warning: {problem}").format(problem=campaign.backup_problem), file=sys.stderr)


def cmd_undo(args) -> int:
    with _open(args.file) as campaign:
        record = campaign.undo()
        _tell_backups(campaign)
    print(_("nothing to undo") if record is None else _("undone: {action}").format(action=_describe(record)))
    return 0


def cmd_redo(args) -> int:
    with _open(args.file) as campaign:
        record = campaign.redo()
        _tell_backups(campaign)
    print(_("nothing to redo") if record is None else _("redone: {action}").format(action=_describe(record)))
    return 0


def _describe(record: dict) -> str:
    """The action taken back or done again, in the words Edit ▸ Undo uses ("battle B1 → C1")."""
    from campaign_manager.engine.action_reading import action_title

    return action_title(record)


def cmd_log(args) -> int:
    from campaign_manager.cli.output import emit
    from campaign_manager.engine.app_dice import app_dice_words

    with _open(args.file, readonly=True) as campaign:
        entries = campaign.log.entries(len(campaign.records))  # up to a row it cannot use, as shown
        history = campaign.history()
        authors = campaign.log.authors()  # on a server: who recorded each action
        sc = campaign.scenario
    # Every entry says which of its dice the app rolled (paths in the action; typed dice are not listed).
    data = [
        {
            **record,
            "rolled_by_app": list(applied.action.app_dice()),
            "seq": seq,
            "recorded_at": at,
            **({"recorded_by": authors[seq].to_json()} if seq in authors else {}),
            "events": list(applied.events),
        }
        for (seq, at, record), applied in zip(entries, history)
    ]
    text = "".join(
        f"{d['seq']:>4}  {_local_time(d['recorded_at'])}  {r['type']}"
        + ("  " + _("by {author}").format(author=authors[d["seq"]].words) if d["seq"] in authors else "")
        + "\n"
        + "".join(f"        {e}\n" for e in [*d["events"], *filter(None, [app_dice_words(sc, applied.action)])])
        for d, (_seq, _at, r), applied in zip(data, entries, history)
    ) or _("the log is empty")
    emit(data, args.json, text)
    return 0


def _local_time(at: str) -> str:
    """When an action was recorded, on this computer's clock to the minute (the file and --json
    keep the exact UTC time)."""
    from datetime import datetime

    try:
        return date_time(datetime.fromisoformat(at).astimezone())
    except (TypeError, ValueError):
        return str(at)


def cmd_requirements(args) -> int:
    from campaign_manager.cli.output import emit
    from campaign_manager.cli.text import requirements_text
    from campaign_manager.engine.requirements import requirements

    with _open(args.file, readonly=True) as campaign:
        data = requirements(campaign.scenario, campaign.state, args.turn)
        emit(data.to_json(), args.json, None if args.json else requirements_text(campaign.scenario, data))
    return 0
