"""The facts of a published folder (engine/published.PublishedStatus, its status.json) from a
turn's picture.

Made only from the campaign's recorded history (the picture the reports print): never from a
battle being entered (a draft), a general's plan or reasons, a What if, nor the organiser's
notes. Where `show --json` says the same thing it says it under the same name, the same way
(tests/reports/test_publish.py compares them)."""

from __future__ import annotations

from campaign_manager.engine.app_dice import APP_MARK
from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.charts import CampaignCharts
from campaign_manager.engine.league import Standing
from campaign_manager.engine.published import (
    BattleCount,
    ChangedHands,
    LeagueLine,
    OpenArrow,
    Pairing,
    PublishedArea,
    PublishedBattle,
    PublishedOutcome,
    PublishedStatus,
    PublishedTroop,
    TurnVP,
    VPPart,
)
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.sections import next_turn_words
from campaign_manager.scenario.model import Scenario


def published_status(
    pic: TurnPicture, every: list[BattleRow], recorded_at: list[str], names: bool = True
) -> PublishedStatus:
    """The picture's facts for the players; `every`: all battles fought up to its moment;
    `recorded_at`: when each action of the log was recorded."""
    sc, view = pic.scenario, pic.view
    return PublishedStatus(
        name=pic.name,
        scenario=sc.name,
        sides={side: sc.side_adjective(side) for side in sc.sides},
        turn=pic.turn,
        turns=len(sc.turns),
        turn_name=view.turn_name,
        phase=str(view.phase.value),
        ended=pic.ended,
        last_recorded=pic.last_recorded,
        names_shown=names,
        battles=BattleCount(fought=view.battles.fought, required=view.battles.required, ceiling=view.battles.ceiling),
        areas=_areas(pic),
        open_arrows=[
            OpenArrow(origin=a.origin, target=a.target, attacker_side=a.attacker_side) for a in view.open_arrows
        ],
        vp=dict(view.vp),
        vp_breakdown={s: [VPPart(reason=p.reason, vp=p.vp) for p in parts] for s, parts in view.vp_breakdown.items()},
        outcome=_outcome(pic),
        next_turn=next_turn_words(pic, say=str),  # in English whatever the language: a program reads status.json
        fought_battles=[_battle(sc, row, names, recorded_at) for row in every],
        changed_hands=changed_hands(sc, every),
        league=_league(pic.standings, names),
        vp_by_turn=_vp_by_turn(pic.charts),
    )


def _areas(pic: TurnPicture) -> dict[str, PublishedArea]:
    return {
        code: PublishedArea(
            name=area.name,
            controller=area.controller,
            terrain=area.terrain,
            vp=area.vp,
            impassable=area.impassable,
            troops=[PublishedTroop(id=t.id, nation=t.nation, kind=t.kind, name=t.name) for t in area.troops],
        )
        for code, area in pic.view.areas.items()
    }


def _outcome(pic: TurnPicture) -> PublishedOutcome:
    out = pic.view.outcome
    return PublishedOutcome(leader=out.leader, margin=out.margin, result=out.result, final=out.final, levels=out.levels)


def vp_scored(sc: Scenario, row: BattleRow) -> dict[str, int]:
    """The campaign VP a battle scored, by side: each troop captured, and a command centre's
    defenders beaten (rule 1.9)."""
    scored = dict(row.scored)
    for troop in row.captured:
        taker = sc.enemy_of(sc.side_of(sc.troops[troop].nation))
        scored[taker] = scored.get(taker, 0) + sc.troops[troop].type.capture_vp
    return {side: vp for side, vp in scored.items() if vp}


def _battle(sc: Scenario, row: BattleRow, names: bool, recorded_at: list[str]) -> PublishedBattle:
    return PublishedBattle(
        turn=row.turn,
        order=row.order,
        origin=row.origin,
        target=row.target,
        attacker_side=row.attacker_side,
        winner=row.winner,
        mark=row.mark,
        score=row.score_words().replace(APP_MARK, ""),  # who rolled is no news to players
        commanders=[
            Pairing(
                attacker=a.name if names and a else None,
                defender=d.name if names and d else None,
            )
            for a, d in row.players
            if names and (a or d)
        ],
        took_area=row.took_area,
        captured=list(row.captured),
        destroyed=list(row.destroyed),
        vp_scored=vp_scored(sc, row),
        recorded_at=recorded_at[row.number - 1] if row.number <= len(recorded_at) else "",
    )


def changed_hands(sc: Scenario, rows: list[BattleRow]) -> list[ChangedHands]:
    """Every area a battle took, in the order it was taken."""
    return [
        ChangedHands(turn=row.turn, area=row.target, lost_by=sc.enemy_of(row.attacker_side), taken_by=row.attacker_side)
        for row in rows
        if row.took_area
    ]


def _league(standings: list[Standing], names: bool) -> list[LeagueLine]:
    played = [s for s in standings if s.games]
    return [
        LeagueLine(
            place=place,
            name=s.commander.name if names else None,
            side=s.commander.side,
            games=s.games,
            wins=s.wins,
            draws=s.draws,
            losses=s.losses,
            vp_for=s.vp_for,
            vp_against=s.vp_against,
            areas_taken=s.areas_taken,
        )
        for place, s in enumerate(played, start=1)
    ]


def _vp_by_turn(charts: CampaignCharts) -> list[TurnVP]:
    return [TurnVP(turn=t.turn, vp=dict(t.vp), ended=t.ended) for t in charts.vp]
