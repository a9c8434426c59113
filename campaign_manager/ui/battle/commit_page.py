"""The battle wizard's commitments page: each side's troops and sortie, ticked up to the
engine's limit (the computer's side chosen by it), with the suggested mission and the odds
(rule 1.4)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QCheckBox, QComboBox, QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from campaign_manager.engine import legal
from campaign_manager.engine.battle import fortification_words
from campaign_manager.engine.driver import CommitDefence
from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.state import Commitment
from campaign_manager.i18n import N_, _
from campaign_manager.ui import ink
from campaign_manager.ui.battle.dice import DieInput
from campaign_manager.ui.battle.draft import BattleDraft
from campaign_manager.ui.battle.pages import Page, Refused, Step, named


class SideCommitment(QGroupBox):
    """One side's troops (tick up to the limit) and its sortie."""

    changed = Signal()

    def __init__(self, role: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{role}Commitment")
        self.setTitle(_("Attacker") if role == "attacker" else _("Defender"))
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
        self.sortie.setAccessibleName(
            _("The attacker's air sortie") if role == "attacker" else _("The defender's air sortie")
        )
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
        self.sortie.addItem(_("no air sortie"), None)
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
    step, title_words = Step.COMMIT, N_("Commit troops")

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
        self.mission = DieInput("missionDie", self, words=_("the suggested mission"))
        self.mission.changed.connect(self.changed)
        self.mission_name = named(QLabel(), "missionName", word_wrap=False)
        mission.addWidget(QLabel(_("Suggested mission (d6, optional):")))
        mission.addWidget(self.mission)
        mission.addWidget(self.mission_name, 1)
        for widget in (self.fortification, self.warning, self.odds):
            self.body.addWidget(widget)
        self.body.addWidget(self.mission_row)

    def enter(self) -> None:
        draft = self.draft
        sc, st = draft.sc, draft.st
        origin, target = draft.arrow_ends()
        asked = draft.question  # the turn driver's CommitDefence (ui/battle/order.py)
        if isinstance(asked, CommitDefence) and (asked.origin, asked.target) == (origin, target) and draft.asked_now:
            options = asked.options
        else:  # the campaign changed meanwhile
            options = legal.legal_commitments(sc, st, origin, target)
        self.say(
            _(
                "Rule 1.4: each side commits at most {limit} Firestorm troops, an aircraft sortie counting as "
                "one; the attacker at least one ground troop from {area}, his sortie only beside it. The "
                "defender may commit a sortie alone, or nothing."
            ).format(limit=options.limit, area=label(sc, origin))
        )

        def sorties(nations: tuple[str, ...]) -> list[tuple[str, str]]:
            said = _("{aircraft} sortie ({left} left)")
            return [(n, said.format(aircraft=sc.aircraft[n].name, left=st.sorties[n])) for n in nations]

        self.attacker.fill(
            _("The {side}, from {area}:").format(side=side_name(sc, options.attacker_side), area=label(sc, origin)),
            [(t, draft.troop_words(t)) for t in options.attacker_troops],
            sorties(options.attacker_sorties),
            options.limit,
        )
        self.defender.fill(
            _("The {side}, in {area}:").format(
                side=side_name(sc, sc.enemy_of(options.attacker_side)), area=label(sc, target)
            ),
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
            self.attacker.say_who_chooses(_("The computer's choice.{why}").format(why=draft.reason_words(Step.ARROW)))
        elif draft.computer is not None:
            self.defender.setEnabled(False)
            self.defender.say_who_chooses(_("The computer chooses when you press Next."))
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
                    _(
                        "The {aircraft} adds nothing here: it only counts against enemy aircraft and none is "
                        "committed. Its sortie would be spent for nothing (rule 1.3)."
                    ).format(aircraft=draft.sc.aircraft[mine.sortie].name)
                )
        self.warning.setText(" ".join(warnings))
        self.odds.setText(draft.odds_words(attacker, defender, pending=draft.computer_defends()))
        die = self.mission.value()
        self.mission_name.setText(draft.sc.turn(draft.st.turn).mission_titles[die - 1] if die else "")

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
            _(
                "The suggested mission die was not taken ({why}): type 1 to 6 or press Roll, or press {button} "
                "again to go on without a suggested mission."
            ).format(why=unheeded, button=button)
        )

    def computer_defends(self) -> None:
        """The computer's defence, chosen once the attacker's troops are known, and shown."""
        if self.draft.computer_defends():
            defence, why = self.draft.choose_computer_defence()
            self.defender.show_commitment(defence)
            self.defender.say_who_chooses(_("The computer's choice.{why}").format(why=why))
        self.keep()

    def leave(self) -> Refused | None:
        self.keep()
        draft = self.draft
        unheeded = self.unheeded_mission(_("Next"))
        if unheeded is not None:
            return unheeded
        if draft.computer_defends():  # the attacker's own choice first: the computer's stays unseen
            problem = draft.refusal(draft.new_arrow_action(defender=Commitment()))
            if problem:
                return Refused(problem)
        self.computer_defends()
        problem = draft.refusal(draft.new_arrow_action())
        return Refused(problem) if problem else None
