"""`campaign-manager open FILE --screenshot PNG`: the window rendered at 1280x800 without a
screen; a missing or damaged file is refused in one line with exit code 2."""

from __future__ import annotations

import os
import struct
import subprocess
import sys

from campaign_manager.store.campaign_file import CampaignFile
from tests.store.test_storage_faults import read_only


def _banner_colour() -> tuple[int, int, int]:
    """The read-only banner's background: the palette's tooltip colour (ui/ink.NOTICE)."""
    from PySide6.QtGui import QGuiApplication, QPalette

    return QGuiApplication.palette().color(QPalette.ColorRole.ToolTipBase).getRgb()[:3]


def _has_banner(png) -> bool:
    """Whether the picture shows the read-only banner: a band of its colour under the menu bar."""
    from PySide6.QtGui import QImage

    image = QImage(str(png))
    assert not image.isNull()
    column = image.width() // 2
    banner = _banner_colour()
    return any(image.pixelColor(column, y).getRgb()[:3] == banner for y in range(0, 80))


def _run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=os.environ.get("TMPDIR", "/tmp"))
    return subprocess.run(
        [sys.executable, "-m", "campaign_manager", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_a_screenshot_of_the_window_at_1280_by_800(tmp_path):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path, name="Shop night").close()
    png = tmp_path / "window.png"
    done = _run("open", str(path), "--screenshot", str(png))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    header = png.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", header[16:24]) == (1280, 800)


def test_the_picture_shows_the_read_only_banner_only_for_a_read_only_file(tmp_path, qapp):
    """The picture is taken without writing (the file is opened read-only for it), but it shows
    the window as it would open: no "nothing can be recorded" banner on a file that can be written."""
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path, name="Shop night").close()
    writable_png, locked_png = tmp_path / "writable.png", tmp_path / "locked.png"
    assert _run("open", str(path), "--screenshot", str(writable_png)).returncode == 0
    with read_only(path):
        done = _run("open", str(path), "--screenshot", str(locked_png))
    assert done.returncode == 0, done.stderr
    assert not _has_banner(writable_png)
    assert _has_banner(locked_png)


def test_a_missing_or_damaged_file_is_refused(tmp_path):
    junk = tmp_path / "junk.campaign"
    junk.write_bytes(b"not a campaign")
    for file, words in ((tmp_path / "missing.campaign", "no such file"), (junk, "not a campaign manager file")):
        done = _run("open", str(file), "--screenshot", str(tmp_path / "x.png"))
        assert done.returncode == 2
        assert words in done.stderr and len(done.stderr.strip().splitlines()) == 1
        assert not (tmp_path / "x.png").exists()
    assert junk.read_bytes() == b"not a campaign"


def test_a_link_at_the_picture_is_replaced_never_written_through(tmp_path):
    """The picture is written as every output is (beside it, then renamed over it): a link
    planted at its name is replaced, what it points to untouched; a FIFO there does not hang."""
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path, name="Shop night").close()
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    png = tmp_path / "window.png"
    png.symlink_to(precious)
    done = _run("open", str(path), "--screenshot", str(png))
    assert done.returncode == 0, done.stderr
    assert precious.read_text() == "keep me"
    assert not png.is_symlink() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    done = _run("open", str(path), "--screenshot", str(fifo))  # the run's timeout fails a hang
    assert done.returncode == 0, done.stderr
    assert fifo.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
