"""The shared data-file reader: a bad value is refused with a message naming file, entry and
fault, raised as the exception and in the wording the reading module asks for."""

from __future__ import annotations

import pytest

from campaign_manager.datafile import DataEntry, Refusal, load_toml
from campaign_manager.errors import FileRefused, UserError


class OddError(UserError):
    pass


PLAIN = Refusal(OddError)
QUOTED = Refusal(OddError, place="{file}: entry '{where}': {fault}", mismatch="expected {kind}, found {value!r}")

DATA = {"rules": {"max": 3, "name": "", "kind": "a", "on": True, "list": [1, "two"]}, "extra": 1}


def root(refusal: Refusal = PLAIN) -> DataEntry:
    return DataEntry("game.toml", "", DATA, refusal)


def refused(read, refusal: Refusal = PLAIN) -> str:
    with pytest.raises(OddError) as caught:
        read(root(refusal))
    return str(caught.value)


def test_values_of_the_right_kind_are_read():
    rules = root()["rules"]
    assert rules["max"].integer(1, 3) == 3 and rules["on"].flag() is True
    assert rules["kind"].text(("a", "b")) == "a" and rules["name"].text(blank=True) == ""
    assert rules.optional("missing", 7).integer() == 7 and rules.get("missing") is None
    assert [item.where for item in rules["list"].items()] == ["rules.list[0]", "rules.list[1]"]
    assert root().at("rules.max").integer() == 3


@pytest.mark.parametrize("read, message", [
    (lambda r: r["rules"]["gone"], "game.toml: rules.gone: is missing"),
    (lambda r: r["rules"]["max"].integer(1, 2), "game.toml: rules.max: is 3, outside 1 to 2"),
    (lambda r: r["rules"]["max"].integer(5), "game.toml: rules.max: should be at least 5, not 3"),
    (lambda r: r["rules"]["on"].integer(), "game.toml: rules.on: should be a whole number, not True"),
    (lambda r: r["rules"]["name"].text(), "game.toml: rules.name: should be a text, not ''"),
    (lambda r: r["rules"]["kind"].text(("b", "c")), "game.toml: rules.kind: 'a' is not one of: b, c"),
    (lambda r: r["rules"]["max"].flag(), "game.toml: rules.max: should be true or false, not 3"),
    (lambda r: r["rules"]["list"].texts(), "game.toml: rules.list[0]: should be a text, not 1"),
    (lambda r: r["rules"]["max"]["deeper"], "game.toml: rules.max: should be a table, not 3"),
    (lambda r: r["rules"]["max"].items(), "game.toml: rules.max: should be a list, not 3"),
    (lambda r: r.only("rules"), "game.toml: extra: unknown key (known keys: rules)"),
])
def test_a_fault_names_file_entry_and_fault(read, message):
    assert refused(read) == message


def test_a_module_words_its_own_refusals():
    assert refused(lambda r: r["rules"]["on"].integer(), QUOTED) == \
        "game.toml: entry 'rules.on': expected a whole number, found True"
    assert str(root(QUOTED)["rules"].refuse("broken", "max")) == "game.toml: entry 'rules.max': broken"
    assert str(root().refuse("no areas")) == "game.toml: no areas"


def test_a_missing_or_broken_file_is_refused(tmp_path):
    with pytest.raises(FileRefused, match=r"none.toml: the data file is missing"):
        load_toml(tmp_path / "none.toml", Refusal(FileRefused))
    bad = tmp_path / "bad.toml"
    bad.write_text("a = = 1", encoding="utf-8")
    with pytest.raises(FileRefused, match=r"bad.toml: is not valid TOML"):
        load_toml(bad, Refusal(FileRefused))
