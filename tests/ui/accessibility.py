"""What a screen reader would say of a window's interactive widgets: each needs a name of its own
(an accessible name, or a button's words). Labels beside fields give them their names (Designer
forms in the .ui files, code-built views through ui/accessible.name_fields), so the name is asked
of the field itself.

Only calls that never answer None are made (see ui/accessible.py: with PySide6 6.12 on Python
3.11 each None handed back from C++ takes a reference from None)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTabBar,
    QTextEdit,
    QWidget,
)

INTERACTIVE = (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QAbstractItemView,
    QAbstractSlider,
    QPlainTextEdit,
    QTextEdit,
)
# Left out: tab bars, table headers and scroll bars (parts of a tabbed or scrolled widget, named
# by Qt), and the parts of a spin box, a combo box (its line edit, its list) and a tab bar.
PARTS_OF = (QAbstractSpinBox, QComboBox, QTabBar)
NOT_ON_THEIR_OWN = (QTabBar, QHeaderView, QScrollBar)


def _strip(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip()


def unnamed(root: QWidget) -> list[str]:
    """Interactive widgets under `root` (itself included) that a screen reader could not name."""
    parts = {
        id(part) for owner in PARTS_OF for whole in root.findChildren(owner) for part in whole.findChildren(QWidget)
    }
    missing = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not isinstance(widget, INTERACTIVE) or isinstance(widget, NOT_ON_THEIR_OWN) or id(widget) in parts:
            continue
        if widget.objectName().startswith("qt_"):
            continue  # Qt's own parts
        if widget.accessibleName().strip():
            continue
        if isinstance(widget, QAbstractButton) and _strip(widget.text()):
            continue
        missing.append(f"{type(widget).__name__} {widget.objectName() or '(no object name)'}")
    return missing
