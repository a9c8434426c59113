"""A box naming the commander of one side for one tabletop game: the roster's commanders of that
side offered, with type-ahead (any part of the name, any case), or left empty (nobody named). Tab
out of a name typed half-way puts in the one commander whose name holds it, when only one does
(the engine's `completion`). A name that is not on the roster is a new commander of that side, once
the user says so (ui/battle/new_commanders.py): the battle wizard adds them to the roster with the
battle, in the same batch (so nothing is added when the battle is not)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QStringListModel, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QComboBox, QCompleter, QWidget

from campaign_manager.bounds import MAX_COMMANDER
from campaign_manager.engine import roster as rosters
from campaign_manager.engine.spelling import close_commanders, completion, meant_words
from campaign_manager.engine.state import Commander
from campaign_manager.i18n import _

NOBODY = ""


class ClickThrough(QObject):
    """On the list of names offered while typing (a popup, which has the mouse while it shows): a
    press outside the list closes it and goes on to what it was aimed at. Qt's completer closes
    the list and drops the press, so a click into the next box was lost and the next name was
    typed on after this one ("Marco" + "Anan"). Only a press in the box's own window goes on (a
    window a dialog blocks is not reached this way)."""

    def __init__(self, box: QWidget) -> None:
        super().__init__(box)
        self.box = box

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.MouseButtonPress or not isinstance(watched, QWidget):
            return False
        assert isinstance(event, QMouseEvent)
        where = event.globalPosition()
        if not watched.isVisible() or watched.rect().contains(watched.mapFromGlobal(where.toPoint())):
            return False  # a name chosen from the list: the completer's to handle
        watched.hide()
        aimed = QApplication.widgetAt(where.toPoint())
        if aimed is not None and aimed.window() is self.box.window():
            # the press gives focus as any click does (Qt gives it only with the system's own presses)
            taker: QWidget | None = aimed
            while taker is not None and not taker.focusPolicy() & Qt.FocusPolicy.ClickFocus and not taker.isWindow():
                taker = taker.parentWidget()
            if taker is not None and taker.focusPolicy() & Qt.FocusPolicy.ClickFocus:
                taker.setFocus(Qt.FocusReason.MouseFocusReason)
            press = QMouseEvent(
                QEvent.Type.MouseButtonPress,
                aimed.mapFromGlobal(where),
                where,
                event.button(),
                event.buttons(),
                event.modifiers(),
            )
            QApplication.sendEvent(aimed, press)
        return True


class CommanderChoice(QComboBox):
    """An editable box of a side's commanders (retired ones are not offered)."""

    def __init__(self, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)  # a typed name is not added to the list
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(8)  # narrow enough for two games side by side in the wizard
        self.names = QStringListModel(self)
        self.completer_ = QCompleter(self.names, self)
        self.completer_.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer_.setFilterMode(Qt.MatchFlag.MatchContains)
        self.completer_.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setCompleter(self.completer_)
        self.click_through = ClickThrough(self)
        popup = self.completer_.popup()
        assert popup is not None, "a completer makes its list when asked for it"
        popup.installEventFilter(self.click_through)  # after the completer's: asked first
        line = self.lineEdit()
        assert line is not None, "an editable box has its line"
        line.setMaxLength(MAX_COMMANDER)
        line.setPlaceholderText(_("not named"))  # the tooltip says how to name someone
        self.side = self.side_words = ""
        self.roster: tuple[Commander, ...] = ()

    def set_roster(self, roster: tuple[Commander, ...], side: str, side_words: str = "") -> None:
        """Offer the commanders of `side` (`side_words`: its name, for the words shown) who have
        not retired, by name; what was typed stays."""
        typed = self.currentText()
        self.roster, self.side, self.side_words = roster, side, side_words or side
        names = sorted((c.name for c in roster if c.side == side and not c.retired), key=str.casefold)
        self.blockSignals(True)
        self.clear()
        self.addItem(NOBODY)
        self.addItems(names)
        self.setCurrentText(typed)
        self.blockSignals(False)
        self.names.setStringList(names)

    def typed(self) -> str | None:
        """What is typed in the box (without spaces around it), or None when it is blank."""
        return self.currentText().strip() or None

    def name(self) -> str | None:
        """The name as typed (the roster's spelling when it is on the roster), or None."""
        typed = self.typed()
        if typed is None:
            return None
        found = rosters.find(self.roster, typed)
        return found.name if found is not None else typed

    def set_name(self, name: str | None) -> None:
        self.setCurrentText(name or NOBODY)
        line = self.lineEdit()
        if line is not None and not line.hasFocus():
            line.setCursorPosition(0)  # a long name shows its beginning

    def focusNextPrevChild(self, forward: bool) -> bool:
        # Tab or Shift+Tab out of the box (its line, or the list of names offered, pass it here);
        # not a focus-out: while the list shows, Qt sends the box none.
        self.complete()
        return super().focusNextPrevChild(forward)

    def complete(self) -> None:
        """A name typed half-way becomes the one commander of this side whose name holds it ("ann"
        for Anna); when several do, or none, or a retired one, it stays as typed (and is asked
        about before it is taken as a new commander)."""
        typed = self.typed() if self.is_new() else None
        found = completion(self.roster, self.side, typed) if typed is not None else None
        if found is not None:
            self.set_name(found.name)

    def is_new(self) -> bool:
        """A name is typed that is nobody's on the roster: a commander to add with the battle."""
        typed = self.name()
        return typed is not None and rosters.find(self.roster, typed) is None

    def may_have_meant(self) -> str:
        """Who of the roster a new name may have meant, in words (the engine's `close_commanders`):
        a name typed half-way and left ("mar": "Marco or mario"), one with more typed after it
        ("MarcoAnan": "Marco"), a retired commander said to be retired, after the others; "" when
        the name is on the roster, or close to nobody's."""
        typed = self.typed() if self.is_new() else None
        return meant_words(close_commanders(self.roster, self.side, typed)) if typed is not None else ""
