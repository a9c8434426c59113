"""`publish --watch`: the folder is written again after an action is recorded elsewhere, in a
campaign file (seen on the file) and in a shared campaign (heard from the server); a battle
being entered, which is no action, publishes nothing."""

from __future__ import annotations

import json
import threading
import time

import pytest

from campaign_manager.engine.entry import BattleEntry
from campaign_manager.errors import UserError
from campaign_manager.reports.publish import publish
from campaign_manager.reports.publish.watch import watch
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN

TURN_ONE = FULL_CAMPAIGN["turn 1"]


def _published_turn(folder) -> int:
    return json.loads((folder / "status.json").read_text(encoding="utf-8"))["turn"]


def _wait(check, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return False


def _watching(location: str, folder):
    """Watch `location` in a thread of its own (which opens it: a SQLite connection stays in its
    thread); returns the times it published again, and how to stop it."""
    again: list[float] = []
    stopped, ready = threading.Event(), threading.Event()

    def run() -> None:
        with CampaignFile.open(location, readonly=True) as campaign:

            def republish() -> None:
                publish(campaign, folder)
                again.append(time.monotonic())

            publish(campaign, folder)
            ready.set()
            watch(campaign, republish, lambda: not stopped.is_set(), 0.2)

    thread = threading.Thread(target=run)
    thread.start()
    assert ready.wait(30)

    def stop() -> None:
        stopped.set()
        thread.join(10)

    return again, stop


def test_watch_publishes_again_after_an_action_recorded_elsewhere(campaign_store, tmp_path):
    engine = campaign_store.engine  # a campaign file, and a shared campaign on the test server
    location = campaign_store.location("watched")
    CampaignFile.create(location, name="Watched").close()
    folder = tmp_path / "site"
    again, stop = _watching(location, folder)
    try:
        assert _published_turn(folder) == 0
        with CampaignFile.open(location) as other:
            if engine == "sqlite":
                other.keep_entry(BattleEntry(log_length=len(other.records)))
                time.sleep(0.6)
                assert again == [], "a battle being entered is no action: nothing to publish"
            other.apply(other.read_actions(TURN_ONE))
        assert _wait(lambda: (folder / "status.json").exists() and _published_turn(folder) == 1)
    finally:
        stop()


def test_the_command_line_watches_until_stopped(tmp_path):
    """`publish FILE -o FOLDER --watch` as a program: it publishes, says it watches, publishes
    again after another program records, and stops on Ctrl+C (SIGINT) saying nothing was half-written."""
    import os
    import signal
    import subprocess
    import sys

    from tests.shared import ROOT

    path, folder = tmp_path / "shop.campaign", tmp_path / "site"
    CampaignFile.create(path, name="Watched").close()
    program = subprocess.Popen(
        [sys.executable, "-m", "campaign_manager", "publish", str(path), "-o", str(folder), "--watch"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert program.stdout is not None
        assert program.stdout.readline().startswith("Published Watched to")
        assert "Watching" in program.stdout.readline()
        with CampaignFile.open(path) as other:
            other.apply(other.read_actions(TURN_ONE))
        assert "Published again" in program.stdout.readline()
        assert _published_turn(folder) == 1
    finally:
        program.send_signal(signal.SIGINT)
        _, err = program.communicate(timeout=20)
    assert program.returncode == 130 and "nothing was half-written" in err


def test_a_campaign_file_that_goes_away_stops_the_watch_in_a_sentence(tmp_path):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path, name="Gone").close()
    with CampaignFile.open(path, readonly=True) as campaign:
        path.rename(tmp_path / "moved.campaign")
        with pytest.raises(UserError, match="can no longer be read"):
            watch(campaign, lambda: None, heartbeat=0.1)


def _listening(server) -> bool:
    import psycopg

    with psycopg.connect(server.url(database="shops"), autocommit=True) as conn:
        found = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'LISTEN %'").fetchone()
    return bool(found and found[0])


@pytest.mark.slow
def test_a_shared_campaign_s_watch_waits_for_its_server_and_goes_on_once_it_is_back(tmp_path):
    """The server stops while the watch listens (a shop's router restarts at night): the watch says
    the connection was lost and tries again; once the server is back it says so, publishes what was recorded, and
    goes on publishing after each action."""
    from campaign_manager.store.address import parse_address
    from campaign_manager.store.server_roles import grant_role, init_server
    from tests.pg_server import campaign_name, running_server

    with running_server() as server:
        init_server(parse_address(server.url()))
        grant_role(parse_address(server.url()), "alice", "organiser")
        location = server.url("alice", campaign_name("night"))
        CampaignFile.create(location, name="Night").close()
        folder, words = tmp_path / "site", []
        stopped, ready = threading.Event(), threading.Event()

        def run() -> None:
            with CampaignFile.open(location, readonly=True) as campaign:
                publish(campaign, folder)
                ready.set()
                watch(campaign, lambda: publish(campaign, folder), lambda: not stopped.is_set(), 0.2, words.append, 0.5)

        thread = threading.Thread(target=run)
        thread.start()
        try:
            assert ready.wait(30) and _published_turn(folder) == 0
            assert _wait(lambda: _listening(server)), "the watch listens to the campaign's channel"
            server.stop()
            assert _wait(lambda: any("the connection to the server was lost" in w for w in words)), words
            server.start()
            assert _wait(lambda: any("connected to the server again" in w for w in words)), words
            with CampaignFile.open(location) as other:
                other.apply(other.read_actions(TURN_ONE))
            assert _wait(lambda: _published_turn(folder) == 1)
            assert thread.is_alive(), "the watch went on"
        finally:
            stopped.set()
            thread.join(20)
