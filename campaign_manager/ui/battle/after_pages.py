"""The battle wizard's steps after the result: each roll to destroy with its target shown first,
the retreat when the engine asks for one, the advance, and the summary of what will be recorded
(rules 1.6–1.8)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine.actions import Battle
from campaign_manager.engine.app_dice import app_dice_words
from campaign_manager.engine.battle_result import destroys, fighting_troops
from campaign_manager.engine.driver import ChooseAdvance, ChooseRetreat, RollToDestroy
from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.resolve import Retreat
from campaign_manager.errors import ChoiceNeeded, UserError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.ui import ink
from campaign_manager.ui.battle.dice import DieInput
from campaign_manager.ui.battle.draft import BattleDraft
from campaign_manager.ui.battle.pages import Page, Refused, Step, empty, named
from campaign_manager.ui.plain import label as plain_label


class DestroyPage(Page):
    step, title_words = Step.DESTROY, N_("Roll to destroy")

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        self.grid = QGridLayout()
        self.body.addLayout(self.grid)
        self.body.addStretch(1)
        self.dice: dict[str, DieInput] = {}
        self.verdicts: dict[str, QLabel] = {}

    def fill(self, rows: list[tuple[str, str]], verdict: Callable[[str, int], bool], spared: str = "") -> None:
        """One row a troop rolled for: (troop, words). `verdict(troop, die)`: whether that die
        destroys it (the engine's answer), shown beside the die as soon as it is typed or rolled.
        `spared`: who is not rolled for, and why."""
        empty(self.grid)
        self.dice, self.verdicts = {}, {}
        if not rows:
            self.grid.addWidget(QLabel(_("No troop needs a roll to destroy in this battle.")), 0, 0)
        for index, (troop, words) in enumerate(rows):
            die = DieInput(f"destroy_{troop}", self, words=_("the roll to destroy {troop}").format(troop=troop))
            said = named(QLabel(), f"verdict_{troop}", word_wrap=False, rich=True)
            die.changed.connect(lambda troop=troop, die=die, said=said: self._judge(troop, die, said, verdict))
            die.changed.connect(self.changed)
            self.grid.addWidget(plain_label(words), index, 0)
            self.grid.addWidget(die, index, 1)
            self.grid.addWidget(said, index, 2)
            self.dice[troop], self.verdicts[troop] = die, said
        if len(rows) > 1:
            rest = QPushButton(_("Roll the rest"))
            rest.setObjectName("rollRest")
            rest.setToolTip(
                _("Roll every die not typed in yet (dice already typed are kept; a die the app rolled is final)")
            )
            rest.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # Tab goes from die to die, then to Next
            rest.clicked.connect(self.roll_the_rest)
            for die in self.dice.values():  # offered while some die is still to be given
                die.changed.connect(lambda rest=rest: rest.setEnabled(self._some_die_blank()))
            rest.setEnabled(self._some_die_blank())
            # its own width, under the dice: the cells widen once the dice show "rolled by the
            # app" and their verdicts, and a button spanning them would grow under the mouse
            self.grid.addWidget(rest, len(rows), 1, 1, 2, Qt.AlignmentFlag.AlignLeft)
        self.grid.setColumnStretch(3, 1)  # spare width beyond the verdicts, which stay by their dice
        if spared:
            self.grid.addWidget(named(QLabel(spared), "spared"), len(rows) + 1, 0, 1, 3)

    @staticmethod
    def _judge(troop: str, die: DieInput, said: QLabel, verdict: Callable[[str, int], bool]) -> None:
        value = die.value()
        if value is None:
            said.setText("")
        else:
            destroyed = verdict(troop, value)
            word, colour = (_("destroyed"), ink.REFUSAL_RED) if destroyed else (_("survives"), ink.FINE_GREEN)
            said.setText(f"<b style='color:{ink.on_window(colour)}'>{word}</b>")  # untranslated: markup

    def _some_die_blank(self) -> bool:
        return any(die.value() is None and not die.thrown for die in self.dice.values())

    def roll_the_rest(self) -> None:
        for die in self.dice.values():
            if die.value() is None and not die.thrown:
                die.roll()

    def keep(self) -> None:
        for troop, die in self.dice.items():
            self.keep_die(f"destroy_dice.{troop}", die)

    def tab_chain(self) -> list[QWidget]:
        return [die.box for die in self.dice.values()]

    def enter(self) -> None:
        draft = self.draft
        question = draft.question
        assert isinstance(question, RollToDestroy), "the turn driver asks for the rolls to destroy"
        targets = question.targets
        self.say(
            _(
                "Rules 1.6 and 1.7: the enemy rolls a d6 for every committed Firestorm troop (never aircraft); "
                "it is destroyed on the score shown. Destroyed troops go to the reinforcement pool."
            )
        )
        attackers, defenders = fighting_troops(draft.st, draft.the_arrow())
        spared = [t for t in attackers + defenders if t not in targets]
        on = _("{troop}: destroyed on {target}+")
        not_rolled = ngettext(
            "Not rolled for: {troops} — this result needs no roll against it.",
            "Not rolled for: {troops} — this result needs no roll against them.",
            len(spared),
        )
        self.fill(
            [(t, on.format(troop=draft.troop_words(t), target=target)) for t, target in targets.items()],
            lambda troop, die: destroys(die, targets[troop]),
            not_rolled.format(troops=", ".join(spared)) if spared and targets else "",
        )
        for troop, die in self.dice.items():
            die.set_app_only(draft.computer is not None)
            self.show_die(f"destroy_dice.{troop}", die)
            die.changed.emit()  # the verdict beside a die kept from before

    def leave(self) -> Refused | None:
        dice = {t: die.value() for t, die in self.dice.items()}
        given = {t: value for t, value in dice.items() if value is not None}
        if len(given) < len(dice):
            if self.draft.computer is not None:  # every die is the app's: nothing can be typed
                return Refused(_("Press Roll for every roll to destroy (or Roll the rest)."))
            return Refused(_("Type every roll to destroy (or press Roll)."))
        draft = self.draft
        draft.destroy_dice, draft.retreat, draft.advance = given, None, ()
        return None


class RetreatPage(Page):
    step, title_words = Step.RETREAT, N_("Retreat")

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        self.form = QFormLayout()
        self.body.addLayout(self.form)
        self.body.addStretch(1)
        self.choices: dict[str, QComboBox] = {}  # "" = the whole group

    def fill(self, options: list[str], troop_options: dict[str, list[str]] | None, words: Callable[[str], str]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.choices = {}
        groups = troop_options or {"": options}
        for troop, areas in groups.items():
            combo = QComboBox(self)
            combo.setObjectName(f"retreat_{troop or 'all'}")
            combo.setAccessibleName(
                _("Where {troop} retreat").format(troop=troop) if troop else _("Where the defenders retreat")
            )
            combo.currentIndexChanged.connect(lambda _: self.changed.emit())
            for code in areas:
                combo.addItem(words(code), code)
            question = _("{troop} retreats to:").format(troop=troop) if troop else _("The defenders retreat to:")
            self.form.addRow(plain_label(question), combo)
            self.choices[troop] = combo

    def answer(self) -> Retreat:
        if "" in self.choices:
            area: str = self.choices[""].currentData()
            return area
        return {troop: combo.currentData() for troop, combo in self.choices.items()}

    def enter(self) -> None:
        draft = self.draft
        question = draft.question
        assert isinstance(question, ChooseRetreat), "the turn driver asks where the defenders retreat"
        self.say(
            _(
                "Rule 1.8: the defeated defender moves all its troops from the area to an adjacent area it "
                "holds; where no one area takes them all, each troop goes where its nation may enter, and "
                "troops with nowhere to go are captured."
            )
        )
        options = question.troop_options
        self.fill(list(question.options), dict(options) if options else None, lambda code: label(draft.sc, code))
        arrow = draft.the_arrow()
        kept = draft.entry.retreat
        if kept is not None and self.fits(kept):  # chosen before: as it was
            self.show_retreat(kept)
        if draft.computer == draft.sc.enemy_of(arrow.attacker_side):
            answer = kept if kept is not None and self.fits(kept) else None
            if answer is None:
                decision = draft.driver.decide(draft.st, question)
                answer = decision.reply
                why = draft.computer_said(Step.RETREAT, decision)
            else:
                why = draft.reason_words(Step.RETREAT)
            for troop, combo in self.choices.items():
                combo.setCurrentIndex(combo.findData(answer if isinstance(answer, str) else answer[troop]))
                combo.setEnabled(False)
            self.problem.inform(_("The computer chose where its troops retreat.{why} Press Next.").format(why=why))

    def fits(self, retreat: Retreat) -> bool:
        """Whether a retreat chosen before is one of the page's choices now."""
        if isinstance(retreat, str):
            return "" in self.choices and self.choices[""].findData(retreat) >= 0
        return set(retreat) == set(self.choices) and all(
            self.choices[troop].findData(area) >= 0 for troop, area in retreat.items()
        )

    def show_retreat(self, retreat: Retreat) -> None:
        for troop, combo in self.choices.items():
            combo.setCurrentIndex(combo.findData(retreat if isinstance(retreat, str) else retreat[troop]))

    def keep(self) -> None:
        if self.choices:
            self.draft.note(retreat=self.answer())

    def tab_chain(self) -> list[QWidget]:
        return list(self.choices.values())

    def leave(self) -> Refused | None:
        self.draft.retreat = self.answer()
        return None


class AdvancePage(Page):
    step, title_words = Step.ADVANCE, N_("Advance")

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        self.list = QVBoxLayout()
        self.body.addLayout(self.list)
        self.body.addStretch(1)
        self.boxes: dict[str, QCheckBox] = {}

    def fill(self, candidates: list[tuple[str, str]], survivors: list[str]) -> None:
        for box in self.boxes.values():
            box.deleteLater()
        self.boxes = {}
        for troop, words in candidates:
            box = QCheckBox(words, self)
            box.setObjectName(f"advance_{troop}")
            box.setChecked(troop in survivors)
            box.toggled.connect(lambda _: self.changed.emit())
            self.list.addWidget(box)
            self.boxes[troop] = box

    def moving(self, survivors: list[str]) -> tuple[str, ...]:
        ticked = [t for t, box in self.boxes.items() if box.isChecked()]
        return tuple(sorted(ticked, key=lambda t: (t not in survivors, t)))

    def enter(self) -> None:
        draft = self.draft
        sc, question = draft.sc, draft.question
        assert isinstance(question, ChooseAdvance), "the turn driver asks who advances"
        preview = draft.preview = draft.work_out(draft.battle_action())  # the map before anyone advanced
        arrow = draft.the_arrow()
        self.say(
            _(
                "Rule 1.8: the {side} now hold {area} and may move up to {limit} troops into it from adjacent "
                "areas they hold; the surviving attackers move first."
            ).format(side=side_name(sc, arrow.attacker_side), area=label(sc, arrow.target), limit=sc.advance_limit)
        )
        candidates = question.candidates
        draft.survivors = list(question.survivors)  # before any advance moves them
        where = _("{troop} (in {area})")
        self.fill(
            [(t, where.format(troop=draft.troop_words(t), area=preview.state.where[t])) for t in candidates],
            draft.survivors,
        )
        kept = draft.entry.advance
        if kept is not None:  # ticked before: as it was, where the troops may still advance
            for troop, box in self.boxes.items():
                box.setChecked(troop in kept)
        if draft.computer == arrow.attacker_side:  # its choice, as the rules accept it
            if kept is not None:
                moving = kept
            else:
                before = draft.with_new_commanders()[0]
                chosen = draft.driver.fought(before, draft.battle_action(), arrow.attacker_side).action
                moving = (chosen.advance if isinstance(chosen, Battle) else None) or ()
                draft.note_reason(Step.ADVANCE, getattr(chosen, "reason", None))
            for troop, box in self.boxes.items():
                box.setChecked(troop in moving)
                box.setEnabled(False)
            why = draft.entry.computer_reasons.get(Step.ADVANCE)
            self.problem.inform(
                _("The computer chose who advances. It says: {why}. Press Next.").format(why=why)
                if why
                else _("The computer chose who advances. Press Next.")
            )

    def keep(self) -> None:
        self.draft.note(advance=self.moving(self.draft.survivors))

    def tab_chain(self) -> list[QWidget]:
        return list(self.boxes.values())

    def leave(self) -> Refused | None:
        draft = self.draft
        draft.advance = self.moving(draft.survivors)
        try:
            draft.preview = draft.work_out(draft.final_action())
        except UserError as exc:
            return Refused(str(exc))
        return None


class SummaryPage(Page):
    step, title_words = Step.SUMMARY, N_("Record the battle")

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        self.text = named(QLabel(), "summary")
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.addWidget(self.text, 1)

    def enter(self) -> None:
        self.say(
            _(
                "Record the battle puts it in the campaign's history. Until then it is kept as typed, "
                "offered again if the window is closed or you Cancel and keep it; Back changes any choice."
            )
        )
        draft = self.draft
        try:  # what Record records, as the history will say it (the computer's reasons included)
            draft.preview = draft.work_out(draft.final_action())
        except (ChoiceNeeded, UserError):
            pass  # the battle as last worked out stays shown
        preview = draft.preview
        rolled = app_dice_words(draft.sc, preview.action) if preview else ""
        self.text.setText("\n".join([*preview.events, *([rolled] if rolled else [])]) if preview else "")

    def leave(self) -> Refused | None:
        return Refused("")  # the last step: the battle is recorded with Record, not Next
