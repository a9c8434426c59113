"""The translations (docs/translation.md): every message of the marked modules goes through the
catalogue, the catalogues are current and the German one complete, the command line's help and
the engine's refusals read in German under a German locale, and what a program reads (JSON)
is the same in every language."""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from campaign_manager import i18n
from campaign_manager.assist.registry import MODULES as ASSIST_GAMES
from campaign_manager.cli import build_parser
from tests.english_in_place import english_in_place
from tests.shared import FULL_CAMPAIGN, LOCALE_VARIABLES, ROOT, run

sys.path.insert(0, str(ROOT / "installer"))
import translations  # noqa: E402  (installer/translations.py: Babel's extraction and compilation)

# The modules whose every user-visible message is marked; the rest of the engine, the reports
# and the window are still to be marked (issue #41).
REFUSING_MODULES = [f"campaign_manager/engine/{name}.py" for name in ("battle", "legal", "planning", "resolve")]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%[%a-z]")


def _parsers(parser: argparse.ArgumentParser, path: str = "campaign-manager"):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, f"{path} {name}")


def test_every_help_text_of_the_command_line_is_marked(speak):
    speak(FIRESTORM_PSEUDO="1")  # a marked text comes back bracketed; an unmarked one as written
    # the assist tools' commands are built only when asked for: each game's parser, and the rest
    parsers = [build_parser([], lambda *a, **k: 0)]
    parsers += [build_parser(["assist", module.code], lambda *a, **k: 0) for module in ASSIST_GAMES]
    unmarked = []
    for path, each in (found for parser in parsers for found in _parsers(parser)):
        texts = [each.description] + [a.help for a in each._actions if a.help is not argparse.SUPPRESS]
        texts += [
            c.help for a in each._actions if isinstance(a, argparse._SubParsersAction) for c in a._choices_actions
        ]
        texts += [group.title for group in each._action_groups]
        unmarked += [f"{path}: {text!r}" for text in texts if text and not text.startswith("[")]
    assert not unmarked, "help texts not marked for translation:\n" + "\n".join(unmarked)


def _message_argument(call: ast.Call) -> ast.expr | None:
    name = call.func.id if isinstance(call.func, ast.Name) else None
    if name in ("RuleError", "ChoiceNeeded") and len(call.args) >= 2:
        return call.args[1]
    if name == "UserError" and call.args:
        return call.args[0]
    return None


