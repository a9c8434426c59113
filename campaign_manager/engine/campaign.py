"""Applying actions to a campaign state, and rebuilding a campaign from its log.

`apply_action` never changes the state it is given: it works on a copy and returns it with
the completed action (every die filled in) and what happened, in words. A refused action
raises RuleError and leaves everything as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from campaign_manager.dice import NoRoller, Roller
from campaign_manager.engine import battle, planning, roster
from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import (
    Abandon,
    Action,
    AddCommander,
    Battle,
    Discard,
    EndTurn,
    Initiative,
    Note,
    Place,
    Redeploy,
    RenameCommander,
    RetireCommander,
    SetClub,
    SetGeneral,
    SetScoring,
    SetSide,
    StartTurn,
    UnretireCommander,
)
from campaign_manager.engine.app_dice import die_and_face
from campaign_manager.engine.lookup import area, label
from campaign_manager.engine.state import (
    RESERVE,
    CampaignState,
    Chooser,
    Chronicle,
    Phase,
    Places,
    Play,
    Silent,
    evolve,
)
from campaign_manager.errors import ChoiceNeeded, RuleError, UserError
from campaign_manager.i18n import _
from campaign_manager.scenario.model import Scenario


@dataclass(frozen=True)
class Applied:
    """One action applied: the state after it, the completed action (every die and choice it
    used filled in) and what it did, in words. Applied quietly (what-if playouts), the action is
    kept as it was given and nothing is said."""

    state: CampaignState
    action: Action
    events: tuple[str, ...]
    quiet: bool = False

    @cached_property
    def record(self) -> dict[str, Any]:
        """The completed action in the log's JSON form (empty when applied quietly)."""
        return {} if self.quiet else self.action.to_json()


def initial_state(sc: Scenario, play: Play = Play.TABLETOP) -> CampaignState:
    """The map at set-up, before turn 1 starts, for a campaign fought as `play` says (the
    campaign's settings: whether each turn's battles have a ceiling, rule 1.5)."""
    return CampaignState(
        turn=0,
        phase=Phase.SETUP,
        control={code: a.controller for code, a in sc.areas.items()},
        where=Places({troop_id: t.start or RESERVE for troop_id, t in sc.troops.items()}),
        scored={side: 0 for side in sc.sides},
        play=play,
    )


def _abandon(sc: Scenario, st: CampaignState, action: Abandon, roller: Roller, events: Chronicle) -> Abandon:
    area(sc, action.origin)
    area(sc, action.target)
    arrow = st.open_arrow(action.origin, action.target)
    if arrow is None:
        raise RuleError(
            "1.6",
            _("there is no open battle arrow {origin}→{target} to abandon").format(
                origin=action.origin, target=action.target
            ),
        )
    st.open_arrows = tuple(a for a in st.open_arrows if a is not arrow)
    for commitment in (arrow.attacker, arrow.defender):
        if commitment.sortie:
            st.sorties[commitment.sortie] += 1
    events.append(
        _("Battle arrow {origin} → {target} abandoned; its troops and sorties are free again").format(
            origin=label(sc, action.origin), target=label(sc, action.target)
        )
    )
    return action


def _note(sc: Scenario, st: CampaignState, action: Note, roller: Roller, events: Chronicle) -> Note:
    events.append(_("Note: {text}").format(text=action.text))
    return action


def _discard(sc: Scenario, st: CampaignState, action: Discard, roller: Roller, events: Chronicle) -> Discard:
    if events.recording:
        events.append(_discard_words(sc, action))
    return action


def _discard_words(sc: Scenario, action: Discard) -> str:
    """The history's line for a battle entry thrown away: which, why when damaged, and its dice."""
    dice = "; ".join(die_and_face(sc, place, face) for place, face in action.dice.items())
    values = {"battle": action.battle, "why": action.damaged, "dice": dice}
    if action.damaged is None:
        if action.battle:
            return _(
                "A battle entry ({battle}) was thrown away unrecorded; the dice the app had rolled for it: {dice}"
            ).format(**values)
        return _("A battle entry was thrown away unrecorded; the dice the app had rolled for it: {dice}").format(
            **values
        )
    if action.battle and dice:
        return _(
            "A damaged battle entry ({battle}) was thrown away unrecorded ({why}); "
            "the dice the app had rolled for it: {dice}"
        ).format(**values)
    if action.battle:
        return _(
            "A damaged battle entry ({battle}) was thrown away unrecorded ({why}); "
            "no die the app rolled could be read in it"
        ).format(**values)
    if dice:
        return _(
            "A damaged battle entry was thrown away unrecorded ({why}); the dice the app had rolled for it: {dice}"
        ).format(**values)
    return _(
        "A damaged battle entry was thrown away unrecorded ({why}); no die the app rolled could be read in it"
    ).format(**values)


