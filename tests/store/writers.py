"""A shop recording into a shared campaign, as a program of its own (for the many-writers tests
and the benchmark): `python -m tests.store.writers MODE URL WRITER COUNT ACKS`.

- `app`: the campaign opened once, as the window holds it; COUNT notes recorded one at a time.
  Each one acknowledged (recorded: apply returned) is written to ACKS with the seconds it took.
  At the end the writer takes in the others' actions and checks that the state it built action
  by action equals a serial replay of the log it holds.
- `cli`: each note recorded by the command line (`campaign-manager apply URL note.json`), as a
  script at the counter would; it stops at the first refusal, which the command line says in
  one line on stderr (exit 2).
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path


def note(writer: int, number: int) -> dict:
    return {"type": "note", "text": f"writer {writer} note {number}"}


def app(url: str, writer: int, count: int, acks: Path) -> int:
    from campaign_manager.engine import replay
    from campaign_manager.store.campaign_file import CampaignFile

    with CampaignFile.open(url) as campaign, acks.open("w") as told:
        for number in range(count):
            start = time.perf_counter()
            campaign.apply(campaign.read_actions([note(writer, number)]))
            seconds, committed = time.perf_counter() - start, time.time()  # the wall clock: compared across programs
            told.write(
                json.dumps({"text": note(writer, number)["text"], "seconds": seconds, "committed": committed}) + "\n"
            )
            told.flush()
        campaign.catch_up()
        same = campaign.state == replay(campaign.scenario, campaign.records)
        told.write(json.dumps({"records": len(campaign.records), "state_is_replay": same}) + "\n")
    return 0


def cli(url: str, writer: int, count: int, acks: Path) -> int:
    from campaign_manager.cli import main

    actions = Path(tempfile.mkdtemp()) / "note.json"
    with acks.open("w") as told:
        for number in range(count):
            actions.write_text(json.dumps(note(writer, number)))
            told.write(json.dumps({"trying": note(writer, number)["text"]}) + "\n")
            told.flush()
            code = main(["apply", url, str(actions)])
            if code != 0:
                return code
            told.write(json.dumps({"text": note(writer, number)["text"]}) + "\n")
            told.flush()
    return 0


if __name__ == "__main__":
    mode, url, writer, count, acks = sys.argv[1:6]
    run = app if mode == "app" else cli
    sys.exit(run(url, int(writer), int(count), Path(acks)))
