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
        raise RuleError(RULE, f"there is no commander '{name}' on the roster: add them first")
    return found


def general_of(roster: tuple[Commander, ...], side: str) -> Commander | None:
    return next((c for c in roster if c.side == side and c.general), None)


def side_key(sc: Scenario, given: str) -> str:
    """The scenario's key of a side given by its key, adjective or noun, in any case."""
    wanted = given.strip().casefold()
    for key in sc.sides:
        if wanted in (key.casefold(), sc.sides[key].casefold(), sc.side_nouns[key].casefold()):
            return key
    raise RuleError(RULE, f"there is no side '{given}' for a commander (sides: {', '.join(sc.sides)})")


def _put(st: CampaignState, commander: Commander) -> None:
    st.roster = tuple(commander if c.number == commander.number else c for c in st.roster)


def _name_free(sc: Scenario, st: CampaignState, name: str, keeping: Commander | None = None) -> None:
    taken = find(st.roster, name)
    if taken is not None and taken is not keeping:
        retired = ", retired" if taken.retired else ""
        raise RuleError(
            RULE,
            f"the name '{name}' is already on the roster ({taken.name} of the {side_name(sc, taken.side)}{retired}); "
            f"names are told apart without regard to case",
        )


def who(sc: Scenario, commander: Commander) -> str:
    """A commander in a sentence: "Anna (Allies)"."""
    return f"{commander.name} ({side_name(sc, commander.side)})"


def add_commander(
    sc: Scenario, st: CampaignState, action: AddCommander, roller: Roller, events: Chronicle
) -> AddCommander:
    side = side_key(sc, action.side)
    if len(st.roster) >= MAX_ROSTER:
        raise UserError(f"the roster holds at most {MAX_ROSTER:,} commanders")
    _name_free(sc, st, action.name)
    commander = Commander(len(st.roster) + 1, action.name, side, action.club)
    st.roster = (*st.roster, commander)
    club = f", of {action.club}" if action.club else ""
    events.append(f"{action.name} joins the {side_name(sc, side)} as a commander{club}")
    return action if side == action.side else evolve(action, side=side)


def rename_commander(
    sc: Scenario, st: CampaignState, action: RenameCommander, roller: Roller, events: Chronicle
) -> RenameCommander:
    commander = named(st, action.name)
    if commander.name == action.to:
        raise RuleError(RULE, f"the commander {commander.name} is already called that")
    _name_free(sc, st, action.to, keeping=commander)
    _put(st, evolve(commander, name=action.to))
    events.append(f"The commander {commander.name} is now called {action.to}; their games stay theirs")
    return evolve(action, name=commander.name) if action.name != commander.name else action


def retire_commander(
    sc: Scenario, st: CampaignState, action: RetireCommander, roller: Roller, events: Chronicle
) -> RetireCommander:
    commander = named(st, action.name)
    if commander.retired:
        raise RuleError(RULE, f"the commander {commander.name} has already retired")
    _put(st, evolve(commander, retired=True, general=False))
    events.append(f"{who(sc, commander)} retires: no new games, their past games stay in the league")
    if commander.general:
        events.append(f"The {side_name(sc, commander.side)} have no General until another is named")
    return evolve(action, name=commander.name) if action.name != commander.name else action


def set_general(sc: Scenario, st: CampaignState, action: SetGeneral, roller: Roller, events: Chronicle) -> SetGeneral:
    commander = named(st, action.name)
    if commander.retired:
        raise RuleError(
            RULE, f"the commander {commander.name} has retired and cannot lead the {side_name(sc, commander.side)}"
        )
    if commander.general:
        raise RuleError(RULE, f"{commander.name} is already the General of the {side_name(sc, commander.side)}")
    before = general_of(st.roster, commander.side)
    if before is not None:
        _put(st, evolve(before, general=False))
    _put(st, evolve(commander, general=True))
    instead = f", in place of {before.name}" if before is not None else ""
    events.append(f"{commander.name} is the General of the {side_name(sc, commander.side)}{instead}")
    return evolve(action, name=commander.name) if action.name != commander.name else action


