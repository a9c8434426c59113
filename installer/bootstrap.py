"""Set up a private environment for the app and run it, or run the test suite.

    python3 installer/bootstrap.py app [ARGS...]    launch the campaign manager
    python3 installer/bootstrap.py test [ARGS...]   run the whole test suite

The first call creates `.venv/` beside pyproject.toml and installs the app with its test
extras; later calls reinstall only when pyproject.toml has changed. Needs Python 3.11+.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"


def _venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def _wanted_stamp() -> str:
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return f"{digest} {sys.version_info[:2]}"


def ensure_environment() -> Path:
    python = _venv_python()
    if not python.exists():
        print("Creating the app's private Python environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not STAMP.exists() or STAMP.read_text() != _wanted_stamp():
        print(
            "Installing the app and its test tools: first run only, a few minutes on a fresh machine "
            "(Qt alone is a download of some 100 MB) ...",
            flush=True,
        )
        _install(python)
        # Byte code now, so no start has to compile the app (some machines never write it).
        subprocess.run([str(python), "-m", "compileall", "-q", str(ROOT / "campaign_manager")], check=False)
        STAMP.write_text(_wanted_stamp())
    return python


def _install(python: Path) -> None:
    """pip install, telling each package as it is fetched (a silent wait of minutes looks like a
    hang); pip's own words are shown only if it fails."""
    import re
    import time

    start = time.monotonic()
    said: list[str] = []
    with subprocess.Popen(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "--progress-bar",
            "off",
            "-e",
            f"{ROOT}[test]",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    ) as pip:
        assert pip.stdout is not None
        for line in pip.stdout:
            said.append(line)
            if line.startswith("Collecting "):
                name = re.split(r"[<>=!~;\[ ]", line.split()[1])[0]  # without its version limits
                print(f"  fetching {name}", flush=True)
    if pip.returncode:
        print("".join(said[-30:]), end="", file=sys.stderr)
        raise subprocess.CalledProcessError(pip.returncode, pip.args)
    print(f"Installed in {time.monotonic() - start:.0f} s.", flush=True)


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 11):
        print("The campaign manager needs Python 3.11 or newer.", file=sys.stderr)
        return 2
    if not argv or argv[0] not in ("app", "test"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        python = ensure_environment()
    except subprocess.CalledProcessError as exc:
        print(f"Setting up the environment failed (pip exited with {exc.returncode}).", file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "app":
        args = [str(python), "-m", "campaign_manager", *rest]
    else:
        args = [str(python), "-m", "pytest", *rest]
    return subprocess.call(args, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
