"""The roster of commanders (rule 1.10): who plays for which side, who leads it, and who played
each tabletop game.

Roster actions change no rule of the campaign, so they are taken in any phase. Names are
compared without regard to case and kept as typed; a commander keeps their number for good, so
a renamed or retired commander's past games stay theirs.
"""

from __future__ import annotations

from campaign_manager.bounds import MAX_ROSTER
from campaign_manager.dice import Roller
from campaign_manager.engine.actions import (
    AddCommander,
    Game,
    RenameCommander,
    RetireCommander,
    SetClub,
    SetGeneral,
    SetScoring,
    SetSide,
    UnretireCommander,
)
from campaign_manager.engine.lookup import side_name
from campaign_manager.engine.spelling import close_commanders, meant_words
from campaign_manager.engine.state import Arrow, CampaignState, Chronicle, Commander, Scoring, evolve
from campaign_manager.errors import RuleError, UserError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.i18n import number as number_words
from campaign_manager.scenario.model import Scenario

RULE = "1.10"


def find(roster: tuple[Commander, ...], name: str) -> Commander | None:
    """The commander called `name` (any case), or None."""
    wanted = name.casefold()
    return next((c for c in roster if c.name.casefold() == wanted), None)


def named(st: CampaignState, name: str) -> Commander:
    """The commander called `name`; a name not on the roster is refused."""
    found = find(st.roster, name)
    if found is None:
        raise RuleError(RULE, _("there is no commander '{name}' on the roster: add them first").format(name=name))
    return found


def general_of(roster: tuple[Commander, ...], side: str) -> Commander | None:
    return next((c for c in roster if c.side == side and c.general), None)


def side_key(sc: Scenario, given: str) -> str:
    """The scenario's key of a side given by its key, adjective or noun, in any case."""
    wanted = given.strip().casefold()
    for key in sc.sides:
        if wanted in (key.casefold(), sc.sides[key].casefold(), sc.side_nouns[key].casefold()):
            return key
    raise RuleError(
        RULE,
        _("there is no side '{side}' for a commander (sides: {sides})").format(side=given, sides=", ".join(sc.sides)),
    )


def _put(st: CampaignState, commander: Commander) -> None:
    st.roster = tuple(commander if c.number == commander.number else c for c in st.roster)


def _name_free(sc: Scenario, st: CampaignState, name: str, keeping: Commander | None = None) -> None:
    taken = find(st.roster, name)
    if taken is not None and taken is not keeping:
        said = (
            _(
                "the name '{name}' is already on the roster ({taken} of the {side}, retired); names are told apart "
                "without regard to case"
            )
            if taken.retired
            else _(
                "the name '{name}' is already on the roster ({taken} of the {side}); names are told apart "
                "without regard to case"
            )
        )
        raise RuleError(RULE, said.format(name=name, taken=taken.name, side=side_name(sc, taken.side)))


def who(sc: Scenario, commander: Commander) -> str:
    """A commander in a sentence: "Anna (Allies)"."""
    return _("{name} ({side})").format(name=commander.name, side=side_name(sc, commander.side))


def add_commander(
    sc: Scenario, st: CampaignState, action: AddCommander, roller: Roller, events: Chronicle
) -> AddCommander:
    side = side_key(sc, action.side)
    if len(st.roster) >= MAX_ROSTER:
        raise UserError(_("the roster holds at most {count} commanders").format(count=number_words(MAX_ROSTER)))
    _name_free(sc, st, action.name)
    commander = Commander(len(st.roster) + 1, action.name, side, action.club)
    st.roster = (*st.roster, commander)
    said = (
        _("{name} joins the {side} as a commander, of {club}")
        if action.club
        else _("{name} joins the {side} as a commander")
    )
    events.append(said.format(name=action.name, side=side_name(sc, side), club=action.club))
    return action if side == action.side else evolve(action, side=side)


def rename_commander(
    sc: Scenario, st: CampaignState, action: RenameCommander, roller: Roller, events: Chronicle
) -> RenameCommander:
    commander = named(st, action.name)
    if commander.name == action.to:
        raise RuleError(RULE, _("the commander {name} is already called that").format(name=commander.name))
    _name_free(sc, st, action.to, keeping=commander)
    _put(st, evolve(commander, name=action.to))
    events.append(
        _("The commander {name} is now called {new_name}; their games stay theirs").format(
            name=commander.name, new_name=action.to
        )
    )
    return evolve(action, name=commander.name) if action.name != commander.name else action


