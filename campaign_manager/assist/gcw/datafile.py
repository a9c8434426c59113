"""Reading the module's TOML data files entry by entry.

A damaged file is refused with a message that names the file, the entry and the fault, so the
shop owner can fix a typo in a chart without reading Python.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from campaign_manager.errors import FileRefused


class ChartError(FileRefused):
    """A data file (chart or owner-filled table) that cannot be used as it is."""


def load_toml(path: Path) -> "Entry":
    """The whole file as an Entry; a missing or unreadable file is refused."""
    try:
        with Path(path).open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise ChartError(f"{Path(path).name}: the data file is missing (looked in {path})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ChartError(f"{Path(path).name}: is not valid TOML ({exc})") from None
    return Entry(Path(path).name, "", data)


class Entry:
    """One value in a data file, with where it sits, to check it and to name it in messages."""

    def __init__(self, file: str, where: str, value: Any) -> None:
        self.file = file
        self.where = where
        self.value = value

    def fail(self, fault: str) -> ChartError:
        place = f"{self.file}: {self.where}" if self.where else self.file
        return ChartError(f"{place}: {fault}")

    def _child(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.where}[{key}]"
        return f"{self.where}.{key}" if self.where else str(key)

    def table(self) -> dict[str, "Entry"]:
        if not isinstance(self.value, dict):
            raise self.fail("should be a table of named entries")
        return {key: Entry(self.file, self._child(key), value) for key, value in self.value.items()}

    def __getitem__(self, key: str) -> "Entry":
        found = self.table().get(key)
        if found is None:
            raise Entry(self.file, self._child(key), None).fail("is missing")
        return found

    def get(self, key: str) -> "Entry | None":
        return self.table().get(key)

    def items(self) -> list["Entry"]:
        """A list's entries; a missing list (None) reads as empty."""
        if self.value is None:
            return []
        if not isinstance(self.value, list):
            raise self.fail("should be a list")
        return [Entry(self.file, self._child(index), value) for index, value in enumerate(self.value)]

    def rows(self) -> list["Entry"]:
        """The `rows` blocks of an owner-filled chart; none yet reads as empty."""
        found = self.get("rows")
        return [] if found is None else found.items()

    def integer(self, low: int | None = None, high: int | None = None) -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"should be a whole number, not {value!r}")
        if low is not None and value < low:
            raise self.fail(f"should be at least {low}, not {value}")
        if high is not None and value > high:
            raise self.fail(f"should be at most {high}, not {value}")
        return value

    def text(self, choices: tuple[str, ...] | None = None) -> str:
        value = self.value
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"should be a text, not {value!r}")
        if choices is not None and value not in choices:
            raise self.fail(f"'{value}' is not one of: {', '.join(choices)}")
        return value

    def flag(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.fail(f"should be true or false, not {self.value!r}")
        return self.value
