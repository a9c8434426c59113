"""Assist panels, one per module in `campaign_manager.assist.registry.MODULES`.

Each lives in `campaign_manager/ui/assist/<code>_panel.py` and defines `Panel(QWidget)`,
built as `Panel(parent=None)`.
"""

from __future__ import annotations

import importlib

from PySide6.QtWidgets import QWidget


def make_panel(code: str, parent: QWidget | None = None) -> QWidget:
    module = importlib.import_module(f"campaign_manager.ui.assist.{code}_panel")
    return module.Panel(parent)
