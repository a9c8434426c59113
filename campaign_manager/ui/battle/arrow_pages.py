"""The battle wizard's first steps: the initiative roll and the battle arrow (from a list or on
the map), rules 1.4 and 1.5; each side's commitments follow (ui/battle/commit_page.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial, reduce

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Initiative as InitiativeRoll
from campaign_manager.engine.battle import initiative_attacker, initiative_winner
from campaign_manager.engine.driver import ChooseAttack
from campaign_manager.engine.lookup import label, side_name
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.ui.battle.dice import DieInput
from campaign_manager.ui.battle.draft import BattleDraft
from campaign_manager.ui.battle.pages import Page, Refused, Step, named
from campaign_manager.ui.plain import label as plain_label


class InitiativePage(Page):
    step, title_words = Step.INITIATIVE, N_("Initiative")

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        form = QFormLayout()
        self.dice: dict[str, DieInput] = {}
        for side in draft.sc.sides:
            name = draft.sc.side_adjective(side)
            die = DieInput(f"initiative_{side}", self, words=_("the {side}' initiative").format(side=name))
            die.changed.connect(self.changed)
            die.roll_wanted.connect(self.roll_against_the_computer)
            form.addRow(plain_label(_("{side} d6:").format(side=name)), die)
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
        said = _(
            "Rule 1.5: each side rolls a d6 for the initiative; the {side} add {modifier} and win ties. "
            "The winner places the battle arrow."
        ).format(side=side_name(sc, rule.side), modifier=rule.modifier)
        if computer:
            said += " " + _("Against the computer the app rolls both dice, and the roll is recorded at once.")
        self.say(said)
        for side, die in self.dice.items():
            die.set_app_only(computer)
            die.rolls_itself = not computer
            self.show_die(f"initiative.{side}", die)
        if st.initiative is not None:  # rolled and recorded already: shown as recorded, final
            attacker, faces = st.initiative
            for side, face in zip((attacker, sc.enemy_of(attacker)), faces):
                by_app = draft.kept_die(f"initiative.{side}")[1]
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
        self.problem.inform(_("The initiative roll is recorded. Press Next."))

    def rolled(self) -> dict[str, int] | None:
        dice = {side: die.value() for side, die in self.dice.items()}
        return None if None in dice.values() else {side: die for side, die in dice.items() if die is not None}

    def refresh(self) -> None:
        dice = self.rolled()
        if dice is None:
            self.outcome.setText(_("Press Roll.") if self.draft.computer else _("Type both dice, or roll them."))
            return
        sc, st = self.draft.sc, self.draft.st
        winner, scores = initiative_winner(sc, st.turn, dice)
        attacker = st.initiative[0] if st.initiative is not None else initiative_attacker(sc, st, dice)[0]
        words = ", ".join(f"{side_name(sc, s)} {scores[s]}" for s in scores)
        text = _("{scores}: the {side} win the initiative.").format(scores=words, side=side_name(sc, winner))
        if attacker != winner:
            text += " " + _("They have no arrow to place, so the {side} attack.").format(side=side_name(sc, attacker))
        self.outcome.setText(text)

    def leave(self) -> Refused | None:
        draft = self.draft
        if draft.st.initiative is not None:  # recorded with its own action: the battle leaves it out
            draft.side, draft.initiative_dice = draft.st.initiative[0], None
            draft.note(side=draft.side)
            return None
        dice = self.rolled()
        if dice is None:
            return Refused(
                _("Press Roll: against the computer the app rolls the initiative.")
                if draft.computer
                else _("Type both initiative dice (or press Roll).")
            )
        draft.side, draft.initiative_dice = initiative_attacker(draft.sc, draft.st, dice)
        draft.note(side=draft.side)
        return None


class ArrowPage(Page):
    step, title_words = Step.ARROW, N_("The battle arrow")

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        self.arrows = QListWidget(self)
        self.arrows.setObjectName("arrowList")
        self.arrows.setAccessibleName(_("The battle arrows that may be placed"))
        # The arrow chosen is the line selected: the line current by itself when the list takes
        # the keyboard is nobody's choice.
        self.arrows.itemSelectionChanged.connect(self.changed)
        self.arrows.itemSelectionChanged.connect(lambda: self.draft.show_entering(self.chosen()))  # and on the map
        self.arrows.itemDoubleClicked.connect(lambda _item: self.go_on.emit())  # chosen and on, as in a file dialog
        self.body.addWidget(
            named(
                QLabel(
                    _(
                        "Choose the arrow from the list, or click the map: first the area attacked "
                        "from, then the area attacked."
                    )
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
        asked = draft.question  # the turn driver's ChooseAttack (ui/battle/order.py)
        if not isinstance(asked, ChooseAttack) or asked.side != side or not draft.asked_now:  # the campaign changed
            asked = draft.driver.attack_question(st, side, draft.initiative_dice)
        arrows = list(asked.arrows)
        fixed = " " + _("This turn's battles are fixed.") if sc.turn(st.turn).fixed_arrows else ""
        rule = _(
            "Rule 1.4: the {side} attack from an area they hold, with a ground troop there, into an adjacent "
            "area the enemy holds."
        )
        self.say(rule.format(side=side_name(sc, side)) + fixed)
        self.fill(sorted(arrows), lambda a, b: f"{label(sc, a)} → {label(sc, b)}")  # by the areas' codes
        if not arrows:
            self.problem.setText(
                _("The {side} have no battle arrow they may place now.").format(side=side_name(sc, side))
            )
        draft.highlight(sorted({a for a, _ in arrows}))
        self.arrows.setEnabled(side != draft.computer)
        kept = draft.entry.arrow
        if side == draft.computer and arrows:  # the computer was asked for a battle: it attacks
            if kept in arrows:  # chosen before this entry was put away: the same choice
                draft.computer_attack = draft.entry.computer_attack
                self.choose(*kept)
                why = draft.reason_words(Step.ARROW)
            else:
                decision = draft.driver.decide(st, replace(asked, required=True))
                choice = decision.reply
                assert choice is not None, "a required attack is always made"
                draft.computer_attack = choice[2]
                self.choose(choice[0], choice[1])
                why = draft.computer_said(Step.ARROW, decision)
            self.problem.inform(
                _("The {side} are played by the computer: this is its arrow.{why} Press Next.").format(
                    side=side_name(sc, side), why=why
                )
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
            areas = reduce(
                lambda a, b: _("{first} or {second}").format(first=a, second=b), map(partial(label, sc), targets)
            )
            self.problem.inform(
                _("From {area}: now click the area to attack ({areas}).").format(area=label(sc, code), areas=areas)
            )
        elif self.clicked_origin:
            self.problem.setText(
                _(
                    "{area} cannot be attacked from {origin} now: click one of the areas outlined, or another "
                    "area to attack from."
                ).format(area=label(sc, code), origin=label(sc, self.clicked_origin))
            )
        else:
            self.problem.setText(
                _("No battle arrow of the {side} starts from {area} now.").format(
                    side=side_name(sc, side), area=label(sc, code)
                )
            )

    def leave(self) -> Refused | None:
        chosen = self.chosen()
        if chosen is None:
            return Refused(_("Choose the battle arrow (from the list or on the map)."))
        self.draft.ends = chosen
        return None