# Each handler takes and completes an action of its key's type, a pairing a dict's type cannot
# say: the action parameter is Any here, and each handler's own signature names its type.
Handler = Callable[[Scenario, CampaignState, Any, Roller, Chronicle], Action]
HANDLERS: dict[type[Action], Handler] = {
    StartTurn: planning.start_turn,
    Place: planning.place,
    Redeploy: planning.redeploy,
    Battle: battle.battle,
    Initiative: battle.roll_initiative,
    Abandon: _abandon,
    EndTurn: planning.end_turn,
    Note: _note,
    Discard: _discard,
    AddCommander: roster.add_commander,
    RenameCommander: roster.rename_commander,
    RetireCommander: roster.retire_commander,
    SetGeneral: roster.set_general,
    SetClub: roster.set_club,
    SetSide: roster.set_side,
    UnretireCommander: roster.unretire_commander,
    SetScoring: roster.set_scoring,
}


def apply_action(
    sc: Scenario,
    st: CampaignState,
    action: Action,
    roller: Roller | None = None,
    *,
    chooser: Chooser | None = None,
    quiet: bool = False,
) -> Applied:
    """Apply one action (its JSON form is read where it enters: `spelling.read_action`); dice
    it lacks come from `roller`, choices it lacks mid-battle from
    `chooser` (a player at the table). `quiet`: nobody will read the words or the completed
    action (what-if playouts), so neither is composed: the record is empty."""
    handler = HANDLERS.get(type(action))
    if handler is None:  # a dict is the JSON form: it is read once where it enters
        raise TypeError(f"not an action: {action!r} (read an action's JSON with spelling.read_action)")
    new = st.copy()
    events = Silent() if quiet else Chronicle()
    if chooser is not None:
        events.chooser = chooser
    try:
        record = handler(sc, new, action, roller or NoRoller(), events)
    except ChoiceNeeded as choice:  # the dice rolled so far, to be given again, keep their mark
        rolled = app_rolled(action, parse_action(choice.partial).faces())
        if rolled:
            choice.partial = {**choice.partial, "rolled_by_app": list(rolled)}
        raise
    if not quiet and hasattr(record, "rolled_by_app"):
        rolled = app_rolled(action, record.faces())
        if rolled != record.app_dice():
            record = evolve(record, rolled_by_app=rolled or None)
    if events.recording and getattr(action, "by_computer", False):
        events.append(computer_words(action, events))
    return Applied(new, record, tuple(events), quiet)


def app_rolled(given: Action, completed: dict[str, int]) -> tuple[str, ...]:
    """The dice of the completed action the app rolled: those the given action said were the
    app's, and those it left out (rolled now), in the action's order."""
    claimed, typed = set(given.app_dice()), given.faces()
    return tuple(path for path in completed if path in claimed or path not in typed)


def computer_words(action: Action, said: Iterable[str] = ()) -> str:
    """The line the history gives an action the computer chose, with its reason; a reason that
    begins with what the action did (`said`: "TROOP placed in AREA: …") gives only the why."""
    reason = getattr(action, "reason", None)
    for done in said:
        if reason and reason.startswith(f"{done}: "):
            reason = reason.removeprefix(f"{done}: ")
    return _("The computer's choice: {reason}").format(reason=reason) if reason else _("The computer's choice")


class ReplayRefused(UserError):
    """A logged action the rules refuse when the log is replayed: `index` is its place (from 1)."""

    def __init__(self, index: int, words: str) -> None:
        super().__init__(words)
        self.index = index


def replay(
    sc: Scenario, records: Iterable[dict[str, Any]], upto: int | None = None, play: Play = Play.TABLETOP
) -> CampaignState:
    """Rebuild the state from logged actions (which carry every die they used), for a campaign
    fought as `play` says.

    Actions are applied in place on one state: a refused one means the log is damaged and
    the whole replay fails, so there is no earlier state to keep.
    """
    st = initial_state(sc, play)
    roller = NoRoller()
    events = Silent()
    for index, record in enumerate(records, start=1):
        if upto is not None and index > upto:
            break
        try:
            action = parse_action(record)
            HANDLERS[type(action)](sc, st, action, roller, events)
        except UserError as exc:
            raise ReplayRefused(
                index,
                _("the campaign log cannot be replayed at action {index} ({type}): {error}").format(
                    index=index, type=record.get("type"), error=exc
                ),
            ) from None
    return st