def retire_commander(
    sc: Scenario, st: CampaignState, action: RetireCommander, roller: Roller, events: Chronicle
) -> RetireCommander:
    commander = named(st, action.name)
    if commander.retired:
        raise RuleError(RULE, _("the commander {name} has already retired").format(name=commander.name))
    _put(st, evolve(commander, retired=True, general=False))
    events.append(
        _("{commander} retires: no new games, their past games stay in the league").format(commander=who(sc, commander))
    )
    if commander.general:
        events.append(_("The {side} have no General until another is named").format(side=side_name(sc, commander.side)))
    return evolve(action, name=commander.name) if action.name != commander.name else action


def set_general(sc: Scenario, st: CampaignState, action: SetGeneral, roller: Roller, events: Chronicle) -> SetGeneral:
    commander = named(st, action.name)
    if commander.retired:
        raise RuleError(
            RULE,
            _("the commander {name} has retired and cannot lead the {side}").format(
                name=commander.name, side=side_name(sc, commander.side)
            ),
        )
    if commander.general:
        raise RuleError(
            RULE,
            _("{name} is already the General of the {side}").format(
                name=commander.name, side=side_name(sc, commander.side)
            ),
        )
    before = general_of(st.roster, commander.side)
    if before is not None:
        _put(st, evolve(before, general=False))
    _put(st, evolve(commander, general=True))
    said = (
        _("{name} is the General of the {side}, in place of {before}")
        if before is not None
        else _("{name} is the General of the {side}")
    )
    events.append(
        said.format(name=commander.name, side=side_name(sc, commander.side), before=before.name if before else "")
    )
    return evolve(action, name=commander.name) if action.name != commander.name else action


def set_club(sc: Scenario, st: CampaignState, action: SetClub, roller: Roller, events: Chronicle) -> SetClub:
    commander = named(st, action.name)
    club = action.club.strip() if action.club else None
    if (commander.club or None) == (club or None):
        raise RuleError(
            RULE,
            (_("{name} plays for {club} already") if club else _("{name} has no club already")).format(
                name=commander.name, club=club
            ),
        )
    _put(st, evolve(commander, club=club or None))
    said = _("{name} now plays for {club}") if club else _("{name} no longer plays for a club")
    events.append(said.format(name=commander.name, club=club))
    return evolve(action, name=commander.name, club=club or None)


def set_side(sc: Scenario, st: CampaignState, action: SetSide, roller: Roller, events: Chronicle) -> SetSide:
    """A commander moves to the other side only while no game names them: a game played for a
    side stays that side's."""
    commander = named(st, action.name)
    side = side_key(sc, action.side)
    if commander.side == side:
        raise RuleError(
            RULE,
            _("{commander} already plays for the {side}").format(
                commander=who(sc, commander), side=side_name(sc, side)
            ),
        )
    if has_played(st, commander):
        raise RuleError(
            RULE,
            _(
                "{commander} has played for their side already, so cannot change side; "
                "add them again under another name for the other side"
            ).format(commander=who(sc, commander)),
        )
    _put(st, evolve(commander, side=side, general=False))
    events.append(_("{name} now plays for the {side}").format(name=commander.name, side=side_name(sc, side)))
    if commander.general:
        events.append(_("The {side} have no General until another is named").format(side=side_name(sc, commander.side)))
    return evolve(action, name=commander.name, side=side)


def has_played(st: CampaignState, commander: Commander) -> bool:
    """Whether a game recorded so far (or one on an open arrow) names the commander."""
    return commander.number in st.played_by


def mark_played(st: CampaignState, games: tuple[Game, ...]) -> None:
    """Note the commanders the games name as having played (their side is settled)."""
    names = {n.casefold() for g in games if len(g) > 2 for n in g[2:4] if n}
    if names:
        st.played_by = st.played_by | {c.number for c in st.roster if c.name.casefold() in names}


def unretire_commander(
    sc: Scenario, st: CampaignState, action: UnretireCommander, roller: Roller, events: Chronicle
) -> UnretireCommander:
    commander = named(st, action.name)
    if not commander.retired:
        raise RuleError(RULE, _("the commander {name} has not retired").format(name=commander.name))
    _put(st, evolve(commander, retired=False))
    events.append(_("{commander} is back on the roster and may play new games").format(commander=who(sc, commander)))
    return evolve(action, name=commander.name) if action.name != commander.name else action


def set_scoring(sc: Scenario, st: CampaignState, action: SetScoring, roller: Roller, events: Chronicle) -> SetScoring:
    scoring = Scoring(action.win, action.draw, action.loss, action.per_game, tuple(action.tie_breaks))
    if not action.win >= action.draw >= action.loss:  # a scheme that pays a loss over a win is a slip
        raise RuleError(
            RULE,
            _(
                "a win must score at least as much as a draw, and a draw at least as much as a loss "
                "(here a win scores {win}, a draw {draw}, a loss {loss})"
            ).format(win=action.win, draw=action.draw, loss=action.loss),
        )
    if scoring == st.scoring:
        raise RuleError(RULE, _("the league is scored that way already"))
    st.scoring = scoring
    events.append(_("The league is now scored {scoring}").format(scoring=scoring_words(scoring)))
    return action


