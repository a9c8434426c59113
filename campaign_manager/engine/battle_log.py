"""Every fought battle as a row of plain data, read from the campaign's history: for the
window's history table and map, and for the printed reports. Nothing is stored twice: a row is
worked out from the completed action (which holds every die) and the states around it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from campaign_manager.engine.actions import Battle, Game
from campaign_manager.engine.app_dice import APP_MARK, app_dice_words, correction_words
from campaign_manager.engine.battle_result import destroys, forecast
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.legal import fortification_name
from campaign_manager.engine.lookup import label
from campaign_manager.engine.roster import find
from campaign_manager.engine.state import CAPTURED, POOL, Arrow, CampaignState, Commander, Commitment
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import Scenario

RESULT_MARKS = (
    ("✔", N_("the attacker won")),
    ("✘", N_("the defender held")),
    ("=", N_("no one was defeated")),
)  # a fought battle's mark on the map, beside its number in the turn: said in every legend (translated where shown)


@dataclass(frozen=True)
class BattleRow:
    """One fought battle: who attacked where with what, the result, and what it cost."""

    number: int  # the action's number in the log (1 = first)
    turn: int
    order: int  # its place among its turn's battles (1 = the turn's first), as the map numbers it
    origin: str
    target: str
    attacker_side: str
    attacker: Commitment
    defender: Commitment
    kind: str  # "tabletop" or "wargame"
    games: tuple[Game, ...]  # VP per game (tabletop), with the commanders' names as recorded
    players: tuple[
        tuple[Commander | None, Commander | None], ...
    ]  # per game: (attacker's, defender's) as the roster had them
    wargame_dice: tuple[int, int] | None  # (attacker die, defender die)
    wargame_totals: tuple[int, int] | None  # (attacker total, defender total): each die with its side's bonus
    winner: str | None  # the winning side, or None when nobody was defeated
    destroy_dice: dict[str, int]
    destroy_targets: dict[str, int]
    destroyed: tuple[str, ...]
    captured: tuple[str, ...]
    retreat_to: str | dict[str, str] | None
    advanced: tuple[str, ...]
    took_area: bool  # control of the target changed
    mission: str | None
    words: tuple[str, ...]  # what the action did, as the history says it
    app_dice: tuple[str, ...] = ()  # the dice the app rolled, as paths in the action (the rest were typed)
    app_words: str = ""  # the same in a sentence ("Rolled by the app: the roll to destroy GR-INF-1 2")
    corrected: str = ""  # the app's dice the organiser replaced, both faces and why, in a sentence
    escaped: tuple[str, ...] = ()  # defenders who escaped by sea to their pool instead of being captured (1.8)
    scored: dict[str, int] = field(default_factory=dict)  # side → VP the battle scored with nobody captured:
    # a command centre's defenders defeated (1.9); capture VP go with `captured`
    fortification: str | None = None  # the fortification that defended, by name (rule 1.3)

    def _face(self, path: str, face: object) -> str:
        """A die's face, marked when the app rolled it (app_dice.APP_LEGEND says the mark)."""
        return f"{face}{APP_MARK}" if path in self.app_dice else str(face)

    @property
    def mark(self) -> str:
        """The result as the map marks it (RESULT_MARKS)."""
        if self.winner is None:
            return "="
        return "✔" if self.winner == self.attacker_side else "✘"

    def score_words(self) -> str:
        """How the battle was decided, the attacker's figure first: the General's Wargame totals
        (what decides it) with their dice, or each tabletop game's VP. Said alike in the window's
        table, on the map and in the reports; a die the app rolled is marked."""
        if self.wargame_totals and self.wargame_dice:
            (a, d), (a_die, d_die) = self.wargame_totals, self.wargame_dice
            dice = f"{self._face('wargame.attacker_die', a_die)}–{self._face('wargame.defender_die', d_die)}"
            return _("totals {a}–{d} (dice {dice})").format(a=a, d=d, dice=dice)
        return _("{scores} VP").format(scores=" ".join(f"{g[0]}–{g[1]}" for g in self.games))

    def players_words(self) -> str:
        """Who played, game by game ("Anna v Ben; Carla v ?"), the attacker's first; "" when nobody
        is named. ("v", not a dash: a dash between two names of two words reads as one name.)"""
        if not any(a or d for a, d in self.players):
            return ""
        return "; ".join(
            _("{attacker} v {defender}").format(attacker=a.name if a else "?", defender=d.name if d else "?")
            for a, d in self.players
        )

    def roll_words(self) -> list[str]:
        """Each roll to destroy: "GR-INF-2 rolled 5 (needed 5+)", as the history says it; a die the
        app rolled is marked ("5*")."""
        return [
            _("{troop} rolled {face} (needed {target}+)").format(
                troop=t, face=self._face(f"destroy_dice.{t}", self.destroy_dice.get(t, "?")), target=target
            )
            for t, target in self.destroy_targets.items()
        ]

    def commitment_words(self, sc: Scenario, role: str, nothing: str | None = None) -> str:
        """What a side ("attacker" or "defender") put in: its troops and sortie, and for the
        defender the fortification when it took part (its troops, then "+ " and the fortification's name)."""
        said = committed_words(sc, self.attacker if role == "attacker" else self.defender, nothing)
        return f"{said} + {self.fortification}" if role == "defender" and self.fortification else said

    def captured_words(self, sc: Scenario) -> list[str]:
        """The troops captured, said by who took them ("captured by the Axis: GR-INF-6")."""
        return [
            _("captured by the {side}: {troops}").format(side=sc.side_noun(taker), troops=", ".join(taken))
            for taker in sc.sides
            if (taken := [t for t in self.captured if sc.enemy_of(sc.side_of(sc.troops[t].nation)) == taker])
        ]

    def escaped_words(self) -> str:
        """The troops that escaped by sea ("escaped by sea to the pool: BR-INF-2"), or ""."""
        return _("escaped by sea to the pool: {troops}").format(troops=", ".join(self.escaped)) if self.escaped else ""

    def scored_words(self, sc: Scenario) -> list[str]:
        """The VP scored with nobody captured, a line for each side that scored ("+10 VP to the
        <side> for the win at <area> (never taken)"): a command centre's beaten defenders stay."""
        where = label(sc, self.target)
        return [
            _("+{vp} VP to the {side} for the win at {area} (never taken)").format(
                vp=vp, side=sc.side_noun(side), area=where
            )
            for side, vp in self.scored.items()
        ]


