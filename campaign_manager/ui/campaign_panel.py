"""The panel beside the map: turn and phase, the VP indicator, sorties left, troops waiting to
be placed (drag them onto the map), both reinforcement pools and the captured troops.
A view of the session: it redraws on `session.changed`."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from campaign_manager.engine import legal
from campaign_manager.engine.lookup import nations_words
from campaign_manager.engine.requirements import count_words
from campaign_manager.engine.state import CampaignState, Phase
from campaign_manager.engine.views import StateView, state_view
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui.map.view import MapView
from campaign_manager.ui.plain import escape, tip
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.vp_indicator import VPIndicator


class WaitingList(QListWidget):
    """Troops waiting to be placed; dragging one starts a troop drag onto the map."""

    def __init__(self, panel: CampaignPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.setObjectName("waitingList")
        self.setAccessibleName(_("Troops waiting to be placed"))
        self.setDragEnabled(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu)

    def startDrag(self, actions: Qt.DropAction) -> None:
        item = self.currentItem()
        if item is not None and self.panel.map_view is not None:
            self.panel.map_view.start_troop_drag(item.data(Qt.ItemDataRole.UserRole), self)

    def _menu(self, pos: QPoint) -> None:
        item = self.itemAt(pos)
        if item is not None and self.panel.map_view is not None:
            self.panel.map_view.troop_menu([item.data(Qt.ItemDataRole.UserRole)], self).popup(self.mapToGlobal(pos))


class CampaignPanel(QWidget):
    """Everything about the campaign that is not on the map."""

    def __init__(self, session: CampaignSession, map_view: MapView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.map_view = map_view
        layout = QVBoxLayout(self)
        self.headline = QLabel(wordWrap=True, textFormat=Qt.TextFormat.RichText)
        self.headline.setObjectName("headline")
        self.vp = VPIndicator(self)
        self.sorties = QLabel(wordWrap=True, textFormat=Qt.TextFormat.RichText)
        self.sorties.setObjectName("sorties")
        self.waiting_title = QLabel(_("<b>Waiting to be placed</b> — drag onto the map, or right-click"))
        self.waiting = WaitingList(self)
        self.off_map = QLabel(wordWrap=True, textFormat=Qt.TextFormat.RichText)
        self.off_map.setObjectName("offMap")
        self.off_map.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        for widget in (self.headline, self.vp, self.sorties, self.waiting_title, self.waiting, self.off_map):
            layout.addWidget(widget)
        layout.addStretch(1)
        session.changed.connect(self.refresh)
        session.kept_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.waiting.clear()
        if not self.session.is_open:
            self.headline.setText(_("No campaign open: use File ▸ New campaign or File ▸ Open campaign."))
            self.vp.set_values({}, {}, {}, None, ())
            self.sorties.setText("")
            self.off_map.setText("")
            self.waiting.setVisible(False)
            self.waiting_title.setVisible(False)
            return
        sc, st = self.session.scenario, self.session.state
        view = state_view(sc, st)
        self.headline.setText(_headline(sc, self.session.name, view, st, kept=self.session.has_kept_entry))
        self.vp.set_values(
            {side: sc.side_adjective(side) for side in sc.sides},
            {side: sc.side_noun(side) for side in sc.sides},
            view.vp,
            view.outcome,
            sc.victory_levels,
            sc.side_colours,
            view.vp_breakdown,
        )
        sorties = ", ".join(
            escape(f"{sc.aircraft[n].name if n in sc.aircraft else sc.nation_name(n)} ({sc.nation_name(n)}) {left}")
            for n, left in view.sorties.items()
        )
        self.sorties.setText(_("<b>Air sorties left this turn</b>: {sorties}").format(sorties=sorties or _("none")))
        waiting = [troop for side in view.reinforcements.values() for troop in side]
        for troop in waiting:
            item = QListWidgetItem(f"{troop.id} — {troop.name} → {troop.zone}")
            item.setData(Qt.ItemDataRole.UserRole, troop.id)
            item.setToolTip(
                tip(_("May go to: {areas}").format(areas=", ".join(troop.may_go or ()) or _("nowhere now")))
            )
            self.waiting.addItem(item)
        self.waiting.setVisible(bool(waiting))
        self.waiting_title.setVisible(bool(waiting))
        self.waiting.setFixedHeight(min(6, max(1, len(waiting))) * 22 + 6)
        self.off_map.setText(_off_map(sc, view))


PHASES = {  # a turn's phase, as the headline says it (rule 1.1)
    Phase.SETUP: N_("setup phase"),
    Phase.PLANNING: N_("planning phase"),
    Phase.BATTLE: N_("battle phase"),
    Phase.STRATEGIC: N_("strategic phase"),
    Phase.FINISHED: N_("finished phase"),
}


def next_step(sc: Scenario, st: CampaignState) -> str:
    """What to do next during a turn, with the menu that does it; the engine says what is legal."""
    if st.waiting_zone:
        return _(
            "place the waiting reinforcements: drag each counter from the list below onto an outlined "
            "area (or Turn ▸ Place and redeploy troops)."
        )
    if st.open_arrows:
        arrow = st.open_arrows[0]
        return _(
            "record the result of the open battle {origin} → {target} (Battle ▸ Resolve an open "
            "battle, or double-click its arrow)."
        ).format(origin=arrow.origin, target=arrow.target)
    if legal.turn_must_end(st):
        return ngettext(
            "the turn's {n} battle is fought, all the battles agreed for this turn of the General's "
            "Wargame (rule 1.5): end the turn (Turn ▸ End the turn).",
            "the turn's {n} battles are fought, all the battles agreed for this turn of the General's "
            "Wargame (rule 1.5): end the turn (Turn ▸ End the turn).",
            st.battles_fought,
        ).format(n=st.battles_fought)
    to_fight = st.battles_required - st.battles_fought
    if st.phase == Phase.PLANNING:
        return _planning_step(sc, st)
    if to_fight > 0 and legal.any_arrow(sc, st):
        return ngettext(
            "Battle ▸ New battle ({n} more battle required).",
            "Battle ▸ New battle ({n} more battles required).",
            to_fight,
        ).format(n=to_fight)
    left = legal.battles_left(st)
    if legal.any_arrow(sc, st) and left is not None:
        return ngettext(
            "the rolled battles are fought: {n} extra battle agreed to go, or Turn ▸ End the turn.",
            "the rolled battles are fought: {n} extra battles agreed to go, or Turn ▸ End the turn.",
            left,
        ).format(n=left)
    if legal.any_arrow(sc, st):
        return _("the required battles are fought: fight more (Battle ▸ New battle) or Turn ▸ End the turn.")
    fixed = sc.turn(st.turn).fixed_arrows
    if fixed and all(pair in st.fixed_fought for pair in fixed):
        fought = ", ".join(f"{origin} → {target}" for origin, target in fixed)
        return _(
            "this turn's battles are fixed and all are fought ({fought}); no other battle is fought "
            "this turn (rule 1.5): Turn ▸ End the turn."
        ).format(fought=fought)
    return _("neither side can attack anywhere now (rule 1.4): Turn ▸ End the turn.")


def _planning_step(sc: Scenario, st: CampaignState) -> str:
    """The planning phase's next step: redeploy first if a nation may, then mend the deployment or fight."""
    may = legal.redeploying_nations(sc, st)
    refusal = legal.battle_refusal(sc, st)
    if may and refusal is not None:
        return _(
            "redeploy if you wish ({nations} troops, in that order: drag a counter to another area its "
            "side holds), then mend this before the first battle — {refusal}"
        ).format(nations=nations_words(sc, may), refusal=refusal)
    if may:
        return _(
            "redeploy if you wish ({nations} troops, in that order: drag a counter to another area its "
            "side holds), then fight the first battle (Battle ▸ New battle); it ends the planning phase."
        ).format(nations=nations_words(sc, may))
    if refusal is not None:
        return _("mend this before the first battle — {refusal}").format(refusal=refusal)
    return _("fight the first battle (Battle ▸ New battle); it ends the planning phase.")


