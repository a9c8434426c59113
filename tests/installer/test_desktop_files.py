"""The Linux desktop files in installer/linux/ pass their validators (Debian's desktop-file-utils
and appstream: the bootstrap's `test` installs them), agree with the app (its name, icon,
program, version, file type), and the file type recognises a campaign file by its content."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from importlib.metadata import version

import pytest

from campaign_manager.paths import DESKTOP_NAME, ICON_SIZES, ICONS, icon_files
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import ROOT

LINUX = ROOT / "installer" / "linux"
DESKTOP = LINUX / f"{DESKTOP_NAME}.desktop"
(METAINFO,) = LINUX.glob("*.metainfo.xml")
MIME = LINUX / f"{DESKTOP_NAME}.xml"
MIME_TYPE = "application/x-firestorm-campaign"


def _program(name: str, package: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is missing: install the Debian package {package} (installer/bootstrap.py test does)")
    return found


def test_the_desktop_file_is_valid_and_names_the_app_s_icon_program_and_file_type():
    done = subprocess.run([_program("desktop-file-validate", "desktop-file-utils"), str(DESKTOP)], capture_output=True)
    assert done.returncode == 0 and done.stdout == b"", done.stdout.decode() + done.stderr.decode()
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(DESKTOP, encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Icon"] == DESKTOP_NAME
    assert desktop["Exec"].split()[0] == "campaign-manager-window"  # a gui-script: errors shown in the window
    assert desktop["Exec"].split()[1] == "%f"
    assert desktop["MimeType"].rstrip(";") == MIME_TYPE


def appstream_issues(*args: str) -> list[str]:
    """What `appstreamcli` says with --pedantic, but for the one info Debian 12's validator (AppStream
    0.16) gives every `developer` element, which it does not know yet (AppStream 1.0 asks for it)."""
    program = _program("appstreamcli", "appstream")
    done = subprocess.run([program, *args, "--pedantic", "--no-net"], capture_output=True, text=True)
    old = subprocess.run([program, "--version"], capture_output=True, text=True).stdout.split()[-1].startswith("0.")
    issues = [line.strip() for line in done.stdout.splitlines() if re.match(r"\s*[EWIP]: ", line)]
    issues = [line for line in issues if not (old and re.fullmatch(r"I: [\w.]+:\d+: unknown-tag developer", line))]
    assert done.returncode == 0 or issues, done.stdout + done.stderr
    return issues


def test_the_appstream_metainfo_is_valid_pedantically_and_current():
    assert appstream_issues("validate", str(METAINFO)) == []
    root = ET.parse(METAINFO).getroot()
    assert METAINFO.name == f"{root.findtext('id')}.metainfo.xml"  # as AppStream asks of an installed file
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("provides/mediatype") == MIME_TYPE
    assert root.find("releases/release").get("version") == version("firestorm-campaign-manager")
    assert root.find("developer").get("id") and root.findtext("developer/name")


def test_the_metainfo_s_addresses_are_the_project_s_and_its_screenshots_are_the_docs_pictures():
    from PySide6.QtGui import QImage

    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("url[@type='homepage']") == urls["Homepage"]
    assert root.findtext("url[@type='bugtracker']") == urls["Issues"]
    images = root.findall("screenshots/screenshot/image")
    assert len(images) >= 2 and root.find("screenshots/screenshot[@type='default']") is not None
    for image in images:
        address = image.text or ""
        assert address.startswith(urls["Homepage"].replace("github.com", "raw.githubusercontent.com") + "/main/docs/")
        picture = QImage(str(ROOT / "docs" / address.rsplit("/", 1)[1]))
        assert not picture.isNull(), address
        assert (picture.width(), picture.height()) == (int(image.get("width")), int(image.get("height")))


def test_the_files_laid_out_as_installed_pass_the_tree_validator(tmp_path):
    """As a package installs them: the metainfo, the desktop file it launches, the icon."""
    share = tmp_path / "usr" / "share"
    for folder, path in (("metainfo", METAINFO), ("applications", DESKTOP)):
        (share / folder).mkdir(parents=True)
        shutil.copy(path, share / folder)
    for size, path in zip(ICON_SIZES, icon_files(), strict=True):
        (share / "icons" / "hicolor" / f"{size}x{size}" / "apps").mkdir(parents=True)
        shutil.copy(path, share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{DESKTOP_NAME}.png")
    assert appstream_issues("validate-tree", str(tmp_path)) == []


def test_the_icon_is_there_at_every_size_and_square():
    from PySide6.QtGui import QImage

    assert (ICONS / f"{DESKTOP_NAME}.svg").exists()
    for size, path in zip(ICON_SIZES, icon_files(), strict=True):
        image = QImage(str(path))
        assert (image.width(), image.height()) == (size, size), path
        assert image.hasAlphaChannel()


def test_the_file_type_knows_a_campaign_by_its_content(tmp_path):
    """Installed into a private data folder, the type is what Qt (like any desktop) finds for a
    campaign file named anything, and not for another SQLite file."""
    data = tmp_path / "data"
    (data / "mime" / "packages").mkdir(parents=True)
    shutil.copy(MIME, data / "mime" / "packages")
    done = subprocess.run(
        [_program("update-mime-database", "shared-mime-info"), str(data / "mime")], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    CampaignFile.create(tmp_path / "shop night.sqlite").close()  # named as anything but .campaign
    sqlite3.connect(tmp_path / "other.sqlite").execute("CREATE TABLE t (x)").connection.close()
    (tmp_path / "notes.campaign").write_text("not a database")
    probe = (
        "import sys\n"
        "from PySide6.QtCore import QCoreApplication, QMimeDatabase\n"
        "app = QCoreApplication([])\n"
        "db = QMimeDatabase()\n"
        "for name in sys.argv[1:]:\n"
        "    print(db.mimeTypeForFile(name, QMimeDatabase.MatchMode.MatchContent).name(),"
        " db.mimeTypeForFile(name).name())\n"
    )
    files = [str(tmp_path / name) for name in ("shop night.sqlite", "other.sqlite", "notes.campaign")]
    env = dict(os.environ, XDG_DATA_HOME=str(data), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", probe, *files], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    by_content = [line.split()[0] for line in done.stdout.splitlines()]
    by_name = [line.split()[1] for line in done.stdout.splitlines()]
    assert by_content == [MIME_TYPE, "application/vnd.sqlite3", "text/plain"]
    assert by_name[0] == MIME_TYPE and by_name[2] == MIME_TYPE  # the content wins over .sqlite; the name alone
