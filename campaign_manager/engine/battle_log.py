"""Every fought battle as a row of plain data, read from the campaign's history: for the
window's history table and map, and for the printed reports. Nothing is stored twice: a row is
worked out from the completed action (which holds every die) and the states around it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from campaign_manager.engine.actions import WargameRoll
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.resolve import destroys, forecast
from campaign_manager.engine.state import CAPTURED, Arrow, CampaignState, Commitment
from campaign_manager.scenario.model import Scenario, enemy_of


@dataclass(frozen=True)
class BattleRow:
    """One fought battle: who attacked where with what, the result, and what it cost."""

    number: int  # the action's number in the log (1 = first)
    turn: int
    origin: str
    target: str
    attacker_side: str
    attacker: Commitment
    defender: Commitment
    kind: str  # "tabletop" or "wargame"
    games: tuple[tuple[int, int], ...]  # VP per game (tabletop)
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

    def score_words(self) -> str:
        """How the battle was decided, the attacker's figure first: the General's Wargame totals
        (what decides it) with their dice, or each tabletop game's VP. Said alike in the window's
        table, on the map and in the reports."""
        if self.wargame_totals and self.wargame_dice:
            (a, d), (a_die, d_die) = self.wargame_totals, self.wargame_dice
            return f"totals {a}–{d} (dice {a_die}–{d_die})"
        return " ".join(f"{a}–{d}" for a, d in self.games) + " VP"

    def roll_words(self) -> list[str]:
        """Each roll to destroy: "GR-INF-2 rolled 5 (needed 5+)", as the history says it."""
        return [
            f"{t} rolled {self.destroy_dice.get(t, '?')} (needed {target}+)"
            for t, target in self.destroy_targets.items()
        ]


def _arrow(before: CampaignState, record: dict) -> Arrow:
    """The arrow as it stood when fought: already open, or placed by this same action."""
    open_arrow = before.open_arrow(record["from"], record["to"])
    if open_arrow is not None:
        return open_arrow
    side = before.control[record["from"]]

    def commitment(data: dict | None) -> Commitment:
        data = data or {}
        return Commitment(tuple(data.get("troops", ())), data.get("sortie"))

    assert side is not None
    return Arrow(
        record["from"], record["to"], side, commitment(record.get("attacker")), commitment(record.get("defender"))
    )


def battle_rows(sc: Scenario, start: CampaignState, history: Iterable[Applied]) -> list[BattleRow]:
    """The fought battles of a history (from the state `start` it began at), in order."""
    rows: list[BattleRow] = []
    before = start
    for number, applied in enumerate(history, start=1):
        record = applied.record
        if record["type"] == "battle" and ("games" in record or "wargame" in record):
            rows.append(_row(sc, number, before, applied))
        before = applied.state
    return rows


def _row(sc: Scenario, number: int, before: CampaignState, applied: Applied) -> BattleRow:
    record, after = applied.record, applied.state
    arrow = _arrow(before, record)
    games = tuple((g["attacker_vp"], g["defender_vp"]) for g in record.get("games", ()))
    dice = None
    if "wargame" in record:
        roll = record["wargame"]
        dice = (roll["attacker_die"], roll["defender_die"])
        wargame = WargameRoll(dice[0], dice[1], roll.get("attacker_modifier", 0), roll.get("defender_modifier", 0))
        result, targets = forecast(sc, before, arrow, wargame=wargame)
    else:
        result, targets = forecast(sc, before, arrow, games=games)
    winner = {"attacker": arrow.attacker_side, "defender": enemy_of(arrow.attacker_side)}.get(result.winner or "")
    rolled = dict(record.get("destroy_dice", {}))
    destroyed = tuple(t for t, target in targets.items() if t in rolled and destroys(rolled[t], target))
    captured = tuple(
        sorted(t for t, place in after.where.items() if place == CAPTURED and before.where.get(t) != CAPTURED)
    )
    die = record.get("mission_die")
    mission = sc.turn(before.turn).missions[die - 1] if die else None  # rolled when the arrow was placed
    return BattleRow(
        number=number,
        turn=before.turn,
        origin=arrow.origin,
        target=arrow.target,
        attacker_side=arrow.attacker_side,
        attacker=arrow.attacker,
        defender=arrow.defender,
        kind="wargame" if dice else "tabletop",
        games=games,
        wargame_dice=dice,
        wargame_totals=result.totals if dice else None,
        winner=winner,
        destroy_dice=rolled,
        destroy_targets=targets,
        destroyed=destroyed,
        captured=captured,
        retreat_to=record.get("retreat_to"),
        advanced=tuple(record.get("advance", ())),
        took_area=before.control.get(arrow.target) != after.control.get(arrow.target),
        mission=mission,
        words=applied.events,
    )
