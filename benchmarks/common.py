"""What the benchmarks share: timing whole commands the way a user starts them, and the seeded
campaigns they measure on."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wall_times(command: list[str], repeat: int, env: dict[str, str] | None = None) -> list[float]:
    """Run `command` from the repository `repeat` times; the wall time of each run, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=env)
        times.append(time.perf_counter() - start)
    return times


def compile_app() -> None:
    """Compile the app's modules to byte code first, as an install (and any first run on a
    machine that writes byte code) leaves them; this sandbox sets PYTHONDONTWRITEBYTECODE, which
    would otherwise make every timed start compile them again. The floors gain from it too."""
    import sys

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "campaign_manager")], check=True)
    print("(the app's modules were compiled to byte code first, as an install leaves them)")
