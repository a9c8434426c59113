from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.installer.build_runs import run_in_own_group
from tests.shared import ROOT


@dataclass(frozen=True)
class OneFolderBuild:
    """installer/build run once in a fresh clone, for every test of the session that needs it."""

    clone: Path
    said: str  # what the build printed

    @property
    def folder(self) -> Path:
        return self.clone / "dist" / "campaign-manager"

    @property
    def program(self) -> Path:
        return self.folder / "campaign-manager"


@pytest.fixture(scope="session")
def one_folder_build(tmp_path_factory) -> OneFolderBuild:
    """The one-folder app, built from a fresh clone of this checkout (what is committed)."""
    clone = tmp_path_factory.mktemp("build") / "clone"
    subprocess.run(["git", "clone", "--quiet", ROOT, clone], check=True)
    started = time.monotonic()
    built = run_in_own_group([clone / "installer" / "build"], cwd=clone)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    print(f"installer/build took {time.monotonic() - started:.0f} s")
    return OneFolderBuild(clone, built.stdout)
