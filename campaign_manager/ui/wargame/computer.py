"""The computer's side in a General's Wargame against the computer: it places its own
reinforcements and mends its own deployment as soon as it may, through the turn driver
(engine/driver.py), which asks the computer opponent among what the engine allows; in battles
the wizard puts the computer's questions to the same driver."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.state import Phase
from campaign_manager.errors import UserError
from campaign_manager.ui import settings
from campaign_manager.ui.session import CampaignSession

if TYPE_CHECKING:
    from campaign_manager.engine.driver import TurnDriver

SEED = 2026  # the computer's own choices (ties between equally good moves) are seeded


class ComputerSide(QObject):
    """Acts for the session's computer side (if its campaign has one) after every change."""

    def __init__(self, session: CampaignSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._driver: TurnDriver | None = None
        self._how = ""  # the preference the driver's general was made with (ui/settings.py)
        self._pending = False
        session.changed.connect(self._soon)

    @property
    def side(self) -> str | None:
        campaign = self.session.campaign
        return campaign.computer_side if campaign is not None else None

    @property
    def driver(self) -> TurnDriver | None:
        """The turn driver seating the computer on its side of the open campaign (None: two people)."""
        side = self.side
        if side is None:
            return None
        how = settings.computer_general()  # the player's preference, read each time: it may change
        driver = self._driver
        if driver is None or driver.sc is not self.session.scenario or not driver.seated(side) or self._how != how:
            from campaign_manager.engine.players import computer_opponent  # loaded once a computer plays

            self._driver = driver = computer_opponent(self.session.scenario, side, SEED, how)
            self._how = how
        return driver

    def _soon(self) -> None:
        if self.side is not None and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.act)

    def act(self, before_battle: bool = False) -> None:
        """Make every planning move that is the computer's now (one action at a time, each
        recorded), until a person must decide. `before_battle`: the people are done planning."""
        self._pending = False
        while self.session.is_open and self.session.state.phase == Phase.PLANNING:
            driver = self.driver
            move = driver.planning_step(self.session.state, before_battle) if driver is not None else None
            if not isinstance(move, Applied):
                return  # nothing left, or the people's turn
            try:
                self.session.record([move.action])
            except UserError:
                return  # the engine said no: leave it to the players
