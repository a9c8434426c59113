"""The evening's results: every calculation made at the table with an assist tool (its inputs,
its dice, typed or rolled by the app, and the answer in words), kept in order.

A result is a logged action of the game file (`{"type": "result", ...}`), so it is saved with the
game, replayed when the file is opened and taken back by the file's undo like any other action.
Each carries the version of its form (`version`); a file written before results were kept simply
has none, and a result of a later form is refused rather than misread. A panel with no game file
open keeps its results in a `ResultLog` of its own (undo and redo included) for the evening.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from campaign_manager.datamodel import AnyText, DataModel, Flag, Int, Text
from campaign_manager.errors import UserError
from campaign_manager.i18n import _

RESULT_VERSION = 1
RESULT = "result"


class RecordedDie(DataModel):
    """One die of a result: what it decided, the value and whether it was typed or the app's."""

    what: Text
    value: Int
    typed: Flag


class ResultAction(DataModel):
    """A result as the game file keeps it."""

    type: Literal["result"]
    version: Annotated[Int, Field(ge=1, le=RESULT_VERSION)] = RESULT_VERSION
    tool: Text
    inputs: tuple[tuple[Text, AnyText], ...] = ()
    dice: tuple[RecordedDie, ...] = ()
    words: Text


@dataclass(frozen=True)
class ResultEntry:
    """One result: the tool that made it, its inputs (name, value), its dice and its words."""

    tool: str
    words: str
    inputs: tuple[tuple[str, str], ...] = ()
    dice: tuple[RecordedDie, ...] = ()

    def action(self) -> dict[str, Any]:
        """The logged form (JSON-ready)."""
        return ResultAction(
            type=RESULT, tool=self.tool, inputs=self.inputs, dice=self.dice, words=self.words
        ).model_dump(mode="json")

    def dice_words(self) -> str:
        """The dice in a few words: "die 4 (typed), die 2 (the app's)"."""
        return ", ".join(
            (_("{what} {value} (typed)") if d.typed else _("{what} {value} (rolled by the app)")).format(
                what=d.what, value=d.value
            )
            for d in self.dice
        )

    def inputs_words(self) -> str:
        return "; ".join(f"{name}: {value}" for name, value in self.inputs)


def make_result(
    tool: str, words: str, inputs: Mapping[str, object] | None = None, dice: Iterable[tuple[str, int, bool]] = ()
) -> ResultEntry:
    """A result from plain values: `inputs` by name (left out when empty), `dice` as (what, value, typed)."""
    shown = tuple((name, str(value)) for name, value in (inputs or {}).items() if value not in (None, "", ()))
    return ResultEntry(tool, words, shown, tuple(RecordedDie(what=w, value=v, typed=t) for w, v, t in dice))


def is_result(record: Mapping[str, Any] | None) -> bool:
    """Whether a logged record is a result (the file's undo takes back only those from the box)."""
    return record is not None and record.get("type") == RESULT


def record_title(record: Mapping[str, Any], back: bool = True) -> str:
    """A logged action of an assist-game file in a few words, for Edit ▸ Undo (`back`) or Redo:
    the result's tool, or the kind of tracker action."""
    if is_result(record):
        return _("the result “{tool}”").format(tool=record.get("tool", ""))
    kind = str(record.get("type", "")).replace("_", " ")
    if back:
        return _("the game's last action ({kind})").format(kind=kind)
    return _("the game's next action ({kind})").format(kind=kind)


def read_result(record: Mapping[str, Any]) -> ResultEntry:
    """A logged result read back; a damaged one, or one of a later form, is refused in one line."""
    version = record.get("version", RESULT_VERSION)
    if isinstance(version, int) and version > RESULT_VERSION:
        raise UserError(
            _(
                "a result of form {version} was written by a newer version of the app (this one reads up to {most})"
            ).format(version=version, most=RESULT_VERSION)
        )
    try:
        read = ResultAction.model_validate(dict(record))
    except ValidationError as exc:
        raise UserError(_("a kept result is damaged: {reason}").format(reason=exc.errors()[0]["msg"])) from None
    return ResultEntry(read.tool, read.words, read.inputs, read.dice)


@dataclass(frozen=True)
class ResultLog:
    """The results of a panel with no game file: in order, with those taken back for redo."""

    entries: tuple[ResultEntry, ...] = ()
    undone: tuple[ResultEntry, ...] = ()

    def add(self, entry: ResultEntry) -> ResultLog:
        return ResultLog((*self.entries, entry), ())

    def undo(self) -> ResultLog:
        if not self.entries:
            raise UserError(_("There is no result to take back."))
        return ResultLog(self.entries[:-1], (*self.undone, self.entries[-1]))

    def redo(self) -> ResultLog:
        if not self.undone:
            raise UserError(_("There is no result taken back to put again."))
        return ResultLog((*self.entries, self.undone[-1]), self.undone[:-1])


COLUMNS = ("number", "tool", "inputs", "dice", "result")  # untranslated: the CSV's column names, read by programs


def as_csv(entries: Sequence[ResultEntry]) -> str:
    """The results as CSV, one row each, numbered from 1."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for number, entry in enumerate(entries, 1):
        writer.writerow([number, entry.tool, entry.inputs_words(), entry.dice_words(), entry.words])
    return out.getvalue()


def as_text(entries: Sequence[ResultEntry], title: str) -> str:
    """The results as the evening's record in plain text, numbered from 1."""
    lines = [title, "=" * len(title), ""]
    if not entries:
        lines.append(_("No results yet."))
    for number, entry in enumerate(entries, 1):
        lines.append(f"{number}. {entry.tool}: {entry.words}")
        if entry.inputs:
            lines.append("   " + _("With {inputs}.").format(inputs=entry.inputs_words()))
        if entry.dice:
            lines.append("   " + _("Dice: {dice}.").format(dice=entry.dice_words()))
    return "\n".join(lines) + "\n"


def shown_lines(entries: Sequence[ResultEntry], most: int = 10) -> list[str]:
    """The last `most` results for the command line's `show`, numbered as in the panel's list
    (nothing when there are none)."""
    if not entries:
        return []
    first = max(0, len(entries) - most)
    if first:
        heading = _("The evening's results ({n}, the last {most}):").format(n=len(entries), most=most)
    else:
        heading = _("The evening's results ({n}):").format(n=len(entries))
    lines = [heading]
    for number, entry in enumerate(entries[first:], first + 1):
        dice = f" [{entry.dice_words()}]" if entry.dice else ""
        lines.append(f"{number}. {entry.tool}: {entry.words}{dice}")
    return lines


def results_json(entries: Sequence[ResultEntry]) -> list[dict[str, Any]]:
    """The results as `--json` gives them: each as the game file keeps it."""
    return [entry.action() for entry in entries]
