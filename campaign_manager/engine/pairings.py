"""Pairings for the next evening of the league (rule 1.10): who has played whom, and a fair
match for each commander the organiser marks as present.

A suggestion pairs the first side's commanders against the second's (Scenario.side_ids). The
pairs are the assignment of least cost (the Hungarian method, exact on whole numbers), each
concern outweighing all those after it together: first no rematch while a matching without one
exists (and the fewest tables of a rematch where none does; then the fewest games between them
before); then, when one side has more present, those with the fewest games play and the others
sit out; then commanders of similar points meet. The seed settles ties the same way every time.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from campaign_manager.engine.league import Standing
from campaign_manager.engine.state import DEFAULT_SCORING, Commander, Scoring
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.scenario.model import Scenario


def games_between(standings: Iterable[Standing]) -> Counter[frozenset[int]]:
    """How many games each two commanders have played against each other (by their numbers);
    each game counted once, from its attacker's line."""
    met: Counter[frozenset[int]] = Counter()
    for s in standings:
        for game in s.played:
            if game.role == "attacker" and game.opponent is not None:
                met[frozenset((s.commander.number, game.opponent.number))] += 1
    return met


@dataclass(frozen=True)
class PlayedMatrix:
    """Who has played whom: the first side's commanders down, the second's across, and the
    games each two have played against each other."""

    rows: tuple[Commander, ...]
    columns: tuple[Commander, ...]
    games: tuple[tuple[int, ...], ...]  # games[row][column]


def played_matrix(sc: Scenario, standings: Sequence[Standing]) -> PlayedMatrix:
    """The matrix of the league's commanders, in league order on each side."""
    first, second = sc.side_ids
    met = games_between(standings)
    rows = tuple(s.commander for s in standings if s.commander.side == first)
    columns = tuple(s.commander for s in standings if s.commander.side == second)
    return PlayedMatrix(
        rows, columns, tuple(tuple(met[frozenset((r.number, c.number))] for c in columns) for r in rows)
    )


@dataclass(frozen=True)
class Pairing:
    """One table of the evening: a commander of the first side against one of the second."""

    first: Standing
    second: Standing
    rematch: int  # games they have played against each other before


@dataclass(frozen=True)
class Pairings:
    """The evening's pairs, in table order, and who sits out (the side with more present)."""

    pairs: tuple[Pairing, ...]
    sitting_out: tuple[Standing, ...]
    met: Counter[frozenset[int]]  # games each two have played against each other (games_between)
    first_side: str  # the side of each pair's first commander

    @property
    def rematches(self) -> int:
        return sum(1 for p in self.pairs if p.rematch)

    def swap(self, one: str, other: str) -> Pairings:
        """The organiser's change: two commanders of one side change places (a pair, or sitting
        out); two of opposite sides are paired together, and their former opponents with each
        other (whoever is left without one sits out)."""
        a, b = self._find(one), self._find(other)
        if a.commander.number == b.commander.number:
            raise UserError(_("{name} cannot be swapped with themselves").format(name=a.commander.name))
        if a.commander.side == b.commander.side:
            return self._exchange(a, b)
        return self._pair_up(a, b)

    def with_league(self, standings: Sequence[Standing]) -> Pairings:
        """The same pairs and sitters, each commander's line taken from `standings` (the league
        after a change: a new name, new points); a pair whose commander is no longer on the roster
        is left out."""
        by_number = {s.commander.number: s for s in standings}
        met = games_between(standings)
        pairs = [
            (by_number[p.first.commander.number], by_number[p.second.commander.number])
            for p in self.pairs
            if p.first.commander.number in by_number and p.second.commander.number in by_number
        ]
        sitting = [by_number[s.commander.number] for s in self.sitting_out if s.commander.number in by_number]
        return replace(self, met=met)._remade(pairs, sitting)

    def _find(self, name: str) -> Standing:
        for s in (*(x for p in self.pairs for x in (p.first, p.second)), *self.sitting_out):
            if s.commander.name.casefold() == name.strip().casefold():
                return s
        raise UserError(_("'{name}' is not among the commanders paired for the evening").format(name=name))

    def _exchange(self, a: Standing, b: Standing) -> Pairings:
        def placed(s: Standing) -> Standing:
            return b if s is a else a if s is b else s

        pairs = [(placed(p.first), placed(p.second)) for p in self.pairs]
        return self._remade(pairs, [placed(s) for s in self.sitting_out])

    def _pair_up(self, a: Standing, b: Standing) -> Pairings:
        opponent = {x.commander.number: y for p in self.pairs for x, y in ((p.first, p.second), (p.second, p.first))}
        if opponent.get(a.commander.number) is b:
            return self
        former = opponent.get(a.commander.number), opponent.get(b.commander.number)
        pairs: list[tuple[Standing, Standing]] = []
        placed = False
        for p in self.pairs:
            if not {p.first.commander.number, p.second.commander.number} & {a.commander.number, b.commander.number}:
                pairs.append((p.first, p.second))
            elif not placed:  # the first table either sat at: theirs now
                pairs.append(self._sides(a, b))
                placed = True
            elif former[0] is not None and former[1] is not None:  # the other: their former opponents'
                pairs.append(self._sides(former[0], former[1]))
        if not placed:
            pairs.append(self._sides(a, b))
        sitting = [s for s in self.sitting_out if s is not a and s is not b]
        if (former[0] is None) != (former[1] is None):  # one came from sitting out: the other's opponent sits out
            sitting += [s for s in former if s is not None]
        return self._remade(pairs, sitting)

    def _sides(self, x: Standing, y: Standing) -> tuple[Standing, Standing]:
        return (x, y) if x.commander.side == self.first_side else (y, x)

    def _remade(self, pairs: list[tuple[Standing, Standing]], sitting: list[Standing]) -> Pairings:
        made = tuple(Pairing(x, y, self.met[frozenset((x.commander.number, y.commander.number))]) for x, y in pairs)
        return replace(self, pairs=made, sitting_out=tuple(sitting))


