"""The whole package type-checks: mypy, configured in pyproject.toml ([tool.mypy]), finds no error
in the core or in the Qt layer (whose forms are typed through ui/forms.py's wrappers).

The Qt-free core (engine/, store/, scenario/, reports/ and the modules they import) is held to
`mypy --strict` in that same run, through a per-module section of the config (`strict` cannot be
set per module): the tests below check that the section sets every flag --strict sets, for
every module `mypy --strict` on those packages would check."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import mypy.config_parser
import mypy.main
import mypy.options

from tests.shared import ROOT

STRICT_PACKAGES = ("engine", "store", "scenario", "reports")  # issue #42
PACKAGE = ROOT / "campaign_manager"


def test_mypy_finds_no_error_in_the_package():
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def _file_of(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The app's modules a file imports, anywhere in it (in functions, for type checking only),
    with the packages they sit in: what mypy follows."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    modules = {name for name in found if name.startswith("campaign_manager") and _file_of(name)}
    return modules | {".".join(name.split(".")[:depth]) for name in modules for depth in range(1, name.count(".") + 1)}


def strict_modules() -> set[str]:
    """Every module `mypy --strict campaign_manager/engine … /reports` checks: the packages'
    own, and the app's modules they import, and theirs in turn."""
    files = [path for package in STRICT_PACKAGES for path in (PACKAGE / package).rglob("*.py")]
    found = {_module_of(path) for path in files}
    queue = list(files)
    while queue:
        for module in _imports(queue.pop()) - found:
            found.add(module)
            queue += filter(None, [_file_of(module)])
    return found


def test_the_core_is_checked_with_every_strict_flag():
    _parser, _names, strict_flags = mypy.main.define_options()  # [(option, value)] that --strict sets
    options = mypy.options.Options()
    mypy.config_parser.parse_config_file(options, lambda: None, str(ROOT / "pyproject.toml"), sys.stdout, sys.stderr)
    assert strict_flags, "mypy no longer says which flags --strict sets: read them off `mypy --help`"
    lax = {}
    for module in sorted(strict_modules()):
        per_module = options.clone_for_module(module)
        missing = [name for name, value in strict_flags if getattr(per_module, name) != value]
        if missing:
            lax[module] = missing
    assert not lax, f"add these modules (or flags) to pyproject.toml's strict [[tool.mypy.overrides]]: {lax}"


def test_the_strict_modules_are_found():
    """The scan above sees the packages and the modules they lean on (not an empty set that
    would pass anything)."""
    found = strict_modules()
    assert {"campaign_manager.engine.general", "campaign_manager.store.campaign_file"} <= found
    assert {"campaign_manager", "campaign_manager.datamodel", "campaign_manager.errors"} <= found
    assert not any(module.startswith("campaign_manager.ui") for module in found)
