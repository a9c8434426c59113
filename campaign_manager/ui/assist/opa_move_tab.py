"""The Movement tab: how many bands a unit moves on its order card (rules step 4)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QListWidget, QListWidgetItem, QPushButton, QWidget

from campaign_manager.assist.opa.fire import bands_words
from campaign_manager.assist.opa.movement import CARDS, movement, road_allowed
from campaign_manager.assist.opa.tables import OpaTables
from campaign_manager.assist.results import make_result
from campaign_manager.dice import Roller
from campaign_manager.i18n import _
from campaign_manager.ui.assist.opa_tab import OpaTab
from campaign_manager.ui.forms import Form


class MoveForm(Form):
    """Movement: the unit, its order card, road and penalties."""

    FORM = "opa_move"
    root: QWidget
    unitCombo: QComboBox
    cardCombo: QComboBox
    roadCheck: QCheckBox
    penaltyList: QListWidget
    moveButton: QPushButton
    moveResult: QLabel


class MoveTab(OpaTab):
    ui: MoveForm

    def __init__(self, panel: QWidget, tables: OpaTables, roller: Roller, report: Callable[[str], None]) -> None:
        super().__init__(panel, MoveForm(panel), tables, roller, report)
        for code, rate in tables.move_rates.items():
            self.ui.unitCombo.addItem(rate.label, code)
        for card in CARDS:
            self.ui.cardCombo.addItem(card, card)
        for code, penalty in tables.penalties.items():
            item = QListWidgetItem(
                _("{penalty} (−{bands}, {cards})").format(
                    penalty=penalty.label, bands=penalty.bands, cards=_(" or ").join(penalty.cards)
                )
            )
            item.setData(Qt.ItemDataRole.UserRole, code)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.ui.penaltyList.addItem(item)
        self.ui.moveButton.clicked.connect(lambda: self.attempt(self.work_out, self.ui.moveResult))
        self.answers_in(self.ui.moveResult)
        self.ui.unitCombo.currentIndexChanged.connect(self._offer_road)
        self._offer_road()

    def _offer_road(self) -> None:
        """Only a unit that can be in road column is offered the road bonus (the engine says which)."""
        allowed = road_allowed(self.tables, self.ui.unitCombo.currentData())
        self.ui.roadCheck.setEnabled(allowed)
        if not allowed:
            self.ui.roadCheck.setChecked(False)

    def work_out(self) -> None:
        chosen = tuple(
            self.ui.penaltyList.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.ui.penaltyList.count())
            if self.ui.penaltyList.item(i).checkState() == Qt.CheckState.Checked
        )
        move = movement(
            self.tables,
            self.ui.unitCombo.currentData(),
            self.ui.cardCombo.currentData(),
            self.ui.roadCheck.isChecked(),
            chosen,
        )
        words = _("{unit} on a {card} card: moves {bands}.").format(
            unit=self.ui.unitCombo.currentText(), card=move.card, bands=bands_words(move.bands)
        )
        steps_words = ", ".join(f"{r} {v:+d}" for r, v in move.steps)
        self.keep(make_result(_("Movement"), words, {_("steps"): steps_words}))
        steps = "<br>".join(f"{escape(reason)}: {value:+d}" for reason, value in move.steps)
        moves = _("Moves {bands}, {inches} inches.").format(
            bands=bands_words(move.bands), inches=move.bands * self.tables.band_inches
        )
        self.ui.moveResult.setText(
            f"{steps}<br><b>{escape(moves)}</b><br>"
            + "<br>".join(escape(n) for n in move.notes)  # untranslated: HTML markup
        )
