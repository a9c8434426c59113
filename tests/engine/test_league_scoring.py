"""The league a shop runs (rule 1.10): its own scoring (an action, so undo keeps it), club
standings, the league at the end of an earlier turn, roster fixes, and pairings for the next
evening. Tables worked out by hand from the bundled campaign (see tests/engine/test_league.py's
HAND_LEAGUE, whose games each line below adds up)."""

from __future__ import annotations

import pytest

from campaign_manager.engine import apply_action, initial_state
from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.league import PlayedGame, Standing, club_standings, league, league_at, league_json
from campaign_manager.engine.pairings import assignment, games_between, played_matrix, present_standings, suggest
from campaign_manager.engine.spelling import read_action
from campaign_manager.engine.state import DEFAULT_SCORING, Commander, Scoring
from campaign_manager.errors import RuleError, UserError
from tests.engine.positions import scenario
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS


@pytest.fixture(scope="module")
def full():
    sc = scenario()
    st, history = initial_state(sc), []
    for action in (a for actions in FULL_CAMPAIGN_WITH_COMMANDERS.values() for a in actions):
        applied = apply_action(sc, st, read_action(sc, action))
        history.append(applied)
        st = applied.state
    return sc, st, history


def _scored(full, scoring):
    sc, st, history = full
    return league(sc, st.roster, battle_rows(sc, initial_state(sc), history), scoring)


# Marco 3-2-1 (VP 22-13, 2 destroyed), Hans 2-0-0 (11-3, 1), Ben 1-1-0 (7-5, 2), Giulia 1-2-1
# (10-10, 1), Anna 1-2-3 (13-21, 1), Nikos 0-1-2 (6-13, 0); games 6, 2, 2, 4, 6, 3.
SCHEMES = [
    # the default: a point a win, then VP difference (as the league always was)
    (DEFAULT_SCORING, [("Marco", 3), ("Hans", 2), ("Ben", 1), ("Giulia", 1), ("Anna", 1), ("Nikos", 0)]),
    # 3/1/0: Giulia and Anna level on 5, parted by VP difference (0 against -8)
    (
        Scoring(3, 1, 0),
        [("Marco", 11), ("Hans", 6), ("Giulia", 5), ("Anna", 5), ("Ben", 4), ("Nikos", 1)],
    ),
    # 2/1/0 and a point for every game played: the busy commanders climb
    (
        Scoring(2, 1, 0, per_game=1, tie_breaks=("vp_for",)),
        [("Marco", 14), ("Anna", 10), ("Giulia", 8), ("Hans", 6), ("Ben", 5), ("Nikos", 4)],
    ),
    # a point a win, ties parted head-to-head then by VP scored: Ben, Giulia and Anna on 1; Ben beat
    # Giulia (1 point among them), Giulia and Anna drew (none): Anna (13 VP) before Giulia (10)
    (
        Scoring(1, 0, 0, tie_breaks=("head_to_head", "vp_for")),
        [("Marco", 3), ("Hans", 2), ("Ben", 1), ("Anna", 1), ("Giulia", 1), ("Nikos", 0)],
    ),
]


@pytest.mark.parametrize(("scoring", "expected"), SCHEMES)
def test_the_bundled_league_under_each_scheme_is_the_table_worked_out_by_hand(full, scoring, expected):
    table = league_json(full[0], _scored(full, scoring), scoring)
    assert [(e["name"], e["points"]) for e in table] == expected


def test_club_standings_add_up_their_commanders_and_rank_by_points_per_game(full):
    clubs = club_standings(_scored(full, Scoring(3, 1, 0)), Scoring(3, 1, 0))
    # Athens Wargamers: Ben 4 points in 2 games; Dice Den: Marco 11 + Anna 5 in 6 + 6 games
    assert [(c.club, len(c.commanders), c.games, c.points) for c in clubs] == [
        ("Athens Wargamers", 1, 2, 4),
        ("Dice Den", 2, 12, 16),
    ]
    assert clubs[0].points_per_game == 2.0
    assert clubs[1].points_per_game == pytest.approx(16 / 12)
    default = club_standings(_scored(full, DEFAULT_SCORING))
    assert [(c.club, c.points) for c in default] == [("Athens Wargamers", 1), ("Dice Den", 4)]
    sc, st, history = full  # a club typed with a space too many, in other case, is the same club
    added = apply_action(sc, st, read_action(sc, {"type": "add_commander", "name": "Zoe", "side": sc.side_ids[0]}))
    moved = apply_action(sc, added.state, read_action(sc, {"type": "set_club", "name": "Zoe", "club": "dice  DEN"}))
    rows = battle_rows(sc, initial_state(sc), [*history, added, moved])
    joined = club_standings(league(sc, moved.state.roster, rows, DEFAULT_SCORING))
    assert [(c.club, len(c.commanders)) for c in joined] == [("Athens Wargamers", 1), ("Dice Den", 3)]


