"""Checked scenarios kept between runs, so a command or the window starts without re-checking
(and re-building the validators of) a scenario it has seen before.

An entry is the pickled Scenario, named by a hash of the scenario's text and of the code that
reads it (the reading modules' sizes and times, and Python's version), so a changed scenario or a
changed app never meets an old entry. The app's version is not part of it: a new version that
changes how scenarios are read changes those modules, and looking the version up in the
installed package's metadata costs a command a few milliseconds (`odds` is meant to answer
within 5 ms of the engine's import). The cache is only ever a shortcut: an entry that cannot
be read is ignored (and replaced), a folder that cannot be written is left alone, and the
scenario is then checked as usual. Only the newest entries are kept.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from campaign_manager.paths import app_cache_folder

if TYPE_CHECKING:  # imported when first read: the model's import is what the cache saves
    from campaign_manager.scenario.model import Scenario

KEEP = 16  # entries kept: bundled scenarios and a few of the user's


def _code_stamp() -> str:
    """What the reading code looks like: a changed model, check or loader makes new entries."""
    here = Path(__file__).resolve().parent
    parts = [sys.version]
    for path in (
        here / "model.py",
        here / "checks.py",
        here / "loader.py",
        here / "migrate.py",
        here / "layout.py",
        here.parent / "datamodel.py",
        Path(__file__).resolve(),
    ):
        try:
            stat = path.stat()
            parts.append(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}")
        except OSError:
            parts.append(path.name)
    return "|".join(parts)


def _entry(text: str) -> Path:
    digest = hashlib.sha256((_code_stamp() + "\0" + text).encode("utf-8")).hexdigest()
    return app_cache_folder() / "scenarios" / f"{digest[:40]}.pickle"


def read(text: str) -> Scenario | None:
    """The Scenario kept for `text`, or None (none kept, or not readable)."""
    from campaign_manager.scenario.model import Scenario

    try:
        with open(_entry(text), "rb") as handle:
            found = pickle.load(handle)
    except Exception:  # a missing, partial or foreign entry is only a missed shortcut
        return None
    return found if isinstance(found, Scenario) and found.source == text else None


def write(text: str, scenario: Scenario) -> None:
    """Keep `scenario` for `text`; silently does nothing where the cache cannot be written."""
    target = _entry(text)
    part = target.with_suffix(f".{os.getpid()}.part")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(part, "wb") as handle:
            pickle.dump(scenario, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(part, target)  # whole or not at all
        entries = sorted(target.parent.glob("*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[KEEP:]:
            old.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError):
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass
