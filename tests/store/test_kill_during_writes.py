"""kill -9 at random points while a campaign is recorded in, backed up at every end of turn and
undone: every time, the file opens, holds exactly a prefix of the planned log, and has lost no
action the program had acknowledged; every backup left behind opens too."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap

from campaign_manager.engine.playout import play
from campaign_manager.scenario import load_scenario
from campaign_manager.store import backup_list, backups
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import ROOT

# The worker: records the planned actions one at a time; after every second one it undoes it and
# redoes it. It says "ack WRITE N" (N = actions in the file) only after each write has returned.
WORKER = textwrap.dedent("""
    import json, sys
    from campaign_manager.store.campaign_file import CampaignFile
    planned = json.load(open(sys.argv[2]))
    with CampaignFile.open(sys.argv[1]) as campaign:
        while len(campaign.records) < len(planned):
            n = len(campaign.records)
            campaign.apply(campaign.read_actions([planned[n]]))
            print("ack apply", len(campaign.records), flush=True)
            if len(campaign.records) % 2 == 0:
                campaign.undo()
                print("ack undo", len(campaign.records), flush=True)
                campaign.redo()
                print("ack redo", len(campaign.records), flush=True)
    print("done", flush=True)
""")


def _next_counts(acked: int, last: str) -> set[int]:
    """What the file may hold after a kill: what was acknowledged, or the next write's result."""
    if last == "apply" and acked % 2 == 0:
        return {acked, acked - 1}  # the undo that follows may be written, not yet acknowledged
    return {acked, acked + 1}  # the next recording, or the redo after an undo


def test_kill_9_at_random_points_loses_no_acknowledged_action(tmp_path):
    sc = load_scenario()
    planned = [applied.record for applied in play(sc, 18)]
    assert len(planned) == 50  # 50 recordings + 25 undos + 25 redos = 100 writes, 4 backups
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(planned))
    path = tmp_path / "night.campaign"
    CampaignFile.create(path).close()
    chance = random.Random(20261123)
    kills = 0
    while True:
        worker = subprocess.Popen(
            [sys.executable, "-c", WORKER, str(path), str(plan)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        with CampaignFile.open(path, readonly=True) as before:
            acked, last = len(before.records), "start"
        stop_after = chance.randint(1, 9)
        lines = 0
        finished = False
        for line in worker.stdout:
            if line.startswith("done"):
                finished = True
                break
            _, last, count = line.split()
            acked = int(count)
            lines += 1
            if lines == stop_after:
                worker.kill()  # SIGKILL: no clean-up of any kind
                kills += 1
                break
        worker.wait()
        worker.stdout.close()
        assert worker.stderr.read() == "" or worker.returncode == -9
        worker.stderr.close()
        with CampaignFile.open(path) as reopened:  # opens for writing: a cut write is put back
            records = reopened.records
        assert records == planned[: len(records)], "the file holds exactly a prefix of the planned log"
        if not finished:
            assert len(records) in _next_counts(acked, last), (acked, len(records))
        for backup in backups.folder(path).glob("*.campaign"):
            with CampaignFile.open(backup, readonly=True) as kept:
                assert kept.records == planned[: len(kept.records)]
        if finished:
            break
    assert kills >= 10
    assert len(records) == len(planned)
    assert sorted(b.turn for b in backup_list.list_backups(path)) == [1, 2, 3, 4]
