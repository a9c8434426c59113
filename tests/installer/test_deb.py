"""installer/debian.py makes the Debian package from the one-folder app the session built: lintian
finds no error in it; dpkg-deb shows the app under /opt, the launchers on the PATH, the desktop
entry, the AppStream file, the MIME type, the icons at every size, the copyright file with every
bundled licence, and a Depends that names the system libraries the bundle links to and the
lowest glibc it runs on; unpacked, its launcher says the version and renders the window.
(Installing it into a clean Debian 12 is installer/test-deb-in-debian12: too slow for the suite.)"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from tests.installer.build_runs import run_in_own_group
from tests.shared import ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="the .deb is made with dpkg-deb (Debian, Ubuntu)"),
]


@pytest.fixture(scope="module")
def deb(one_folder_build) -> Path:
    made = run_in_own_group(
        ["python3", one_folder_build.clone / "installer" / "debian.py", "--compression", "gzip"],
        cwd=one_folder_build.clone,
        timeout=900,
    )
    assert made.returncode == 0, made.stdout[-3000:] + made.stderr[-3000:]
    print(made.stdout)
    [found] = (one_folder_build.clone / "dist").glob("campaign-manager_*.deb")
    return found


def test_lintian_finds_no_error(deb):
    assert shutil.which("lintian"), "lintian checks the package: apt-get install lintian"
    said = subprocess.run(["lintian", "--fail-on", "error", deb], capture_output=True, text=True, timeout=900)
    print(said.stdout)
    assert said.returncode == 0 and not re.search(r"^E: ", said.stdout, re.MULTILINE), said.stdout + said.stderr


def test_the_control_fields(deb, one_folder_build):
    def field(name: str) -> str:
        return subprocess.run(["dpkg-deb", "-f", deb, name], capture_output=True, text=True, check=True).stdout.strip()

    version = subprocess.run(
        [one_folder_build.program, "--version"], capture_output=True, text=True, check=True
    ).stdout.split()[-1]
    assert field("Package") == "campaign-manager"
    assert field("Version") == f"{version}-1"
    assert (
        field("Architecture")
        == subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True).stdout.strip()
    )
    assert re.fullmatch(r".+ <.+@.+>", field("Maintainer"))
    assert field("Description").startswith("Run Firestorm: Greece campaigns")
    floor = re.search(r"The folder needs glibc (2\.\d+) or newer", one_folder_build.said).group(1)
    depends = field("Depends")
    print(f"Depends: {depends}")
    assert f"libc6 (>= {floor})" in depends
    for package in ("libxcb1", "libgl1", "libegl1", "fontconfig-config"):
        assert re.search(rf"(^|, ){package}( \(|,|$)", depends), (package, depends)
    assert int(field("Installed-Size")) > 100_000  # KiB


def test_the_files_and_where_they_go(deb):
    listed = subprocess.run(["dpkg-deb", "-c", deb], capture_output=True, text=True, check=True).stdout
    entries = {line.split(None, 5)[5].split(" -> ")[0].removeprefix("."): line for line in listed.splitlines()}
    for path in (
        "/opt/campaign-manager/campaign-manager",
        "/opt/campaign-manager/_internal/pypdfium2_raw/libpdfium.so",
        "/opt/campaign-manager/licences/THIRD-PARTY-NOTICES.txt",
        "/usr/share/applications/campaign-manager.desktop",
        "/usr/share/metainfo/io.github.firestorm_campaign_manager.campaign_manager.metainfo.xml",
        "/usr/share/mime/packages/campaign-manager.xml",
        "/usr/share/icons/hicolor/scalable/apps/campaign-manager.svg",
        "/usr/share/doc/campaign-manager/copyright",
        "/usr/share/doc/campaign-manager/changelog.Debian.gz",
        "/usr/share/man/man1/campaign-manager.1.gz",
    ):
        assert path in entries, path
    for size in sorted(int(p.stem.rsplit("-", 1)[1]) for p in (ROOT / "resources" / "icons").glob("*-*.png")):
        assert f"/usr/share/icons/hicolor/{size}x{size}/apps/campaign-manager.png" in entries, size
    for program in ("campaign-manager", "campaign-manager-window"):
        assert entries[f"/usr/bin/{program}"].endswith(f"-> /opt/campaign-manager/{program}")
    assert entries["/opt/campaign-manager/campaign-manager"].startswith("-rwxr-xr-x root/root")
    assert all(" root/root " in line for line in listed.splitlines())


def test_unpacked_it_runs_from_its_launcher(deb, tmp_path):
    unpacked = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", deb, unpacked], check=True)
    for name in ("control", "postinst", "postrm"):
        subprocess.run(["dpkg-deb", "-e", deb, tmp_path / "DEBIAN"], check=True)
        assert (tmp_path / "DEBIAN" / name).exists()
    subprocess.run(["sh", "-n", tmp_path / "DEBIAN" / "postinst"], check=True)

    copyright = (unpacked / "usr/share/doc/campaign-manager/copyright").read_text()
    assert copyright.startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
    for dist_info in (unpacked / "opt/campaign-manager/_internal").glob("*.dist-info"):
        name = dist_info.name.split("-")[0]  # pyside6_essentials-6.12.0.dist-info: PySide6_Essentials
        assert re.search(rf"\b{name.replace('_', '[-_]')}\b", copyright, re.IGNORECASE), name
    assert "License: PSF-2.0" in copyright  # Python itself
    assert "libX11.so.6" in copyright  # a system library the bundle carries, with its Debian copyright

    # the launcher on the PATH is a link to /opt: made here to the unpacked program
    target = os.readlink(unpacked / "usr/bin/campaign-manager")
    bin_folder, home, work = tmp_path / "bin", tmp_path / "home", tmp_path / "work"
    for folder in (bin_folder, home, work):
        folder.mkdir()
    (bin_folder / "campaign-manager").symlink_to(unpacked / target.lstrip("/"))
    bare = [f"HOME={home}", f"PATH={bin_folder}:/usr/bin:/bin", "QT_QPA_PLATFORM=offscreen"]

    def app(*args: str) -> subprocess.CompletedProcess:
        done = subprocess.run(
            ["env", "-i", *bare, "campaign-manager", *args], capture_output=True, text=True, cwd=work, timeout=300
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        return done

    assert app("--version").stdout.startswith("campaign-manager ")
    app("new", "shop.campaign")
    shot = app("open", "shop.campaign", "--screenshot", "shop.png")
    assert shot.stderr == ""
    header = (work / "shop.png").read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", header[16:24]) == (1280, 800)
