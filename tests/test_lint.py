"""The code reads one way: ruff (configured in pyproject.toml, [tool.ruff]) finds no lint or
import-order fault, and its formatter would change nothing."""

from __future__ import annotations

import subprocess
import sys

from tests.shared import ROOT

CHECKED = ["campaign_manager", "tests", "benchmarks", "installer"]


def test_ruff_finds_no_lint_fault():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", *CHECKED], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_would_change_nothing():
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", *CHECKED], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