def present_standings(standings: Sequence[Standing], names: Iterable[str]) -> list[Standing]:
    """The lines of the commanders named as present (any case); a name not on the roster, a
    retired commander or a name given twice is refused in a sentence."""
    by_name = {s.commander.name.casefold(): s for s in standings}
    chosen: list[Standing] = []
    for name in names:
        found = by_name.get(name.strip().casefold())
        if found is None:
            raise UserError(_("there is no commander '{name}' on the roster to pair").format(name=name.strip()))
        if found.commander.retired:
            raise UserError(
                _("{name} has retired and plays no new games: bring them back first").format(name=found.commander.name)
            )
        if found in chosen:
            raise UserError(_("{name} is named twice among those present").format(name=found.commander.name))
        chosen.append(found)
    return chosen


def suggest(sc: Scenario, present: Sequence[Standing], seed: int = 1, scoring: Scoring = DEFAULT_SCORING) -> Pairings:
    """Fair pairs for the commanders present (see the module's words): the same present, league
    and seed give the same pairs."""
    luck = random.Random(seed)
    met = games_between(present)
    first, second = ([s for s in present if s.commander.side == side] for side in sc.side_ids)
    luck.shuffle(first)
    luck.shuffle(second)
    points = {s.commander.number: s.points(scoring) for s in present}
    costs = Costs(present, met, points, luck)
    size = max(len(first), len(second))
    rows: list[Standing | None] = [*first, *[None] * (size - len(first))]
    columns: list[Standing | None] = [*second, *[None] * (size - len(second))]
    chosen = assignment([[costs.of(a, b) for b in columns] for a in rows])
    pairs, sitting = [], []
    for i, j in enumerate(chosen):
        a, b = rows[i], columns[j]
        if a is not None and b is not None:
            pairs.append((a, b))
        else:
            sitting += [x for x in (a, b) if x is not None]
    pairs.sort(key=lambda p: -(points[p[0].commander.number] + points[p[1].commander.number]))  # top table first
    made = tuple(Pairing(a, b, met[frozenset((a.commander.number, b.commander.number))]) for a, b in pairs)
    sitting.sort(key=lambda s: s.games)
    return Pairings(made, tuple(sitting), met, sc.side_ids[0])


class Costs:
    """What a pair (or sitting out) costs, in whole numbers weighed so each concern outweighs all
    those after it together: a rematch; then how often the two have met; then playing (those
    with the fewest games play, the rest sit out); then the difference in points; then the
    seed's tie-breaker."""

    def __init__(
        self, present: Sequence[Standing], met: Counter[frozenset[int]], points: dict[int, int], luck: random.Random
    ) -> None:
        n = max(len(present), 1)
        self.met, self.points = met, points
        self.tie = {s.commander.number: luck.randrange(1000) for s in present}
        spread = max(points.values(), default=0) - min(points.values(), default=0)
        most = max((s.games for s in present), default=0)
        self.most = most
        self.point = n * 1000  # more than every tie-breaker together
        self.game = n * (spread + 1) * self.point  # more than every difference in points together
        self.again = n * (most + 1) * self.game  # a game between them before: more than all the above
        # a rematch at all: more than every game before together (one table that met three times
        # is better than three tables that met once each)
        self.rematch = (n * max(met.values(), default=0) + 1) * self.again

    def of(self, a: Standing | None, b: Standing | None) -> int:
        if a is None or b is None:
            sits = a or b
            assert sits is not None
            return self.game * (self.most - sits.games) + self.tie[sits.commander.number]
        x, y = a.commander.number, b.commander.number
        times = self.met[frozenset((x, y))]
        return (
            (self.rematch if times else 0)
            + self.again * times
            + self.point * abs(self.points[x] - self.points[y])
            + (self.tie[x] * self.tie[y]) % 1000
        )


def assignment(costs: list[list[int]]) -> list[int]:
    """The column for each row of a square cost matrix that makes the total least (the Hungarian
    method with potentials, O(n³), exact on whole numbers)."""
    n = len(costs)
    if n == 0:
        return []
    inf = 1 + sum(abs(c) for row in costs for c in row) * 2  # above any reduced cost: whole numbers stay exact
    u, v = [0] * (n + 1), [0] * (n + 1)
    p, way = [0] * (n + 1), [0] * (n + 1)  # p[j]: the row given column j (1-based; 0: none)
    for i in range(1, n + 1):
        p[0], j0 = i, 0
        minv, used = [inf] * (n + 1), [False] * (n + 1)
        while p[j0]:
            used[j0] = True
            i0, delta, j1 = p[j0], inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = costs[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
        while j0:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    column = [0] * n
    for j in range(1, n + 1):
        column[p[j] - 1] = j - 1
    return column
