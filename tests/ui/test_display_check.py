"""The start-up check that turns Qt's abort on a bare Linux into one clear line."""

from __future__ import annotations

from campaign_manager.ui import display_check

LDD = """\tlinux-vdso.so.1 (0x00007ffd)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxkbcommon-x11.so.0 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f)
"""


def test_missing_libraries_are_read_from_ldd():
    missing = display_check.missing_from_ldd(LDD)
    assert missing == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxkbcommon-x11.so.0"]
    assert display_check.debian_packages(missing) == ["libxcb-icccm4", "libxcb-keysyms1", "libxkbcommon-x11-0"]


def test_no_display_is_explained(monkeypatch):
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(display_check.sys, "platform", "linux")
    assert "DISPLAY is not set" in display_check.display_problem()


def test_missing_libraries_are_named_with_the_install_command(monkeypatch):
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(display_check.sys, "platform", "linux")
    monkeypatch.setattr(display_check.shutil, "which", lambda name: "/usr/bin/ldd")
    monkeypatch.setattr(display_check.subprocess, "run", lambda *a, **k: type("Done", (), {"stdout": LDD})())
    problem = display_check.display_problem()
    assert "libxcb-icccm.so.4" in problem and "sudo apt install libxcb-icccm4 libxcb-keysyms1" in problem


def test_offscreen_and_other_platforms_need_no_check(monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert display_check.display_problem() is None
