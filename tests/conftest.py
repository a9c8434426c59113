"""One strict set-up for every test: Qt offscreen, fresh files under tmp_path."""

from __future__ import annotations

import itertools
import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
# Checked scenarios are cached between runs (scenario/cache.py): the tests' own cache, not the user's.
os.environ.setdefault("FIRESTORM_CACHE_DIR", tempfile.mkdtemp(prefix="firestorm-test-cache-"))
# The user's data folder (their campaign, their own scenarios) is the tests' own too.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="firestorm-test-data-")
# The tests read the app's words in English whatever the machine's locale (campaign_manager/i18n.py);
# tests/test_translations.py sets the language itself.
os.environ["FIRESTORM_LANGUAGE"] = "en"
os.environ.pop("FIRESTORM_PSEUDO", None)


@pytest.fixture
def speak(monkeypatch):
    """Run with the locale's variables set as given (the rest cleared), the language read again;
    the tests' English again afterwards."""
    from campaign_manager import i18n
    from tests.shared import LOCALE_VARIABLES

    def set_locale(**variables: str) -> None:
        for name in LOCALE_VARIABLES:
            monkeypatch.delenv(name, raising=False)
        for name, value in variables.items():
            monkeypatch.setenv(name, value)
        i18n.use(None)

    yield set_locale
    monkeypatch.undo()
    i18n.use(None)


@pytest.fixture(scope="session")
def pg_server():
    """A real PostgreSQL server for the whole run (tests/pg_server.py), set up for campaigns:
    alice is an organiser, bob a recorder, carol a viewer, dave has no role. A server that cannot
    start fails the tests that need it: none is skipped."""
    from campaign_manager.store.address import parse_address
    from campaign_manager.store.server_roles import grant_role, init_server
    from tests.pg_server import running_server

    with running_server() as server:
        admin = parse_address(server.url())
        init_server(admin)
        for user, role in (("alice", "organiser"), ("bob", "recorder"), ("carol", "viewer")):
            grant_role(admin, user, role)
        yield server


_CAMPAIGNS = itertools.count(1)


class CampaignStore:
    """Where a test's campaigns are made: files under tmp_path, or campaigns on the test server."""

    def __init__(self, engine: str, tmp_path: Path, server=None) -> None:
        self.engine, self.tmp_path, self.server = engine, tmp_path, server

    def location(self, name: str = "campaign", user: str = "alice") -> str:
        """A new campaign's location: a file's path, or a server campaign's address (a name not used yet)."""
        if self.server is None:
            return str(self.tmp_path / f"{name}.campaign")
        return self.server.url(user, f"{name.lower().replace('-', '_')}_{next(_CAMPAIGNS)}")

    def as_user(self, location: str, user: str) -> str:
        """The same campaign reached as another user (a file is the same file)."""
        if self.server is None:
            return location
        return location.replace("postgresql://alice@", f"postgresql://{user}@", 1)


@pytest.fixture(params=["sqlite", "postgresql"])
def campaign_store(request, tmp_path):
    """The campaign tests run on both engines: a campaign file, and a campaign on a server."""
    if request.param == "sqlite":
        return CampaignStore("sqlite", tmp_path)
    return CampaignStore("postgresql", tmp_path, request.getfixturevalue("pg_server"))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """The whole suite runs on every core (installer/bootstrap.py passes `-n auto --dist
    loadfile`): each test file goes whole to one worker, so its module's fixtures are made once,
    and the installer's files go together to one worker, since they share one build of the
    one-folder app (PyInstaller's cache is one per user: two builds at once spoil it)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class OneFileAWorker(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "tests/installer" if path.startswith("tests/installer/") else path

    return OneFileAWorker(config, log)
