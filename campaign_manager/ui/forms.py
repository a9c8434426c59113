"""Qt Designer forms from `forms/`, all loaded one way: at run time with QUiLoader.

Windows and panels use them by composition: `self.ui = load_form("gcw_conflict", self)`,
then reach widgets by object name (`self.ui.dieBox`).
"""

from __future__ import annotations

from PySide6.QtCore import QFile, QIODevice
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QWidget

from campaign_manager.paths import FORMS


def load_form(name: str, parent: QWidget | None = None) -> QWidget:
    """Build the widget tree of `forms/<name>.ui`, parented to `parent`."""
    path = FORMS / f"{name}.ui"
    handle = QFile(str(path))
    if not handle.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FileNotFoundError(f"form {path} is missing")
    try:
        loader = QUiLoader()
        widget = loader.load(handle, parent)
    finally:
        handle.close()
    if widget is None:
        raise RuntimeError(f"form {path} could not be loaded: {loader.errorString()}")
    return widget