def test_a_scoring_change_is_an_action_that_undo_takes_back(full):
    sc, st, history = full
    applied = apply_action(
        sc, st, read_action(sc, {"type": "set_scoring", "win": 3, "draw": 1, "loss": 0, "tie_breaks": ["vp_for"]})
    )
    assert applied.state.scoring == Scoring(3, 1, 0, 0, ("vp_for",))
    assert st.scoring == DEFAULT_SCORING  # the state before it (what undo returns to) is untouched
    assert "3 points a win, 1 a draw, 0 a loss" in applied.events[0]
    assert applied.record == {
        "type": "set_scoring",
        "win": 3,
        "draw": 1,
        "loss": 0,
        "per_game": 0,
        "tie_breaks": ["vp_for"],
    }
    standings, scoring = league_at(sc, initial_state(sc), [*history, applied])
    assert scoring.win == 3 and [s.points(scoring) for s in standings][:2] == [11, 6]
    standings, scoring = league_at(sc, initial_state(sc), history)  # undone: the log without it
    assert scoring == DEFAULT_SCORING and standings[0].points(scoring) == 3
    with pytest.raises(RuleError, match="scored that way already"):
        apply_action(sc, st, read_action(sc, {"type": "set_scoring"}))
    with pytest.raises(UserError, match="tie-break is named once"):
        read_action(sc, {"type": "set_scoring", "tie_breaks": ["vp_for", "vp_for"]})


@pytest.mark.parametrize(("win", "draw", "loss"), [(0, 0, 1), (1, 3, 0), (3, 1, 2)])
def test_a_scheme_that_pays_a_loss_or_a_draw_over_a_win_is_refused_and_changes_nothing(full, win, draw, loss):
    sc, st, _ = full
    action = read_action(sc, {"type": "set_scoring", "win": win, "draw": draw, "loss": loss})
    with pytest.raises(RuleError, match=f"a win scores {win}, a draw {draw}, a loss {loss}"):
        apply_action(sc, st, action)
    assert st.scoring == DEFAULT_SCORING
    negative = apply_action(sc, st, read_action(sc, {"type": "set_scoring", "win": 2, "draw": 0, "loss": -1}))
    assert negative.state.scoring.loss == -1  # a penalty for a loss is a scheme some leagues use


def test_the_league_at_the_end_of_an_earlier_turn_has_only_that_turns_games(full):
    sc, _, history = full
    standings, _ = league_at(sc, initial_state(sc), history, turn=1)
    played = {s.commander.name: (s.wins, s.losses) for s in standings if s.games}
    assert played == {"Marco": (1, 0), "Anna": (0, 1)}  # T1 B1→C1: Marco beats Anna
    turn2 = {s.commander.name: s.games for s in league_at(sc, initial_state(sc), history, turn=2)[0] if s.games}
    assert turn2 == {"Marco": 3, "Anna": 2, "Ben": 2, "Giulia": 1}
    with pytest.raises(UserError, match="no league at the end of turn 9"):
        league_at(sc, initial_state(sc), history, turn=9)


def test_club_side_and_return_from_retirement_are_roster_actions(full):
    sc, st, _ = full
    moved = apply_action(sc, st, read_action(sc, {"type": "set_club", "name": "hans", "club": "Dice Den"})).state
    assert next(c for c in moved.roster if c.name == "Hans").club == "Dice Den"
    with pytest.raises(RuleError, match="Hans plays for Dice Den already"):
        apply_action(sc, moved, read_action(sc, {"type": "set_club", "name": "Hans", "club": "Dice Den"}))
    left = apply_action(sc, moved, read_action(sc, {"type": "set_club", "name": "Hans"}))
    assert left.events == ("Hans no longer plays for a club",) and left.record == {"type": "set_club", "name": "Hans"}
    back = apply_action(sc, st, read_action(sc, {"type": "unretire_commander", "name": "ben"}))
    assert not next(c for c in back.state.roster if c.name == "Ben").retired
    with pytest.raises(RuleError, match="has not retired"):
        apply_action(sc, back.state, read_action(sc, {"type": "unretire_commander", "name": "Ben"}))
    with pytest.raises(RuleError, match="cannot change side"):  # Hans has played for the Axis
        apply_action(sc, st, read_action(sc, {"type": "set_side", "name": "Hans", "side": sc.side_ids[1]}))
    joined = apply_action(sc, st, read_action(sc, {"type": "add_commander", "name": "Zoe", "side": sc.side_ids[0]}))
    switched = apply_action(
        sc, joined.state, read_action(sc, {"type": "set_side", "name": "zoe", "side": sc.side_ids[1]})
    )
    assert next(c for c in switched.state.roster if c.name == "Zoe").side == sc.side_ids[1]


