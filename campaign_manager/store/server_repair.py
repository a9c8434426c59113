"""A campaign on a server holding a row the app cannot use, and its repair.

The server refuses every ill-formed row a role below organiser writes (store/server_checks.py),
but a superuser, or an action another shop's record made illegal by hand, can still leave one.
Reading, the app names the first such row (its number, who recorded it, what is wrong) and opens
the campaign up to the row before it, read-only (`WrongRow`, `readable`), instead of refusing
the whole campaign. `repair` (the organiser's `campaign-manager server repair URL`) takes such
rows out, keeping each in the table `repaired` with why and by whom, and renumbers the rest.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, text

from campaign_manager.errors import UserError
from campaign_manager.i18n import _, ngettext
from campaign_manager.store import integrity
from campaign_manager.store.action_log import Author
from campaign_manager.store.server_faults import RoleRefused

Record = dict[str, Any]
Replay = Callable[[list[Record]], object]  # raises UserError (ReplayRefused: at which action)


@dataclass(frozen=True)
class WrongRow:
    """The first row of a server campaign the app cannot use: its number (0: the revision), who
    recorded it, and what is wrong with it."""

    seq: int
    author: Author
    why: str
    kind: str = ""

    def words(self, where: str) -> str:
        if self.seq == 0:
            words = _(
                "{where}: its revision (table meta) is not a count of writes ({why}), so the campaign is open "
                "read-only — its organiser mends it with campaign-manager server repair {where}"
            )
            return words.format(where=where, why=self.why)
        words = _(
            "{where}: row {number} of its action log ({kind}), recorded by {author}, cannot be used: {why}; "
            "the campaign is open read-only up to row {last} — its organiser takes the row out with "
            "campaign-manager server repair {where}"
        )
        return words.format(
            where=where,
            number=self.seq,
            kind=integrity.shown(self.kind),
            author=self.author.words,
            why=self.why,
            last=self.seq - 1,
        )


def first_wrong(rows: list[tuple[Any, ...]], replay: Replay) -> tuple[int, str] | None:
    """The place (from 0) of the first row (seq, payload, ...) the app cannot use, and why, or
    None: a number out of order, a payload that is not one JSON object within the limits, an
    action the rules refuse where it stands."""
    records: list[Record] = []
    for place, row in enumerate(rows):
        seq, payload = row[0], row[1]
        if seq != place + 1:
            return place, _("its number follows row {number}").format(number=place)
        try:
            records.append(integrity.payload("", "action", seq, payload))
        except integrity.Damaged as exc:
            return place, (exc.what or str(exc)).split(f"{integrity.row(seq)}: ", 1)[-1]
    from campaign_manager.engine.campaign import ReplayRefused

    try:
        replay(records)
    except ReplayRefused as exc:
        return exc.index - 1, str(exc).split(": ", 1)[-1]
    except UserError as exc:
        return len(rows) - 1, str(exc)
    return None


def _rows(conn: Connection) -> list[tuple[Any, ...]]:
    return [
        tuple(row)
        for row in conn.execute(
            text("SELECT seq, payload, kind, recorded_at, recorded_by, shop FROM action ORDER BY seq")
        ).all()
    ]


def readable(conn: Connection, replay: Replay) -> tuple[list[tuple[Any, ...]], WrongRow | None]:
    """The rows of the action log up to the first the app cannot use, and that row (or None)."""
    return readable_rows(_rows(conn), replay)


def readable_rows(rows: list[tuple[Any, ...]], replay: Replay) -> tuple[list[tuple[Any, ...]], WrongRow | None]:
    """`readable` of rows (seq, payload, kind, recorded_at, recorded_by, shop) read already."""
    found = first_wrong(rows, replay)
    if found is None:
        return rows, None
    place, why = found
    seq, _payload, kind, _at, user, shop = rows[place]
    number = seq if type(seq) is int else place + 1
    return rows[:place], WrongRow(number, Author(_text(user), _text(shop)), why, str(kind))


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def repair(conn: Connection, replay: Replay) -> list[str]:
    """Take out every row the app cannot use (kept in table `repaired`, with why), renumber the
    rest, mend a revision that is not a count, and move the revision on so every reader reads
    the log again; in the caller's transaction, as the organiser. Returns what was done, in words."""
    done = []
    revision = conn.execute(text("SELECT value FROM meta WHERE key = 'revision' FOR UPDATE")).scalar()
    if not (isinstance(revision, str) and integrity.REVISION.fullmatch(revision)):
        revision = str(int(time.time()))  # past any count a reader saw: each reads the campaign again
        done.append(_("the revision, which was not a count of writes, was set to {revision}").format(revision=revision))
    done += _empty_a_wrong_redo_stack(conn)
    kept = [(*row, row[0]) for row in _rows(conn)]  # each with its number as found, for the record
    while (found := first_wrong(kept, replay)) is not None:
        place, why = found
        _place, payload, kind, at, user, shop, seq = kept.pop(place)
        conn.execute(
            text(
                "INSERT INTO repaired (seq, kind, payload, recorded_at, recorded_by, shop, why) "
                "VALUES (:seq, :kind, :payload, :at, :user, :shop, :why)"
            ),
            {
                "seq": seq if type(seq) is int else place + 1,
                "kind": _text(kind),
                "payload": _text(payload),
                "at": _text(at),
                "user": _text(user),
                "shop": _text(shop),
                "why": why[:500],
            },
        )
        author = Author(_text(user), _text(shop)).words
        words = _("row {number} ({kind}, recorded by {author}) was taken out: {why}")
        done.append(words.format(number=seq, kind=integrity.shown(kind), author=author, why=why))
        kept = [(number, *row[1:]) for number, row in enumerate(kept, start=1)]  # the rest, renumbered
    if len(done) == 0:
        return []
    conn.execute(text("DELETE FROM action"))
    for seq, (_seq, payload, kind, at, user, shop, _found) in enumerate(kept, start=1):
        conn.execute(
            text(
                "INSERT INTO action (seq, kind, payload, recorded_at, recorded_by, shop) "
                "VALUES (:seq, :kind, :payload, :at, :user, :shop)"
            ),
            {"seq": seq, "kind": kind, "payload": payload, "at": at, "user": user, "shop": shop},
        )
    moved = str(int(revision) + 1)
    conn.execute(text("UPDATE meta SET value = :v WHERE key = 'revision'"), {"v": moved})
    conn.execute(
        text(
            "INSERT INTO meta (key, value) VALUES ('shortened', :v) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        ),
        {"v": moved},
    )
    return done


def _empty_a_wrong_redo_stack(conn: Connection) -> list[str]:
    """The actions waiting to be redone, when one of them cannot be used, all taken out (kept in
    table `repaired`): each was undone from the log as it stood, so none is redone alone."""
    rows = conn.execute(text("SELECT seq, payload FROM redo ORDER BY seq")).all()
    wrong = None
    for place, (seq, payload) in enumerate(rows, start=1):
        try:
            if seq != place:
                raise integrity.refuse(
                    "", _("{row}: its number follows row {number}").format(row=integrity.row(seq), number=place - 1)
                )
            integrity.payload("", "redo", seq, payload)
        except integrity.Damaged as exc:
            wrong = exc.what or str(exc)
            break
    if wrong is None:
        return []
    conn.execute(
        text(
            "INSERT INTO repaired (seq, kind, payload, recorded_at, recorded_by, shop, why) "
            "SELECT seq, kind, payload, recorded_at, recorded_by, shop, :why FROM redo"
        ),
        {"why": _("taken out of the actions waiting to be redone: {why}").format(why=wrong)[:500]},
    )
    conn.execute(text("DELETE FROM redo"))
    words = ngettext(
        "{n} action waiting to be redone was taken out: {why}",
        "{n} actions waiting to be redone were taken out: {why}",
        len(rows),
    )
    return [words.format(n=len(rows), why=wrong)]


def check_organiser(role: str | None, where: str, user: str) -> None:
    if role != "organiser":
        raise RoleRefused(
            _("{where}: only the campaign's organiser repairs it; {user} is not").format(where=where, user=user)
        )
