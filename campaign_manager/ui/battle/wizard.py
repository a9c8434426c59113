"""The battle wizard: one page per step of a battle (rules 1.4–1.8), offering only what the
engine says is legal, and recording one action through the campaign session at the end.

A new arrow runs initiative → arrow → commitments (and the suggested mission) → result →
roll to destroy → retreat (when the engine asks) → advance (when the attacker took the area) →
record. The arrow can instead be left open after the commitments while the game is played;
resolving it later starts at the result. Every die is typed in or rolled on its page, shown
before it counts, and recorded.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine import apply_action, legal
from campaign_manager.engine.actions import Battle
from campaign_manager.engine.battle import fortification_words, initiative_attacker, initiative_winner
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.odds import arrow_odds
from campaign_manager.engine.state import Arrow, Commitment, evolve
from campaign_manager.errors import ChoiceNeeded, UserError
from campaign_manager.scenario.model import enemy_of
from campaign_manager.ui.battle.aftermath import AftermathSteps
from campaign_manager.ui.battle.pages import (
    AdvancePage,
    ArrowPage,
    CommitPage,
    DestroyPage,
    InitiativePage,
    Page,
    ResultPage,
    RetreatPage,
    SummaryPage,
)
from campaign_manager.ui.plain import escape
from campaign_manager.ui.session import CampaignSession


class BattleWizard(AftermathSteps, QDialog):
    """A battle from initiative to advance. Give `open_arrow` to resolve an arrow placed earlier."""

    def __init__(
        self, session: CampaignSession, parent: QWidget | None = None, map_view=None, open_arrow: Arrow | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("battleWizard")
        self.setWindowTitle("Battle")
        self.resize(640, 520)
        self.session, self.map_view, self.open_arrow = session, map_view, open_arrow
        sc, st = session.scenario, session.state
        self.sc = sc
        campaign = session.campaign
        self.dice_only = bool(campaign and campaign.dice_only)
        self.computer = campaign.computer_side if campaign else None
        self.driver = TurnDriver.against_computer(sc, self.computer, len(st.open_arrows) + st.battles_fought)
        self.side: str | None = open_arrow.attacker_side if open_arrow else None
        self.initiative_dice: tuple[int, int] | None = None
        self.preview: Applied | None = None
        self.retreat: str | dict[str, str] | None = None
        self.survivors: list[str] = []
        self.computer_attack = Commitment()
        self.kept: tuple[tuple[str, str], Commitment, Commitment] | None = None  # ticks kept for Back
        self.pages: dict[str, Page] = {}
        self.stack = QStackedWidget(self)
        for page in (
            InitiativePage(sc.sides),
            ArrowPage(),
            CommitPage(),
            ResultPage(),
            DestroyPage(),
            RetreatPage(),
            AdvancePage(),
            SummaryPage(),
        ):
            self.pages[page.name.removesuffix("Page")] = page
            self.stack.addWidget(page)
            page.changed.connect(self._update)
            page.changed.connect(lambda page=page: self._mended(page))
        buttons = QHBoxLayout()
        self.cancel_button = QPushButton("Cancel", self)
        self.back_button = QPushButton("< Back", self)
        self.open_button = QPushButton("Place the arrow, result later", self)
        self.open_button.setToolTip(
            "Record the arrow and its troops now; enter the result when the game is over "
            "(Battle ▸ Resolve an open battle)"
        )
        self.next_button = QPushButton("Next >", self)
        self.record_button = QPushButton("Record the battle", self)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        for button in (self.back_button, self.open_button, self.next_button, self.record_button):
            buttons.addWidget(button)
        self.cancel_button.clicked.connect(self.reject)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.open_button.clicked.connect(self.leave_open)
        self.record_button.clicked.connect(self.record)
        # A page taller or wider than the wizard scrolls: the wizard keeps its size, inside the window.
        self.scroll = QScrollArea(self, objectName="pageScroll", widgetResizable=True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.stack)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroll, 1)
        layout.addLayout(buttons)
        self.history: list[str] = []
        if map_view is not None:
            map_view.areaClicked.connect(self._area_clicked)
        self._clicked_origin: str | None = None
        self.finished.connect(self._clear_map)
        self.finished.connect(self._back_to_window)
        self._recording = False
        session.changed.connect(self._campaign_changed)
        session.switched.connect(self._campaign_switched)
        # The first page has nothing before it: no Back (the stack's first widget is not a visit).
        if open_arrow is not None:
            self._go("result", remember=False)
        elif legal.next_attacker(sc, st) is not None:
            self.side = legal.next_attacker(sc, st)
            self._go("arrow", remember=False)
        else:
            self._go("initiative", remember=False)

    # -- navigation ---------------------------------------------------------------------------

    @property
    def page_name(self) -> str:
        return next(name for name, page in self.pages.items() if page is self.stack.currentWidget())

    def _go(self, name: str, remember: bool = True) -> None:
        if remember and self.stack.currentWidget() is not None and self.history[-1:] != [self.page_name]:
            self.history.append(self.page_name)
        self.pages[name].problem.setText("")  # before entering: what the page says on entry stays
        getattr(self, f"_enter_{name}")()
        self.stack.setCurrentWidget(self.pages[name])
        self._update()

    def back(self) -> None:
        if self.page_name == "commit":
            self._keep_ticks()
        if self.history:
            self._go(self.history.pop(), remember=False)

    def next(self) -> None:
        problem = getattr(self, f"_leave_{self.page_name}")()
        if problem:
            self.pages[self.page_name].problem.setText(problem)
            self._refused = self.pages[self.page_name]

    def _mended(self, page) -> None:
        """A refusal stands until the user changes something on its page: then it is taken down
        (Next asks the engine again). What a page says on entry is not a refusal and stays."""
        if getattr(self, "_refused", None) is page:
            page.problem.setText("")
            self._refused = None

    def _update(self) -> None:
        name = self.page_name
        self.back_button.setEnabled(bool(self.history))
        self.open_button.setVisible(name == "commit" and not self.dice_only)
        self.record_button.setVisible(name == "summary")
        self.next_button.setVisible(name != "summary")
        # Return presses the button in sight (a hidden default button would take it and do nothing).
        (self.record_button if name == "summary" else self.next_button).setDefault(True)
        refresh = getattr(self, f"_show_{name}", None)
        if refresh is not None:
            refresh()

    # -- initiative ---------------------------------------------------------------------------

    def _enter_initiative(self) -> None:
        rule = self.sc.turn(self.session.state.turn).initiative
        assert rule is not None
        self.pages["initiative"].say(
            f"Rule 1.5: each side rolls a d6 for the initiative; the "
            f"{side_name(self.sc, rule.side)} add {rule.modifier} and win ties. "
            f"The winner places the battle arrow."
        )

    def _initiative_dice(self) -> dict[str, int] | None:
        dice = {side: die.value() for side, die in self.pages["initiative"].dice.items()}
        return None if None in dice.values() else dice  # type: ignore[return-value]

    def _show_initiative(self) -> None:
        page = self.pages["initiative"]
        dice = self._initiative_dice()
        if dice is None:
            page.outcome.setText("Type both dice, or roll them.")
            return
        winner, scores = initiative_winner(self.sc, self.session.state.turn, dice)
        attacker, _ = initiative_attacker(self.sc, self.session.state, dice)
        words = ", ".join(f"{side_name(self.sc, s)} {scores[s]}" for s in scores)
        text = f"{words}: the {side_name(self.sc, winner)} win the initiative."
        if attacker != winner:
            text += f" They have no arrow to place, so the {side_name(self.sc, attacker)} attack."
        page.outcome.setText(text)

    def _leave_initiative(self) -> str | None:
        dice = self._initiative_dice()
        if dice is None:
            return "Type both initiative dice (or press Roll)."
        self.side, self.initiative_dice = initiative_attacker(self.sc, self.session.state, dice)
        self._go("arrow")
        return None

    # -- the arrow ----------------------------------------------------------------------------

    def _enter_arrow(self) -> None:
        sc, st = self.sc, self.session.state
        assert self.side is not None
        arrows = legal.legal_arrows(sc, st, self.side)
        page = self.pages["arrow"]
        spec = sc.turn(st.turn)
        fixed = " This turn's battles are fixed." if spec.fixed_arrows else ""
        page.say(
            f"Rule 1.4: the {side_name(sc, self.side)} attack from an area they hold, with a ground troop "
            f"there, into an adjacent area the enemy holds.{fixed}"
        )
        page.fill(arrows, lambda a, b: f"{label(sc, a)} → {label(sc, b)}")
        if not arrows:
            page.problem.setText(f"The {side_name(sc, self.side)} have no battle arrow they may place now.")
        if self.map_view is not None:
            self.map_view.highlight(sorted({a for a, _ in arrows}))
        page.arrows.setEnabled(self.side != self.computer)
        if self.side == self.computer and arrows:  # the computer was asked for a battle: it attacks
            question = replace(self.driver.attack_question(st, self.side, self.initiative_dice, arrows), required=True)
            choice = self.driver.decide(st, question).reply
            assert choice is not None
            self.computer_attack = choice[2]
            page.choose(choice[0], choice[1])
            page.problem.inform(
                f"The {side_name(sc, self.side)} are played by the computer: this is its arrow. Press Next."
            )

    def _area_clicked(self, code: str) -> None:
        """Choosing the arrow on the map: first its start, then its end."""
        if self.page_name != "arrow" or self.side is None:
            return
        arrows = legal.legal_arrows(self.sc, self.session.state, self.side)
        page = self.pages["arrow"]
        if self._clicked_origin and (self._clicked_origin, code) in arrows:
            page.choose(self._clicked_origin, code)
            self._clicked_origin = None
            page.problem.setText("")
            self.map_view.highlight([a for pair in [page.chosen()] for a in pair])
            return
        targets = [b for a, b in arrows if a == code]
        if targets:
            self._clicked_origin = code
            self.map_view.highlight([code, *targets])
            page.problem.inform(
                f"From {label(self.sc, code)}: now click the area to attack "
                f"({' or '.join(label(self.sc, t) for t in targets)})."
            )
        elif self._clicked_origin:
            page.problem.setText(
                f"{label(self.sc, code)} cannot be attacked from "
                f"{label(self.sc, self._clicked_origin)} now: click one of the areas outlined, "
                f"or another area to attack from."
            )
        else:
            page.problem.setText(
                f"No battle arrow of the {side_name(self.sc, self.side)} starts from {label(self.sc, code)} now."
            )

    def _back_to_window(self) -> None:
        """The keyboard goes back to the campaign window (Ctrl+B for the next battle at once)."""
        window = self.parentWidget()
        if window is not None:
            window.activateWindow()

    def _clear_map(self) -> None:
        self.session.changed.disconnect(self._campaign_changed)
        self.session.switched.disconnect(self._campaign_switched)
        if self.map_view is not None:
            self.map_view.highlight(())
            self.map_view.areaClicked.disconnect(self._area_clicked)

    def _campaign_changed(self) -> None:
        """Something else was recorded (or undone) while the wizard is open: nothing here is
        recorded yet, so say so and let the user check; the engine checks again on recording."""
        if not self._recording and self.isVisible():
            self.pages[self.page_name].problem.setText(
                "The campaign changed meanwhile (another action, undo or redo): check these choices."
            )

    def _campaign_switched(self) -> None:
        """Another campaign was opened: this battle belongs to the old one and nothing of it was
        recorded, so the wizard closes rather than offer it against the new campaign."""
        self.reject()

    def _leave_arrow(self) -> str | None:
        if self.pages["arrow"].chosen() is None:
            return "Choose the battle arrow (from the list or on the map)."
        self._go("commit")
        return None

    # -- commitments --------------------------------------------------------------------------

    def _arrow_ends(self) -> tuple[str, str]:
        if self.open_arrow is not None:
            return self.open_arrow.origin, self.open_arrow.target
        chosen = self.pages["arrow"].chosen()
        assert chosen is not None
        return chosen

    def _troop_words(self, troop: str) -> str:
        member = self.sc.troops[troop]
        name, _ = member.type.on_turn(self.session.state.turn)
        return f"{troop} — {self.sc.nation_name(member.nation)} {name}"

    def _enter_commit(self) -> None:
        sc, st = self.sc, self.session.state
        origin, target = self._arrow_ends()
        options = legal.legal_commitments(sc, st, origin, target)
        page = self.pages["commit"]
        page.say(
            f"Rule 1.4: each side commits at most {options.limit} Firestorm troops, an aircraft sortie "
            f"counting as one; the attacker at least one ground troop from {label(sc, origin)}, his sortie "
            f"only as his second troop. The defender may commit a sortie alone, or nothing."
        )

        def sorties(nations):
            return [(n, f"{sc.aircraft[n].name} sortie ({st.sorties[n]} left)") for n in nations]

        page.attacker.fill(
            f"Attacker: the {side_name(sc, options.attacker_side)} from {label(sc, origin)}",
            [(t, self._troop_words(t)) for t in options.attacker_troops],
            sorties(options.attacker_sorties),
            options.limit,
        )
        page.defender.fill(
            f"Defender: the {side_name(sc, enemy_of(options.attacker_side))} in {label(sc, target)}",
            [(t, self._troop_words(t)) for t in options.defender_troops],
            sorties(options.defender_sorties),
            options.limit,
        )
        page.fortification.setText(fortification_words(sc, options.fortification) if options.fortification else "")
        if self.map_view is not None:
            self.map_view.highlight([origin, target])
        if self.computer == options.attacker_side:
            page.attacker.tick(*self.computer_attack.troops)
            page.attacker.choose_sortie(self.computer_attack.sortie)
            page.attacker.setEnabled(False)
            page.attacker.say_who_chooses("The computer's choice.")
        elif self.computer is not None:
            page.defender.setEnabled(False)
            page.defender.say_who_chooses("The computer chooses when you press Next.")
        if self.kept is not None and self.kept[0] == (origin, target):  # back on this page: the ticks as they were
            for box, commitment in ((page.attacker, self.kept[1]), (page.defender, self.kept[2])):
                if box.isEnabled():
                    box.tick(*(t for t in commitment.troops if t in box.boxes))
                    box.choose_sortie(commitment.sortie)

    def _keep_ticks(self) -> None:
        self.kept = (self._arrow_ends(), *self._commitments())

    def _commitments(self) -> tuple[Commitment, Commitment]:
        page = self.pages["commit"]
        return (
            Commitment(page.attacker.troops(), page.attacker.sortie.currentData()),
            Commitment(page.defender.troops(), page.defender.sortie.currentData()),
        )

    def _show_commit(self) -> None:
        page = self.pages["commit"]
        attacker, defender = self._commitments()
        warnings = []
        for mine, theirs in ((attacker, defender), (defender, attacker)):
            if mine.sortie and not legal.aircraft_adds(self.sc, mine.sortie, theirs.sortie):
                warnings.append(
                    f"The {self.sc.aircraft[mine.sortie].name} adds nothing here: it only counts against "
                    f"enemy aircraft and none is committed. Its sortie would be spent for nothing "
                    f"(rule 1.3)."
                )
        page.warning.setText(" ".join(warnings))
        page.odds.setText(self._odds_words(attacker, defender))
        die = page.mission.value()
        missions = self.sc.turn(self.session.state.turn).missions
        page.mission_name.setText(missions[die - 1] if die else "")

    def _computer_defends_later(self) -> bool:
        """True while the computer's defence is still to be chosen (it chooses on leaving this page)."""
        return (
            self.computer is not None
            and self.computer != self.side
            and self.open_arrow is None
            and self.page_name == "commit"
        )

    def _odds_words(self, attacker: Commitment, defender: Commitment) -> str:
        """The exact odds of the arrow as ticked, if fought as a General's Wargame battle, with
        each side's bonus factor by factor (the same factors the result adds up)."""
        if not attacker.troops:
            return "Tick the attacking troops to see the odds."  # HTML (the label's), as every answer here
        origin, target = self._arrow_ends()
        try:
            found = arrow_odds(self.sc, self.session.state, origin, target, attacker, defender, self.initiative_dice)
        except UserError as exc:
            return escape(f"No odds: {exc}")
        side = self.side or ""
        enemy = enemy_of(side)
        odds = found.odds
        vp = ", ".join(f"the {side_name(self.sc, s)} {found.expected_vp[s]:+.1f}" for s in (side, enemy))
        bonus = "; ".join(
            f"the {side_name(self.sc, s)} " + (" ".join(f"{v:+d} {r}" for r, v in factors) or "+0")
            for s, factors in ((side, found.attacker_factors), (enemy, found.defender_factors))
        )
        pending = (
            f" if the {side_name(self.sc, enemy)} commit nothing — the computer chooses their defence when "
            f"you press Next, and the next page gives the odds against it"
            if self._computer_defends_later()
            else ""
        )
        defending = (
            f", each defending troop {float(odds.defender_destroyed):.0%}"
            if defender.troops
            else "; no defending troop is at risk"
        )
        return "<b>Odds in the General's Wargame</b> " + escape(
            f"(exact, rule 1.7){pending}. Bonus: {bonus}. "
            f"Chances: the {side_name(self.sc, side)} win "
            f"{float(odds.attacker_win):.0%}, draw {float(odds.draw):.0%}, the {side_name(self.sc, enemy)} win "
            f"{float(odds.defender_win):.0%}. Each attacking troop is destroyed "
            f"{float(odds.attacker_destroyed):.0%} of the time{defending}. Expected change in campaign VP: {vp}."
        )

    def _new_arrow_action(self, **result) -> Battle:
        origin, target = self._arrow_ends()
        attacker, defender = self._commitments()
        return Battle(
            origin,
            target,
            initiative_dice=self.initiative_dice,
            attacker=attacker,
            defender=defender,
            mission_die=self.pages["commit"].mission.value(),
            **result,
        )

    def _check(self, action: Battle) -> str | None:
        """The engine's refusal of the action as it stands (nothing recorded), or None."""
        try:
            apply_action(self.sc, self.session.state, action)
        except ChoiceNeeded:
            return None
        except UserError as exc:
            return str(exc)
        return None

    def _leave_commit(self) -> str | None:
        self._keep_ticks()
        if self._computer_defends_later():  # the attacker's own choice first: the computer's stays unseen
            problem = self._check(evolve(self._new_arrow_action(), defender=Commitment()))
            if problem:
                return problem
        self._computer_defends()
        problem = self._check(self._new_arrow_action())
        if problem:
            return problem
        self._go("result")
        return None

    def _computer_defends(self) -> None:
        """The computer's defence, chosen once the attacker's troops are known."""
        if self.computer is None or self.computer == self.side or self.open_arrow is not None:
            return
        origin, target = self._arrow_ends()
        attacker, _ = self._commitments()
        question = self.driver.defence_question(self.session.state, origin, target, attacker, self.initiative_dice)
        defence = self.driver.decide(self.session.state, question).reply
        page = self.pages["commit"]
        for troop, box in page.defender.boxes.items():
            box.setChecked(troop in defence.troops)
        page.defender.choose_sortie(defence.sortie)

    def leave_open(self) -> None:
        """Place the arrow now; its result is recorded later (Battle ▸ Resolve an open battle)."""
        self._computer_defends()
        self._recording = True
        try:
            self.session.record([self._new_arrow_action()])
        except UserError as exc:
            self.pages["commit"].problem.setText(str(exc))
            return
        finally:
            self._recording = False
        self.accept()
