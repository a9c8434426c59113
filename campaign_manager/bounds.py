"""Every input's limits, declared once, and the readers that keep to them.

Text from a file or from a user is held to a size, a depth of nesting and a length of numbers
before anything is built from it, so a broken or hostile input (a 50 MB note, a scenario of a
million areas, JSON nested ten thousand deep, a number of five thousand digits) is refused in one
sentence naming the limit, quickly and in little memory. A real campaign comes nowhere near any
of them. Qt-free.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any, BinaryIO

from campaign_manager.i18n import _, ngettext, number

KB = 1024
MB = 1024 * KB

MAX_DEPTH = 32  # lists and tables inside each other, in JSON or TOML
MAX_DIGITS = 15  # digits of a whole number (dice, VP and counts need a few)
MAX_ACTIONS_FILE = 4 * MB  # a file of actions (apply; File ▸ Record actions from a file)
MAX_EXPORT_FILE = 32 * MB  # an exported campaign log (import)
MAX_SCENARIO = 1 * MB  # a scenario: a file, or the copy a campaign keeps
MAX_ACTION = 128 * KB  # one action as the log writes it (a longest note of emoji, escaped, is 120 kB)
MAX_NOTE = 10_000  # characters of a note
MAX_REASON = 500  # characters of the computer's reason for a choice (its arrow, defence, retreat and advance)
MAX_NAME = 200  # characters of a campaign's name
MAX_COMMANDER = 80  # characters of a commander's name, or of their club
MAX_ROSTER = 1_000  # commanders on one campaign's roster
MAX_SIGNUPS_FILE = 1 * MB  # a sign-up sheet (CSV) of commanders
MAX_LOG = 100_000  # actions in one log
MAX_CAMPAIGN_FILE = 64 * MB  # a campaign (or assist-game) file
MAX_AREAS = 500
MAX_LINKS = 5_000
MAX_TROOPS = 5_000
MAX_TURNS = 50
MAX_BATTLE_DICE = 20  # d3s thrown (or battles added) for a turn's battle count


def size_words(size: int) -> str:
    """A size in bytes as people say it: "4 MB", "58.6 MB", "64 kB", "900 bytes" (a tenth at most)."""
    if size >= MB:
        return _("{size} MB").format(size=_tenths(size / MB))
    if size >= KB:
        return _("{size} kB").format(size=_tenths(size / KB))
    return ngettext("{n} byte", "{n} bytes", size).format(n=size)


def _tenths(value: float) -> str:
    """`value` to a tenth at most, as the user's language writes it ("58.6", "4")."""
    value = round(value, 1)
    return number(value, 0 if value.is_integer() else 1)


# Where a pipe may be read, decided by the path: the shell's process substitution `<(cmd)` names
# /dev/fd/N (or /proc/self/fd/N), a pipe this process already holds open, which reading finishes
# (Linux does not wait for a writer when such a pipe is opened again). A pipe given by any other
# name is a FIFO in the file system, which may have no writer: opening it would wait for ever, so
# it is refused. `-` reads standard input, and /dev/stdin is the same stream (a terminal too).
# Only those names, to the letter: /proc/self/fd/../../../tmp/p leads back into the file system.
_PIPE_PLACES = re.compile(r"(/dev/fd/|/proc/self/fd/)\d+|/dev/stdin")


def _open_input(source: str, error: type[Exception], stdin: bool = True) -> BinaryIO:
    """The file `source` opened for reading, after a look at what it is (which never waits):
    a folder, a device, a socket or a FIFO in the file system is refused in one sentence (which
    offers `-` only where the caller reads standard input for it)."""
    try:
        found = os.stat(source)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise error(
                _("{source}: is a link that leads round in a loop of links, never to a file").format(source=source)
            ) from None
        raise error(
            _("{source}: cannot be read ({problem})").format(source=source, problem=exc.strerror or exc)
        ) from None
    mode = found.st_mode
    if stat.S_ISDIR(mode):
        raise error(_("{source}: is a folder, not a file").format(source=source))
    if _PIPE_PLACES.fullmatch(source):  # a stream this process was given: read as it comes
        return open(source, "rb")  # noqa: SIM115 (closed by the caller's with)
    if stat.S_ISFIFO(mode):
        if stdin:
            words = _(
                "{source}: is a named pipe (a FIFO), not a file: reading it would wait for another program to "
                "write to it — give a file, or pipe the text in and give - to read standard input"
            )
        else:
            words = _(
                "{source}: is a named pipe (a FIFO), not a file: reading it would wait for another program to "
                "write to it — give a file, or the shell's <(command)"
            )
        raise error(words.format(source=source))
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
        words = (
            _("{source}: is a socket, not a file") if stat.S_ISSOCK(mode) else _("{source}: is a device, not a file")
        )
        raise error(words.format(source=source))
    # O_NONBLOCK: had a FIFO taken its place since the look, opening it still does not wait.
    flags = os.O_RDONLY | (getattr(os, "O_NONBLOCK", 0) if stat.S_ISREG(mode) else 0)
    handle = os.open(source, flags)
    if stat.S_ISREG(mode) and not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        raise error(_("{source}: is not a file (it changed while it was being opened)").format(source=source))
    if stat.S_ISREG(mode) and flags != os.O_RDONLY:
        os.set_blocking(handle, True)
    return os.fdopen(handle, "rb")


