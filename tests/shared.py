"""What many test files use: the recorded full campaign (tests/data/full_campaign.json, the
actions of each turn) and running the command line as a user would, capturing what it says."""

from __future__ import annotations

import json
from pathlib import Path

from campaign_manager.cli import main

ROOT = Path(__file__).resolve().parent.parent  # the checkout (the package reads its data through paths.py)
FULL_CAMPAIGN: dict[str, list[dict]] = json.loads((Path(__file__).parent / "data" / "full_campaign.json").read_text())


def run(capsys, *argv) -> tuple[int, str, str]:
    """`campaign-manager ARGV…`: its exit code, standard output and standard error."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err
