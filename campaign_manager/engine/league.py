"""The league of commanders (rule 1.10): each commander's tabletop games, won, drawn and lost,
the VP they scored and conceded, the enemy troops destroyed and the areas taken in their
battles; worked out from the fought battles (engine/battle_log.py), nothing stored twice.

Each game is judged on its own by the tabletop "defeated" test (rule 1.6): a game where neither
side is defeated is a draw for both. A battle's enemy troops destroyed and the area it took are
the arrow's, decided by all its games together (several games on one arrow: rule 1.6), so each
commander of a side who played on the arrow is credited with them, once per arrow however many
of its games they played: the enemy troops their side's rolls destroyed, and (attackers only)
the area taken.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypedDict

from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.resolve import tabletop_result
from campaign_manager.engine.state import Commander
from campaign_manager.scenario.model import Scenario

OUTCOMES = ("won", "drawn", "lost")


@dataclass(frozen=True)
class PlayedGame:
    """One tabletop game a commander played, from their side of the table."""

    battle: int  # the battle's action number in the log
    turn: int
    origin: str
    target: str
    game: int  # which game of the arrow (1 = first)
    games_on_arrow: int
    role: str  # "attacker" or "defender"
    vp_for: int
    vp_against: int
    outcome: str  # "won", "drawn" or "lost"
    opponent: Commander | None  # as the roster has them now (None: not named)


@dataclass
class Standing:
    """One commander's line of the league."""

    commander: Commander  # as the roster has them now
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    vp_for: int = 0
    vp_against: int = 0
    destroyed: int = 0  # enemy troops destroyed in their battles
    areas_taken: int = 0
    played: list[PlayedGame] = field(default_factory=list)

    def add(self, game: PlayedGame) -> None:
        self.played.append(game)
        self.games += 1
        self.wins += game.outcome == "won"
        self.draws += game.outcome == "drawn"
        self.losses += game.outcome == "lost"
        self.vp_for += game.vp_for
        self.vp_against += game.vp_against

    @property
    def vp_difference(self) -> int:
        return self.vp_for - self.vp_against

    def sort_key(self) -> tuple[int, int, int, str, int]:
        return (-self.wins, -self.vp_difference, -self.vp_for, self.commander.name.casefold(), self.commander.number)


def game_outcome(sc: Scenario, attacker_vp: int, defender_vp: int) -> str | None:
    """Who won one game on its own by the "defeated" test (rule 1.6): "attacker", "defender" or
    None (a draw)."""
    return tabletop_result(sc, ((attacker_vp, defender_vp),)).winner


def league(sc: Scenario, roster: tuple[Commander, ...], rows: Iterable[BattleRow]) -> list[Standing]:
    """Every commander on the roster (retired ones too) with their games, sorted by wins, then
    by VP difference (then VP scored, then name)."""
    table = {c.number: Standing(c) for c in roster}
    for row in rows:
        if row.kind != "tabletop":
            continue
        credited: set[int] = set()
        for number, (game, (attacker, defender)) in enumerate(zip(row.games, row.players), start=1):
            winner = game_outcome(sc, game[0], game[1])
            for role, me, them in (("attacker", attacker, defender), ("defender", defender, attacker)):
                line = table.get(me.number) if me is not None else None
                if line is None:
                    continue
                line.add(_played(row, number, role, game[0], game[1], winner, them, table))
                if line.commander.number not in credited:
                    credited.add(line.commander.number)
                    _credit(sc, line, row, role)
    return sorted(table.values(), key=Standing.sort_key)


def _played(
    row: BattleRow,
    number: int,
    role: str,
    attacker_vp: int,
    defender_vp: int,
    winner: str | None,
    them: Commander | None,
    table: dict[int, Standing],
) -> PlayedGame:
    """One game of the arrow from one side of the table (the opponent as the roster has them now)."""
    mine, theirs = (attacker_vp, defender_vp) if role == "attacker" else (defender_vp, attacker_vp)
    opponent = table[them.number].commander if them is not None and them.number in table else None
    return PlayedGame(
        battle=row.number,
        turn=row.turn,
        origin=row.origin,
        target=row.target,
        game=number,
        games_on_arrow=len(row.games),
        role=role,
        vp_for=mine,
        vp_against=theirs,
        outcome="drawn" if winner is None else "won" if winner == role else "lost",
        opponent=opponent,
    )


def _credit(sc: Scenario, line: Standing, row: BattleRow, role: str) -> None:
    """The arrow's own results, once per arrow: the enemy troops destroyed, the area taken."""
    side = row.attacker_side if role == "attacker" else sc.enemy_of(row.attacker_side)
    line.destroyed += sum(1 for t in row.destroyed if sc.side_of(sc.troops[t].nation) != side)
    if role == "attacker" and row.took_area:
        line.areas_taken += 1


class StandingJson(TypedDict):
    """One commander's line as `league --json` prints it."""

    name: str
    side: str
    club: str | None
    games: int
    wins: int
    draws: int
    losses: int
    vp_for: int
    vp_against: int
    vp_difference: int
    enemy_destroyed: int
    areas_taken: int
    general: bool
    retired: bool


def league_json(sc: Scenario, standings: list[Standing]) -> list[StandingJson]:
    """The league as `league --json` prints it, best first."""
    return [
        {
            "name": s.commander.name,
            "side": s.commander.side,
            "club": s.commander.club,
            "games": s.games,
            "wins": s.wins,
            "draws": s.draws,
            "losses": s.losses,
            "vp_for": s.vp_for,
            "vp_against": s.vp_against,
            "vp_difference": s.vp_difference,
            "enemy_destroyed": s.destroyed,
            "areas_taken": s.areas_taken,
            "general": s.commander.general,
            "retired": s.commander.retired,
        }
        for s in standings
    ]


def top_of_side(standings: list[Standing], side: str, count: int = 3) -> list[Standing]:
    """The best `count` commanders of a side who have played, in league order."""
    return [s for s in standings if s.commander.side == side and s.games][:count]
