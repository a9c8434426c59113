"""A campaign as plain JSON and back: the scenario it was made from and its action log, each
action with the time it was recorded — small enough to send by e-mail or keep in version
control. Importing rebuilds the same campaign: the same state, the same history, the same times.

The exported form is declared once (`ExportFile`) and read strictly within the limits of
campaign_manager/bounds.py; every action is replayed before the new file is written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, TypeAdapter

from campaign_manager import bounds
from campaign_manager.datamodel import AnyText, DataModel, Int, Text, read_model
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.i18n import _, ngettext
from campaign_manager.store import writing
from campaign_manager.store.action_log import OWN_KEYS, LogContent
from campaign_manager.store.address import Location, ServerAddress, locate
from campaign_manager.store.campaign_file import KIND, CampaignFile
from campaign_manager.store.logfile import LogFile

FORMAT = "firestorm-campaign-log"
VERSION = 1
FILE_KEYS = OWN_KEYS | {"created", "name", "scenario"}  # the file's own
Time = Annotated[str, StringConstraints(strict=True, max_length=64)]


class ExportEntry(DataModel):
    """One logged action and when it was recorded (the action is read as one on replay)."""

    recorded_at: Time
    action: dict[str, Any]


class ExportFile(DataModel):
    """An exported campaign log, as written by `export`."""

    format: Literal["firestorm-campaign-log"]
    version: Int
    name: Annotated[str, StringConstraints(strict=True, min_length=1, max_length=bounds.MAX_NAME)]
    scenario: Text
    scenario_name: Text
    scenario_source: Annotated[str, StringConstraints(strict=True, max_length=bounds.MAX_SCENARIO)]
    created: AnyText = ""
    settings: dict[Text, AnyText] = {}
    actions: Annotated[list[ExportEntry], Field(max_length=bounds.MAX_LOG)]


EXPORT_FILE = TypeAdapter(ExportFile)


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
    """Write the export to `target` whole or not at all."""
    text = json.dumps(export_log(campaign), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    writing.write_whole(Path(target), text.encode("utf-8"), "export")


def read_export(source: Path) -> ExportFile:
    """Read and check an exported log; refuses in one sentence what cannot be imported."""
    what = _("an exported campaign log")
    raw = bounds.read_bounded(source, bounds.MAX_EXPORT_FILE, what, FileRefused)
    data = bounds.parse_json(bounds.decode(raw, source, what, FileRefused), source, what, FileRefused)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileRefused(
            _('{source}: is not an exported campaign log (no "format": "{format}")').format(
                source=source, format=FORMAT
            )
        )
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise FileRefused(
            _(
                "{source}: was exported by a newer version of the app (log format {version}, this app "
                "reads up to {newest})"
            ).format(source=source, version=version, newest=VERSION)
        )
    try:
        return read_model(EXPORT_FILE, data, str(source), FileRefused)
    except FileRefused as exc:
        faults = getattr(exc, "faults", None)
        if not faults:
            raise
        more = len(faults) - 1
        first = faults[0].words(str(source))
        if more:
            first = ngettext("{fault} (and {n} more fault)", "{fault} (and {n} more faults)", more).format(
                fault=first, n=more
            )
        raise FileRefused(first) from None


def import_log(source: Path, target: Path | str | ServerAddress) -> CampaignFile:
    """Rebuild the campaign exported in `source` as a new campaign file `target`, or a new
    campaign on a server when `target` is an address (never over one). Every action is replayed
    first: a log that does not replay is refused and nothing is made. Returns the campaign
    opened read-only."""
    return _rebuild(read_export(source), str(source), Path(source).name, locate(target))


def push(source: Path, target: str | ServerAddress, replace: bool = False) -> CampaignFile:
    """Put the campaign file `source` on a server as the new campaign `target`, identical in
    state and history (its scenario, settings and every action with the time it was recorded);
    with `replace`, over the campaign there, which is kept under a dated name
    (store/server_restore.py: `restored_over` then names it)."""
    location = locate(target)
    if not isinstance(location, ServerAddress):
        raise UserError(
            _("{target}: is not a server's address (postgresql://USER@HOST/DATABASE?campaign=NAME)").format(
                target=target
            )
        )
    with CampaignFile.open(source, readonly=True) as campaign:
        data = read_model(EXPORT_FILE, export_log(campaign), str(source), FileRefused)
    return _rebuild(data, str(source), Path(source).name, location, replace)


def pull(source: str | ServerAddress, target: Path) -> CampaignFile:
    """Copy the campaign on a server at `source` into the new campaign file `target`, identical
    in state and history."""
    location = locate(source)
    if not isinstance(location, ServerAddress):
        raise UserError(
            _("{source}: is not a server's address (postgresql://USER@HOST/DATABASE?campaign=NAME)").format(
                source=source
            )
        )
    with CampaignFile.open(location, readonly=True) as campaign:
        data = read_model(EXPORT_FILE, export_log(campaign), location.shown, FileRefused)
    return _rebuild(data, location.shown, location.shown, Path(target))


def _rebuild(data: ExportFile, source: str, name: str, target: Location, replace: bool = False) -> CampaignFile:
    """A new campaign at `target` holding the exported campaign `data` (from `source`, called
    `name` in words about its scenario); `replace`: over the server campaign there."""
    from campaign_manager.engine import replay
    from campaign_manager.scenario import parse_scenario

    if isinstance(target, Path):
        writing.check_new(target)
    actions = [entry.action for entry in data.actions]
    try:
        scenario = parse_scenario(data.scenario_source, _("the scenario in {name}").format(name=name))
        replay(scenario, actions)
    except UserError as exc:
        raise FileRefused(_("{source}: cannot be imported: {exc}").format(source=source, exc=exc)) from None
    meta = {key: value for key, value in data.settings.items() if key not in FILE_KEYS}
    meta.update(name=data.name, scenario=data.scenario)
    if data.created:
        meta["created"] = data.created
    times = [entry.recorded_at for entry in data.actions]
    if isinstance(target, ServerAddress):
        from campaign_manager.store.server import ServerLog
        from campaign_manager.store.server_restore import restore

        content = LogContent(KIND, data.scenario_name, data.scenario_source, meta, actions, times)
        kept = restore(target, content) if replace else None
        if kept is None:
            ServerLog.create(target, content).close()
        made = CampaignFile.open(target, readonly=True)
        made.restored_over = kept
        return made
    try:
        image = LogFile.build(KIND, data.scenario_name, data.scenario_source, meta, actions, times)
    except UserError as exc:
        raise FileRefused(_("{source}: cannot be imported: {exc}").format(source=source, exc=exc)) from None
    if len(image) > bounds.MAX_CAMPAIGN_FILE:  # the app would refuse to open what it made
        raise FileRefused(
            _(
                "{source}: cannot be imported: the campaign file would be larger than {limit}, "
                "the largest the app opens; nothing was made"
            ).format(source=source, limit=bounds.size_words(bounds.MAX_CAMPAIGN_FILE))
        )
    writing.write_whole(target, image, "import", new=True)
    return CampaignFile.open(target, readonly=True)