def set_club(sc: Scenario, st: CampaignState, action: SetClub, roller: Roller, events: Chronicle) -> SetClub:
    commander = named(st, action.name)
    club = action.club.strip() if action.club else None
    if (commander.club or None) == (club or None):
        raise RuleError(
            RULE, f"{commander.name} plays for {club} already" if club else f"{commander.name} has no club already"
        )
    _put(st, evolve(commander, club=club or None))
    events.append(f"{commander.name} now plays for {club}" if club else f"{commander.name} no longer plays for a club")
    return evolve(action, name=commander.name, club=club or None)


def set_side(sc: Scenario, st: CampaignState, action: SetSide, roller: Roller, events: Chronicle) -> SetSide:
    """A commander moves to the other side only while no game names them: a game played for a
    side stays that side's."""
    commander = named(st, action.name)
    side = side_key(sc, action.side)
    if commander.side == side:
        raise RuleError(RULE, f"{who(sc, commander)} already plays for the {side_name(sc, side)}")
    if has_played(st, commander):
        raise RuleError(
            RULE,
            f"{who(sc, commander)} has played for their side already, so cannot change side; "
            f"add them again under another name for the other side",
        )
    _put(st, evolve(commander, side=side, general=False))
    events.append(f"{commander.name} now plays for the {side_name(sc, side)}")
    if commander.general:
        events.append(f"The {side_name(sc, commander.side)} have no General until another is named")
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
        raise RuleError(RULE, f"the commander {commander.name} has not retired")
    _put(st, evolve(commander, retired=False))
    events.append(f"{who(sc, commander)} is back on the roster and may play new games")
    return evolve(action, name=commander.name) if action.name != commander.name else action


def set_scoring(sc: Scenario, st: CampaignState, action: SetScoring, roller: Roller, events: Chronicle) -> SetScoring:
    scoring = Scoring(action.win, action.draw, action.loss, action.per_game, tuple(action.tie_breaks))
    if scoring == st.scoring:
        raise RuleError(RULE, "the league is scored that way already")
    st.scoring = scoring
    events.append(f"The league is now scored {scoring_words(scoring)}")
    return action


TIE_BREAK_WORDS = {
    "vp_difference": "VP difference",
    "vp_for": "VP scored",
    "destroyed": "enemy troops destroyed",
    "head_to_head": "head-to-head",
}


def scoring_words(scoring: Scoring) -> str:
    """A scheme in words: "3 points a win, 1 a draw, 0 a loss; ties parted by VP difference, then
    VP scored"."""
    bonus = f", and {scoring.per_game} for every game played" if scoring.per_game else ""
    breaks = ", then ".join(TIE_BREAK_WORDS[b] for b in scoring.tie_breaks) or "name alone"
    point = "point" if abs(scoring.win) == 1 else "points"
    return f"{scoring.win} {point} a win, {scoring.draw} a draw, {scoring.loss} a loss{bonus}; ties parted by {breaks}"


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
                    f"game {number}: {who(sc, commander)} plays for the {side_name(sc, commander.side)}, "
                    f"not for the {role} ({side_name(sc, side)}) of {arrow.origin}→{arrow.target}",
                )
            if commander.retired:
                raise RuleError(RULE, f"game {number}: {commander.name} has retired and plays no new games")
            names.append(commander.name)
        spelt.append(Game(game[0], game[1], names[0], names[1]))
    return tuple(spelt)


def _player(st: CampaignState, side: str, name: str) -> Commander:
    """The commander called `name`; a name not on the roster is refused, naming the commanders of
    `side` it may have meant (a name typed half-way: 'ann' for Anna), never taken as a new one."""
    found = find(st.roster, name)
    if found is None:
        near = close_commanders(st.roster, side, name)
        meant = f" (did you mean {meant_words(near)}?)" if near else ""
        raise RuleError(RULE, f"there is no commander '{name}' on the roster{meant}: add them first")
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
            f"{name} ({side_name(sc, side)})" if name else f"an unnamed commander of the {side_name(sc, side)}"
            for side, name in zip(sides, named_here)
        ]
        lines.append(f"Game {number} ({game[0]}–{game[1]} VP): {people[0]} against {people[1]}")
    return lines
