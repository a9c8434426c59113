"""The JSON Schemas in docs/ are generated from the models and current; the examples in
docs/actions.md are valid actions by that schema, and the bundled scenario by its own."""

from __future__ import annotations

import json
import re
import tomllib

import jsonschema
import pytest

from campaign_manager.paths import SCENARIOS
from campaign_manager.schemas import DOCS, SCHEMAS, text
from tests.shared import ROOT


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_the_schema_in_docs_is_current(name):
    written = (DOCS / name).read_text(encoding="utf-8")
    assert written == text(SCHEMAS[name]()), f"run: .venv/bin/python -m campaign_manager.schemas ({name} is stale)"


def _examples() -> list[object]:
    doc = (ROOT / "docs" / "actions.md").read_text(encoding="utf-8")
    blocks = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", doc, re.S)]
    actions = []
    for block in blocks:
        actions += block if isinstance(block, list) else [block]
    assert len(actions) >= 5
    return actions


def test_the_action_examples_of_the_docs_follow_the_schema():
    schema = json.loads((DOCS / "actions.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for action in _examples():
        assert not list(validator.iter_errors(action)), action
    assert list(validator.iter_errors({"type": "battle", "from": "B1", "to": "C1", "surprise": True}))
    assert list(validator.iter_errors({"from": "B1", "to": "C1"})), "the type is required"


def test_the_docs_point_to_the_schema():
    assert "actions.schema.json" in (ROOT / "docs" / "actions.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.name)
def test_bundled_scenarios_follow_the_scenario_schema(path):
    schema = json.loads((DOCS / "scenario.schema.json").read_text(encoding="utf-8"))
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert not [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
