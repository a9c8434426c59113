"""Screens and pages read the engine's answers by attribute: no string-key lookup in `ui/` or
`reports/` (issue 42). An AST scan of every module there fails on `x["key"]` and on
`x.get("key")`, except where the thing read is not an engine answer (ALLOWED, with the reason)
and in the scenario editor (EDITS_TOML)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from campaign_manager.engine.campaign import apply_action, initial_state
from campaign_manager.engine.requirements import requirements
from campaign_manager.engine.spelling import read_action
from campaign_manager.engine.views import state_view
from campaign_manager.scenario import load_scenario
from tests.shared import CROWDED, ROOT, SEVEN_OPEN

PACKAGE = ROOT / "campaign_manager"
SCANNED = ("ui", "reports")

# The scenario editor reads and writes the scenario file's own TOML tables, as the user typed them
# (half-written and faulty while being edited, so no typed model can hold them): not an answer of
# the engine. It asks nothing of the engine: only `scenario/` (its edits and checks).
EDITS_TOML = {"ui/editor/"}

# module → the keys it may read that way, and why what it reads is not an engine answer.
ALLOWED: dict[str, tuple[frozenset[str], str]] = {
    "ui/forms.py": (frozenset({"notr"}), "an attribute of a Qt Designer form's XML <string> (not for translation)"),
    "ui/display_check.py": (
        frozenset({"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY", "LD_LIBRARY_PATH"}),
        "the process's environment variables",
    ),
    "ui/assist/gcw_charts_tab.py": (frozenset({"politics", "regions"}), "the tab's own Qt table models, by chart"),
    "ui/assist/gcw_tracker_actions.py": (
        frozenset({"points", "tight_ungarrisoned", "area_empty_regions", "duration", "limit", "amount", "what"}),
        "the tracker action the form is building (its JSON record, an input to the engine)",
    ),
    "ui/battle/after_pages.py": (
        frozenset({""}),
        'the retreat page\'s own choice boxes; the key "" is the whole force',
    ),
    "ui/file_menu.py": (frozenset({"scenario", "name"}), "a scenario file's TOML tables, read for its title"),
    "ui/map/overlays.py": (frozenset({"left", "top", "right", "bottom"}), "the room kept at each edge of the map"),
    "ui/open_log.py": (frozenset({"by_computer", "type"}), "an action record of the log (its JSON form)"),
    "reports/map_drawing.py": (frozenset({"strokeWidth"}), "reportlab drawing keywords"),
    "reports/tables.py": (frozenset({"cell", "cellbold"}), "reportlab paragraph styles by name"),
}


def _lookups(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, key) of every subscript with a string constant and every `.get("key", ...)` call."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            key = node.slice
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                found.append((node.lineno, key.value))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def _modules() -> list[Path]:
    every = [path for folder in SCANNED for path in sorted((PACKAGE / folder).rglob("*.py"))]
    return [path for path in every if not any(path.relative_to(PACKAGE).as_posix().startswith(p) for p in EDITS_TOML)]


def test_screens_and_pages_read_no_string_keys():
    found = []
    for path in _modules():
        module = path.relative_to(PACKAGE).as_posix()
        for line, key in _lookups(ast.parse(path.read_text(encoding="utf-8"))):
            if key not in ALLOWED.get(module, (frozenset(), ""))[0]:
                found.append(f"{module}:{line}: [{key!r}]")
    assert not found, "read the engine's answer by attribute:\n" + "\n".join(found)


def test_every_allowed_lookup_is_still_there():
    """An entry of ALLOWED that no longer matches anything is taken out, so the list stays short."""
    seen = set()
    for path in _modules():
        module = path.relative_to(PACKAGE).as_posix()
        seen.update((module, key) for _, key in _lookups(ast.parse(path.read_text(encoding="utf-8"))))
    allowed = {(module, key) for module, (keys, _) in ALLOWED.items() for key in keys}
    assert not allowed - seen


def test_the_scan_finds_a_string_key_and_a_get():
    tree = ast.parse('view["turn"]\nview.get("outcome", {})\nview.turn\nrows[0]\n')
    assert _lookups(tree) == [(1, "turn"), (2, "outcome")]


def test_the_pending_folders_exist():
    assert all((PACKAGE / folder).is_dir() for folder in EDITS_TOML)


def test_a_picture_is_built_once_per_state_and_again_after_an_action():
    sc = load_scenario()
    st = initial_state(sc)
    view = state_view(sc, st)
    assert state_view(sc, st) is view
    assert requirements(sc, st) is requirements(sc, st)
    after = apply_action(sc, st, read_action(sc, {"type": "start_turn"})).state
    assert state_view(sc, after) is not view
    assert (view.turn, state_view(sc, after).turn) == (0, 1)
    with pytest.raises(TypeError):  # shared by every reader: nobody changes it for the others
        view.vp["axis"] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        view.turn = 2  # type: ignore[misc]
    assert requirements(sc, after, 2) is not requirements(sc, after, 1)


def test_the_json_of_a_picture_keeps_its_keys():
    """`show --json` and `requirements --json` are derived from the models: the keys a script
    reads, "from" and "to" on an arrow among them, and the keys a troop has only when waiting."""
    sc = load_scenario()
    st = initial_state(sc)
    for action in CROWDED + SEVEN_OPEN:
        st = apply_action(sc, st, read_action(sc, action)).state
    data = state_view(sc, st).to_json()
    assert list(data) == [
        "scenario", "turn", "turn_name", "phase", "areas", "reinforcements", "pools", "captured",
        "not_yet_arrived", "sorties", "initiative", "battles", "open_arrows", "command_centre_wins", "vp",
        "vp_breakdown", "outcome",
    ]  # fmt: skip
    assert len(data["open_arrows"]) == 7 and data["open_arrows"][0]["from"] == "A5"
    assert data["open_arrows"][0]["mission"] == "Fighting Withdrawal" and data["open_arrows"][1]["mission"] is None
    assert data["open_arrows"][1]["attacker"] == {"troops": ["DE-PZ-2"], "sortie": "german"}
    assert all(set(t) == {"id", "nation", "kind", "name"} for a in data["areas"].values() for t in a["troops"])
    assert set(data["outcome"]) == {"leader", "margin", "result", "final", "levels"}
    asked = requirements(sc, st, 4).to_json()
    assert all(set(t) == {"id", "nation", "kind", "zone"} for t in asked["reinforcements"])
    assert list(asked["fixed_arrows"]) == [] and set(asked["battles"]) == {
        "formula", "dice", "dice_words", "required", "fought",
    }  # fmt: skip


def test_the_scenario_editor_reads_no_engine_answer():
    """What lets the editor read its TOML tables by key: it imports nothing of the engine."""
    for folder in EDITS_TOML:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom):
                    assert not (node.module or "").startswith("campaign_manager.engine"), path
                elif isinstance(node, ast.Import):
                    assert not any(a.name.startswith("campaign_manager.engine") for a in node.names), path