# -- pairings ---------------------------------------------------------------------------------


def _standing(number, name, side, wins, met=()):
    """A commander with `wins` won games (3 points each under 3/1/0) and a lost game against each
    commander in `met` (as attacker, so each game is counted once)."""
    s = Standing(Commander(number, name, side))
    for _ in range(wins):
        s.add(PlayedGame(0, 1, "A", "B", 1, 1, "defender", 3, 0, "won", None))
    for other in met:
        s.add(PlayedGame(0, 1, "A", "B", 1, 1, "attacker", 0, 3, "lost", other))
    return s


def twelve(sc):
    """Six a side. Each pair of equal points (first side's i and second's i) has met already, and
    so has every pair but i against i+1: the one matching without a rematch is i against i+1,
    while pairing by points alone would rematch every table."""
    first, second = sc.side_ids
    seconds = [_standing(7 + i, f"S{i}", second, wins=i) for i in range(6)]
    firsts = [
        _standing(1 + i, f"F{i}", first, wins=i, met=[b.commander for j, b in enumerate(seconds) if j != (i + 1) % 6])
        for i in range(6)
    ]
    return firsts + seconds


def test_twelve_present_are_paired_without_a_rematch_where_one_can_be_avoided():
    sc = scenario()
    present = twelve(sc)
    assert sum(games_between(present).values()) == 30
    for seed in (1, 2, 3, 99):
        pairings = suggest(sc, present, seed=seed, scoring=Scoring(3, 1, 0))
        assert pairings.rematches == 0 and not pairings.sitting_out
        assert {(p.first.commander.name, p.second.commander.name) for p in pairings.pairs} == {
            (f"F{i}", f"S{(i + 1) % 6}") for i in range(6)
        }
        assert all(p.first.commander.side == sc.side_ids[0] for p in pairings.pairs)


def test_the_same_seed_gives_the_same_pairs_and_similar_points_meet():
    sc = scenario()
    first, second = sc.side_ids
    present = [_standing(i + 1, f"F{i}", first, wins=i % 3) for i in range(4)]
    present += [_standing(i + 5, f"S{i}", second, wins=i % 3) for i in range(4)]

    def names(p):
        return [(x.first.commander.name, x.second.commander.name) for x in p.pairs]

    assert names(suggest(sc, present, seed=5)) == names(suggest(sc, present, seed=5))
    for pair in suggest(sc, present, seed=5).pairs:  # nobody has met: points decide
        assert pair.first.wins == pair.second.wins
    seeds = {tuple(names(suggest(sc, present, seed=s))) for s in range(12)}
    assert len(seeds) > 1  # the seed settles ties (F0/F3 and S0/S3 both have 0 wins)


def test_fewest_games_play_first_and_the_rest_sit_out():
    sc = scenario()
    first, second = sc.side_ids
    present = [_standing(1, "A", first, 3), _standing(2, "B", first, 0), _standing(3, "C", first, 1)]
    present += [_standing(4, "D", second, 1)]
    pairings = suggest(sc, present)
    assert [s.commander.name for s in pairings.sitting_out] == ["C", "A"]  # fewest games first
    assert pairings.pairs[0].first.commander.name == "B"


def test_a_swap_changes_places_or_pairs_two_together():
    sc = scenario()
    pairings = suggest(sc, twelve(sc), seed=1, scoring=Scoring(3, 1, 0))

    def table(p):
        return {x.first.commander.name: x.second.commander.name for x in p.pairs}

    same_side = pairings.swap("F0", "F1")
    assert table(same_side)["F0"] == "S2" and table(same_side)["F1"] == "S1"
    assert same_side.rematches == 2  # F0 met S2, F1 met S1
    across = pairings.swap("f0", "S3")
    assert table(across)["F0"] == "S3" and table(across)["F2"] == "S1"
    assert len(across.pairs) == 6
    with pytest.raises(UserError, match="not among the commanders"):
        pairings.swap("F0", "Nobody")
    renamed = [Standing(Commander(s.commander.number, s.commander.name.lower(), s.commander.side)) for s in twelve(sc)]
    again = across.with_league(renamed)
    assert [(p.first.commander.name, p.second.commander.name) for p in again.pairs] == [
        (p.first.commander.name.lower(), p.second.commander.name.lower()) for p in across.pairs
    ]
    assert again.rematches == 0, "no games in the new league: nobody has met"


def test_present_names_are_checked():
    sc = scenario()
    present = twelve(sc)
    with pytest.raises(UserError, match="no commander 'Zed'"):
        present_standings(present, ["F0", "Zed"])
    with pytest.raises(UserError, match="named twice"):
        present_standings(present, ["F0", "f0"])


