"""Reading a TOML data file entry by entry, with typed and path-aware access.

Every data file of the app (scenarios, the assist modules' charts and tables) is read through
`DataEntry`: a value of the file together with where it sits (`areas[5].links`,
`close_combat.troops.greek-infantry-line.nation`). A value of the wrong kind is refused with a
message naming the file, the entry and the fault, so a typo can be fixed without reading Python.

Each module keeps its own exception and way of wording the place: it passes a `Refusal`.
Qt-free: the core reads its scenarios through this module.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Refusal:
    """How a module refuses a data file: the exception raised and the wording of the message.

    `place` words a fault at an entry ({file}, {where}, {fault}); a fault of the whole file reads
    "{file}: {fault}". `mismatch` words a value of the wrong kind ({kind}, {value}), `not_choice`
    a text outside its choices ({value}, {choices}).
    """

    error: type[Exception]
    place: str = "{file}: {where}: {fault}"
    mismatch: str = "should be {kind}, not {value!r}"
    not_choice: str = "'{value}' is not one of: {choices}"

    def __call__(self, file: str, where: str, fault: str) -> Exception:
        if not where:
            return self.error(f"{file}: {fault}")
        return self.error(self.place.format(file=file, where=where, fault=fault))


def load_toml(path: Path, refusal: Refusal) -> DataEntry:
    """The whole file as a DataEntry; a missing or unparsable file is refused."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise refusal(path.name, "", f"the data file is missing (looked in {path})") from None
    except tomllib.TOMLDecodeError as exc:
        raise refusal(path.name, "", f"is not valid TOML ({exc})") from None
    return DataEntry(path.name, "", data, refusal)


class DataEntry:
    """One value of a data file (`file`), at `where` inside it, refused in the voice of `refusal`."""

    def __init__(self, file: str, where: str, value: Any, refusal: Refusal) -> None:
        self.file = file
        self.where = where
        self.value = value
        self.refusal = refusal

    # -- refusing ------------------------------------------------------------------------------

    def refuse(self, fault: str, key: str | None = None) -> Exception:
        """The exception naming file, this entry (or its `key`) and the fault; raise it."""
        where = self._child(key) if key is not None else self.where
        return self.refusal(self.file, where, fault)

    def _mismatch(self, kind: str) -> Exception:
        return self.refuse(self.refusal.mismatch.format(kind=kind, value=self.value))

    def _child(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.where}[{key}]"
        return f"{self.where}.{key}" if self.where else key

    def _entry(self, key: str | int, value: Any) -> DataEntry:
        return DataEntry(self.file, self._child(key), value, self.refusal)

    # -- tables and lists ----------------------------------------------------------------------

    def table(self) -> dict[str, DataEntry]:
        """The entries of a table, by key, in the file's order."""
        if not isinstance(self.value, dict):
            raise self._mismatch("a table")
        return {key: self._entry(key, value) for key, value in self.value.items()}

    def child(self, key: str) -> DataEntry:
        """The entry `key` of this table; a missing key is refused."""
        found = self.get(key)
        if found is None:
            raise self.refuse("is missing", key)
        return found

    __getitem__ = child

    def get(self, key: str) -> DataEntry | None:
        """The entry `key` of this table, or None when it is not there."""
        if not isinstance(self.value, dict):
            raise self._mismatch("a table")
        if key not in self.value:
            return None
        return self._entry(key, self.value[key])

    def optional(self, key: str, default: Any) -> DataEntry:
        """The entry `key`, or `default` standing in its place when it is not there."""
        found = self.get(key)
        return self._entry(key, default) if found is None else found

    def at(self, path: str) -> DataEntry:
        """The entry at a dotted path below this one ("calendar.months")."""
        entry = self
        for key in path.split("."):
            entry = entry.child(key)
        return entry

    def has(self, key: str) -> bool:
        return self.get(key) is not None

    def only(self, *keys: str) -> None:
        """Refuse keys this table does not know (a misplaced or misspelt key is a fault)."""
        for key in self.table():
            if key not in keys:
                raise self.refuse(f"unknown key (known keys: {', '.join(keys)})", key)

    def items(self) -> list[DataEntry]:
        """The entries of a list, named `where[0]`, `where[1]` ..."""
        if not isinstance(self.value, list):
            raise self._mismatch("a list")
        return [self._entry(index, value) for index, value in enumerate(self.value)]

    # -- values --------------------------------------------------------------------------------

    def integer(self, low: int | None = None, high: int | None = None) -> int:
        """A whole number, within `low` to `high` when given."""
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._mismatch("a whole number")
        if low is not None and high is not None and not low <= value <= high:
            raise self.refuse(f"is {value}, outside {low} to {high}")
        if low is not None and value < low:
            raise self.refuse(f"should be at least {low}, not {value}")
        if high is not None and value > high:
            raise self.refuse(f"should be at most {high}, not {value}")
        return value

    def decimal(self) -> float:
        """A number, whole or not."""
        if isinstance(self.value, bool) or not isinstance(self.value, (int, float)):
            raise self._mismatch("a number")
        return float(self.value)

    def text(self, choices: tuple[str, ...] | None = None, *, blank: bool = False) -> str:
        """A text, one of `choices` when given; an empty text only when `blank` allows it."""
        value = self.value
        if not isinstance(value, str) or (not blank and not value.strip()):
            raise self._mismatch("a text")
        if choices is not None and value not in choices:
            raise self.refuse(self.refusal.not_choice.format(value=value, choices=", ".join(choices)))
        return value

    def texts(self, *, blank: bool = False) -> tuple[str, ...]:
        """A list of texts."""
        return tuple(item.text(blank=blank) for item in self.items())

    def flag(self) -> bool:
        """true or false."""
        if not isinstance(self.value, bool):
            raise self._mismatch("true or false")
        return self.value
