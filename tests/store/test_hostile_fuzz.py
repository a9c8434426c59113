"""Fuzzing the inputs and the files: mutated actions, mutated exports, mutated rows of a campaign
file and mutated scenarios. Whatever hypothesis makes, the command line either does the work or
refuses in one line with exit code 2 — never a traceback — and a refused command leaves the
campaign file byte for byte as it was (and makes no file).

Quick by default (a few dozen examples each); the `slow` runs try many more."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign_manager.cli import main
from campaign_manager.paths import SCENARIOS
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN

QUICK = settings(max_examples=30, deadline=None, database=None, suppress_health_check=list(HealthCheck))
THOROUGH = settings(max_examples=400, deadline=None, database=None, suppress_health_check=list(HealthCheck))


def run(*argv: object) -> tuple[int, str]:
    """The command line in this process: its exit code and what it said on standard error."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, err.getvalue()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def done_or_refused(code: int, err: str) -> None:
    assert "Traceback" not in err, err
    assert code in (0, 2), (code, err)
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err


@cache
def template() -> bytes:
    """A campaign in turn 2's planning, one action waiting to be redone: copied for each example."""
    folder = Path(tempfile.mkdtemp(prefix="fuzz-template-"))
    path = folder / "t.campaign"
    with CampaignFile.create(path, name="Fuzz") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"]))
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 2"][:3]))
        made.undo()
    data = path.read_bytes()
    shutil.rmtree(folder)
    return data


@contextlib.contextmanager
def campaign_copy():
    folder = Path(tempfile.mkdtemp(prefix="fuzz-"))
    try:
        path = folder / "c.campaign"
        path.write_bytes(template())
        yield path
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# -- mutating JSON ---------------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["B1", "C1", "GR-INF-1", "IT-INF-1", "note", "battle", "axis", "allied", "roll", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _paths(data: Any, here: tuple = ()) -> list[tuple]:
    found = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*here, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*here, index))
    return found


def mutate(draw: Callable, data: Any, rounds: int = 3) -> Any:
    """`data` with a few of its parts replaced, removed or added to."""
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, rounds))):
        path = draw(st.sampled_from(_paths(data)))
        if not path:
            data = draw(json_values)
            continue
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        how = draw(st.sampled_from(["replace", "remove", "add"]))
        if how == "replace":
            parent[path[-1]] = draw(json_values)
        elif how == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_values)
        else:
            parent.insert(path[-1], draw(json_values))
    return data


# -- the properties --------------------------------------------------------------------------------


def _mutated_actions(data: st.DataObject) -> None:
    actions = mutate(data.draw, FULL_CAMPAIGN["turn 2"][3:8])
    with campaign_copy() as path:
        file = path.with_name("a.json")
        file.write_text(json.dumps(actions))
        before = digest(path)
        code, err = run("apply", path, file, "--seed", "1")
        done_or_refused(code, err)
        if code == 2:
            assert digest(path) == before


def _mutated_export(data: st.DataObject) -> None:
    with campaign_copy() as path:
        log = path.with_name("c.json")
        assert run("export", path, "-o", log)[0] == 0
        exported = json.loads(log.read_text(encoding="utf-8"))
        log.write_text(json.dumps(mutate(data.draw, exported)), encoding="utf-8")
        target = path.with_name("new.campaign")
        code, err = run("import", log, "-o", target)
        done_or_refused(code, err)
        assert target.exists() == (code == 0)


SQL_VALUES = (
    st.text(max_size=30)
    | st.binary(max_size=30)
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.sampled_from(['{"type": "note", "text": "x"}', '{"type": "end_turn"}', "[]", "{}", "null", "1e999", "9" * 40])
)
ROWS = [
    ("action", "payload"),
    ("action", "kind"),
    ("action", "recorded_at"),
    ("action", "seq"),
    ("redo", "payload"),
    ("redo", "seq"),
    ("meta", "value"),
    ("document", "source"),
    ("document", "name"),
]
COMMANDS = [("show",), ("log",), ("apply",), ("undo",), ("redo",), ("export",), ("requirements",)]


def _mutated_row(data: st.DataObject) -> None:
    table, column = data.draw(st.sampled_from(ROWS))
    value = data.draw(SQL_VALUES)
    command = data.draw(st.sampled_from(COMMANDS))
    with campaign_copy() as path:
        conn = sqlite3.connect(path)
        try:
            rowids = [row[0] for row in conn.execute(f"SELECT rowid FROM {table}")]
            rowid = data.draw(st.sampled_from(rowids))
            conn.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (value, rowid))
            conn.commit()
        except sqlite3.DatabaseError:
            return  # the change itself is refused by SQLite (a duplicate number): nothing to try
        finally:
            conn.close()
        before = digest(path)
        argv: tuple = (command[0], path)
        if command[0] == "apply":
            note = path.with_name("n.json")
            note.write_text('[{"type": "note", "text": "after"}]')
            argv = ("apply", path, note)
        elif command[0] == "export":
            argv = ("export", path, "-o", path.with_name("out.json"))
        code, err = run(*argv)
        done_or_refused(code, err)
        if code == 2 or command[0] in ("show", "log", "export", "requirements"):
            assert digest(path) == before, (table, column, value, command, err)


@cache
def _scenario_text() -> str:
    return (SCENARIOS / "firestorm-greece.toml").read_text(encoding="utf-8")


def _mutated_scenario(data: st.DataObject) -> None:
    text = _scenario_text()
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 40))
        text = text[:at] + data.draw(st.text(max_size=12)) + text[at + cut :]
    folder = Path(tempfile.mkdtemp(prefix="fuzz-scenario-"))
    try:
        scenario = folder / "s.toml"
        scenario.write_text(text, encoding="utf-8", errors="surrogatepass")
        code, err = run("scenario", "validate", scenario)
        assert "Traceback" not in err and code in (0, 2), (code, err)
        target = folder / "c.campaign"
        code, err = run("new", target, "--scenario", scenario)
        assert "Traceback" not in err and code in (0, 2), (code, err)
        assert target.exists() == (code == 0)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


PROPERTIES = {
    "actions": _mutated_actions,
    "export": _mutated_export,
    "row": _mutated_row,
    "scenario": _mutated_scenario,
}


def _check(kind: str, config: settings) -> None:
    prop = PROPERTIES[kind]

    @config
    @given(st.data())
    def check(data: st.DataObject) -> None:
        prop(data)

    check()


@pytest.mark.parametrize("kind", PROPERTIES)
def test_mutated_input_is_done_or_refused_in_one_line(kind):
    _check(kind, QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("kind", PROPERTIES)
def test_many_mutated_inputs_are_done_or_refused_in_one_line(kind):
    _check(kind, THOROUGH)
