"""The computer's side in a General's Wargame against the computer: it places its own
reinforcements and mends its own deployment as soon as it may, choosing with the computer
opponent (engine/players.py) among what the engine allows; in battles the wizard asks it for its
arrow, its troops, its retreats and its advances."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Place, Redeploy
from campaign_manager.engine.deployment import deployment_problems
from campaign_manager.engine.players import ComputerPolicy, fixing_move
from campaign_manager.engine.state import Phase
from campaign_manager.errors import UserError
from campaign_manager.ui.session import CampaignSession


class ComputerSide(QObject):
    """Acts for the session's computer side (if its campaign has one) after every change."""

    def __init__(self, session: CampaignSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.policy = ComputerPolicy(2026)
        self._pending = False
        session.changed.connect(self._soon)

    @property
    def side(self) -> str | None:
        campaign = self.session.campaign
        return campaign.computer_side if campaign is not None else None

    def _soon(self) -> None:
        if self.side is not None and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.act)

    def act(self, before_battle: bool = False) -> None:
        """Make every move that is the computer's now (one action at a time, each recorded)."""
        self._pending = False
        side = self.side
        while side is not None and self.session.is_open and self.session.state.phase == Phase.PLANNING:
            move = self._next_move(side, before_battle)
            if move is None:
                return
            try:
                self.session.record([move])
            except UserError:
                return  # the engine said no: leave it to the players

    def _next_move(self, side: str, before_battle: bool):
        sc, st = self.session.scenario, self.session.state
        for troop in sorted(st.waiting_zone):
            if sc.side_of(sc.troops[troop].nation) == side:
                return Place(troop, self.policy.place(sc, st, troop, legal.placement_targets(sc, st, troop)))
        order = legal.redeploying_nations(sc, st)
        for index, nation in enumerate(order):
            if sc.side_of(nation) != side:
                continue
            earlier_are_mine = all(sc.side_of(n) == side for n in order[:index])
            if not (before_battle or earlier_are_mine):
                continue
            if deployment_problems(sc, st, only=nation, skip=st.deployed):
                fix = fixing_move(sc, st, nation, self.policy.rng)
                if fix is not None:
                    return Redeploy(*fix)
        return None
