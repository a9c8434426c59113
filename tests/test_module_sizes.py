"""The window's modules stay small enough to hold in one's head: none in campaign_manager/ui/ is
over 450 lines; a module that grows past it is split by what its parts are."""

from __future__ import annotations

from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "campaign_manager" / "ui"
MOST_LINES = 450


def test_no_module_of_the_window_is_over_450_lines():
    over = {}
    for path in sorted(UI.rglob("*.py")):
        module = path.relative_to(UI).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MOST_LINES:
            over[module] = lines
    assert not over, f"modules of ui/ over {MOST_LINES} lines (split each by what its parts are): {over}"