def committed_words(sc: Scenario, commitment: Commitment, nothing: str | None = None) -> str:
    """A side's troops and its aircraft by name, in a list ("GR-INF-1, RAF Hurricane"); `nothing`
    (by default "nothing") when there are none."""
    parts = list(commitment.troops) + ([sc.aircraft[commitment.sortie].name] if commitment.sortie else [])
    return ", ".join(parts) or (_("nothing") if nothing is None else nothing)


def _arrow(before: CampaignState, action: Battle) -> Arrow:
    """The arrow as it stood when fought: already open, or placed by this same action."""
    open_arrow = before.open_arrow(action.origin, action.target)
    if open_arrow is not None:
        return open_arrow
    side = before.control[action.origin]
    assert side is not None, "an arrow starts from an area its side holds"
    return Arrow(action.origin, action.target, side, action.attacker or Commitment(), action.defender or Commitment())


def battle_rows(sc: Scenario, start: CampaignState, history: Iterable[Applied]) -> list[BattleRow]:
    """The fought battles of a history (from the state `start` it began at), in order."""
    rows: list[BattleRow] = []
    per_turn: dict[int, int] = {}
    before = start
    for number, applied in enumerate(history, start=1):
        action = applied.action
        if isinstance(action, Battle) and action.has_result:
            per_turn[before.turn] = order = per_turn.get(before.turn, 0) + 1
            rows.append(_row(sc, number, order, before, action, applied))
        before = applied.state
    return rows


def _row(sc: Scenario, number: int, order: int, before: CampaignState, action: Battle, applied: Applied) -> BattleRow:
    after = applied.state
    arrow = _arrow(before, action)
    roll = action.wargame
    if roll is not None:
        result, targets = forecast(sc, before, arrow, wargame=roll)
    else:
        result, targets = forecast(sc, before, arrow, games=action.games)
    winner = {"attacker": arrow.attacker_side, "defender": sc.enemy_of(arrow.attacker_side)}.get(result.winner or "")
    rolled = dict(action.destroy_dice)
    destroyed = tuple(t for t, target in targets.items() if t in rolled and destroys(rolled[t], target))
    captured = tuple(
        sorted(t for t, place in after.where.items() if place == CAPTURED and before.where.get(t) != CAPTURED)
    )
    # A defender that was not destroyed comes to the pool only by escaping by sea (rule 1.8).
    defenders = [t for t in before.troops_in(arrow.target) if sc.side_of(sc.troops[t].nation) != arrow.attacker_side]
    escaped = tuple(sorted(t for t in defenders if after.where.get(t) == POOL and t not in destroyed))
    die = (
        action.mission_die if action.mission_die is not None else arrow.mission_die
    )  # placed earlier: the arrow holds it
    mission = sc.turn(before.turn).mission_titles[die - 1] if isinstance(die, int) else None
    dice = None
    if roll is not None:
        assert roll.attacker_die is not None and roll.defender_die is not None, "a completed roll has both dice"
        dice = (roll.attacker_die, roll.defender_die)
    return BattleRow(
        number=number,
        turn=before.turn,
        order=order,
        origin=arrow.origin,
        target=arrow.target,
        attacker_side=arrow.attacker_side,
        attacker=arrow.attacker,
        defender=arrow.defender,
        kind="wargame" if roll else "tabletop",
        games=action.games or (),
        players=tuple(_players(before, game) for game in action.games or ()),
        wargame_dice=dice,
        wargame_totals=result.totals if roll else None,
        winner=winner,
        destroy_dice=rolled,
        destroy_targets=targets,
        destroyed=destroyed,
        captured=captured,
        retreat_to=action.retreat_to,
        advanced=action.advance or (),
        took_area=before.control.get(arrow.target) != after.control.get(arrow.target),
        mission=mission,
        words=applied.events,
        app_dice=action.app_dice(),
        app_words=app_dice_words(sc, action),
        corrected=correction_words(sc, action),
        escaped=escaped,
        scored=_scored(sc, before, after, arrow.target),
        fortification=fortification_name(sc, before, arrow.origin, arrow.target, arrow.attacker_side),
    )


def _scored(sc: Scenario, before: CampaignState, after: CampaignState, target: str) -> dict[str, int]:
    """The VP a battle scored with nobody captured: a command centre's defenders defeated (1.9)."""
    if len(after.command_centre_wins) == len(before.command_centre_wins):
        return {}
    goal = sc.areas[target]
    assert goal.command_centre_scorer is not None, "a command centre names its scorer (scenario/checks.py)"
    return {goal.command_centre_scorer: goal.command_centre_vp}


def _players(before: CampaignState, game: Game) -> tuple[Commander | None, Commander | None]:
    """The commanders who played a game, as the roster had them when it was recorded."""
    names = game[2:4] if len(game) > 2 else (None, None)
    found = tuple(find(before.roster, name) if name else None for name in names)
    return found[0], found[1]
