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


def test_debian_names_are_the_packages_apt_knows():
    """The names a clean Debian 12 asked for (libEGL1, libglib-2.0-0 were refused by apt)."""
    found = display_check.debian_packages(
        ["libEGL.so.1", "libGL.so.1", "libX11-xcb.so.1", "libglib-2.0.so.0", "libgthread-2.0.so.0", "libdbus-1.so.3"]
    )
    assert found == ["libegl1", "libgl1", "libx11-xcb1", "libglib2.0-0", "libdbus-1-3"]


def test_a_library_qt_cannot_load_is_said_in_a_line_with_what_to_install(monkeypatch, capsys):
    from campaign_manager import launcher

    def missing(*args, **kwargs):
        raise ImportError("libglib-2.0.so.0: cannot open shared object file: No such file or directory")

    monkeypatch.setattr(launcher, "_open_window", missing)
    assert launcher.open_window("shop.campaign", screenshot="shop.png") == 2
    said = capsys.readouterr().err
    assert len(said.strip().splitlines()) == 1 and "libglib-2.0.so.0" in said and "apt install libglib2.0-0" in said