TIE_BREAK_WORDS = {
    "vp_difference": N_("VP difference"),
    "vp_for": N_("VP scored"),
    "destroyed": N_("enemy troops destroyed"),
    "head_to_head": N_("head-to-head"),
}


def scoring_words(scoring: Scoring) -> str:
    """A scheme in words: "3 points a win, 1 a draw, 0 a loss; ties parted by VP difference, then
    VP scored"."""
    values = {"win": scoring.win, "draw": scoring.draw, "loss": scoring.loss, "per_game": scoring.per_game}
    if scoring.per_game:
        said = ngettext(
            "{win} point a win, {draw} a draw, {loss} a loss, and {per_game} for every game played",
            "{win} points a win, {draw} a draw, {loss} a loss, and {per_game} for every game played",
            abs(scoring.win),
        )
    else:
        said = ngettext(
            "{win} point a win, {draw} a draw, {loss} a loss",
            "{win} points a win, {draw} a draw, {loss} a loss",
            abs(scoring.win),
        )
    breaks = ""
    for rule in scoring.tie_breaks:
        words = _(TIE_BREAK_WORDS[rule])
        breaks = _("{earlier}, then {later}").format(earlier=breaks, later=words) if breaks else words
    return _("{scores}; ties parted by {tie_breaks}").format(
        scores=said.format(**values), tie_breaks=breaks or _("name alone")
    )


def check_players(sc: Scenario, st: CampaignState, arrow: Arrow, games: tuple[Game, ...]) -> tuple[Game, ...]:
    """The games with their commanders spelt as the roster spells them; a commander not on the
    roster, retired, or of the other side is refused (rule 1.10), naming them."""
    if not any(len(g) > 2 and (g[2] or g[3]) for g in games):
        return games
    sides = (arrow.attacker_side, sc.enemy_of(arrow.attacker_side))
    spelt = []
    for number, game in enumerate(games, start=1):
        names: list[str | None] = []
        for role, side, name in zip(("attacker", "defender"), sides, game[2:4]):
            if name is None:
                names.append(None)
                continue
            commander = _player(st, side, name)
            if commander.side != side:
                raise RuleError(
                    RULE,
                    (
                        _(
                            "game {number}: {commander} plays for the {side}, not for the attacker ({role_side}) "
                            "of {origin}→{target}"
                        )
                        if role == "attacker"
                        else _(
                            "game {number}: {commander} plays for the {side}, not for the defender ({role_side}) "
                            "of {origin}→{target}"
                        )
                    ).format(
                        number=number,
                        commander=who(sc, commander),
                        side=side_name(sc, commander.side),
                        role_side=side_name(sc, side),
                        origin=arrow.origin,
                        target=arrow.target,
                    ),
                )
            if commander.retired:
                raise RuleError(
                    RULE,
                    _("game {number}: {name} has retired and plays no new games").format(
                        number=number, name=commander.name
                    ),
                )
            names.append(commander.name)
        spelt.append(Game(game[0], game[1], names[0], names[1]))
    return tuple(spelt)


def _player(st: CampaignState, side: str, name: str) -> Commander:
    """The commander called `name`; a name not on the roster is refused, naming the commanders of
    `side` it may have meant (a name typed half-way: 'ann' for Anna), never taken as a new one."""
    found = find(st.roster, name)
    if found is None:
        near = close_commanders(st.roster, side, name)
        said = (
            _("there is no commander '{name}' on the roster (did you mean {meant}?): add them first")
            if near
            else _("there is no commander '{name}' on the roster: add them first")
        )
        raise RuleError(RULE, said.format(name=name, meant=meant_words(near) if near else ""))
    return found


def players_words(sc: Scenario, arrow: Arrow, games: tuple[Game, ...]) -> list[str]:
    """Who played each game, for the history: "Game 1 (5–2 VP): Anna (Axis) against Ben (Allies)"."""
    lines = []
    sides = (arrow.attacker_side, sc.enemy_of(arrow.attacker_side))
    for number, game in enumerate(games, start=1):
        named_here = game[2:4] if len(game) > 2 else ()
        if not any(named_here):
            continue
        people = [
            (_("{name} ({side})") if name else _("an unnamed commander of the {side}")).format(
                name=name, side=side_name(sc, side)
            )
            for side, name in zip(sides, named_here)
        ]
        lines.append(
            _("Game {number} ({a}–{d} VP): {attacker} against {defender}").format(
                number=number, a=game[0], d=game[1], attacker=people[0], defender=people[1]
            )
        )
    return lines