def _headline(sc: Scenario, name: str, view: StateView, st: CampaignState | None = None, kept: bool = False) -> str:
    if view.turn:
        turn = escape(
            _("Turn {turn} of {turns} — {name}, {phase}. {battles}.").format(
                turn=view.turn,
                turns=len(sc.turns),
                name=view.turn_name,
                phase=_(PHASES[view.phase]),
                battles=count_words(view.battles),
            )
        )
        if view.phase == Phase.FINISHED:
            result = view.outcome.result
            turn = _(
                "The campaign is over after turn {turn} ({name}). Result: <b>{result}</b>. File ▸ Print "
                "the turn report prints the last turn's."
            ).format(turn=view.turn, name=escape(view.turn_name), result=escape(result[:1].upper() + result[1:]))
        elif view.phase == Phase.STRATEGIC and view.turn < len(sc.turns):
            turn += "<br>" + _("Turn {turn} is over: next, Turn ▸ Start the next turn (turn {next}).").format(
                turn=view.turn, next=view.turn + 1
            )
        elif st is not None and view.phase in (Phase.PLANNING, Phase.BATTLE):
            turn += "<br>" + _("<b>Next:</b> {step}").format(step=escape(next_step(sc, st)))
            if kept:
                turn += "<br>" + _("A battle being entered is kept: Battle ▸ New battle takes it up where it was left.")
    else:
        turn = _("Not started yet: the first action is to start turn 1 (Turn ▸ Start the next turn).")
    vp = view.vp
    scores = " — ".join(f"{escape(sc.side_adjective(side))} {vp[side]}" for side in sc.sides)
    return (
        f"<h3 style='margin:0'>{escape(name)}</h3><p>{turn}<br>"
        + _("<b>Victory points</b>: {scores}.").format(scores=scores)
        + "</p>"
    )


def _off_map(sc: Scenario, view: StateView) -> str:
    parts = []
    none = _("none")
    if view.phase != Phase.FINISHED:  # nothing comes back once the campaign is over
        pools = [
            escape(f"{sc.side_adjective(side)}: {', '.join(t.id for t in troops)}")
            for side, troops in view.pools.items()
            if troops
        ]
        pool = (
            _("<b>Reinforcement pool (back next turn)</b><br>{troops}")
            if view.turn < len(sc.turns)
            else _("<b>Reinforcement pool (the last turn: they do not come back)</b><br>{troops}")
        )
        parts.append(pool.format(troops="<br>".join(pools) or none))
    taken = [  # listed by their own side in the view: said here by who took them
        escape(
            _("by the {side}: {troops} ({owner})").format(
                side=sc.side_noun(sc.enemy_of(side)),
                troops=", ".join(t.id for t in troops),
                owner=sc.side_adjective(side),
            )
        )
        for side, troops in view.captured.items()
        if troops
    ]
    parts.append(_("<b>Captured (lost for good)</b><br>{troops}").format(troops="<br>".join(taken) or none))
    arrows = []
    for arrow in view.open_arrows:
        line = escape(f"{arrow.origin} → {arrow.target}")
        if arrow.fortification:
            line += f"<br><i>{escape(arrow.fortification)}</i>"
        arrows.append(line)
    parts.append(_("<b>Open battle arrows</b><br>{arrows}").format(arrows="<br>".join(arrows) or none))
    return "<br><br>".join(parts)
