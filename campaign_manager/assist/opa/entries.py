"""Reading one entry of a TOML table file, refusing a bad value with file, entry and fault."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator, NoReturn

from campaign_manager.errors import FileRefused


class Entry:
    """A table (a TOML mapping) at a dotted `name` inside `source`."""

    def __init__(self, source: Path, name: str, data: Any) -> None:
        self.source = source
        self.name = name
        if not isinstance(data, dict):
            self._fail(name or "(top)", "should be a table of values")
        self.data = data

    def _where(self, key: str) -> str:
        return f"{self.name}.{key}" if self.name else key

    def _fail(self, where: str, fault: str) -> NoReturn:
        raise FileRefused(f"{self.source.name}: entry '{where}' {fault}")

    def refuse(self, key: str, fault: str) -> NoReturn:
        self._fail(self._where(key), fault)

    def _get(self, key: str) -> Any:
        if key not in self.data:
            self.refuse(key, "is missing")
        return self.data[key]

    def child(self, key: str) -> Entry:
        return Entry(self.source, self._where(key), self._get(key))

    def children(self) -> Iterator[tuple[str, Entry]]:
        if not self.data:
            self._fail(self.name, "is empty")
        for key in self.data:
            yield key, self.child(key)

    def rows(self, key: str) -> list[Entry]:
        value = self._get(key)
        if not isinstance(value, list) or not value:
            self.refuse(key, "should be a non-empty list of tables")
        return [Entry(self.source, f"{self._where(key)}[{i}]", row) for i, row in enumerate(value)]

    def number(self, key: str, low: int, high: int) -> int:
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse(key, f"should be a whole number, not {value!r}")
        if not low <= value <= high:
            self.refuse(key, f"is {value}, outside {low} to {high}")
        return value

    def pair(self, key: str, low: int, high: int) -> tuple[int, int]:
        value = self._get(key)
        if not isinstance(value, list) or len(value) != 2:
            self.refuse(key, f"should be two numbers [attacking, defending], not {value!r}")
        for number in value:
            if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
                self.refuse(key, f"holds {number!r}; each number should be {low} to {high}")
        return value[0], value[1]

    def flag(self, key: str, default: bool | None = None) -> bool:
        if default is not None and key not in self.data:
            return default
        value = self._get(key)
        if not isinstance(value, bool):
            self.refuse(key, f"should be true or false, not {value!r}")
        return value

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value.strip():
            self.refuse(key, "should be some text")
        return value

    def choice(self, key: str, allowed: tuple[str, ...]) -> str:
        value = self.text(key)
        if value not in allowed:
            self.refuse(key, f"is '{value}'; it should be one of {', '.join(allowed)}")
        return value
