"""Many shops recording into one campaign on a server at once (each a program of its own:
tests/store/writers.py): nothing lost, nothing twice, never "database is locked"; and the server
stopped dead while they write: every acknowledged action kept, nothing half-recorded, every
writer told in one sentence."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from campaign_manager.engine import replay
from campaign_manager.store.campaign_file import CampaignFile
from tests.pg_server import running_server
from tests.shared import ROOT

WRITERS = 8
EACH = 250


def start_writers(mode: str, url: str, count: int, folder: Path, writers: int = WRITERS) -> list[subprocess.Popen]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = []
    for writer in range(writers):
        acks, said = folder / f"{writer}.acks", folder / f"{writer}.err"
        with said.open("w") as stderr:  # the child keeps its own copy of the handle
            started.append(
                subprocess.Popen(
                    [sys.executable, "-m", "tests.store.writers", mode, url, str(writer), str(count), str(acks)],
                    cwd=ROOT,
                    env=environment,
                    stdout=subprocess.DEVNULL,
                    stderr=stderr,
                )
            )
    return started


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.slow
def test_eight_writers_at_once_lose_nothing_and_record_nothing_twice(pg_server, tmp_path):
    url = pg_server.url("alice", "eight_shops")
    CampaignFile.create(url, name="Eight shops").close()
    writers = start_writers("app", url, EACH, tmp_path)
    for writer in writers:
        assert writer.wait(timeout=600) == 0, (tmp_path / f"{writers.index(writer)}.err").read_text()[-2000:]
    acknowledged: list[str] = []
    seconds: list[float] = []
    for number in range(WRITERS):
        told = lines(tmp_path / f"{number}.acks")
        *acks, end = told
        assert end["state_is_replay"], f"writer {number}: the state built action by action is not the log's replay"
        assert len(acks) == EACH and (tmp_path / f"{number}.err").read_text() == ""
        acknowledged += [ack["text"] for ack in acks]
        seconds += [ack["seconds"] for ack in acks]
    with CampaignFile.open(url, readonly=True) as campaign:
        logged = [record["text"] for record in campaign.records]
        assert sorted(logged) == sorted(acknowledged), "the log holds exactly the acknowledged actions"
        assert len(set(logged)) == len(logged) == WRITERS * EACH, "each once"
        for number in range(WRITERS):  # each shop's notes in the order it recorded them
            own = [text for text in logged if text.startswith(f"writer {number} ")]
            assert own == [f"writer {number} note {n}" for n in range(EACH)]
        assert campaign.state == replay(campaign.scenario, campaign.records)
        assert [seq for seq, _at, _record in campaign.log.entries()] == list(range(1, WRITERS * EACH + 1))
    seconds.sort()
    print(
        f"\n{WRITERS} writers x {EACH} actions: one action p50 {statistics.median(seconds) * 1000:.1f} ms, "
        f"p95 {seconds[int(len(seconds) * 0.95)] * 1000:.1f} ms"
    )


@pytest.mark.slow
def test_the_server_stopped_dead_while_shops_write(tmp_path):
    with running_server() as server:
        from campaign_manager.store.address import parse_address
        from campaign_manager.store.server_roles import grant_role, init_server

        init_server(parse_address(server.url()))
        grant_role(parse_address(server.url()), "alice", "organiser")
        url = server.url("alice", "power_cut")
        CampaignFile.create(url, name="Power cut").close()
        writers = start_writers("cli", url, 10_000, tmp_path, writers=4)
        deadline = time.monotonic() + 60
        while sum(_acked(tmp_path, n) for n in range(4)) < 60 and time.monotonic() < deadline:
            time.sleep(0.1)
        server.stop("immediate")  # the server process killed mid-write, as in a power cut to it
        for writer in writers:
            assert writer.wait(timeout=120) == 2, "a writer stops at the first refusal, exit 2"
        server.start()
        with CampaignFile.open(url, readonly=True) as campaign:
            logged = [record["text"] for record in campaign.records]
            assert campaign.state == replay(campaign.scenario, campaign.records)
            assert [seq for seq, _at, _r in campaign.log.entries()] == list(range(1, len(logged) + 1))
        assert len(set(logged)) == len(logged), "nothing twice"
        for number in range(4):
            told = lines(tmp_path / f"{number}.acks")
            acked = [entry["text"] for entry in told if "text" in entry]
            tried = [entry["trying"] for entry in told if "trying" in entry]
            assert acked, f"writer {number} recorded nothing before the stop"
            assert set(acked) <= set(logged), f"writer {number}: an acknowledged action is missing"
            own = [text for text in logged if text.startswith(f"writer {number} ")]
            assert own in (acked, acked + tried[-1:]), f"writer {number}: its log is its acknowledged actions"
            said = (tmp_path / f"{number}.err").read_text()
            assert said.count("\n") == 1 and said.startswith("campaign-manager: ") and "Traceback" not in said, said
            if own == acked + tried[-1:] and tried[-1] not in acked:  # it landed though the writer was cut off
                assert "was not recorded" not in said, said


def _acked(folder: Path, number: int) -> int:
    path = folder / f"{number}.acks"
    return path.read_text().count('"text"') if path.exists() else 0
