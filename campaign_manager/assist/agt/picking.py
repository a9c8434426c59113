"""Choosing markers from the cup at random, through a `Roller` so that a seeded generator or
scripted dice fix every choice, or as named from a real cup."""

from __future__ import annotations

from collections.abc import Sequence

from campaign_manager.dice import Die, Roller
from campaign_manager.errors import UserError
from campaign_manager.i18n import _


def pick(roller: Roller, labels: Sequence[str], what: str) -> str:
    """One label chosen at random, through the roller so tests and replays can fix it."""
    index = roller.roll(Die(_("{what} (1 to {n})").format(what=what, n=len(labels)), 1, len(labels)))
    return labels[index - 1]


def choose_markers(
    roller: Roller, candidates: Sequence[str], count: int, typed: Sequence[str] | None, what: str
) -> tuple[list[str], str]:
    """`count` of `candidates`, picked at random or as typed from a real cup."""
    if typed is not None:
        typed = [t.strip() for t in typed]
        wrong = [t for t in typed if t not in candidates]
        if wrong:
            raise UserError(
                _("{wrong}: not a Greek marker in the cup (Greek markers in the cup: {cup})").format(
                    wrong=", ".join(wrong), cup=", ".join(candidates) or _("none")
                )
            )
        if len(set(typed)) != len(typed) or len(typed) != count:
            raise UserError(
                _("{count} different Greek markers must leave the cup; {named} were named").format(
                    count=count, named=len(typed)
                )
            )
        return list(typed), "typed"
    left, chosen = list(candidates), []
    for _turn in range(count):
        label = pick(roller, left, what)
        left.remove(label)
        chosen.append(label)
    return chosen, "rolled"
