"""Scenario files the user makes: written whole (store/writing.py) in the user's scenario folder,
where `scenario list`, File ▸ New and `new --scenario NAME` find them, and never over a bundled
scenario. A campaign keeps the text of the scenario it was made from, so saving a scenario again
never changes a campaign already started from it."""

from __future__ import annotations

import re
from pathlib import Path

from campaign_manager import bounds
from campaign_manager.errors import FileRefused
from campaign_manager.i18n import _
from campaign_manager.paths import APPLICATION, SCENARIOS
from campaign_manager.scenario.loader import bundled_scenarios, user_scenarios
from campaign_manager.scenario.model import ScenarioFile
from campaign_manager.scenario.writer import scenario_toml
from campaign_manager.store.writing import write_whole

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,79}")


def check_scenario_name(name: str) -> str:
    """A name a scenario of the user's may be saved as (its file's name, without `.toml`)."""
    name = name.strip()
    if name.lower().endswith(".toml"):
        name = name[:-5]
    if not NAME.fullmatch(name) or name.endswith("."):
        raise FileRefused(
            _(
                '"{name}" cannot name a scenario: use the letters A to Z without accents, digits, '
                'spaces, "-", "_" or "." (at most 80, starting with a letter or digit), so that the '
                "file's name reads the same on every computer"
            ).format(name=name)
        )
    if name.lower() in {bundled.lower() for bundled in bundled_scenarios()}:
        raise FileRefused(
            _(
                '"{name}" is the name of a bundled scenario, and a bundled scenario is never '
                "overwritten: save under another name"
            ).format(name=name)
        )
    return name


def save_user_scenario(data: ScenarioFile, name: str, replacing: Path | None = None) -> Path:
    """Write the scenario as `name`.toml in the user's scenario folder and return its path. A file
    of that name is replaced only when it is `replacing` (the file being edited); a bundled
    scenario never is."""
    name = check_scenario_name(name)
    folder = user_scenarios()
    target = folder / f"{name}.toml"
    if _inside(target, SCENARIOS):
        raise FileRefused(_("{target}: is a bundled scenario's place; nothing was written").format(target=target))
    text = scenario_toml(data, f"{data.scenario.name}: a scenario saved by {APPLICATION}'s scenario editor.")
    if len(text.encode("utf-8")) > bounds.MAX_SCENARIO:
        raise FileRefused(
            _("{name}: the scenario would be larger than {limit}").format(
                name=name, limit=bounds.size_words(bounds.MAX_SCENARIO)
            )
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileRefused(
            _("{folder}: the scenario folder cannot be made ({problem})").format(
                folder=folder, problem=exc.strerror or exc
            )
        ) from None
    same = replacing is not None and Path(replacing).resolve() == target.resolve()
    write_whole(target, text.encode("utf-8"), "scenario", new=not same)
    return target


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().parent == folder.resolve()
    except OSError:
        return False
