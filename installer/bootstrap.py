"""Set up a private environment for the app and run it, or run the test suite.

    python3 installer/bootstrap.py app [ARGS...]    launch the campaign manager
    python3 installer/bootstrap.py test [ARGS...]   run the whole test suite

The first call creates `.venv/` beside pyproject.toml and installs the app (`app`: only what
the app needs; `test`: its test tools too), at the versions tested (installer/constraints.txt);
later calls reinstall only when pyproject.toml, setup.py or the constraints have changed, or
when `test` needs the test tools an `app` install left out. On Linux, `test` also makes sure the
desktop files' validators are there (Debian's desktop-file-utils and appstream; binutils for the
one-folder build; lintian for its Debian package), a PostgreSQL server for the shared-campaign
tests (Debian's postgresql) and a browser for the published page (Debian's chromium), installing
them with apt-get when it may (as root, or with sudo). Needs Python 3.11+.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"
CONSTRAINTS = ROOT / "installer" / "constraints.txt"
# What the tests run besides Python: the program each Debian package brings.
TEST_PROGRAMS = {
    "desktop-file-validate": "desktop-file-utils",
    "appstreamcli": "appstream",
    "update-mime-database": "shared-mime-info",
    "objdump": "binutils",
    "initdb": "postgresql",  # the tests start a PostgreSQL server of their own (tests/pg_server.py)
    "lintian": "lintian",  # the .deb's checks (tests/installer/test_deb.py)
    "dpkg-deb": "dpkg",  # the .deb is built and unpacked with it
    "chromium": "chromium",  # the published page is looked at in a real browser (tests/reports/test_publish_browser.py)
}
# The system libraries the one-folder app's Qt (its X11 platform plugin) links to and does not
# bundle: the .deb's Depends are worked out from the packages that own them
# (tests/installer/test_deb.py), so they must be installed where the tests run.
TEST_LIBRARIES = {
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}
# Where Debian keeps PostgreSQL's server programs (not on PATH).
POSTGRES_BIN = "/usr/lib/postgresql/*/bin"


def _venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def _wanted_stamp() -> str:
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "setup.py", "installer/constraints.txt"):
        digest.update((ROOT / name).read_bytes())
    return f"{digest.hexdigest()} {sys.version_info[:2]}"


def _installed_extras() -> set[str] | None:
    """The extras of the install that is there and current (an empty set: the app alone), or
    None when there is none or it was made from other files."""
    if not STAMP.exists():
        return None
    made, _, extras = STAMP.read_text().partition("\n")
    return set(extras.split()) if made == _wanted_stamp() else None


def ensure_environment(extras: set[str]) -> Path:
    python = _venv_python()
    if not python.exists():
        print("Creating the app's private Python environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    installed = _installed_extras()
    if installed is None or not extras <= installed:
        wanted = extras | (installed or set())  # an `app` run keeps the test tools a `test` run put there
        print(
            f"Installing the app{' and its test tools' if wanted else ''}: first run only, a few minutes on a "
            "fresh machine (Qt alone is a download of some 100 MB) ...",
            flush=True,
        )
        _install(python, wanted)
        # Byte code now, so no start has to compile the app (some machines never write it).
        subprocess.run([str(python), "-m", "compileall", "-q", str(ROOT / "campaign_manager")], check=False)
        STAMP.write_text(f"{_wanted_stamp()}\n{' '.join(sorted(wanted))}")
    return python


def _install(python: Path, extras: set[str]) -> None:
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
            "-c",
            str(CONSTRAINTS),
            "-e",
            f"{ROOT}[{','.join(sorted(extras))}]" if extras else str(ROOT),
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


def ensure_test_programs() -> None:
    """The programs and libraries the tests need besides Python (Linux only): installed with apt-get when
    missing and when this may (as root, or with sudo that asks no password); otherwise said."""
    if not sys.platform.startswith("linux"):
        return
    missing = sorted(
        {package for program, package in TEST_PROGRAMS.items() if not _found(program)}
        | {package for library, package in TEST_LIBRARIES.items() if not _has_library(library)}
    )
    if not missing:
        return
    if shutil.which("apt-get") is None:
        print(f"The tests need these programs (Debian packages {', '.join(missing)}): please install them.")
        return
    if os.geteuid() == 0:
        sudo: list[str] = []
    elif shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        sudo = ["sudo", "-n"]
    else:
        print(f"The tests need: sudo apt-get install {' '.join(missing)}")
        return
    print(f"Installing {', '.join(missing)} for the tests (apt-get) ...", flush=True)
    apt = [*sudo, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-q", "-o", "DPkg::Lock::Timeout=120"]
    subprocess.run([*apt, "update"], capture_output=True, text=True)
    done = subprocess.run([*apt, "install", "-y", "--no-install-recommends", *missing], capture_output=True, text=True)
    if done.returncode:
        print(done.stdout[-2000:] + done.stderr[-2000:], file=sys.stderr)
        print(f"Installing {', '.join(missing)} failed; the tests that need them will say so.", file=sys.stderr)


def _found(program: str) -> bool:
    import glob

    return shutil.which(program) is not None or bool(glob.glob(f"{POSTGRES_BIN}/{program}"))


def _has_library(name: str) -> bool:
    known = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=False).stdout
    return f"{name} " in known


def _on_every_core(rest: list[str]) -> list[str]:
    """The whole suite runs on every core (pytest-xdist): each test file on one worker, the
    installer's tests together (tests/conftest.py groups them). A run of chosen tests, or one that
    says how many workers, is left as asked."""
    if any(not arg.startswith("-") or arg.startswith(("-n", "--numprocesses", "-p")) for arg in rest):
        return []
    return ["-n", "auto", "--dist", "loadfile"]


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 11):
        print("The campaign manager needs Python 3.11 or newer.", file=sys.stderr)
        return 2
    if not argv or argv[0] not in ("app", "test"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    try:
        python = ensure_environment({"test"} if command == "test" else set())
    except subprocess.CalledProcessError as exc:
        print(f"Setting up the environment failed (pip exited with {exc.returncode}).", file=sys.stderr)
        return 2
    if command == "app":
        args = [str(python), "-m", "campaign_manager", *rest]
    else:
        ensure_test_programs()
        args = [str(python), "-m", "pytest", *_on_every_core(rest), *rest]
    return subprocess.call(args, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
