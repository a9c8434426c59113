"""The input limits hold: the largest refused input of each kind is refused quickly and in
little memory (goals: under 5 s and under 500 MB each), beside a floor measured in the same run.

    .venv/bin/python benchmarks/bench_limits.py

Each command runs in a program of its own, started by a small one that reads the child's peak
memory (`resource.getrusage(RUSAGE_CHILDREN).ru_maxrss`) once it has ended. The floor is
`campaign-manager show` on a small, sound campaign. Every input here must be refused (exit 2):
a command that does the work instead is reported as a failure of the benchmark.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT

from campaign_manager import bounds
from campaign_manager.paths import SCENARIOS
from campaign_manager.store.campaign_file import CampaignFile

GOAL_SECONDS = 5.0
GOAL_MB = 500

MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
took = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # kB on Linux
print(done.returncode, took, peak)
print(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "", end="")
"""


def measure(argv: list[object]) -> tuple[int, float, float, str]:
    """(exit code, seconds, peak MB, last line said) of the command line run with `argv`."""
    command = [sys.executable, "-m", "campaign_manager", *map(str, argv)]
    done = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, cwd=ROOT)
    head, _, said = done.stdout.partition("\n")
    code, took, peak = head.split()
    return int(code), float(took), int(peak) / 1024, said


