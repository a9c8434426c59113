"""Every input that is not a file reading can finish — a FIFO in the file system with no writer,
a device, a folder, a socket — is refused in one sentence at once, by every command reading an
input; `-` (standard input) and the shell's process substitution `<(cmd)` (a pipe named
/dev/fd/N) keep working."""

from __future__ import annotations

import io
import os
import signal
import socket
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, ROOT, run

SCENARIO = ROOT / "resources" / "scenarios" / "firestorm-greece.toml"


@pytest.fixture
def campaign(tmp_path):
    path = tmp_path / "c.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"][:2]))
    return path


def commands(campaign: Path, tmp_path: Path, given: Path | str) -> dict[str, tuple]:
    return {
        "apply": ("apply", campaign, given),
        "import": ("import", given, "-o", tmp_path / "imported.campaign"),
        "commanders import": ("commanders", campaign, "import", given),
        "scenario validate": ("scenario", "validate", given),
        "new --scenario": ("new", "--scenario", given, tmp_path / "new.campaign"),
    }


class Waited(Exception):
    pass


@contextmanager
def at_most(seconds: int):
    """Fail (instead of hanging the suite) when the block waits longer than `seconds`."""

    def stop(_signum, _frame):
        raise Waited(f"still waiting after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def one_sentence(capsys, argv: tuple, *words: str) -> None:
    with at_most(5):
        code, _, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, err


@pytest.mark.parametrize("command", ["apply", "import", "commanders import", "scenario validate", "new --scenario"])
def test_a_fifo_with_no_writer_is_refused_at_once(campaign, tmp_path, capsys, command):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    # `-` is offered only where it is read as standard input (a scenario's `-` would be a name)
    offered = "<(command)" if command in ("scenario validate", "new --scenario") else "give - to read standard input"
    one_sentence(capsys, commands(campaign, tmp_path, fifo)[command], "named pipe (a FIFO)", offered)
    assert not (tmp_path / "new.campaign").exists() and not (tmp_path / "imported.campaign").exists()


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda tmp: Path(os.devnull), "is a device, not a file"),
        (lambda tmp: tmp, "is a folder, not a file"),
    ],
)
@pytest.mark.parametrize("command", ["apply", "import", "commanders import", "scenario validate", "new --scenario"])
def test_a_device_or_a_folder_is_refused_at_once(campaign, tmp_path, capsys, command, make, words):
    one_sentence(capsys, commands(campaign, tmp_path, make(tmp_path))[command], words)


def test_a_socket_is_refused_at_once(campaign, tmp_path, capsys):
    place = tmp_path / "s"
    listening = socket.socket(socket.AF_UNIX)
    try:
        listening.bind(str(place))
        one_sentence(capsys, ("scenario", "validate", place), "is a socket, not a file")
        one_sentence(capsys, ("apply", campaign, place), "is a socket, not a file")
    finally:
        listening.close()


def _piped(data: bytes) -> str:
    """A pipe holding `data`, its writer closed, named as `<(cmd)` names it: /dev/fd/N."""
    read, write = os.pipe()
    os.write(write, data)
    os.close(write)
    return f"/dev/fd/{read}"


def test_process_substitution_and_standard_input_keep_working(campaign, tmp_path, capsys, monkeypatch):
    named = _piped(SCENARIO.read_bytes())
    with at_most(10):
        code, out, err = run(capsys, "scenario", "validate", named)
    os.close(int(named.rsplit("/", 1)[1]))
    assert code == 0, err
    named = _piped(b'[{"type": "note", "text": "piped"}]')
    with at_most(10):
        code, _, err = run(capsys, "apply", campaign, named)
    os.close(int(named.rsplit("/", 1)[1]))
    assert code == 0, err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"type": "note", "text": "typed"}')))
    with at_most(10):
        code, _, err = run(capsys, "apply", campaign, "-")
    assert code == 0, err
    with CampaignFile.open(campaign, readonly=True) as opened:
        assert [r.get("text") for r in opened.records[-2:]] == ["piped", "typed"]


def test_a_fifo_reached_through_proc_self_fd_and_back_out_is_refused_at_once(campaign, tmp_path, capsys):
    """Only /dev/fd/N, /proc/self/fd/N and /dev/stdin name a stream already open: a path that
    merely begins so and climbs back out with .. is a place in the file system like any other."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    climbed = "/proc/self/fd/../../.." + str(fifo)
    assert os.path.samefile(climbed, fifo)
    one_sentence(capsys, ("apply", campaign, climbed), "named pipe (a FIFO)")
