"""paths.py is the one place that knows where data lives: the bundled files through
importlib.resources (inside the package, whatever way it was installed), and the user's folders
where Qt's QStandardPaths puts the window's on each system."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from campaign_manager import paths


def test_the_bundled_files_are_read_from_the_package():
    assert paths.RESOURCES == files("campaign_manager.resources")
    assert paths.FORMS == files("campaign_manager.forms")
    assert (paths.SCENARIOS / "firestorm-greece.toml").is_file()
    assert {p.name for p in paths.ASSIST_TABLES.glob("*.toml")} >= {"gcw.toml", "agt.toml", "opa.toml"}
    assert (paths.FONTS / "DejaVuSans.ttf").is_file() and (paths.FONTS / "LICENSE-DejaVu.txt").is_file()
    assert all(icon.is_file() for icon in paths.icon_files())
    assert len(list(paths.FORMS.glob("*.ui"))) >= 18


def test_the_user_s_folders_on_each_system(monkeypatch, tmp_path):
    monkeypatch.setattr(Path, "home", lambda: tmp_path)
    for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "APPDATA", "LOCALAPPDATA", "FIRESTORM_CACHE_DIR"):
        monkeypatch.delenv(name, raising=False)
    app = Path("Firestorm") / "Firestorm Campaign Manager"
    assert paths.app_data_folder("linux") == tmp_path / ".local" / "share" / app  # where existing users' files are
    assert paths.app_cache_folder("linux") == tmp_path / ".cache" / app
    assert paths.log_folder("linux") == tmp_path / ".local" / "share" / app / "logs"
    assert paths.app_data_folder("darwin") == tmp_path / "Library" / "Application Support" / app
    assert paths.app_cache_folder("darwin") == tmp_path / "Library" / "Caches" / app
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    assert paths.app_data_folder("win32") == tmp_path / "Roaming" / app
    assert paths.app_cache_folder("win32") == tmp_path / "Local" / app / "cache"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.app_data_folder("linux") == tmp_path / "data" / app
    monkeypatch.setenv("FIRESTORM_CACHE_DIR", str(tmp_path / "cache"))
    assert paths.app_cache_folder("win32") == tmp_path / "cache"
