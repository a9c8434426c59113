"""docs/assist.md stays true: every `$ campaign-manager ...` example is run in order, its output
compared with the page ("..." stands for lines left out), and run again with --json to check the
"JSON keys:" line under it. The logged A Greek Tragedy actions replay, the owner-chart sample
loads, and `tracker apply --help` points to the page."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.charts import load_charts
from campaign_manager.assist.agt.state import replay
from campaign_manager.assist.gcw.tracker import REDUCERS
from campaign_manager.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "assist.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)


@dataclass
class Example:
    argv: list[str]
    expected: list[str] = field(default_factory=list)

    @property
    def refused(self) -> bool:
        """The page shows a refusal: one line on stderr and exit code 2."""
        return bool(self.expected) and self.expected[0].startswith("campaign-manager: ")


def blocks(kind: str, text: str | None = None) -> list[str]:
    """The body of every fenced block of `kind` (in `text`, or the whole page)."""
    text = DOC.read_text(encoding="utf-8") if text is None else text
    return [m[2] for m in FENCE.finditer(text) if m[1] == kind]


def sections() -> list[str]:
    """The page cut at its '##' and '###' headings ('####' stays inside its section)."""
    return re.split(r"^#{2,3} ", DOC.read_text(encoding="utf-8"), flags=re.M)


def top_level_keys(text: str) -> set[str]:
    """Backticked names outside parentheses: "`a`, `b` (`c`, `d`)" -> {a, b}."""
    depth, outside = 0, []
    for char in text:
        depth += char == "("
        outside.append(char if depth == 0 else " ")
        depth -= char == ")"
    return set(re.findall(r"`([a-z_]+)`", "".join(outside)))


def console_sections() -> list[tuple[set[str] | None, list[Example]]]:
    """Each section's documented JSON keys (None without a "JSON keys" line) and its examples."""
    found = []
    for text in sections():
        keys = re.search(r"^JSON keys[^:]*:(.*?)(?:\n\n|\Z)", text, re.S | re.M)
        examples: list[Example] = []
        for body in blocks("console", text):
            for line in body.splitlines():
                if line.startswith("$ "):
                    argv = shlex.split(line[2:])
                    assert argv[0] == "campaign-manager", line
                    examples.append(Example(argv[1:]))
                else:
                    examples[-1].expected.append(line)
        if examples:
            found.append((top_level_keys(keys[1]) if keys else None, examples))
    return found


def matches(expected: list[str], actual: list[str]) -> bool:
    pattern = "".join("(?:.*\n)*?" if line == "..." else re.escape(line) + "\n" for line in expected)
    return re.fullmatch(pattern, "".join(line + "\n" for line in actual)) is not None


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_every_example_prints_what_the_page_shows(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    found = [example for _, examples in console_sections() for example in examples]
    assert len(found) > 50
    for example in found:
        code, out, err = run(capsys, example.argv)
        assert code == (2 if example.refused else 0), (example.argv, err)
        actual = (out + err).rstrip("\n").split("\n")
        assert matches(example.expected, actual), (example.argv, actual)


def test_every_example_gives_the_json_keys_the_page_lists(capsys, tmp_path, monkeypatch):
    """Each answer's keys are among those listed; together, a block's answers show them all."""
    monkeypatch.chdir(tmp_path)
    for documented, examples in console_sections():
        shown: set[str] = set()
        for example in examples:
            code, out, err = run(capsys, [*example.argv, "--json"])
            assert code == (2 if example.refused else 0), (example.argv, err)
            if example.refused:
                continue
            assert documented is not None, f"no 'JSON keys:' line under {example.argv}"
            keys = set(json.loads(out))
            assert keys <= documented, (example.argv, keys - documented)
            shown |= keys
        if documented is not None:
            assert shown == documented, (examples[0].argv, documented - shown)


def test_the_logged_agt_actions_on_the_page_replay():
    actions = [json.loads(body) for body in blocks("json")]
    assert {a["type"] for a in actions} == {"turn", "weather", "draw", "remove", "port", "port-use"}
    state = replay(book(), "historical", actions)
    assert state.ports["Vlore"] == 14 and state.removed == ["Greek B #1", "Greek A #2"]
    assert (state.used("Vlore"), state.left("Vlore")) == (4, 10)
    # the Mussolini marker's event rolled the weather again, on a line not filled in
    assert state.weather["weather"] == "rain" and state.weather_by_event and state.weather_now is None


def test_the_owner_chart_samples_load(tmp_path):
    terrain, crt = blocks("toml")
    path = tmp_path / "agt_owner.toml"
    for sample in (terrain, crt):
        tomllib.loads(sample)
    path.write_text(terrain, encoding="utf-8")
    assert load_charts(path).value("terrain_drm", "mountain", "DRM") == -2
    path.write_text(crt, encoding="utf-8")
    assert load_charts(path).value("crt", "7", "cautious/flexible defender") == "rd"


def test_every_agt_tracker_action_has_a_table_row_and_an_example():
    text = DOC.read_text(encoding="utf-8")
    for kind in ("turn", "weather", "draw", "remove", "port", "port-use"):
        assert f"| `{kind}` |" in text, kind
        assert f'"type": "{kind}"' in text, kind


def test_every_gcw_tracker_action_is_documented_with_an_example():
    text = DOC.read_text(encoding="utf-8")
    for kind in REDUCERS:
        assert f"| `{kind}` |" in text, kind
        assert f'"type": "{kind}"' in text, kind


def test_tracker_apply_help_points_to_the_page(capsys):
    with pytest.raises(SystemExit):
        main(["assist", "gcw", "tracker", "apply", "--help"])
    out = capsys.readouterr().out
    assert "docs/assist.md" in out and "victory_check" in out


def test_every_gcw_tracker_actions_fields_are_in_its_table_row():
    """The table lists each action's fields as the tracker reads them (assist/gcw/actions.py),
    no more and no fewer: a field the page forgot, or one the app would refuse, fails here."""
    from campaign_manager.assist.gcw.actions import FIELDS

    values = {"government", "dse", "add", "subtract", "tight", "area", "aggressive", "placed", "removed", "spend"}
    values |= {"true", "false"}
    text = DOC.read_text(encoding="utf-8")
    for kind, fields in FIELDS.items():
        row = next(line for line in text.splitlines() if line.startswith(f"| `{kind}` |"))
        named = set(re.findall(r"`\"?([a-z_]+)\"?(?::[^`]*)?`", row.split("|")[2]))
        assert set(fields) <= named, (kind, set(fields) - named)
        assert named - set(fields) <= values, (kind, named - set(fields) - values)
