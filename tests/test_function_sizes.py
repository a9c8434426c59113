"""The battle wizard's set-up and the engine's resolving of a battle stay short enough to read at
a glance: their steps live in functions (and pages) of their own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "campaign_manager"


@pytest.mark.parametrize(
    ("module", "function"), [("engine/resolve.py", "resolve"), ("ui/battle/wizard.py", "__init__")]
)
def test_a_function_kept_under_forty_lines(module: str, function: str):
    tree = ast.parse((ROOT / module).read_text())
    found = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == function]
    assert found, f"{function} is not in {module}"
    for node in found:
        assert node.end_lineno is not None
        assert node.end_lineno - node.lineno + 1 < 40, (
            f"{module} {function} is {node.end_lineno - node.lineno + 1} lines"
        )
