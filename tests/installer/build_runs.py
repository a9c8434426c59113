"""Programs the build tests start (installer/build, which starts pip and PyInstaller), run so that
stopping the test run stops them too: each in its own process group, ended when the test is
done or stopped (Ctrl+C, or a SIGTERM, which is turned into the same interruption while one
runs), and told to stop if the test run itself is killed (Linux's parent-death signal)."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from contextlib import contextmanager

PR_SET_PDEATHSIG = 1


def _stop_with_parent() -> None:  # in the child, before it runs the program
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


@contextmanager
def _sigterm_interrupts():
    """While a build runs, a SIGTERM to the test run interrupts it as Ctrl+C does (pytest would
    otherwise die at once, with no clean-up)."""
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def end_group(program: subprocess.Popen, grace: float = 30) -> None:
    """End `program`'s process group: SIGTERM first (installer/build then ends what it started,
    each in a group of its own), SIGKILL if it is still there after `grace` seconds."""
    if program.poll() is not None:
        return
    for stop, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 10)):
        try:
            os.killpg(program.pid, stop)
        except ProcessLookupError:
            return
        try:
            program.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def run_in_own_group(args: list, timeout: float = 1800, **kwargs) -> subprocess.CompletedProcess:
    """subprocess.run(args, capture_output=True, text=True, ...), in a process group of its own
    that is ended however the run ends."""
    with _sigterm_interrupts():
        program = subprocess.Popen(
            [str(a) for a in args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            preexec_fn=_stop_with_parent,
            **kwargs,
        )
        try:
            stdout, stderr = program.communicate(timeout=timeout)
        finally:
            end_group(program)
    return subprocess.CompletedProcess(program.args, program.returncode, stdout, stderr)