def read_bounded(source: str | Path, limit: int, what: str, error: type[Exception], stdin: bool = True) -> bytes:
    """The bytes of the file `source` ("-": standard input, unless `stdin` is False; a pipe from
    the shell's `<(cmd)`), refused with `error` when there are more than `limit` (only limit + 1
    bytes are ever read), and at once when it is not a file that reading can finish (see
    _open_input)."""
    try:
        if stdin and str(source) == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with _open_input(str(source), error, stdin) as handle:
                data = handle.read(limit + 1)
    except OSError as exc:
        raise error(
            _("{source}: cannot be read ({problem})").format(source=source, problem=exc.strerror or exc)
        ) from None
    if len(data) > limit:
        raise error(
            _("{source}: is too large for {what} (more than {limit})").format(
                source=source, what=what, limit=size_words(limit)
            )
        )
    return data


def decode(data: bytes, source: str | Path, what: str, error: type[Exception]) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(
            _("{source}: is not {what} (not UTF-8 text: byte {byte})").format(
                source=source, what=what, byte=exc.start + 1
            )
        ) from None


class _Refused(Exception):
    """A number or constant the JSON reader refuses (caught where the text is read)."""


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(
            _("a number of {digits} digits (numbers have at most {max_digits})").format(
                digits=number(len(text.lstrip("-"))), max_digits=MAX_DIGITS
            )
        )
    return int(text)


def _constant(name: str) -> float:
    raise _Refused(_("{name}, which is not a number JSON has").format(name=name))


def _fraction(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(_("a number too large ({start}…)").format(start=text[:20]))
    return value


_LONG_DIGITS = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")
_CONTAINERS = (dict, list)


def parse_json(text: str, source: str | Path, what: str, error: type[Exception]) -> Any:
    """JSON text read within the limits: nesting, number length, no NaN or Infinity."""
    # Whole numbers are looked at one by one only where a long run of digits appears at all.
    whole = _whole_number if _LONG_DIGITS.search(text) else int
    try:
        data = json.loads(text, parse_int=whole, parse_float=_fraction, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise error(
            _("{source}: is not valid JSON (line {lineno}, column {colno}: {msg})").format(
                source=source, lineno=exc.lineno, colno=exc.colno, msg=exc.msg
            )
        ) from None
    except _Refused as exc:
        raise error(_("{source}: {what} holds {exc}").format(source=source, what=what, exc=exc)) from None
    except RecursionError:
        raise error(
            _("{source}: {what} is nested more than {max_depth} deep").format(
                source=source, what=what, max_depth=MAX_DEPTH
            )
        ) from None
    check_depth(data, source, what, error)
    return data


def check_depth(data: Any, source: str | Path, what: str, error: type[Exception]) -> None:
    """Refuse lists and tables (as JSON and TOML readers make them) nested more than MAX_DEPTH
    deep, walked level by level: this runs over every logged action when a campaign opens."""
    level = [data] if type(data) in _CONTAINERS else []
    depth = 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            raise error(
                _("{source}: {what} is nested more than {max_depth} deep").format(
                    source=source, what=what, max_depth=MAX_DEPTH
                )
            )
        inner: list[Any] = []
        for value in level:
            items = value.values() if type(value) is dict else value
            inner += [item for item in items if type(item) in _CONTAINERS]
        level = inner


def check_numbers(data: Any, source: str | Path, what: str, error: type[Exception]) -> None:
    """Refuse whole numbers of more than MAX_DIGITS digits anywhere in `data` (TOML's reader
    has no hook for them; it is walked once, depth already bounded)."""
    stack = [data]
    limit = 10**MAX_DIGITS
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= limit:
            digits = len(str(abs(value)))
            raise error(
                _("{source}: {what} holds a number of {digits} digits (numbers have at most {max_digits})").format(
                    source=source, what=what, digits=number(digits), max_digits=MAX_DIGITS
                )
            )
