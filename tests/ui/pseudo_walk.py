"""Text a window shows that never went through the catalogue (issue #41): under the
pseudo-translation (FIRESTORM_PSEUDO=1) every marked message comes back accented and bracketed,
so a word of plain English left in a widget, an action, a tab, a header or a list was never marked.

    with pseudo_language():
        window = build_it()
        assert not unmarked_texts(window, allowed=scenario_words(scenario))
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListView,
    QMenu,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from campaign_manager import i18n

# A word of three plain letters or more, outside the pseudo-translation's brackets.
_PLAIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_TAG = re.compile(r"<[^<>]*>")  # rich text's markup (<h3 style='margin:0'>), not words


@contextlib.contextmanager
def pseudo_language():
    """Speak the pseudo-translation inside the block."""
    before = os.environ.get(i18n.PSEUDO_VARIABLE)
    os.environ[i18n.PSEUDO_VARIABLE] = "1"
    i18n.use(None)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(i18n.PSEUDO_VARIABLE, None)
        else:
            os.environ[i18n.PSEUDO_VARIABLE] = before
        i18n.use(None)


def scenario_words(scenario) -> set[str]:
    """The words a scenario brings (areas, troops, nations, sides, terrain names): data, not the catalogue's."""
    words: set[str] = set()
    for value in _strings(_plain(scenario)):
        words.update(_PLAIN_WORD.findall(value))
    return words


def _plain(value):
    """A model, a dataclass or plain data as plain data (the Scenario is a dataclass of models)."""
    if hasattr(value, "model_dump"):
        return value.model_dump()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: _plain(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {key: _plain(each) for key, each in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(each) for each in value]
    return value


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, each in value.items():
            yield from _strings(key)
            yield from _strings(each)
    elif isinstance(value, (list, tuple, set)):
        for each in value:
            yield from _strings(each)


def strings_in(value) -> set[str]:
    """Every text of three letters or more in plain data (a TOML or JSON file read): data's texts
    for `scenario_phrases`' `more`."""
    return {text for text in _strings(value) if len(text) >= 3}


def scenario_phrases(scenario, *more: str) -> tuple[str, ...]:
    """Every text a scenario brings (names, turn titles, dates, notes), and `more` (a campaign's
    commanders and clubs), longest first: data shown as it is, taken out of a text whole before
    its words are looked at, so a word of the catalogue's English beside them is still found."""
    texts = {value for value in _strings(_plain(scenario)) if len(value) >= 3} | {m for m in more if m}
    return tuple(sorted(texts, key=len, reverse=True))


def plain_words(text: str, allowed: set[str] = frozenset(), phrases: tuple[str, ...] = ()) -> list[str]:
    """The plain English words of `text` outside brackets, less the allowed words and phrases."""
    outside = _BRACKETED.sub(" ", _TAG.sub(" ", text).replace("&", ""))
    for phrase in phrases:
        if phrase in outside:
            outside = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", outside)
    return [word for word in _PLAIN_WORD.findall(outside) if word not in allowed]


def _texts(widget: QWidget):
    if isinstance(widget, QAbstractButton | QLabel):
        yield widget.text()
    if isinstance(widget, QGroupBox):
        yield widget.title()
    if isinstance(widget, QLineEdit):
        yield widget.placeholderText()
    if isinstance(widget, QTextEdit):
        yield widget.toPlainText()
    if isinstance(widget, QComboBox):
        yield from (widget.itemText(i) for i in range(widget.count()))
    if isinstance(widget, QTabWidget):
        yield from (widget.tabText(i) for i in range(widget.count()))
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        top = QModelIndex()
        columns = 1 if isinstance(widget, QListView) else model.columnCount(top)  # a list's model hides it
        for section in range(columns):
            yield str(model.headerData(section, _horizontal()) or "")
        for row in range(min(model.rowCount(top), 60)):  # what each row shows, its first level
            for column in range(max(columns, 1)):
                yield str(model.data(model.index(row, column, top)) or "")
    if widget.isWindow():
        yield widget.windowTitle()
    yield widget.toolTip()
    for action in widget.actions():
        yield action.text()
        yield action.toolTip() if action.toolTip() != action.text().replace("&", "") else ""
        if action.menu() is not None and isinstance(action.menu(), QMenu):
            yield action.menu().title()


def _horizontal():
    from PySide6.QtCore import Qt

    return Qt.Orientation.Horizontal


def unmarked_texts(root: QWidget, allowed: set[str] = frozenset(), phrases: tuple[str, ...] = ()) -> list[str]:
    """Each text shown in `root` and its children (visible or not) holding plain English words."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        for text in _texts(widget):
            if text and (words := plain_words(text, allowed, phrases)):
                found.append(f"{type(widget).__name__} {widget.objectName()!r}: {text!r} ({', '.join(words)})")
    return found
