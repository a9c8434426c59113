"""Reading and checking a scenario file (TOML). A broken file is refused with a message
naming the file and every fault, each with its entry and, where it can be found, its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from campaign_manager import bounds
from campaign_manager.datamodel import Fault, check_model, parse_toml, refusal
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
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
        names = ", ".join(known) or _("none")
        if str(name_or_path) not in known and (path.suffix or len(path.parts) > 1):  # meant as a file
            raise ScenarioError(
                _("no scenario file {path} (or a scenario by name: {names})").format(path=path, names=names)
            )
        raise ScenarioError(
            _("no scenario called '{name}' (known scenarios: {names})").format(name=name_or_path, names=names)
        )
    return path


def load_scenario(name_or_path: str | Path = "firestorm-greece") -> Scenario:
    """Load a bundled (or the user's) scenario by name, or a scenario file by path."""
    path = scenario_path(name_or_path)
    return parse_scenario(read_scenario_text(path), path.name)


def read_scenario_text(path: Path) -> str:
    """The text of the scenario file at `path`, within the limits; what is not a scenario's
    text (too large, a campaign file, not UTF-8) is refused."""
    # A scenario is named or given as a file, never read from standard input ("-" is a name).
    raw = bounds.read_bounded(path, bounds.MAX_SCENARIO, _("a scenario"), ScenarioError, stdin=False)
    if raw.startswith(b"SQLite format 3\0"):
        raise ScenarioError(
            _(
                "{file} is a campaign file, not a scenario: a scenario is a TOML text file "
                "(a campaign keeps its own scenario)"
            ).format(file=path.name)
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(
            _("{file}: not a scenario (a scenario is a TOML text file in UTF-8)").format(file=path.name)
        ) from None
    _check_size(text, path.name)
    return text


def _check_size(text: str, file: str) -> None:
    if len(text) > bounds.MAX_SCENARIO or len(text.encode("utf-8", "surrogatepass")) > bounds.MAX_SCENARIO:
        raise ScenarioError(
            _("{file}: is too large for a scenario (more than {size})").format(
                file=file, size=bounds.size_words(bounds.MAX_SCENARIO)
            )
        )


def validate_scenario(data: Any, text: str | None = None) -> tuple[ScenarioFile | None, list[Fault]]:
    """The one check of a scenario, for `scenario validate`, every campaign made and the scenario
    editor: `data` (a file's tables, in today's form) read as a scenario, and every fault: those
    of its shape (and then no scenario), else those of its content (checks.py). With the file's
    `text`, each fault is given its line."""
    return check_model(SCENARIO_FILE, data, check_scenario, text)


def read_scenario_file(text: str, file: str = "scenario") -> tuple[ScenarioFile, list[Fault]]:
    """A scenario file's text as its typed model, for the editor, with the faults of its content
    (a file whose shape is not sound is refused: ScenarioError names every fault and line)."""
    _check_size(text, file)
    data, _ = upgrade(parse_toml(text, file, ScenarioError))
    checked, faults = validate_scenario(data, text)
    if checked is None:
        raise refusal(ScenarioError, file, faults)
    return checked, faults


def parse_scenario(text: str, file: str = "scenario") -> Scenario:
    """The scenario in `text`; ScenarioError lists every fault of its shape, or else of its content.

    A text that was checked before is read back from the cache (scenario/cache.py): checking a
    scenario builds its validators, which costs more than everything else a command does."""
    from campaign_manager.scenario import cache

    _check_size(text, file)
    found = cache.read(text)
    if found is not None:
        return found
    data, read_as = upgrade(parse_toml(text, file, ScenarioError))
    checked, faults = validate_scenario(data, text)
    if checked is None or faults:
        raise refusal(ScenarioError, file, faults)
    scenario = Scenario.of(checked, text, read_as)
    cache.write(text, scenario)
    return scenario
