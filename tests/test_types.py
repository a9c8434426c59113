"""The whole package type-checks: mypy, configured in pyproject.toml ([tool.mypy]), finds no error
in the core or in the Qt layer (whose forms are typed through ui/forms.py's wrappers)."""

from __future__ import annotations

import subprocess
import sys

from tests.shared import ROOT


def test_mypy_finds_no_error_in_the_package():
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout
