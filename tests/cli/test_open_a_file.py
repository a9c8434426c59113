"""`campaign-manager FILE` (what a desktop file's %f and a double-click send) opens FILE in the
window like `open FILE`; a command's name is always the command; a word that is neither a
command nor a file is refused in one line; `--version` says the installed version."""

from __future__ import annotations

from importlib.metadata import version

import pytest

from campaign_manager.cli import main
from campaign_manager.store.campaign_file import CampaignFile


def _opened(argv: list[str]) -> tuple[int, list]:
    calls: list = []

    def open_window(file, screenshot=None):
        calls.append((file, screenshot))
        return 0

    return main(argv, open_window=open_window), calls


def test_a_file_alone_opens_it_in_the_window(tmp_path):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path).close()
    assert _opened([str(path)]) == (0, [(str(path), None)])
    assert _opened([str(path), "--screenshot", "x.png"]) == (0, [(str(path), "x.png")])
    assert _opened(["open", str(path)]) == (0, [(str(path), None)])


def test_a_damaged_file_alone_is_refused_before_any_window(tmp_path, capsys):
    path = tmp_path / "junk.campaign"
    path.write_bytes(b"not a campaign at all")
    assert _opened([str(path)]) == (2, [])
    err = capsys.readouterr().err
    assert err.startswith("campaign-manager: ") and err.count("\n") == 1
    assert path.read_bytes() == b"not a campaign at all"


def test_a_missing_file_or_a_mistyped_command_is_refused_in_one_line(tmp_path, capsys):
    for word in (str(tmp_path / "gone.campaign"), "frobnicate"):
        assert _opened([word]) == (2, [])
        err = capsys.readouterr().err
        said = f"{word}: no such campaign file, and not a command (see campaign-manager --help)"
        assert err == f"campaign-manager: {said}\n"


def test_a_command_name_is_the_command_even_when_a_file_has_that_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    CampaignFile.create(tmp_path / "show").close()
    with pytest.raises(SystemExit) as ended:  # `show` wants its FILE: it was taken as the command
        _opened(["show"])
    assert ended.value.code == 2
    assert "show: the following arguments are required: file" in capsys.readouterr().err
    assert _opened(["./show"]) == (0, [("./show", None)])


def test_version(capsys):
    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr().out == f"campaign-manager {version('firestorm-campaign-manager')}\n"
