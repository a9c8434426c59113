"""Reading and checking a scenario file (TOML). A broken file is refused with a message
naming the file and every fault, each with its entry and, where it can be found, its line."""

from __future__ import annotations

from pathlib import Path

from pydantic import TypeAdapter

from campaign_manager import bounds
from campaign_manager.datamodel import parse_toml, read_model
from campaign_manager.errors import UserError
from campaign_manager.paths import SCENARIOS, app_data_folder
from campaign_manager.scenario.checks import check_scenario
from campaign_manager.scenario.migrate import upgrade
from campaign_manager.scenario.model import Scenario, ScenarioFile

SCENARIO_FILE = TypeAdapter(ScenarioFile)


class ScenarioError(UserError):
    """A scenario file that cannot be used; the message names file, entries and faults."""


def user_scenarios() -> Path:
    """The user's own scenario folder, in the app's data folder (where the window keeps its
    campaign): `~/.local/share/Firestorm/Firestorm Campaign Manager/scenarios`."""
    return app_data_folder() / "scenarios"


def bundled_scenarios() -> dict[str, Path]:
    return {path.stem: path for path in sorted(SCENARIOS.glob("*.toml"))}


def known_scenarios() -> dict[str, Path]:
    """The bundled scenarios and the user's (a user's file of the same name comes second)."""
    found = bundled_scenarios()
    folder = user_scenarios()
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            found.setdefault(path.stem, path)
    return found


def scenario_path(name_or_path: str | Path) -> Path:
    known = known_scenarios()
    path = known.get(str(name_or_path)) or Path(name_or_path)
    if not path.exists():
        names = ", ".join(known) or "none"
        if str(name_or_path) not in known and (path.suffix or len(path.parts) > 1):  # meant as a file
            raise ScenarioError(f"no scenario file {path} (or a scenario by name: {names})")
        raise ScenarioError(f"no scenario called '{name_or_path}' (known scenarios: {names})")
    return path


def load_scenario(name_or_path: str | Path = "firestorm-greece") -> Scenario:
    """Load a bundled (or the user's) scenario by name, or a scenario file by path."""
    path = scenario_path(name_or_path)
    raw = bounds.read_bounded(path, bounds.MAX_SCENARIO, "a scenario", ScenarioError)
    if raw.startswith(b"SQLite format 3\0"):
        raise ScenarioError(
            f"{path.name} is a campaign file, not a scenario: a scenario is a TOML text file "
            f"(a campaign keeps its own scenario)"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(f"{path.name}: not a scenario (a scenario is a TOML text file in UTF-8)") from None
    return parse_scenario(text, path.name)


def parse_scenario(text: str, file: str = "scenario") -> Scenario:
    """The scenario in `text`; ScenarioError lists every fault of its shape, or else of its content.

    A text that was checked before is read back from the cache (scenario/cache.py): checking a
    scenario builds its validators, which costs more than everything else a command does."""
    from campaign_manager.scenario import cache

    if len(text) > bounds.MAX_SCENARIO or len(text.encode("utf-8", "surrogatepass")) > bounds.MAX_SCENARIO:
        raise ScenarioError(f"{file}: is too large for a scenario (more than {bounds.size_words(bounds.MAX_SCENARIO)})")
    found = cache.read(text)
    if found is not None:
        return found
    data, read_as = upgrade(parse_toml(text, file, ScenarioError))
    checked = read_model(SCENARIO_FILE, data, file, ScenarioError, check_scenario, text)
    scenario = Scenario.of(checked, text, read_as)
    cache.write(text, scenario)
    return scenario
