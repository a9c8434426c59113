"""The one-folder app's smoke test, the same on Linux, Windows and macOS (the release workflow
runs it after installer/build): the built program says its version, makes a campaign and renders
the window on it to a PNG, from a folder outside the checkout with a home folder of its own.

    python installer/frozen_smoke.py [dist/campaign-manager]

Only the standard library: it runs with any Python 3.11, not the app's environment.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

PNG = b"\x89PNG\r\n\x1a\n"


def check(folder: Path) -> list[str]:
    """Run the built program in `folder`; what went wrong (nothing when all went well)."""
    program = folder / ("campaign-manager.exe" if sys.platform == "win32" else "campaign-manager")
    if not program.is_file():
        return [f"{program} is missing: run installer/build first"]
    faults = []
    with tempfile.TemporaryDirectory(prefix="frozen-smoke-") as scratch:
        work, home = Path(scratch) / "work", Path(scratch) / "home"
        work.mkdir()
        home.mkdir()
        env = {**os.environ, "HOME": str(home), "USERPROFILE": str(home), "QT_QPA_PLATFORM": "offscreen"}
        env.pop("PYTHONPATH", None)

        def run(*args: str) -> subprocess.CompletedProcess:
            done = subprocess.run([str(program), *args], capture_output=True, text=True, env=env, cwd=work, timeout=300)
            print(f"$ campaign-manager {' '.join(args)}  -> {done.returncode}\n{done.stdout}{done.stderr}".rstrip())
            return done

        version = run("--version")
        if version.returncode != 0 or not version.stdout.startswith("campaign-manager "):
            faults.append("--version did not say the version")
        if run("new", "smoke.campaign").returncode != 0:
            faults.append("new smoke.campaign failed")
        shot = run("open", "smoke.campaign", "--screenshot", "smoke.png")
        picture = work / "smoke.png"
        if shot.returncode != 0 or not picture.is_file() or not picture.read_bytes().startswith(PNG):
            faults.append("open smoke.campaign --screenshot wrote no picture")
        elif picture.stat().st_size < 20_000:
            faults.append(f"the window's picture is nearly empty ({picture.stat().st_size} bytes)")
    return faults


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "dist/campaign-manager")
    faults = check(folder)
    for fault in faults:
        print(f"frozen smoke test: {fault}", file=sys.stderr)
    if not faults:
        print(f"frozen smoke test: {folder} runs")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
