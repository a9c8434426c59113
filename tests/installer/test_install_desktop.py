"""`campaign-manager --install-desktop` puts the app in one user's desktop menu: in a temporary
home folder it writes a desktop entry that desktop-file-validate accepts and whose Exec line runs
the installed window program (found beside the command, wherever that is: here in a folder whose
name needs quoting), the icon at every size and the file type, and refreshes the caches;
`--uninstall-desktop` leaves the folder as it was, to the byte, whether it was empty or already
held other programs' entries and caches."""

from __future__ import annotations

import configparser
import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from campaign_manager.desktop_integration import exec_argument, window_program
from campaign_manager.errors import UserError
from campaign_manager.paths import ICON_SIZES
from tests.shared import ROOT

LAUNCHER = """#!{python}
import sys
sys.path.insert(0, {root!r})
from campaign_manager.launcher import {function}
sys.exit({function}())
"""


def installed(folder: Path) -> Path:
    """`campaign-manager` and `campaign-manager-window` in `folder`, as pip writes them (a script
    each, starting this checkout's code): the command's own folder is where it looks."""
    folder.mkdir(parents=True)
    for name, function in (("campaign-manager", "main"), ("campaign-manager-window", "window")):
        script = folder / name
        script.write_text(LAUNCHER.format(python=sys.executable, root=str(ROOT), function=function))
        script.chmod(0o755)
    return folder / "campaign-manager"


