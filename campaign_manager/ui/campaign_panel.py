"""The panel beside the map: turn and phase, the VP indicator, sorties left, troops waiting to
be placed (drag them onto the map), both reinforcement pools and the captured troops.
A view of the session: it redraws on `session.changed`."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from campaign_manager.engine import legal
from campaign_manager.engine.lookup import counted, nations_words
from campaign_manager.engine.requirements import count_words
from campaign_manager.engine.state import CampaignState, Phase
from campaign_manager.engine.views import StateView, state_view
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
        self.setAccessibleName("Troops waiting to be placed")
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
        self.waiting_title = QLabel("<b>Waiting to be placed</b> — drag onto the map, or right-click")
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
            self.headline.setText("No campaign open: use File ▸ New campaign or File ▸ Open campaign.")
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
            sc.sides,
            sc.side_nouns,
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
        self.sorties.setText(f"<b>Air sorties left this turn</b>: {sorties or 'none'}")
        waiting = [troop for side in view.reinforcements.values() for troop in side]
        for troop in waiting:
            item = QListWidgetItem(f"{troop.id} — {troop.name} → {troop.zone}")
            item.setData(Qt.ItemDataRole.UserRole, troop.id)
            item.setToolTip(tip(f"May go to: {', '.join(troop.may_go or ()) or 'nowhere now'}"))
            self.waiting.addItem(item)
        self.waiting.setVisible(bool(waiting))
        self.waiting_title.setVisible(bool(waiting))
        self.waiting.setFixedHeight(min(6, max(1, len(waiting))) * 22 + 6)
        self.off_map.setText(_off_map(sc, view))


def next_step(sc: Scenario, st: CampaignState) -> str:
    """What to do next during a turn, with the menu that does it; the engine says what is legal."""
    if st.waiting_zone:
        return (
            "place the waiting reinforcements: drag each counter from the list below onto an outlined "
            "area (or Turn ▸ Place and redeploy troops)."
        )
    if st.open_arrows:
        arrow = st.open_arrows[0]
        return (
            f"record the result of the open battle {arrow.origin} → {arrow.target} (Battle ▸ Resolve an open "
            f"battle, or double-click its arrow)."
        )
    if legal.turn_must_end(st):
        return (
            f"the turn's {counted(st.battles_fought, 'battle')} are fought, all the battles agreed for this turn "
            f"of the General's Wargame (rule 1.5): end the turn (Turn ▸ End the turn)."
        )
    to_fight = st.battles_required - st.battles_fought
    if st.phase == Phase.PLANNING:
        may = legal.redeploying_nations(sc, st)
        redeploy = (
            f"redeploy if you wish ({nations_words(sc, may)} troops, in that order: drag a counter to "
            f"another area its side holds), then "
            if may
            else ""
        )
        refusal = legal.battle_refusal(sc, st)
        if refusal is not None:
            return f"{redeploy}mend this before the first battle — {refusal}"
        return f"{redeploy}fight the first battle (Battle ▸ New battle); it ends the planning phase."
    if to_fight > 0 and legal.any_arrow(sc, st):
        return f"Battle ▸ New battle ({counted(to_fight, 'more battle')} required)."
    left = legal.battles_left(st)
    if legal.any_arrow(sc, st) and left is not None:
        return f"the rolled battles are fought: {counted(left, 'extra battle')} agreed to go, or Turn ▸ End the turn."
    if legal.any_arrow(sc, st):
        return "the required battles are fought: fight more (Battle ▸ New battle) or Turn ▸ End the turn."
    fixed = sc.turn(st.turn).fixed_arrows
    if fixed and all(pair in st.fixed_fought for pair in fixed):
        fought = ", ".join(f"{origin} → {target}" for origin, target in fixed)
        return (
            f"this turn's battles are fixed and all are fought ({fought}); no other battle is fought "
            f"this turn (rule 1.5): Turn ▸ End the turn."
        )
    return "neither side can attack anywhere now (rule 1.4): Turn ▸ End the turn."


def _headline(sc: Scenario, name: str, view: StateView, st: CampaignState | None = None, kept: bool = False) -> str:
    if view.turn:
        turn = escape(
            f"Turn {view.turn} of {len(sc.turns)} — {view.turn_name}, {view.phase} phase. {count_words(view.battles)}."
        )
        if view.phase == Phase.FINISHED:
            result = view.outcome.result
            turn = (
                f"The campaign is over after turn {view.turn} ({escape(view.turn_name)}). Result: "
                f"<b>{escape(result[:1].upper() + result[1:])}</b>. File ▸ Print the turn report prints "
                f"the last turn's."
            )
        elif view.phase == Phase.STRATEGIC and view.turn < len(sc.turns):
            turn += f"<br>Turn {view.turn} is over: next, Turn ▸ Start the next turn (turn {view.turn + 1})."
        elif st is not None and view.phase in (Phase.PLANNING, Phase.BATTLE):
            turn += f"<br><b>Next:</b> {escape(next_step(sc, st))}"
            if kept:
                turn += "<br>A battle being entered is kept: Battle ▸ New battle takes it up where it was left."
    else:
        turn = "Not started yet: the first action is to start turn 1 (Turn ▸ Start the next turn)."
    vp = view.vp
    return (
        f"<h3 style='margin:0'>{escape(name)}</h3><p>{turn}<br><b>Victory points</b>: "
        + " — ".join(f"{escape(words)} {vp[side]}" for side, words in sc.sides.items())
        + ".</p>"
    )


def _off_map(sc: Scenario, view: StateView) -> str:
    parts = []
    if view.phase != Phase.FINISHED:  # nothing comes back once the campaign is over
        pools = [
            escape(f"{sc.sides[side]}: {', '.join(t.id for t in troops)}")
            for side, troops in view.pools.items()
            if troops
        ]
        back = "back next turn" if view.turn < len(sc.turns) else "the last turn: they do not come back"
        parts.append(f"<b>Reinforcement pool ({back})</b><br>{'<br>'.join(pools) or 'none'}")
    taken = [  # listed by their own side in the view: said here by who took them
        escape(f"by the {sc.side_nouns[sc.enemy_of(side)]}: {', '.join(t.id for t in troops)} ({sc.sides[side]})")
        for side, troops in view.captured.items()
        if troops
    ]
    parts.append(f"<b>Captured (lost for good)</b><br>{'<br>'.join(taken) or 'none'}")
    arrows = []
    for arrow in view.open_arrows:
        line = escape(f"{arrow.origin} → {arrow.target}")
        if arrow.fortification:
            line += f"<br><i>{escape(arrow.fortification)}</i>"
        arrows.append(line)
    parts.append(f"<b>Open battle arrows</b><br>{'<br>'.join(arrows) or 'none'}")
    return "<br><br>".join(parts)
