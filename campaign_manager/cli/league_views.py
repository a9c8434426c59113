"""`league FILE pairings` and `league FILE scoring`: pairings for the next evening from the
commanders present (seeded, so the same input gives the same pairs; swaps kept; printed as slips),
and the league's scoring scheme, shown or changed (a `set_scoring` action, so undo takes it back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from campaign_manager.errors import UserError
from campaign_manager.i18n import _, ngettext


def add_view_options(table) -> None:
    pairs = table.add_argument_group(_("pairings"))
    pairs.add_argument("--present", metavar="A,B,C", help=_("the commanders present this evening, by name"))
    pairs.add_argument("--seed", type=int, default=1, help=_("settles ties (the same seed gives the same pairs)"))
    pairs.add_argument(
        "--swap",
        action="append",
        default=[],
        metavar="A,B",
        help=_("swap two commanders after the suggestion (repeatable)"),
    )
    pairs.add_argument("--slips", type=Path, metavar="PDF", help=_("print the pairings as slips to this PDF"))
    scheme = table.add_argument_group(_("scoring"))
    for option, words in (("win", _("points for a game won")), ("draw", _("points for a game drawn"))):
        scheme.add_argument(f"--{option}", type=int, metavar="POINTS", help=words)
    scheme.add_argument("--loss", type=int, metavar="POINTS", help=_("points for a game lost"))
    scheme.add_argument("--per-game", type=int, metavar="POINTS", help=_("bonus points for every game played"))
    scheme.add_argument(
        "--tie-breaks",
        metavar="LIST",
        help=_("in order, comma-separated: vp_difference, vp_for, destroyed, head_to_head (empty: none)"),
    )


def check_view_options(args) -> None:
    """An option of `pairings` or `scoring` given to another view is refused, not ignored: a
    forgotten `scoring` would otherwise leave the scheme as it was without a word."""
    belongs = {
        "pairings": {"present": args.present, "swap": args.swap or None, "slips": args.slips},
        "scoring": {key: getattr(args, key) for key in ("win", "draw", "loss", "per_game", "tie_breaks")},
    }
    for view, options in belongs.items():
        given = [f"--{key.replace('_', '-')}" for key, value in options.items() if value is not None]
        if given and args.view != view:
            words = ngettext(
                "{options} belongs to `league FILE {view}`: add {view} after the file",
                "{options} belong to `league FILE {view}`: add {view} after the file",
                len(given),
            )
            raise UserError(words.format(options=", ".join(given), view=view))
    if args.turn is not None and args.view in ("pairings", "scoring"):
        raise UserError(_("`league FILE {view}` is about the league now: leave out --turn").format(view=args.view))


def _names(given: str) -> list[str]:
    return [name.strip() for name in given.split(",") if name.strip()]


def cmd_pairings(args, sc, name: str, standings, scoring) -> int:
    from campaign_manager.cli.output import emit
    from campaign_manager.engine.pairings import present_standings, suggest

    if not args.present:
        raise UserError(_("say who is present this evening: --present NAME,NAME,…"))
    pairings = suggest(sc, present_standings(standings, _names(args.present)), args.seed, scoring)
    for swap in args.swap:
        two = _names(swap)
        if len(two) != 2:
            raise UserError(_("--swap takes two names, A,B; '{given}' is not that").format(given=swap))
        pairings = pairings.swap(*two)
    if args.slips is not None:
        from campaign_manager.reports.pairing_slips import pairing_slips_pdf
        from campaign_manager.reports.render import save_pdf

        save_pdf(args.slips, pairing_slips_pdf(sc, pairings, scoring, name))
    data: dict[str, Any] = {
        "seed": args.seed,
        "pairs": [
            {
                "table": number,
                "first": p.first.commander.name,
                "second": p.second.commander.name,
                "met_before": p.rematch,
            }
            for number, p in enumerate(pairings.pairs, start=1)
        ],
        "sitting_out": [s.commander.name for s in pairings.sitting_out],
    }
    emit(data, args.json, _pairings_text(sc, pairings, scoring, args.slips))
    return 0


def _pairings_text(sc, pairings, scoring, slips: Path | None) -> str:
    def who(s) -> str:
        points, games = s.points(scoring), s.games
        said = ", ".join(
            (
                ngettext("{n} point", "{n} points", points).format(n=points),
                ngettext("{n} game", "{n} games", games).format(n=games),
            )
        )
        return f"{s.commander.name} ({sc.side_adjective(s.commander.side)}, {said})"

    lines = []
    for number, p in enumerate(pairings.pairs, start=1):
        if p.rematch:
            words = ngettext(
                "Table {number}: {first} against {second} (they have met {n} time before)",
                "Table {number}: {first} against {second} (they have met {n} times before)",
                p.rematch,
            )
        else:
            words = _("Table {number}: {first} against {second}")
        lines.append(words.format(number=number, first=who(p.first), second=who(p.second), n=p.rematch))
    if not pairings.pairs:
        lines.append(_("Nobody is paired: name commanders of both sides as present."))
    if pairings.sitting_out:
        out = ", ".join(s.commander.name for s in pairings.sitting_out)
        lines.append(_("Sitting out: {commanders}").format(commanders=out))
    if slips is not None:
        lines.append(_("The slips are in {file}").format(file=slips))
    return "\n".join(lines)


def cmd_scoring(args) -> int:
    from campaign_manager.cli.output import emit
    from campaign_manager.engine.actions import SetScoring
    from campaign_manager.engine.roster import scoring_words
    from campaign_manager.store.campaign_file import ActionRefused, CampaignFile

    with CampaignFile.open(args.file) as campaign:
        scoring = campaign.state.scoring
        given = {key: getattr(args, key) for key in ("win", "draw", "loss", "per_game")}
        if all(value is None for value in given.values()) and args.tie_breaks is None:
            data = {**_scheme(scoring)}
            emit(data, args.json, _("The league is scored {scheme}.").format(scheme=scoring_words(scoring)))
            return 0
        action = {"type": SetScoring.type, **_scheme(scoring)}
        action.update({key: value for key, value in given.items() if value is not None})
        if args.tie_breaks is not None:
            action["tie_breaks"] = [rule.lower().replace("-", "_") for rule in _names(args.tie_breaks)]
        try:
            done = campaign.apply(campaign.read_actions([action]))
        except ActionRefused as refused:
            raise refused.error from None
    emit(None, False, "\n".join(event for applied in done for event in applied.events))
    return 0


def _scheme(scoring) -> dict[str, Any]:
    return {
        "win": scoring.win,
        "draw": scoring.draw,
        "loss": scoring.loss,
        "per_game": scoring.per_game,
        "tie_breaks": list(scoring.tie_breaks),
    }
