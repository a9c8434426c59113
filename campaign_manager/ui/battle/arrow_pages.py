"""The battle wizard's first steps: the initiative roll, the battle arrow (from a list or on the
map) and each side's commitments with the suggested mission and the odds (rules 1.4 and 1.5)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Initiative as InitiativeRoll
from campaign_manager.engine.battle import fortification_words, initiative_attacker, initiative_winner
from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.state import Commitment
from campaign_manager.errors import UserError
from campaign_manager.ui import ink
from campaign_manager.ui.battle.dice import DieInput
from campaign_manager.ui.battle.draft import BattleDraft
from campaign_manager.ui.battle.pages import Page, Refused, Step, named
from campaign_manager.ui.plain import label as plain_label


class InitiativePage(Page):
    step, title_words = Step.INITIATIVE, "Initiative"

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        form = QFormLayout()
        self.dice: dict[str, DieInput] = {}
        for side, name in draft.sc.sides.items():
            die = DieInput(f"initiative_{side}", self, words=f"the {name}' initiative")
            die.changed.connect(self.changed)
            die.roll_wanted.connect(self.roll_against_the_computer)
            form.addRow(plain_label(f"{name} d6:"), die)
            self.dice[side] = die
        self.body.addLayout(form)
        self.outcome = named(QLabel(), "outcome")
        self.body.addWidget(self.outcome)
        self.body.addStretch(1)

    def enter(self) -> None:
        draft = self.draft
        sc, st = draft.sc, draft.st
        rule = sc.turn(st.turn).initiative
        assert rule is not None, "the wizard starts here only on turns with an initiative roll"
        computer = draft.computer is not None
        self.say(
            f"Rule 1.5: each side rolls a d6 for the initiative; the {side_name(sc, rule.side)} add "
            f"{rule.modifier} and win ties. The winner places the battle arrow."
            + (" Against the computer the app rolls both dice, and the roll is recorded at once." if computer else "")
        )
        for side, die in self.dice.items():
            die.set_app_only(computer)
            die.rolls_itself = not computer
            self.show_die(f"initiative.{side}", die)
        if st.initiative is not None:  # rolled and recorded already: shown as recorded, final
            attacker, faces = st.initiative
            for side, face in zip((attacker, sc.enemy_of(attacker)), faces):
                _, by_app, _, _ = draft.kept_die(f"initiative.{side}")
                self.dice[side].restore(face, by_app, True)
                self.dice[side].set_app_only(True)

    def keep(self) -> None:
        for side, die in self.dice.items():
            self.keep_die(f"initiative.{side}", die)

    def tab_chain(self) -> list[QWidget]:
        return [die.box for die in self.dice.values()]

    def roll_against_the_computer(self) -> None:
        """Against the computer: the app rolls both dice and the roll is recorded at once."""
        if self.draft.st.initiative is not None:
            return
        try:
            done = self.draft.record_initiative()
        except UserError as exc:
            self.problem.setText(str(exc))
            return
        assert isinstance(done.action, InitiativeRoll) and done.action.dice is not None
        for side, face in done.action.dice:
            if face is not None:
                self.dice[side].show_roll(face)
        self.problem.inform("The initiative roll is recorded. Press Next.")

    def rolled(self) -> dict[str, int] | None:
        dice = {side: die.value() for side, die in self.dice.items()}
        return None if None in dice.values() else {side: die for side, die in dice.items() if die is not None}

    def refresh(self) -> None:
        dice = self.rolled()
        if dice is None:
            self.outcome.setText("Press Roll." if self.draft.computer else "Type both dice, or roll them.")
            return
        sc, st = self.draft.sc, self.draft.st
        winner, scores = initiative_winner(sc, st.turn, dice)
        attacker = st.initiative[0] if st.initiative is not None else initiative_attacker(sc, st, dice)[0]
        words = ", ".join(f"{side_name(sc, s)} {scores[s]}" for s in scores)
        text = f"{words}: the {side_name(sc, winner)} win the initiative."
        if attacker != winner:
            text += f" They have no arrow to place, so the {side_name(sc, attacker)} attack."
        self.outcome.setText(text)

    def leave(self) -> Step | Refused:
        draft = self.draft
        if draft.st.initiative is not None:  # recorded with its own action: the battle leaves it out
            draft.side, draft.initiative_dice = draft.st.initiative[0], None
            draft.note(side=draft.side)
            return Step.ARROW
        dice = self.rolled()
        if dice is None:
            return Refused(
                "Press Roll: against the computer the app rolls the initiative."
                if draft.computer
                else "Type both initiative dice (or press Roll)."
            )
        draft.side, draft.initiative_dice = initiative_attacker(draft.sc, draft.st, dice)
        draft.note(side=draft.side)
        return Step.ARROW


class ArrowPage(Page):
    step, title_words = Step.ARROW, "The battle arrow"

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        self.arrows = QListWidget(self)
        self.arrows.setObjectName("arrowList")
        self.arrows.setAccessibleName("The battle arrows that may be placed")
        # The arrow chosen is the line selected: the line current by itself when the list takes
        # the keyboard is nobody's choice.
        self.arrows.itemSelectionChanged.connect(self.changed)
        self.arrows.itemSelectionChanged.connect(lambda: self.draft.show_entering(self.chosen()))  # and on the map
        self.arrows.itemDoubleClicked.connect(lambda _item: self.go_on.emit())  # chosen and on, as in a file dialog
        self.body.addWidget(
            named(
                QLabel(
                    "Choose the arrow from the list, or click the map: first the area attacked "
                    "from, then the area attacked."
                ),
                "arrowHow",
            )
        )
        self.body.addWidget(self.arrows)
        self.clicked_origin: str | None = None

    def fill(self, arrows: list[tuple[str, str]], words: Callable[[str, str], str]) -> None:
        self.arrows.clear()
        for origin, target in arrows:
            item = QListWidgetItem(words(origin, target))
            item.setData(Qt.ItemDataRole.UserRole, (origin, target))
            self.arrows.addItem(item)

    def chosen(self) -> tuple[str, str] | None:
        items = self.arrows.selectedItems()
        if not items:
            return None
        item = items[0]
        origin, target = item.data(Qt.ItemDataRole.UserRole)
        return origin, target

    def choose(self, origin: str, target: str) -> bool:
        for row in range(self.arrows.count()):
            item = self.arrows.item(row)
            if item is not None and tuple(item.data(Qt.ItemDataRole.UserRole)) == (origin, target):
                self.arrows.setCurrentRow(row)
                return True
        return False

    def enter(self) -> None:
        draft = self.draft
        sc, st, side = draft.sc, draft.st, draft.side
        assert side is not None, "the attacker is known before the arrow"
        arrows = legal.legal_arrows(sc, st, side)
        fixed = " This turn's battles are fixed." if sc.turn(st.turn).fixed_arrows else ""
        self.say(
            f"Rule 1.4: the {side_name(sc, side)} attack from an area they hold, with a ground troop "
            f"there, into an adjacent area the enemy holds.{fixed}"
        )
        self.fill(sorted(arrows), lambda a, b: f"{label(sc, a)} → {label(sc, b)}")  # by the areas' codes
        if not arrows:
            self.problem.setText(f"The {side_name(sc, side)} have no battle arrow they may place now.")
        draft.highlight(sorted({a for a, _ in arrows}))
        self.arrows.setEnabled(side != draft.computer)
        kept = draft.entry.arrow
        if side == draft.computer and arrows:  # the computer was asked for a battle: it attacks
            if kept in arrows:  # chosen before this entry was put away: the same choice
                draft.computer_attack = draft.entry.computer_attack
                self.choose(*kept)
                why = draft.reason_words(Step.ARROW)
            else:
                question = replace(draft.driver.attack_question(st, side, draft.initiative_dice, arrows), required=True)
                decision = draft.driver.decide(st, question)
                choice = decision.reply
                assert choice is not None, "a required attack is always made"
                draft.computer_attack = choice[2]
                self.choose(choice[0], choice[1])
                why = draft.computer_said(Step.ARROW, decision)
            self.problem.inform(
                f"The {side_name(sc, side)} are played by the computer: this is its arrow.{why} Press Next."
            )
        elif kept is not None:
            self.choose(*kept)

    def keep(self) -> None:
        self.draft.note(arrow=self.chosen(), computer_attack=self.draft.computer_attack)

    def tab_chain(self) -> list[QWidget]:
        return [self.arrows]

    def area_clicked(self, code: str) -> None:
        """Choosing the arrow on the map: first its start, then its end."""
        draft = self.draft
        sc, side = draft.sc, draft.side
        if side is None:
            return
        arrows = legal.legal_arrows(sc, draft.st, side)
        if self.clicked_origin and (self.clicked_origin, code) in arrows:
            self.choose(self.clicked_origin, code)
            draft.highlight([self.clicked_origin, code])
            self.clicked_origin = None
            self.problem.setText("")
            return
        targets = [b for a, b in arrows if a == code]
        if targets:
            self.clicked_origin = code
            draft.highlight([code, *targets])
            self.problem.inform(
                f"From {label(sc, code)}: now click the area to attack ({' or '.join(label(sc, t) for t in targets)})."
            )
        elif self.clicked_origin:
            self.problem.setText(
                f"{label(sc, code)} cannot be attacked from {label(sc, self.clicked_origin)} now: click one of "
                f"the areas outlined, or another area to attack from."
            )
        else:
            self.problem.setText(f"No battle arrow of the {side_name(sc, side)} starts from {label(sc, code)} now.")

    def leave(self) -> Step | Refused:
        chosen = self.chosen()
        if chosen is None:
            return Refused("Choose the battle arrow (from the list or on the map).")
        self.draft.ends = chosen
        return Step.COMMIT


class SideCommitment(QGroupBox):
    """One side's troops (tick up to the limit) and its sortie."""

    changed = Signal()

    def __init__(self, role: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{role}Commitment")
        self.setTitle(role.capitalize())
        self.layout_ = QVBoxLayout(self)
        self.boxes: dict[str, QCheckBox] = {}
        # Which side, from or in which area, and who chooses for it, under the title: a group
        # box's title never wraps, and a long one (the Veltmark Gap's area names) made the page
        # wider than the wizard, to be scrolled sideways.
        self.who = named(QLabel(), f"{role}Who")
        self.layout_.addWidget(self.who)
        self.note = named(QLabel(), f"{role}Note")
        self.note.setStyleSheet("font-style:italic")
        self.note.hide()
        # The computer's choice greys the ticks out; its words stay in the text's own colour.
        palette = self.note.palette()
        for group in (QPalette.ColorGroup.Disabled, QPalette.ColorGroup.Inactive):
            palette.setColor(group, QPalette.ColorRole.WindowText, palette.color(QPalette.ColorRole.WindowText))
        self.note.setPalette(palette)
        self.layout_.addWidget(self.note)
        self.sortie = QComboBox(self)
        self.sortie.setObjectName(f"{role}Sortie")
        self.sortie.setAccessibleName(f"The {role}'s air sortie")
        self.sortie.currentIndexChanged.connect(lambda _: self._ticked())
        self.limit = 0  # the engine's, given with the troops

    def fill(self, who: str, troops: list[tuple[str, str]], sorties: list[tuple[str, str]], limit: int) -> None:
        """`who`: the side and its area, in a sentence; the troops it may tick, its sorties, the limit."""
        self.who.setText(who)
        self.say_who_chooses("")
        for box in self.boxes.values():
            box.deleteLater()
        self.boxes = {}
        self.limit = limit
        for troop_id, words in troops:
            box = QCheckBox(words, self)
            box.setObjectName(troop_id)
            box.toggled.connect(self._ticked)
            self.layout_.insertWidget(len(self.boxes) + 2, box)  # after the side's words and the note
            self.boxes[troop_id] = box
        self.sortie.clear()
        self.sortie.addItem("no air sortie", None)
        for nation, words in sorties:
            self.sortie.addItem(words, nation)
        self.sortie.setVisible(bool(sorties))
        if self.layout_.indexOf(self.sortie) < 0:
            self.layout_.addWidget(self.sortie)
        self._ticked()

    def say_who_chooses(self, words: str) -> None:
        self.note.setText(words)
        self.note.setVisible(bool(words))

    def _ticked(self) -> None:
        # The limit is the engine's (legal_commitments.limit): aircraft count towards it.
        used = len(self.troops()) + (1 if self.sortie.currentData() else 0)
        for box in self.boxes.values():
            box.setEnabled(box.isChecked() or used < self.limit)
        self.sortie.setEnabled(bool(self.sortie.currentData()) or used < self.limit)
        self.changed.emit()

    def troops(self) -> tuple[str, ...]:
        return tuple(t for t, box in self.boxes.items() if box.isChecked())

    def commitment(self) -> Commitment:
        return Commitment(self.troops(), self.sortie.currentData())

    def tick(self, *troops: str) -> None:
        for troop in troops:
            self.boxes[troop].setChecked(True)

    def show_commitment(self, commitment: Commitment) -> None:
        """Tick exactly these troops and choose this sortie."""
        for troop, box in self.boxes.items():
            box.setChecked(troop in commitment.troops)
        self.choose_sortie(commitment.sortie)

    def choose_sortie(self, nation: str | None) -> None:
        self.sortie.setCurrentIndex(max(0, self.sortie.findData(nation)))


class CommitPage(Page):
    step, title_words = Step.COMMIT, "Commit troops"

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        row = QHBoxLayout()
        self.attacker = SideCommitment("attacker", self)
        self.defender = SideCommitment("defender", self)
        for side in (self.attacker, self.defender):
            side.changed.connect(self.changed)
            row.addWidget(side)
        self.body.addLayout(row)
        self.fortification = named(QLabel(), "fortification")
        self.fortification.setStyleSheet("font-weight:bold")
        self.warning = named(QLabel(), "warning")
        self.warning.setStyleSheet(ink.refusal_style(bold=False))
        self.odds = named(QLabel(), "odds", rich=True)  # HTML, names escaped (BattleDraft.odds_words)
        self.odds.setStyleSheet("background: palette(alternate-base); border: 1px solid palette(mid); padding: 4px")
        self.mission_row = QWidget(self)  # a tabletop game's suggested mission: no General's Wargame has one
        mission = QHBoxLayout(self.mission_row)
        mission.setContentsMargins(0, 0, 0, 0)
        self.mission = DieInput("missionDie", self, words="the suggested mission")
        self.mission.changed.connect(self.changed)
        self.mission_name = named(QLabel(), "missionName", word_wrap=False)
        mission.addWidget(QLabel("Suggested mission (d6, optional):"))
        mission.addWidget(self.mission)
        mission.addWidget(self.mission_name, 1)
        for widget in (self.fortification, self.warning, self.odds):
            self.body.addWidget(widget)
        self.body.addWidget(self.mission_row)

    def enter(self) -> None:
        draft = self.draft
        sc, st = draft.sc, draft.st
        origin, target = draft.arrow_ends()
        options = legal.legal_commitments(sc, st, origin, target)
        self.say(
            f"Rule 1.4: each side commits at most {options.limit} Firestorm troops, an aircraft sortie "
            f"counting as one; the attacker at least one ground troop from {label(sc, origin)}, his sortie "
            f"only beside it. The defender may commit a sortie alone, or nothing."
        )

        def sorties(nations: tuple[str, ...]) -> list[tuple[str, str]]:
            return [(n, f"{sc.aircraft[n].name} sortie ({st.sorties[n]} left)") for n in nations]

        self.attacker.fill(
            f"The {side_name(sc, options.attacker_side)}, from {label(sc, origin)}:",
            [(t, draft.troop_words(t)) for t in options.attacker_troops],
            sorties(options.attacker_sorties),
            options.limit,
        )
        self.defender.fill(
            f"The {side_name(sc, sc.enemy_of(options.attacker_side))}, in {label(sc, target)}:",
            [(t, draft.troop_words(t)) for t in options.defender_troops],
            sorties(options.defender_sorties),
            options.limit,
        )
        self.fortification.setText(fortification_words(sc, options.fortification) if options.fortification else "")
        draft.highlight([origin, target])
        draft.show_entering((origin, target))
        if draft.computer == options.attacker_side:
            self.attacker.show_commitment(draft.computer_attack)
            self.attacker.setEnabled(False)
            self.attacker.say_who_chooses(f"The computer's choice.{draft.reason_words(Step.ARROW)}")
        elif draft.computer is not None:
            self.defender.setEnabled(False)
            self.defender.say_who_chooses("The computer chooses when you press Next.")
        entry = draft.entry
        if entry.committed_on == (origin, target):  # entered before on this arrow: the ticks as they were
            for box, commitment in ((self.attacker, entry.attacker), (self.defender, entry.defender)):
                if box.isEnabled():
                    box.tick(*(t for t in commitment.troops if t in box.boxes))
                    box.choose_sortie(commitment.sortie)
        self.mission_row.setVisible(not draft.dice_only)
        self.mission.set_app_only(draft.computer is not None)
        self.show_die("mission_die", self.mission)

    def refresh(self) -> None:
        draft = self.draft
        attacker, defender = self.attacker.commitment(), self.defender.commitment()
        warnings = []
        for mine, theirs in ((attacker, defender), (defender, attacker)):
            if mine.sortie and not legal.aircraft_adds(draft.sc, mine.sortie, theirs.sortie):
                warnings.append(
                    f"The {draft.sc.aircraft[mine.sortie].name} adds nothing here: it only counts against "
                    f"enemy aircraft and none is committed. Its sortie would be spent for nothing "
                    f"(rule 1.3)."
                )
        self.warning.setText(" ".join(warnings))
        self.odds.setText(draft.odds_words(attacker, defender, pending=draft.computer_defends()))
        die = self.mission.value()
        self.mission_name.setText(draft.sc.turn(draft.st.turn).missions[die - 1] if die else "")

    def keep(self) -> None:
        """Take the ticks and the mission die into the battle being entered (and its entry)."""
        draft = self.draft
        draft.attacker, draft.defender = self.attacker.commitment(), self.defender.commitment()
        draft.mission_die = self.mission.value()
        draft.note(committed_on=draft.arrow_ends(), attacker=draft.attacker, defender=draft.defender)
        self.keep_die("mission_die", self.mission)

    def tab_chain(self) -> list[QWidget]:
        chain: list[QWidget] = []
        for side in (self.attacker, self.defender):
            chain += [*side.boxes.values(), side.sortie]
        return chain if self.draft.dice_only else [*chain, self.mission.box]

    def unheeded_mission(self, button: str) -> Refused | None:
        """A mission die typed and refused (a 7) while the box stayed blank: said once, when the
        page is left with `button`; pressed again, the battle goes on without a suggested mission."""
        unheeded = self.mission.unheeded if self.mission_row.isVisibleTo(self) else None
        if not unheeded or self.mission.value() is not None:
            return None
        self.mission.unheeded = None
        return Refused(
            f"The suggested mission die was not taken ({unheeded}): type 1 to 6 or press Roll, "
            f"or press {button} again to go on without a suggested mission."
        )

    def computer_defends(self) -> None:
        """The computer's defence, chosen once the attacker's troops are known, and shown."""
        if self.draft.computer_defends():
            defence, why = self.draft.choose_computer_defence()
            self.defender.show_commitment(defence)
            self.defender.say_who_chooses(f"The computer's choice.{why}")
        self.keep()

    def leave(self) -> Step | Refused:
        self.keep()
        draft = self.draft
        unheeded = self.unheeded_mission("Next")
        if unheeded is not None:
            return unheeded
        if draft.computer_defends():  # the attacker's own choice first: the computer's stays unseen
            problem = draft.refusal(draft.new_arrow_action(defender=Commitment()))
            if problem:
                return Refused(problem)
        self.computer_defends()
        problem = draft.refusal(draft.new_arrow_action())
        return Refused(problem) if problem else Step.RESULT
