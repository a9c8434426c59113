"""The one-folder app (installer/build) beside the source run, against a floor measured in the
same run.

    installer/build                                  # first: makes dist/campaign-manager/
    .venv/bin/python benchmarks/bench_install.py [--repeat 5]

Prints the one-folder app's size, then for the window's start to screenshot (the bundled
campaign, 1280x800) and for a command's start (`show --json`) the wall time of the source run
(`python -m campaign_manager`), of the one-folder app, and of the floor: a bare PySide6 window
that imports sqlmodel, under the same Python as the source run; with each one's ratio to the
floor (goal: at most 1.5x) and the one-folder app's to the source run. Machines here are noisy:
read the ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench_window import FLOOR, line, timed  # noqa: E402
from common import ROOT, compile_app  # noqa: E402

from campaign_manager.store.campaign_file import CampaignFile  # noqa: E402

APP = ROOT / "dist" / "campaign-manager"
GOAL = 1.5  # each start at most 1.5x its floor, as bench_window.py and bench_campaign.py ask of the source run
FROZEN = APP / "campaign-manager"


def folder_size(folder: Path) -> int:
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not FROZEN.exists():
        raise SystemExit(f"{FROZEN.relative_to(ROOT)} is not there: build it first with installer/build")
    folder = Path(tempfile.mkdtemp(prefix="bench-install-"))
    path = folder / "greece.campaign"
    CampaignFile.create(path, name="Firestorm: Greece").close()
    print(f"The one-folder app: {APP.relative_to(ROOT)}, {folder_size(APP) / 2**20:.0f} MB")
    compile_app()

    source = [sys.executable, "-m", "campaign_manager"]
    frozen = [str(FROZEN)]
    print("\nStart to screenshot of the window on the bundled campaign")
    floor = timed([sys.executable, "-c", FLOOR, str(folder / "floor.png")], args.repeat)
    base = statistics.median(floor)
    print(line("floor: bare PySide6 window + import sqlmodel", floor))
    shots = {}
    for label, command in (("source run", source), ("one-folder app", frozen)):
        shots[label] = timed([*command, "open", str(path), "--screenshot", str(folder / "shot.png")], args.repeat)
        print(line(f"{label}: open FILE --screenshot", shots[label], base, GOAL))
    ratio = statistics.median(shots["one-folder app"]) / statistics.median(shots["source run"])
    print(f"  the one-folder app takes {ratio:.2f}x the source run's time")

    print("\nA command's start: show FILE --json")
    floor = timed([sys.executable, "-c", "import sqlmodel"], args.repeat)
    base = statistics.median(floor)
    print(line("floor: python -c 'import sqlmodel'", floor))
    shown = {}
    for label, command in (("source run", source), ("one-folder app", frozen)):
        shown[label] = timed([*command, "show", str(path), "--json"], args.repeat)
        print(line(f"{label}: show --json", shown[label], base, GOAL))
    ratio = statistics.median(shown["one-folder app"]) / statistics.median(shown["source run"])
    print(f"  the one-folder app takes {ratio:.2f}x the source run's time")


if __name__ == "__main__":
    main()
