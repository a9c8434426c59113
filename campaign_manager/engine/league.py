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
from itertools import takewhile
from typing import TypedDict

from campaign_manager.engine.battle_log import BattleRow, battle_rows
from campaign_manager.engine.battle_result import tabletop_result
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.state import DEFAULT_SCORING, CampaignState, Commander, Scoring
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
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

    def points(self, scoring: Scoring = DEFAULT_SCORING) -> int:
        """League points by a scheme: each game won, drawn and lost, and the bonus per game."""
        return (
            self.wins * scoring.win
            + self.draws * scoring.draw
            + self.losses * scoring.loss
            + self.games * scoring.per_game
        )

    def sort_key(self) -> tuple[int, int, int, str, int]:
        return (-self.wins, -self.vp_difference, -self.vp_for, self.commander.name.casefold(), self.commander.number)


def game_outcome(sc: Scenario, attacker_vp: int, defender_vp: int) -> str | None:
    """Who won one game on its own by the "defeated" test (rule 1.6): "attacker", "defender" or
    None (a draw)."""
    return tabletop_result(sc, ((attacker_vp, defender_vp),)).winner


def league(
    sc: Scenario, roster: tuple[Commander, ...], rows: Iterable[BattleRow], scoring: Scoring = DEFAULT_SCORING
) -> list[Standing]:
    """Every commander on the roster (retired ones too) with their games, best first by the
    scheme's points, then its tie-breaks in order, then name (the default: wins, then VP
    difference, then VP scored)."""
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
    return ranked(list(table.values()), scoring)


def league_at(
    sc: Scenario, start: CampaignState, history: list[Applied], turn: int | None = None
) -> tuple[list[Standing], Scoring]:
    """The league and its scheme as they stood at the end of `turn` (None: now): the roster, the
    scoring and the games of every action before the next turn started."""
    if turn is not None:
        now = history[-1].state.turn if history else start.turn
        if not 0 <= turn <= now:
            raise UserError(
                _("the campaign has reached turn {now}, so there is no league at the end of turn {turn}").format(
                    now=now, turn=turn
                )
            )
    kept = history if turn is None else list(takewhile(lambda applied: applied.state.turn <= turn, history))
    state = kept[-1].state if kept else start
    return league(sc, state.roster, battle_rows(sc, start, kept), state.scoring), state.scoring


def ranked(standings: list[Standing], scoring: Scoring = DEFAULT_SCORING) -> list[Standing]:
    """The standings best first by `scoring`: points, then each tie-break in turn (head-to-head:
    the points each scored in games against the others still level with them), then name."""
    keys: dict[int, tuple[int, ...]] = {s.commander.number: (-s.points(scoring),) for s in standings}
    for rule in scoring.tie_breaks:
        if rule == "head_to_head":
            keys = _head_to_head(standings, keys, scoring)
        else:
            keys = {s.commander.number: (*keys[s.commander.number], -_measure(s, rule)) for s in standings}
    return sorted(standings, key=lambda s: (keys[s.commander.number], s.commander.name.casefold(), s.commander.number))


def _measure(s: Standing, rule: str) -> int:
    return {"vp_difference": s.vp_difference, "vp_for": s.vp_for, "destroyed": s.destroyed}[rule]


def _head_to_head(
    standings: list[Standing], keys: dict[int, tuple[int, ...]], scoring: Scoring
) -> dict[int, tuple[int, ...]]:
    """Each commander's key lengthened by the points they scored against the commanders whose
    key is theirs so far (a mini-league of those level)."""
    worth = {"won": scoring.win, "drawn": scoring.draw, "lost": scoring.loss}
    longer = {}
    for s in standings:
        mine = keys[s.commander.number]
        points = sum(
            worth[g.outcome] for g in s.played if g.opponent is not None and keys.get(g.opponent.number) == mine
        )
        longer[s.commander.number] = (*mine, -points)
    return longer


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
    points: int
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


def league_json(sc: Scenario, standings: list[Standing], scoring: Scoring = DEFAULT_SCORING) -> list[StandingJson]:
    """The league as `league --json` prints it, best first (points by `scoring`)."""
    return [
        {
            "name": s.commander.name,
            "points": s.points(scoring),
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


@dataclass(frozen=True)
class ClubStanding:
    """One club's line of the club standings: its commanders' games and points together."""

    club: str  # as its first commander on the roster spells it
    commanders: tuple[Standing, ...]  # in league order
    games: int
    points: int

    @property
    def points_per_game(self) -> float:
        """Points for each game played, so a small club is not lost behind a big one (0 before any game)."""
        return self.points / self.games if self.games else 0.0


def club_standings(standings: list[Standing], scoring: Scoring = DEFAULT_SCORING) -> list[ClubStanding]:
    """Every club of the league's commanders (told apart without regard to case or to spaces
    typed twice; commanders of no club are left out), best first by points per game, then points,
    then name; clubs that have not played come last."""
    clubs: dict[str, list[Standing]] = {}
    for s in standings:
        if s.commander.club and s.commander.club.strip():
            clubs.setdefault(" ".join(s.commander.club.split()).casefold(), []).append(s)
    lines = [
        ClubStanding(
            club=" ".join(members[0].commander.club.split()) if members[0].commander.club else "",
            commanders=tuple(members),
            games=sum(m.games for m in members),
            points=sum(m.points(scoring) for m in members),
        )
        for members in clubs.values()
    ]
    return sorted(lines, key=lambda c: (not c.games, -c.points_per_game, -c.points, c.club.casefold()))


class ClubJson(TypedDict):
    """One club's line as `league --clubs --json` prints it."""

    club: str
    commanders: int
    games: int
    points: int
    points_per_game: float


def clubs_json(clubs: list[ClubStanding]) -> list[ClubJson]:
    return [
        {
            "club": c.club,
            "commanders": len(c.commanders),
            "games": c.games,
            "points": c.points,
            "points_per_game": round(c.points_per_game, 3),
        }
        for c in clubs
    ]
