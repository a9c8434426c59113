"""A box naming the commander of one side for one tabletop game: the roster's commanders of that
side offered, with type-ahead (any part of the name, any case), or left empty (nobody named). A
name that is not on the roster is a new commander of that side: the battle wizard adds them to
the roster with the battle, in the same batch (so nothing is added when the battle is not)."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtWidgets import QComboBox, QCompleter, QWidget

from campaign_manager.engine import roster as rosters
from campaign_manager.engine.state import Commander

NOBODY = ""


class CommanderChoice(QComboBox):
    """An editable box of a side's commanders (retired ones are not offered)."""

    def __init__(self, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)  # a typed name is not added to the list
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(12)
        self.names = QStringListModel(self)
        self.completer_ = QCompleter(self.names, self)
        self.completer_.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer_.setFilterMode(Qt.MatchFlag.MatchContains)
        self.completer_.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setCompleter(self.completer_)
        line = self.lineEdit()
        assert line is not None, "an editable box has its line"
        line.setMaxLength(80)
        line.setPlaceholderText("not named — choose, or type a new name")
        self.side = ""
        self.roster: tuple[Commander, ...] = ()

    def set_roster(self, roster: tuple[Commander, ...], side: str) -> None:
        """Offer the commanders of `side` who have not retired, by name; what was typed stays."""
        typed = self.currentText()
        self.roster, self.side = roster, side
        names = sorted((c.name for c in roster if c.side == side and not c.retired), key=str.casefold)
        self.blockSignals(True)
        self.clear()
        self.addItem(NOBODY)
        self.addItems(names)
        self.setCurrentText(typed)
        self.blockSignals(False)
        self.names.setStringList(names)

    def name(self) -> str | None:
        """The name as typed (the roster's spelling when it is on the roster), or None."""
        typed = self.currentText().strip()
        if not typed:
            return None
        found = rosters.find(self.roster, typed)
        return found.name if found is not None else typed

    def set_name(self, name: str | None) -> None:
        self.setCurrentText(name or NOBODY)

    def is_new(self) -> bool:
        """A name is typed that is nobody's on the roster: a commander to add with the battle."""
        typed = self.name()
        return typed is not None and rosters.find(self.roster, typed) is None