def inputs(folder: Path) -> list[tuple[str, list[object]]]:
    """The largest refused input of each kind, as (what, command line)."""
    small = folder / "small.campaign"
    CampaignFile.create(small, name="Small").close()
    scenario = (SCENARIOS / "firestorm-greece.toml").read_text(encoding="utf-8")

    million = folder / "million-areas.toml"
    with million.open("w", encoding="utf-8") as out:
        out.write(scenario)
        for n in range(1_000_000):
            out.write(f'\n[[areas]]\ncode = "X{n}"\nname = "Area {n}"\n')
    crowded = folder / "crowded.toml"  # just under the size limit: refused for its count of areas
    text = scenario
    n = 0
    while True:
        more = f'\n[[areas]]\ncode = "X{n}"\nname = "A"\n'
        if len((text + more).encode()) > bounds.MAX_SCENARIO:
            break
        text += more
        n += 1
    crowded.write_text(text, encoding="utf-8")
    deep_toml = folder / "deep.toml"
    deep_toml.write_text("a = " + "[" * 400_000 + "]" * 400_000)

    note_500k = folder / "note-500k.json"
    note_500k.write_text(json.dumps([{"type": "note", "text": "x" * 500_000}]))
    note_50m = folder / "note-50m.json"
    note_50m.write_text(json.dumps([{"type": "note", "text": "x" * 50_000_000}]))
    deep_json = folder / "deep.json"
    deep_json.write_text("[" * 2_000_000 + "]" * 2_000_000)
    digits = folder / "digits.json"
    digits.write_text('[{"type": "start_turn", "dice": [' + "9" * 3_000_000 + "]}]")
    many = folder / "many-actions.json"  # within the file's size, as many actions as fit
    many.write_text(json.dumps([{"type": "end_turn"}] * ((bounds.MAX_ACTIONS_FILE - 10) // 22)))
    notes = folder / "notes.json"  # legal notes, one more than a log keeps: refused from the count
    notes.write_text(json.dumps([{"type": "note", "text": "n"}] * (bounds.MAX_LOG + 1)))

    export = folder / "export.json"
    subprocess.run(
        [sys.executable, "-m", "campaign_manager", "export", small, "-o", export],
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    data = json.loads(export.read_text(encoding="utf-8"))
    huge_export = folder / "huge-export.json"
    data["actions"] = [{"recorded_at": "2026-01-01T00:00:00+00:00", "action": {"type": "end_turn"}}] * 700_000
    huge_export.write_text(json.dumps(data))
    crowded_export = folder / "crowded-export.json"  # under the size limit: more actions than a log keeps
    data["actions"] = data["actions"][: bounds.MAX_LOG + 1]
    crowded_export.write_text(json.dumps(data))

    note_row = folder / "note-row.campaign"  # a campaign file whose one note is 50 MB
    CampaignFile.create(note_row, name="Noted").close()
    conn = sqlite3.connect(note_row)
    conn.execute(
        "INSERT INTO action (seq, kind, payload, recorded_at) VALUES (1, 'note', ?, '2026-01-01')",
        (json.dumps({"type": "note", "text": "x" * 50_000_000}),),
    )
    conn.commit()
    conn.close()
    rows = folder / "many-rows.campaign"  # more logged actions than a log keeps
    CampaignFile.create(rows, name="Rows").close()
    conn = sqlite3.connect(rows)
    conn.executemany(
        "INSERT INTO action (seq, kind, payload, recorded_at) VALUES (?, 'end_turn', '{\"type\":\"end_turn\"}', 'x')",
        ((n,) for n in range(1, bounds.MAX_LOG + 2)),
    )
    conn.commit()
    conn.close()
    big_file = folder / "big.campaign"  # larger than any campaign
    big_file.write_bytes(small.read_bytes() + b"\0" * (bounds.MAX_CAMPAIGN_FILE + 1))

    return [
        ("floor: show on a small campaign", ["show", small]),
        ("scenario of 10^6 areas (36 MB)", ["scenario", "validate", million]),
        (f"scenario of 1 MB with {n:,} areas", ["scenario", "validate", crowded]),
        ("new from a TOML nested 400,000 deep", ["new", folder / "n.campaign", "--scenario", deep_toml]),
        ("apply: a 500 kB note", ["apply", small, note_500k]),
        ("apply: a 50 MB note", ["apply", small, note_50m]),
        ("apply: JSON nested 2,000,000 deep", ["apply", small, deep_json]),
        ("apply: a number of 3,000,000 digits", ["apply", small, digits]),
        ("apply: 190,000 actions in 4 MB", ["apply", small, many]),
        (f"apply: {bounds.MAX_LOG + 1:,} legal notes", ["apply", small, notes]),
        ("import: an export of 700,000 actions", ["import", huge_export, "-o", folder / "i.campaign"]),
        (f"import: {bounds.MAX_LOG + 1:,} actions", ["import", crowded_export, "-o", folder / "j.campaign"]),
        ("show: a campaign with a 50 MB note", ["show", note_row]),
        ("report: a campaign with a 50 MB note", ["report", note_row, "-o", folder / "r.pdf"]),
        (f"show: a log of {bounds.MAX_LOG + 1:,} actions", ["show", rows]),
        ("show: a 64 MB campaign file", ["show", big_file]),
    ]


def main() -> int:
    failures = 0
    with tempfile.TemporaryDirectory(prefix="bench-limits-") as where:
        folder = Path(where)
        made = time.perf_counter()
        cases = inputs(folder)
        print(f"(inputs made in {time.perf_counter() - made:.1f} s)")
        print(f"{'input':<44} {'exit':>4} {'time':>8} {'ratio':>6} {'peak':>8} {'ratio':>6}  verdict")
        floor_time = floor_mb = 0.0
        for what, argv in cases:
            code, took, peak, said = measure(argv)
            if what.startswith("floor"):
                floor_time, floor_mb = took, peak
                print(f"{what:<44} {code:>4} {took:>7.2f}s {'':>6} {peak:>6.0f}MB {'':>6}")
                continue
            ok = code == 2 and took < GOAL_SECONDS and peak < GOAL_MB
            failures += not ok
            verdict = "MEETS the goals" if ok else "MISSES"
            print(
                f"{what:<44} {code:>4} {took:>7.2f}s {took / floor_time:>5.1f}x {peak:>6.0f}MB "
                f"{peak / floor_mb:>5.1f}x  {verdict}"
            )
            print(f"{'':<6}said: {said[:150]}")
    print(f"goals: every input refused (exit 2) in under {GOAL_SECONDS:g} s and {GOAL_MB} MB")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
