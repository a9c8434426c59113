"""JSON Schema for the actions, the scenario file, `computer --json` and a published folder's
status.json, generated from their models.

    .venv/bin/python -m campaign_manager.schemas      # rewrites docs/*.schema.json

The schemas in docs/ are checked to be current by tests/test_schemas.py, so they never drift
from the models that read the files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from campaign_manager.i18n import _

# A developer's tool: it writes into the checkout it is run from (the package sits at its top).
ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def action_schema() -> dict[str, Any]:
    """One action of the log or of an actions file (docs/actions.md)."""
    from pydantic.json_schema import GenerateJsonSchema

    from campaign_manager.engine.actions import ACTION, NoDice

    class ActionSchema(GenerateJsonSchema):
        def encode_default(self, dft: Any) -> Any:
            return {} if isinstance(dft, NoDice) else super().encode_default(dft)

    schema = ACTION.json_schema(by_alias=True, schema_generator=ActionSchema)
    for definition in schema["$defs"].values():  # the tag has a default in Python, never in a file
        if "const" in definition.get("properties", {}).get("type", {}):
            definition["properties"]["type"].pop("default", None)
            definition["required"] = ["type", *definition.get("required", [])]
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Firestorm campaign action", **schema}


def scenario_schema() -> dict[str, Any]:
    """A scenario file (TOML, read as its JSON equivalent)."""
    from campaign_manager.scenario.model import ScenarioFile

    schema = ScenarioFile.model_json_schema(by_alias=True)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "title": "Firestorm scenario file"}


def computer_schema() -> dict[str, Any]:
    """What `computer FILE --json` prints (engine/computer_answer.py)."""
    from campaign_manager.engine.computer_answer import ComputerAnswer

    schema = ComputerAnswer.model_json_schema(by_alias=True, mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "title": "Computer's moves"}


def status_schema() -> dict[str, Any]:
    """The status.json of a published folder (engine/published.py)."""
    from campaign_manager.engine.published import PublishedStatus

    schema = PublishedStatus.model_json_schema(by_alias=True, mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "title": "Published campaign status"}


SCHEMAS = {
    "actions.schema.json": action_schema,
    "scenario.schema.json": scenario_schema,
    "computer.schema.json": computer_schema,
    "status.schema.json": status_schema,
}


def text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(folder: Path = DOCS) -> list[Path]:
    written = []
    for name, make in SCHEMAS.items():
        path = folder / name
        path.write_text(text(make()), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write():
        print(_("wrote {file}").format(file=path.relative_to(ROOT)))
