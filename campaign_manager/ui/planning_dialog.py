"""Placing reinforcements and redeploying troops from the window, one move at a time.

The lists offer what the rules allow now (from the engine's own look-ups); the engine still
checks every move, and a refusal is shown in the dialog with nothing recorded.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QPushButton, QWidget

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Action, Place, Redeploy
from campaign_manager.engine.lookup import label, nations_words
from campaign_manager.engine.state import WAITING, CampaignState
from campaign_manager.errors import RuleError
from campaign_manager.i18n import _
from campaign_manager.scenario import Scenario
from campaign_manager.ui.forms import Form
from campaign_manager.ui.plain import tip
from campaign_manager.ui.session import CampaignSession


class PlanningForm(Form):
    """Which troop, to which area, and why not."""

    FORM = "planning_dialog"
    root: QDialog
    troopCombo: QComboBox
    areaCombo: QComboBox
    problem: QLabel
    recordButton: QPushButton
    closeButton: QPushButton


class PlanningDialog:
    """The planning dialog over the session's campaign; `record` records a move, or returns why not."""

    def __init__(self, session: CampaignSession, parent: QWidget, record: Callable[[Action], str | None]) -> None:
        self.session = session
        self.record_move = record
        self.ui = PlanningForm(parent)
        self.ui.troopCombo.currentIndexChanged.connect(self._fill_areas)
        self.ui.recordButton.clicked.connect(self.record)
        self.ui.closeButton.clicked.connect(self.ui.root.reject)
        session.changed.connect(self._follow)  # the computer's moves, an undo: the lists follow the map
        self.refill()

    def open(self) -> None:
        self.ui.root.open()

    def _follow(self) -> None:
        """Refill while the dialog is open, keeping the troop chosen if it is still offered."""
        if not self.session.is_open or not self.ui.root.isVisible():
            return
        chosen = self.ui.troopCombo.currentData()
        self.refill()
        at = self.ui.troopCombo.findData(chosen) if chosen is not None else -1
        if at > 0:
            self.ui.troopCombo.setCurrentIndex(at)

    def _people_s(self, troop: str) -> bool:
        """Whether the people at the screen move the troop: against the computer, not its side's."""
        campaign = self.session.campaign
        computer = campaign.computer_side if campaign is not None else None
        return computer is None or self.session.scenario.side_of(self.session.scenario.troops[troop].nation) != computer

    def refill(self) -> None:
        sc, st = self.session.scenario, self.session.state
        self.ui.troopCombo.blockSignals(True)
        self.ui.troopCombo.clear()
        waiting = sorted(t for t, place in st.where.items() if place == WAITING and self._people_s(t))
        # In the turn's redeploy order (rule 1.5): the nation that moves first is offered first; a
        # nation whose turn has passed is still listed, last, and says why it may not move.
        order = sc.turn(st.turn).redeploy if st.turn else ()
        closed = legal.redeploy_closed(sc, st)
        movers = sorted(
            (
                t
                for t, place in st.where.items()
                if place in sc.areas and sc.troops[t].nation in order and self._people_s(t)
            ),
            key=lambda t: (sc.troops[t].nation in closed, order.index(sc.troops[t].nation), t),
        )
        for troop in waiting:
            self.ui.troopCombo.addItem(_("{troop} — waiting to be placed").format(troop=troop), troop)
        for troop in movers:
            self._add_mover(sc, st, troop, closed)
        self.ui.troopCombo.blockSignals(False)
        self._fill_areas()
        if not waiting and not movers:
            self.ui.problem.setText(_("Nobody waits to be placed and nobody may redeploy now."))

    def _add_mover(self, sc: Scenario, st: CampaignState, troop: str, closed: tuple[str, ...]) -> None:
        """A troop on the map; one whose nation's redeployment is over says so on its line, the
        rule in its tooltip (not only once in the status bar, when another nation began)."""
        where = label(sc, st.where[troop])
        if sc.troops[troop].nation not in closed:
            self.ui.troopCombo.addItem(_("{troop} — in {area}").format(troop=troop, area=where), troop)
            return
        self.ui.troopCombo.addItem(
            _("{troop} — in {area}: may no longer redeploy this turn").format(troop=troop, area=where), troop
        )
        refusal = legal.redeploy_refusal(sc, st, troop) or ""
        self.ui.troopCombo.setItemData(self.ui.troopCombo.count() - 1, tip(refusal), Qt.ItemDataRole.ToolTipRole)

    def _fill_areas(self) -> None:
        """The areas the engine allows for the chosen troop; when there are none, its reason."""
        self.ui.areaCombo.clear()
        self.ui.problem.setText("")
        troop = self.ui.troopCombo.currentData()
        if troop is None:
            return
        sc, st = self.session.scenario, self.session.state
        if st.where[troop] == WAITING:
            areas = legal.placement_targets(sc, st, troop)
        else:
            areas = legal.redeploy_targets(sc, st, troop)
            if not areas:
                try:
                    legal.redeploy_check(sc, st.copy(), troop)
                except RuleError as refusal:
                    self.ui.problem.setText(str(refusal))
            else:
                self._warn_of_order(sc, st, troop)
        for code in areas:
            self.ui.areaCombo.addItem(label(sc, code), code)

    def _warn_of_order(self, sc: Scenario, st: CampaignState, troop: str) -> None:
        """Moving a later nation's troop ends the earlier nations' redeployment (rule 1.5): say so
        before it is recorded."""
        nation = sc.troops[troop].nation
        if nation in st.redeployed:
            return
        still = legal.redeploying_nations(sc, st)
        earlier = still[: still.index(nation)]
        if earlier:
            self.ui.problem.setText(
                _(
                    "Note (rule 1.5): moving {troop} ends the {nations} troops' redeployment for this turn; "
                    "they move first."
                ).format(troop=troop, nations=nations_words(sc, earlier))
            )

    def record(self) -> None:
        troop, area = self.ui.troopCombo.currentData(), self.ui.areaCombo.currentData()
        if troop is None or area is None:
            if not self.ui.problem.text():  # a refusal already shown for the chosen troop says more
                self.ui.problem.setText(_("Choose a troop and where it goes."))
            return
        sc, st = self.session.scenario, self.session.state
        action = Place(troop, area) if st.where[troop] == WAITING else Redeploy(troop, area)
        closed_before = legal.redeploy_closed(sc, st)
        problem = self.record_move(action)
        if problem:
            self.ui.problem.setText(problem)
            return
        self.refill()  # which says why the troop it now shows may not move, if it may not
        closed = [n for n in legal.redeploy_closed(sc, self.session.state) if n not in closed_before]
        if closed:  # this move ended an earlier nation's redeployment: said here, where it happened
            self.ui.problem.setText(
                _(
                    "Rule 1.5: {nations} troops may no longer redeploy this turn: the {nation} troops have "
                    "begun to redeploy."
                ).format(nations=nations_words(sc, closed), nation=sc.nation_name(sc.troops[troop].nation))
            )