def _is_marked(node: ast.expr) -> bool:
    """Not English written in place: `_("...")`, `_("...").format(...)`, a name or a call (a
    message made further up, checked where it is made), never a string, f-string or sum of them."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        made = node.func.value
        return isinstance(made, ast.Name) or (isinstance(made, ast.Call) and getattr(made.func, "id", None) == "_")
    return not isinstance(node, (ast.Constant, ast.JoinedStr, ast.BinOp))


@pytest.mark.parametrize("module", REFUSING_MODULES)
def test_every_refusal_of_the_marked_engine_modules_goes_through_the_catalogue(module):
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    plain = [
        f"{module}:{call.lineno}"
        for call in ast.walk(tree)
        if isinstance(call, ast.Call) and (message := _message_argument(call)) is not None and not _is_marked(message)
    ]
    assert not plain, f"refusals written in English only (wrap them in _()): {plain}"


def test_the_template_holds_every_marked_message_and_no_other():
    with translations.TEMPLATE.open("rb") as file:
        kept = {m.id for m in translations.read_po(file) if m.id}
    marked = {m.id for m in translations.extract() if m.id}
    assert kept == marked, "run python installer/translations.py update: " + repr(kept ^ marked)


def _same_placeholders(english: str | tuple[str, ...], translated: str | tuple[str, ...]) -> bool:
    """A translation fills the English message's placeholders; a plural's singular may leave out
    the number ("one d6"), its other forms may not."""
    if isinstance(english, str):
        return sorted(PLACEHOLDER.findall(english)) == sorted(PLACEHOLDER.findall(str(translated)))
    every = set(PLACEHOLDER.findall(english[-1]))
    return set(PLACEHOLDER.findall(translated[0])) <= every and all(
        set(PLACEHOLDER.findall(form)) == every for form in translated[1:]
    )


@pytest.mark.parametrize("language", translations.languages())
def test_each_catalogue_is_complete_and_compiled(language):
    path = translations.po_path(language)
    catalog = translations.read(path, language)
    with translations.TEMPLATE.open("rb") as file:
        assert {m.id for m in catalog if m.id} == {m.id for m in translations.read_po(file) if m.id}
    untranslated = [m.id for m in catalog if m.id and not (all(m.string) if m.pluralizable else m.string)]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not untranslated and not fuzzy, f"{language}: untranslated {untranslated}, fuzzy {fuzzy}"
    assert not [problem for message in catalog for problem in message.check(catalog)]
    moved = [m.id for m in catalog if m.id and not _same_placeholders(m.id, m.string)]
    assert not moved, f"{language}: placeholders differ from the English in {moved}"
    compiled = path.with_suffix(".mo").read_bytes()
    assert compiled == translations.compiled(catalog), "run python installer/translations.py compile"


def test_the_pseudo_translation_is_longer_and_keeps_its_placeholders():
    words = i18n.pseudo("{troop} cannot enter {area}")
    assert "{troop}" in words and "{area}" in words and "é" in words
    assert len(words) >= 1.3 * len("{troop} cannot enter {area}")


def test_a_language_without_a_catalogue_reads_in_english(speak):
    speak(LANG="xx_XX.UTF-8")
    assert i18n._("nobody holds {origin}: an attack starts from an area the attacker holds").startswith("nobody")
    speak(LANG="de_DE.UTF-8", FIRESTORM_LANGUAGE="C")
    assert i18n._("none") == "none"


def test_the_help_is_in_german_under_a_german_locale():
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES} | {"LANG": "de_DE.UTF-8"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "campaign_manager", "--help"], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith("Aufruf: campaign-manager")
    assert "Positionsargumente:" in done.stdout and "eine Feldzugsdatei anlegen" in done.stdout
    assert "create a campaign file" not in done.stdout


def _attack_before_the_campaign_begins(folder, capsys):
    folder.mkdir(exist_ok=True)
    path = folder / "c.campaign"
    run(capsys, "new", path)
    actions = folder / "a.json"
    battle = {"type": "battle", "from": "B1", "to": "C1", "attacker": {"troops": ["IT-INF-1"]}}
    actions.write_text(json.dumps([battle]))
    return run(capsys, "apply", path, actions)


def test_an_engine_refusal_in_german_under_a_german_locale(tmp_path, capsys, speak):
    speak(LANG="de_DE.UTF-8")
    code, _, err = _attack_before_the_campaign_begins(tmp_path, capsys)
    assert code == 2
    assert (
        "Regel 1.1: Schlachten werden während eines Zuges ausgetragen, und der Feldzug hat noch nicht begonnen" in err
    )
    speak(LANG="C")
    english = _attack_before_the_campaign_begins(tmp_path / "again", capsys)[2]
    assert "Rule 1.1: battles are fought during a turn, and the campaign has not begun" in english


def _without_times(text: str) -> str:
    """A JSON output with the moments things were recorded taken out (they differ run to run)."""
    return re.sub(r'"recorded_at": "[^"]*"', '"recorded_at": ""', text)


def test_json_outputs_are_the_same_in_every_language(tmp_path, capsys, speak):
    path = tmp_path / "c.campaign"
    run(capsys, "new", path)
    actions = tmp_path / "turn1.json"
    actions.write_text(json.dumps(FULL_CAMPAIGN["turn 1"]), encoding="utf-8")
    outputs = {}
    languages = ({"LANG": "C"}, {"LANG": "de_DE.UTF-8"}, {"LANG": "el_GR.UTF-8"}, {"FIRESTORM_PSEUDO": "1"})
    for n, variables in enumerate(languages):  # the scenario names its areas in German and Greek: the JSON does not
        speak(**variables)
        (folder := tmp_path / str(n)).mkdir()  # each language's files, the same names in each
        played, fought = folder / "played.campaign", folder / "fought.campaign"
        run(capsys, "new", played)
        run(capsys, "new", fought, "--wargame", "--computer", "axis")
        said = [
            run(capsys, "show", path, "--json"),
            run(capsys, "requirements", path, "--turn", "1", "--json"),
            run(capsys, "odds", "--terrain", "plain", "--turn", "1", "--attacker", "greek:infantry", "--json"),
            run(capsys, "apply", played, actions, "--json"),
            run(capsys, "log", played, "--json"),
            run(capsys, "computer", fought, "--seed", 5, "--json"),
            run(
                capsys,
                "assist",
                "agt",
                "weather",
                "--scenario",
                "historical",
                "--month",
                "nov",
                "--first-turn",
                "--json",
            ),
            run(
                capsys,
                "assist",
                "gcw",
                "conflict",
                "--attacker",
                "9",
                "--defender",
                "3",
                "--table",
                "open",
                "--die",
                "4",
                "--json",
            ),
            run(capsys, "assist", "opa", "fire", "--target", "cover", "--dice", "4,5,6", "--json"),
        ]
        assert all(code == 0 for code, _out, _err in said), [err for _code, _out, err in said]
        outputs[str(variables)] = [_without_times(out.replace(str(folder), "FOLDER")) for _code, out, _err in said]
    first, *others = outputs.values()
    assert all(json.loads(text) is not None for text in first)
    for other in others:
        assert other == first


def test_english_is_what_the_code_says(speak):
    speak(LANG="C")
    assert Path(i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "campaign_manager.mo").is_file()
    assert i18n._("Rule {rule}: {message}") == "Rule {rule}: {message}"
    speak(LANG="de_DE.UTF-8")
    assert i18n._("Rule {rule}: {message}") == "Regel {rule}: {message}"


NOT_YET_FILE = ROOT / "tests" / "translation_not_yet.txt"
NOT_YET = {line for line in NOT_YET_FILE.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")}
MODULES = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "campaign_manager").rglob("*.py"))


@pytest.mark.parametrize("module", MODULES)
def test_no_english_is_written_in_place(module):
    found = english_in_place(ROOT / module, ROOT)
    if module in NOT_YET:
        assert found, f"{module} is marked now: take it off {NOT_YET_FILE.name}"
    else:
        assert not found, (
            "English written in place (wrap it in _(), or say why not with # untranslated:):\n"
            + "\n".join(map(str, found))
        )


def test_the_list_of_modules_not_yet_marked_names_only_modules():
    assert NOT_YET <= set(MODULES)
