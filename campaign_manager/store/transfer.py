"""A campaign as plain JSON and back: the scenario it was made from and its action log, each
action with the time it was recorded — small enough to send by e-mail or keep in version
control. Importing rebuilds the same campaign: the same state, the same history, the same times.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from campaign_manager.errors import FileRefused, UserError
from campaign_manager.store.campaign_file import KIND, CampaignFile
from campaign_manager.store.faults import storage_faults
from campaign_manager.store.logfile import LogFile

FORMAT = "firestorm-campaign-log"
VERSION = 1
FILE_KEYS = frozenset({"kind", "schema", "revision", "created", "name", "scenario"})  # the file's own


def export_log(campaign: CampaignFile) -> dict[str, Any]:
    """The campaign as a JSON-ready dict (taken-back actions waiting for redo are not part of it)."""
    meta = campaign.log.meta()
    document = campaign.log.document()
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": campaign.name,
        "scenario": meta.get("scenario", campaign.scenario.id),
        "scenario_name": document.name,
        "scenario_source": document.source,
        "created": meta.get("created", ""),
        # what the file was made with beyond its name (e.g. a General's Wargame and its computer side)
        "settings": {key: value for key, value in sorted(meta.items()) if key not in FILE_KEYS},
        "actions": [{"recorded_at": at, "action": payload} for _seq, at, payload in campaign.log.entries()],
    }


def write_export(campaign: CampaignFile, target: Path) -> None:
    """Write the export to `target` whole or not at all (a temporary file, then a rename)."""
    text = json.dumps(export_log(campaign), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    partial = target.with_name(target.name + ".partial")
    try:
        with storage_faults(target, "export"):
            partial.write_text(text, encoding="utf-8")
            os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def read_export(source: Path) -> dict[str, Any]:
    """Read and check an exported log; refuses in one sentence what cannot be imported."""
    try:
        data = json.loads(Path(source).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"{source}: cannot be read ({exc.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FileRefused(f"{source}: is not an exported campaign log (not JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileRefused(f'{source}: is not an exported campaign log (no "format": "{FORMAT}")')
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise FileRefused(
            f"{source}: was exported by a newer version of the app (log format "
            f"{data.get('version')}, this app reads up to {VERSION})"
        )
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(
        isinstance(a, dict) and isinstance(a.get("action"), dict) and isinstance(a.get("recorded_at"), str)
        for a in actions
    ):
        raise FileRefused(f'{source}: its "actions" should be a list of {{recorded_at, action}} entries')
    for key in ("name", "scenario", "scenario_name", "scenario_source"):
        if not isinstance(data.get(key), str):
            raise FileRefused(f'{source}: lacks the campaign\'s "{key}"')
    return data


def import_log(source: Path, target: Path) -> CampaignFile:
    """Rebuild the campaign exported in `source` as a new campaign file `target` (never
    overwriting one). Every action is replayed first: a log that does not replay is refused and
    no file is left behind. Returns the campaign opened read-only."""
    data = read_export(source)
    target = Path(target)
    if target.exists():
        raise FileRefused(f"{target}: already exists; choose another name (nothing was overwritten)")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    settings = data.get("settings", {})
    if not isinstance(settings, dict) or not all(isinstance(v, str) for v in settings.values()):
        raise FileRefused(f'{source}: its "settings" should map names to text')
    meta = {key: value for key, value in settings.items() if key not in FILE_KEYS}
    meta.update(name=data["name"], scenario=data["scenario"])
    if data.get("created"):
        meta["created"] = str(data["created"])
    try:
        with LogFile.create(partial, KIND, data["scenario_name"], data["scenario_source"], meta=meta) as log:
            log.append(
                [entry["action"] for entry in data["actions"]],
                recorded_at=[entry["recorded_at"] for entry in data["actions"]],
            )
        try:
            CampaignFile.open(partial, readonly=True).close()  # the scenario parses, the log replays
        except FileRefused as exc:
            raise FileRefused(f"{source}: cannot be imported: {str(exc).removeprefix(str(partial) + ': ')}") from None
        with storage_faults(target, "import"):
            if target.exists():
                raise FileRefused(f"{target}: already exists; choose another name (nothing was overwritten)")
            os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
        partial.with_name(partial.name + "-journal").unlink(missing_ok=True)
    return CampaignFile.open(target, readonly=True)