def tree(folder: Path) -> dict[str, str]:
    """Every file and folder under `folder`, a file with its content's digest."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder"
        for path in sorted(folder.rglob("*"))
    }


def exec_words(value: str) -> list[str]:
    """A desktop entry's Exec value as the desktop splits it (Desktop Entry Specification: the
    string escapes first, then the quoting rules)."""
    value = re.sub(r"\\([sntr\\])", lambda m: {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[m[1]], value)
    words, word, quoted, escaped, started = [], "", False, False, False
    for char in value:
        if escaped:
            word, escaped = word + char, False
        elif quoted and char == "\\":
            escaped = True
        elif char == '"':
            quoted, started = not quoted, True
        elif char == " " and not quoted:
            words += [word] if started or word else []
            word, started = "", False
        else:
            word += char
    return [*words, *([word] if started or word else [])]


def run(command: Path, *args: str, home: Path, path: str = "/usr/bin:/bin") -> subprocess.CompletedProcess:
    env = {"HOME": str(home), "PATH": path, "LANG": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([str(command), *args], capture_output=True, text=True, env=env, cwd=home)


@pytest.mark.parametrize(
    ("word", "written"),
    [
        ("/opt/cm/bin/campaign-manager-window", "/opt/cm/bin/campaign-manager-window"),
        ("/home/a b/cm", '"/home/a b/cm"'),
        ('/x/"q"$HOME`b`', r'"/x/\\"q\\"\\$HOME\\`b\\`"'),
        ("/x/back\\slash", r'"/x/back\\\\slash"'),
        ("/x/100%", "/x/100%%"),
    ],
)
def test_an_exec_argument_is_quoted_and_escaped_as_the_specification_says(word, written):
    assert exec_argument(word) == written
    assert exec_words(exec_argument(word).replace("%%", "%")) == [word]


def test_install_writes_a_valid_entry_that_runs_and_uninstall_leaves_the_folder_as_it_was(tmp_path):
    command = installed(tmp_path / "my apps $ (venv)" / "bin")
    home = tmp_path / "home"
    home.mkdir()
    done = run(command, "--install-desktop", home=home)
    assert done.returncode == 0, done.stderr
    data = home / ".local" / "share"
    entry = data / "applications" / "campaign-manager.desktop"
    assert f"{entry} starts {command.parent / 'campaign-manager-window'}" in done.stdout
    validated = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert validated.returncode == 0 and validated.stdout == "", validated.stdout + validated.stderr

    parsed = configparser.ConfigParser(interpolation=None)
    parsed.optionxform = str  # keys are case-sensitive
    parsed.read(entry, encoding="utf-8")
    words = exec_words(parsed["Desktop Entry"]["Exec"])
    assert words == [str(command.parent / "campaign-manager-window"), "%f"]
    assert parsed["Desktop Entry"]["TryExec"] == words[0]
    started = run(Path(words[0]), "--version", home=home)  # %f given something to read, as a menu would
    assert started.returncode == 0 and started.stdout.startswith("campaign-manager-window "), started.stderr

    for size in ICON_SIZES:
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "campaign-manager.png").is_file()
    assert (data / "mime" / "packages" / "campaign-manager.xml").is_file()
    assert "application/x-firestorm-campaign" in (data / "mime" / "types").read_text()  # the cache, refreshed
    assert "campaign-manager.desktop" in (data / "applications" / "mimeinfo.cache").read_text()
    assert (data / "icons" / "hicolor" / "icon-theme.cache").is_file()

    removed = run(command, "--uninstall-desktop", home=home)
    assert removed.returncode == 0, removed.stderr
    assert tree(home) == {}
    again = run(command, "--uninstall-desktop", home=home)
    assert again.returncode == 2 and again.stderr.count("\n") == 1 and "nothing to remove" in again.stderr


def test_other_programs_entries_and_caches_stay_as_they_were(tmp_path):
    """A desktop folder in use: another program's entry and file type, their caches built. Installed
    twice (the second replaces the first) and uninstalled, every file is as it was."""
    command = installed(tmp_path / "venv" / "bin")
    home = tmp_path / "home"
    data = home / "share"
    (data / "applications").mkdir(parents=True)
    (data / "mime" / "packages").mkdir(parents=True)
    (data / "icons" / "hicolor" / "48x48" / "apps").mkdir(parents=True)
    (data / "applications" / "other.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Other\nExec=/usr/bin/true %f\nMimeType=text/x-other;\n"
    )
    (data / "mime" / "packages" / "other.xml").write_text(
        '<?xml version="1.0"?>\n<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n'
        '<mime-type type="text/x-other"><glob pattern="*.other"/></mime-type>\n</mime-info>\n'
    )
    shutil.copy(ROOT / "resources" / "icons" / "campaign-manager-48.png", data / "icons/hicolor/48x48/apps/other.png")
    for tool, folder in (("update-desktop-database", "applications"), ("update-mime-database", "mime")):
        subprocess.run([tool, str(data / folder)], check=True, capture_output=True)
    before = tree(home)
    env = {"XDG_DATA_HOME": str(data)}
    for _ in range(2):
        done = subprocess.run(
            [str(command), "--install-desktop"], capture_output=True, text=True, env={**os.environ, **env}, cwd=home
        )
        assert done.returncode == 0, done.stderr
    assert "campaign-manager.desktop" in (data / "applications" / "mimeinfo.cache").read_text()
    assert len(list((data / "icons" / "hicolor").rglob("campaign-manager.png"))) == len(ICON_SIZES)
    removed = subprocess.run(
        [str(command), "--uninstall-desktop"], capture_output=True, text=True, env={**os.environ, **env}, cwd=home
    )
    assert removed.returncode == 0, removed.stderr
    assert tree(home) == before


def test_without_the_cache_tools_the_files_are_written_and_it_says_so(tmp_path):
    command = installed(tmp_path / "bin")
    home = tmp_path / "home"
    home.mkdir()
    done = run(command, "--install-desktop", home=home, path=str(tmp_path / "nothing"))
    assert done.returncode == 0, done.stderr
    assert "Not installed here, so not refreshed: update-desktop-database, update-mime-database" in done.stdout
    assert (home / ".local/share/applications/campaign-manager.desktop").is_file()
    assert not (home / ".local/share/mime/types").exists()
    assert run(command, "--uninstall-desktop", home=home).returncode == 0
    assert tree(home) == {}


def test_with_no_window_program_beside_it_the_install_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    with pytest.raises(UserError, match="campaign-manager-window is not installed beside"):
        window_program(str(tmp_path / "campaign-manager"))
