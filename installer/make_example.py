"""Make the example campaign the app ships (resources/examples/finished-campaign.json): the
recorded four-turn campaign of the tests (tests/data/full_campaign.json) played to its end and
exported, with fixed times so that the file is the same every time it is made.

    .venv/bin/python installer/make_example.py

The window's welcome page imports it into a read-only campaign file in the app's cache folder
(ui/example.py), to explore: the Battles tab, the map at the end of each turn, the reports.
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.transfer import export_log

ROOT = Path(__file__).resolve().parents[1]
ACTIONS = ROOT / "tests" / "data" / "full_campaign.json"
EXAMPLE = ROOT / "resources" / "examples" / "finished-campaign.json"
NAME = "Example: a finished campaign"
FIRST_EVENING = datetime(2024, 3, 1, 19, 0)  # one turn an evening, a week apart


def example() -> dict:
    turns = json.loads(ACTIONS.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as folder:
        with CampaignFile.create(Path(folder) / "example.campaign", name=NAME) as campaign:
            for actions in turns.values():
                campaign.apply(campaign.read_actions(actions))
            exported = export_log(campaign)
    times = []
    for turn, actions in enumerate(turns.values()):
        evening = FIRST_EVENING + timedelta(days=7 * turn)
        times += [(evening + timedelta(minutes=12 * n)).isoformat(timespec="seconds") for n in range(len(actions))]
    for entry, at in zip(exported["actions"], times, strict=True):
        entry["recorded_at"] = at
    exported["created"] = (FIRST_EVENING - timedelta(minutes=30)).isoformat(timespec="seconds")
    return exported


def main() -> int:
    text = json.dumps(example(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    EXAMPLE.parent.mkdir(parents=True, exist_ok=True)
    EXAMPLE.write_text(text, encoding="utf-8")
    print(f"{EXAMPLE.relative_to(ROOT)}: {len(text)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
