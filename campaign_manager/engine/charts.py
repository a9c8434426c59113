"""The campaign in figures, for its charts: each side's VP at the end of every turn against the
victory levels, the battles fought and won per side per turn, and how often each area changed
hands. Worked out once from the history (Qt-free, drawing-free): the window and the printed
report draw the same figures (reports/charts.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from campaign_manager.engine.actions import EndTurn
from campaign_manager.engine.battle_log import BattleRow, battle_rows
from campaign_manager.engine.campaign import Applied, initial_state
from campaign_manager.engine.state import Phase
from campaign_manager.engine.victory import victory_points
from campaign_manager.scenario.model import Area, Scenario


@dataclass(frozen=True)
class TurnVP:
    """Each side's VP at the end of a turn (turn 0: at set-up), or now when the turn is under way."""

    turn: int
    vp: dict[str, int]
    ended: bool

    @property
    def margin(self) -> int:
        return max(self.vp.values()) - min(self.vp.values())

    @property
    def leader(self) -> str | None:
        best = max(self.vp.values())
        leaders = [side for side, vp in self.vp.items() if vp == best]
        return leaders[0] if len(leaders) == 1 else None


@dataclass(frozen=True)
class TurnBattles:
    """A turn's battles: how many were fought, and per side how many it attacked in and won."""

    turn: int
    fought: int
    attacked: dict[str, int]
    won: dict[str, int]

    @property
    def drawn(self) -> int:
        return self.fought - sum(self.won.values())


@dataclass(frozen=True)
class CampaignCharts:
    """What the charts show, up to a moment of the campaign."""

    sides: tuple[str, ...]
    turns: int  # the scenario's turns (the charts leave room for those not played yet)
    vp: tuple[TurnVP, ...]
    levels: tuple[tuple[int, str], ...]  # victory levels: the least margin and the name, highest first
    battles: tuple[TurnBattles, ...]
    changes: tuple[tuple[str, int], ...]  # area code → times it changed hands, most first (areas that did)
    never_changed: int  # areas that could change hands and never did


def campaign_charts(sc: Scenario, history: Sequence[Applied], rows: list[BattleRow] | None = None) -> CampaignCharts:
    """The charts' figures for a history (from set-up up to its last action); `rows`: its battle
    rows, when they are at hand (else they are read from it)."""
    start = initial_state(sc)
    vp = [TurnVP(0, victory_points(sc, start), True)]
    vp += [TurnVP(a.state.turn, victory_points(sc, a.state), True) for a in history if isinstance(a.action, EndTurn)]
    now = history[-1].state if history else start
    if now.turn and now.phase in (Phase.PLANNING, Phase.BATTLE):
        vp.append(TurnVP(now.turn, victory_points(sc, now), False))
    if rows is None:
        rows = battle_rows(sc, start, history)
    return CampaignCharts(
        sides=tuple(sc.sides),
        turns=len(sc.turns),
        vp=tuple(vp),
        levels=tuple(sorted(sc.victory_levels, reverse=True)),
        battles=tuple(_battles(sc, rows, turn) for turn in range(1, now.turn + 1)),
        changes=_changes(sc, rows),
        never_changed=sum(
            1
            for code, a in sc.areas.items()
            if _may_change(a) and not any(r.took_area and r.target == code for r in rows)
        ),
    )


def _battles(sc: Scenario, rows: list[BattleRow], turn: int) -> TurnBattles:
    ours = [r for r in rows if r.turn == turn]
    return TurnBattles(
        turn,
        len(ours),
        {side: sum(1 for r in ours if r.attacker_side == side) for side in sc.sides},
        {side: sum(1 for r in ours if r.winner == side) for side in sc.sides},
    )


def _changes(sc: Scenario, rows: list[BattleRow]) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for row in rows:
        if row.took_area:
            counts[row.target] = counts.get(row.target, 0) + 1
    order = list(sc.areas)
    return tuple(sorted(counts.items(), key=lambda item: (-item[1], order.index(item[0]))))


def _may_change(area: Area) -> bool:
    return not (area.impassable or area.staging or area.command_centre)