def test_the_played_matrix_counts_each_game_once():
    sc = scenario()
    matrix = played_matrix(sc, twelve(sc))
    assert [c.name for c in matrix.rows] == [f"F{i}" for i in range(6)]
    assert matrix.games[0] == (1, 0, 1, 1, 1, 1)


def test_the_assignment_is_the_least_total():
    from itertools import permutations

    costs = [[7, 3, 9, 4], [2, 8, 6, 5], [9, 1, 3, 8], [4, 6, 2, 7]]
    best = min(sum(costs[i][j] for i, j in enumerate(p)) for p in permutations(range(4)))
    chosen = assignment(costs)
    assert sum(costs[i][j] for i, j in enumerate(chosen)) == best


@pytest.mark.parametrize("seed", range(25))
def test_no_suggestion_has_more_rematches_than_the_fewest_possible(seed):
    """Random small leagues (up to 5 a side, some games between them, some pairs three): the
    suggestion's rematches are the fewest any pairing of those who play has, checked by trying
    every pairing."""
    import random
    from itertools import permutations

    sc = scenario()
    first_side, second_side = sc.side_ids
    luck = random.Random(seed)
    size = luck.randint(2, 5)
    seconds = [_standing(10 + i, f"S{i}", second_side, wins=luck.randint(0, 3)) for i in range(size)]
    firsts = [
        _standing(
            1 + i,
            f"F{i}",
            first_side,
            wins=luck.randint(0, 3),
            met=[b.commander for b in seconds if luck.random() < 0.6 for _ in range(luck.choice((1, 1, 3)))],
        )
        for i in range(size)
    ]
    met = games_between(firsts + seconds)
    pairings = suggest(sc, firsts + seconds, seed=seed)
    fewest = min(
        sum(1 for i, j in enumerate(order) if met[frozenset((firsts[i].commander.number, seconds[j].commander.number))])
        for order in permutations(range(size))
    )
    assert pairings.rematches == fewest
    assert sorted(p.first.commander.name for p in pairings.pairs) == sorted(f.commander.name for f in firsts)


def test_a_recorded_history_of_twelve_is_paired_without_a_rematch():
    """The same history as `twelve`, as fought battles the league reads (each first-side commander
    has drawn 1–1 with every second-side one but the next): the league works out who met whom,
    and the suggestion finds the one pairing without a rematch."""
    from campaign_manager.engine.actions import Game
    from campaign_manager.engine.battle_log import BattleRow
    from campaign_manager.engine.state import Commitment

    sc = scenario()
    first, second = sc.side_ids
    roster = tuple(Commander(1 + i, f"F{i}", first) for i in range(6))
    roster += tuple(Commander(7 + i, f"S{i}", second) for i in range(6))
    rows = []
    for i in range(6):
        for j in (j for j in range(6) if j != (i + 1) % 6):
            rows.append(
                BattleRow(
                    **dict(number=len(rows) + 1, turn=1, order=len(rows) + 1, origin="B1", target="C1"),
                    **dict(attacker_side=first, attacker=Commitment(), defender=Commitment(), kind="tabletop"),
                    games=(Game(1, 1, f"F{i}", f"S{j}"),),
                    players=((roster[i], roster[6 + j]),),
                    **dict(wargame_dice=None, wargame_totals=None, winner=None, destroy_dice={}, destroy_targets={}),
                    **dict(destroyed=(), captured=(), retreat_to=None, advanced=(), took_area=False, mission=None),
                    words=(),
                )
            )
    standings = league(sc, roster, rows, Scoring(3, 1, 0))
    assert {s.commander.name: s.draws for s in standings} == {s.commander.name: 5 for s in standings}
    pairings = suggest(sc, present_standings(standings, [c.name for c in roster]), seed=11, scoring=Scoring(3, 1, 0))
    assert pairings.rematches == 0
    assert {(p.first.commander.name, p.second.commander.name) for p in pairings.pairs} == {
        (f"F{i}", f"S{(i + 1) % 6}") for i in range(6)
    }


def test_one_table_that_met_often_is_better_than_two_that_met_once():
    """F0 and S0 have met three times; F0–S1 and F1–S0 once each; F1–S1 never. Pairing F0–S1 and
    F1–S0 makes two rematches of four games where F0–S0 and F1–S1 makes one."""
    sc = scenario()
    first, second = sc.side_ids
    s0, s1 = _standing(3, "S0", second, 0), _standing(4, "S1", second, 0)
    f0 = _standing(1, "F0", first, 0, met=[s0.commander] * 3 + [s1.commander])
    f1 = _standing(2, "F1", first, 0, met=[s0.commander])
    pairings = suggest(sc, [f0, f1, s0, s1])
    assert pairings.rematches == 1
    assert {(p.first.commander.name, p.second.commander.name) for p in pairings.pairs} == {("F0", "S0"), ("F1", "S1")}
