"""The battle wizard's pages: each shows one step and says in a sentence which rule applies.
Pages only hold the user's choices; the wizard asks the engine what to offer and records."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.ui.battle.dice import DieInput
from campaign_manager.ui.plain import label


class MessageLine(QLabel):
    """The line under a page: what the engine refused, in red (`setText`), or a word on what to
    do next that is not a refusal, in the page's quieter ink (`inform`)."""

    REFUSAL, INFORMATION = "color:#a01818", "color:#1d3f66; font-weight:bold"

    def setText(self, text: str) -> None:  # type: ignore[override]
        self.setStyleSheet(self.REFUSAL)
        super().setText(text)

    def inform(self, text: str) -> None:
        self.setStyleSheet(self.INFORMATION)
        super().setText(text)


class Page(QWidget):
    """A titled step with its rule and a line for what the engine refused."""

    changed = Signal()

    def __init__(self, name: str, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.name = name
        outer = QVBoxLayout(self)
        self.title = QLabel(f"<h3 style='margin:0'>{title}</h3>")
        self.rule = QLabel(wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.rule.setStyleSheet("color:#3b4a5a; font-style:italic")
        self.body = QVBoxLayout()
        self.problem = MessageLine(wordWrap=True, objectName="problem", textFormat=Qt.TextFormat.PlainText)
        self.problem.setText("")
        outer.addWidget(self.title)
        outer.addWidget(self.rule)
        outer.addLayout(self.body, 1)
        outer.addWidget(self.problem)

    def say(self, rule: str) -> None:
        self.rule.setText(rule)


class InitiativePage(Page):
    def __init__(self, sides: dict[str, str]) -> None:
        super().__init__("initiativePage", "Initiative")
        form = QFormLayout()
        self.dice = {}
        for side, name in sides.items():
            die = DieInput(f"initiative_{side}", self)
            die.changed.connect(self.changed)
            form.addRow(label(f"{name} d6:"), die)
            self.dice[side] = die
        self.body.addLayout(form)
        self.outcome = QLabel(wordWrap=True, objectName="outcome", textFormat=Qt.TextFormat.PlainText)
        self.body.addWidget(self.outcome)
        self.body.addStretch(1)


class ArrowPage(Page):
    def __init__(self) -> None:
        super().__init__("arrowPage", "The battle arrow")
        self.arrows = QListWidget(self)
        self.arrows.setObjectName("arrowList")
        self.arrows.currentRowChanged.connect(lambda _: self.changed.emit())
        self.body.addWidget(
            QLabel(
                "Choose the arrow from the list, or click the map: first the area attacked "
                "from, then the area attacked.",
                wordWrap=True,
            )
        )
        self.body.addWidget(self.arrows)

    def fill(self, arrows: list[tuple[str, str]], words) -> None:
        self.arrows.clear()
        for origin, target in arrows:
            item = QListWidgetItem(words(origin, target))
            item.setData(Qt.ItemDataRole.UserRole, (origin, target))
            self.arrows.addItem(item)

    def chosen(self) -> tuple[str, str] | None:
        item = self.arrows.currentItem()
        return None if item is None else tuple(item.data(Qt.ItemDataRole.UserRole))

    def choose(self, origin: str, target: str) -> bool:
        for row in range(self.arrows.count()):
            if tuple(self.arrows.item(row).data(Qt.ItemDataRole.UserRole)) == (origin, target):
                self.arrows.setCurrentRow(row)
                return True
        return False


class SideCommitment(QGroupBox):
    """One side's troops (tick up to the limit) and its sortie."""

    changed = Signal()

    def __init__(self, role: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{role}Commitment")
        self.layout_ = QVBoxLayout(self)
        self.boxes: dict[str, QCheckBox] = {}
        # Who chooses for this side, under the title: a group box's title never wraps, and a long
        # one made the wizard wider than the window.
        self.note = QLabel(wordWrap=True, objectName=f"{role}Note", textFormat=Qt.TextFormat.PlainText)
        self.note.setStyleSheet("font-style:italic")
        self.note.hide()
        self.layout_.addWidget(self.note)
        self.sortie = QComboBox(self)
        self.sortie.setObjectName(f"{role}Sortie")
        self.sortie.currentIndexChanged.connect(lambda _: self._ticked())
        self.limit = 2

    def fill(self, title: str, troops: list[tuple[str, str]], sorties: list[tuple[str, str]], limit: int) -> None:
        self.setTitle(title)
        self.say_who_chooses("")
        for box in self.boxes.values():
            box.deleteLater()
        self.boxes = {}
        self.limit = limit
        for troop_id, words in troops:
            box = QCheckBox(words, self)
            box.setObjectName(troop_id)
            box.toggled.connect(self._ticked)
            self.layout_.insertWidget(len(self.boxes) + 1, box)  # after the note
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

    def tick(self, *troops: str) -> None:
        for troop in troops:
            self.boxes[troop].setChecked(True)

    def choose_sortie(self, nation: str | None) -> None:
        self.sortie.setCurrentIndex(max(0, self.sortie.findData(nation)))


class CommitPage(Page):
    def __init__(self) -> None:
        super().__init__("commitPage", "Commit troops")
        row = QHBoxLayout()
        self.attacker = SideCommitment("attacker", self)
        self.defender = SideCommitment("defender", self)
        for side in (self.attacker, self.defender):
            side.changed.connect(self.changed)
            row.addWidget(side)
        self.body.addLayout(row)
        self.fortification = QLabel(wordWrap=True, objectName="fortification", textFormat=Qt.TextFormat.PlainText)
        self.fortification.setStyleSheet("color:#7a1c14; font-weight:bold")
        self.warning = QLabel(wordWrap=True, objectName="warning", textFormat=Qt.TextFormat.PlainText)
        self.warning.setStyleSheet("color:#9a5a00")
        self.odds = QLabel(wordWrap=True, objectName="odds", textFormat=Qt.TextFormat.RichText)  # HTML, names escaped
        self.odds.setStyleSheet("background:#f3f6fa; border:1px solid #c8d3e0; padding:4px")
        mission = QHBoxLayout()
        self.mission = DieInput("missionDie", self)
        self.mission.changed.connect(self.changed)
        self.mission_name = QLabel(objectName="missionName", textFormat=Qt.TextFormat.PlainText)
        mission.addWidget(QLabel("Suggested mission (d6, optional):"))
        mission.addWidget(self.mission)
        mission.addWidget(self.mission_name, 1)
        for widget in (self.fortification, self.warning, self.odds):
            self.body.addWidget(widget)
        self.body.addLayout(mission)


class ResultPage(Page):
    def __init__(self) -> None:
        super().__init__("resultPage", "The result")
        kinds = QHBoxLayout()
        self.tabletop = QRadioButton("Tabletop game(s): each side's VP", objectName="tabletopChoice")
        self.wargame = QRadioButton("General's Wargame: dice", objectName="wargameChoice")
        self.kind = QButtonGroup(self)
        for button in (self.tabletop, self.wargame):
            self.kind.addButton(button)
            kinds.addWidget(button)
            button.toggled.connect(self._kind)
        self.body.addLayout(kinds)
        self.games_box = QGroupBox("Games on this arrow (several for large groups: rule 1.6)")
        self.games_grid = QGridLayout(self.games_box)
        self.games: list[tuple[QSpinBox, QSpinBox]] = []
        self.add_game_button = QPushButton("Add a game", objectName="addGame")
        self.add_game_button.clicked.connect(self.add_game)
        self.remove_game_button = QPushButton("Remove the last game", objectName="removeGame")
        self.remove_game_button.clicked.connect(self.remove_game)
        self.games_grid.addWidget(self.add_game_button, 100, 0)
        self.games_grid.addWidget(self.remove_game_button, 100, 1)
        self.dice_box = QGroupBox("General's Wargame dice (rule 1.7)")
        form = QFormLayout(self.dice_box)
        self.attacker_die, self.defender_die = DieInput("attackerDie", self), DieInput("defenderDie", self)
        self.attacker_mod, self.defender_mod = QSpinBox(self), QSpinBox(self)
        for spin in (self.attacker_mod, self.defender_mod):
            spin.setRange(-6, 6)
            spin.valueChanged.connect(lambda _: self.changed.emit())
        for die in (self.attacker_die, self.defender_die):
            die.changed.connect(self.changed)
        form.addRow("Attacker's d6:", self.attacker_die)
        form.addRow("Defender's d6:", self.defender_die)
        form.addRow("Attacker's situation modifier:", self.attacker_mod)
        form.addRow("Defender's situation modifier:", self.defender_mod)
        self.outcome = QLabel(
            wordWrap=True, objectName="outcome", textFormat=Qt.TextFormat.RichText
        )  # HTML, names escaped
        self.body.addWidget(self.games_box)
        self.body.addWidget(self.dice_box)
        self.body.addWidget(self.outcome)
        self.body.addStretch(1)
        self.add_game()
        self.tabletop.setChecked(True)

    def _kind(self) -> None:
        self.games_box.setVisible(self.tabletop.isChecked())
        self.dice_box.setVisible(self.wargame.isChecked())
        self.changed.emit()

    def add_game(self) -> None:
        row = len(self.games)
        pair = (QSpinBox(self), QSpinBox(self))
        for column, (spin, who) in enumerate(zip(pair, ("attacker", "defender"))):
            spin.setRange(0, 99)
            spin.setObjectName(f"game{row + 1}_{who}")
            spin.valueChanged.connect(lambda _: self.changed.emit())
            self.games_grid.addWidget(QLabel(f"Game {row + 1}, {who}'s VP:"), row, column * 2)
            self.games_grid.addWidget(spin, row, column * 2 + 1)
        self.games.append(pair)
        self.changed.emit()

    def remove_game(self) -> None:
        if len(self.games) <= 1:
            return
        row = len(self.games) - 1
        for column in range(4):
            item = self.games_grid.itemAtPosition(row, column)
            if item is not None and item.widget() is not None:
                item.widget().deleteLater()
        self.games.pop()
        self.changed.emit()

    def set_games(self, *games: tuple[int, int]) -> None:
        self.tabletop.setChecked(True)
        while len(self.games) < len(games):
            self.add_game()
        while len(self.games) > len(games):
            self.remove_game()
        for (a, d), (spin_a, spin_d) in zip(games, self.games):
            spin_a.setValue(a)
            spin_d.setValue(d)

    def game_scores(self) -> tuple[tuple[int, int], ...]:
        return tuple((a.value(), d.value()) for a, d in self.games)


class DestroyPage(Page):
    def __init__(self) -> None:
        super().__init__("destroyPage", "Roll to destroy")
        self.grid = QGridLayout()
        self.body.addLayout(self.grid)
        self.body.addStretch(1)
        self.dice: dict[str, DieInput] = {}

    def fill(self, rows: list[tuple[str, str]], verdict: Callable[[str, int], bool], spared: str = "") -> None:
        """One row a troop rolled for: (troop, words). `verdict(troop, die)`: whether that die
        destroys it (the engine's answer), shown beside the die as soon as it is typed or rolled.
        `spared`: who is not rolled for, and why."""
        for die in self.dice.values():
            die.deleteLater()
        while self.grid.count():
            item = self.grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.dice, self.verdicts = {}, {}
        if not rows:
            self.grid.addWidget(QLabel("No troop needs a roll to destroy in this battle."), 0, 0)
        for index, (troop, words) in enumerate(rows):
            die = DieInput(f"destroy_{troop}", self)
            said = QLabel(objectName=f"verdict_{troop}")
            die.changed.connect(lambda troop=troop, die=die, said=said: self._judge(troop, die, said, verdict))
            die.changed.connect(self.changed)
            self.grid.addWidget(label(words), index, 0)
            self.grid.addWidget(die, index, 1)
            self.grid.addWidget(said, index, 2)
            self.dice[troop], self.verdicts[troop] = die, said
        if len(rows) > 1:
            rest = QPushButton("Roll the rest", objectName="rollRest")
            rest.setToolTip("Roll every die not typed in yet (dice already typed are kept)")
            rest.clicked.connect(self.roll_the_rest)
            self.grid.addWidget(rest, len(rows), 1, 1, 2)
        self.grid.setColumnStretch(3, 1)  # spare width beyond the verdicts, which stay by their dice
        if spared:
            self.grid.addWidget(label(spared, wordWrap=True, objectName="spared"), len(rows) + 1, 0, 1, 3)

    @staticmethod
    def _judge(troop: str, die: DieInput, said: QLabel, verdict: Callable[[str, int], bool]) -> None:
        value = die.value()
        if value is None:
            said.setText("")
        elif verdict(troop, value):
            said.setText("<b style='color:#a01818'>destroyed</b>")
        else:
            said.setText("<b style='color:#1d6b2a'>survives</b>")

    def roll_the_rest(self) -> None:
        for die in self.dice.values():
            if die.value() is None:
                die.roll()


class RetreatPage(Page):
    def __init__(self) -> None:
        super().__init__("retreatPage", "Retreat")
        self.form = QFormLayout()
        self.body.addLayout(self.form)
        self.body.addStretch(1)
        self.choices: dict[str, QComboBox] = {}  # "" = the whole group

    def fill(self, options: list[str], troop_options: dict[str, list[str]] | None, words) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.choices = {}
        groups = troop_options or {"": options}
        for troop, areas in groups.items():
            combo = QComboBox(self)
            combo.setObjectName(f"retreat_{troop or 'all'}")
            for code in areas:
                combo.addItem(words(code), code)
            self.form.addRow(label(f"{troop} retreats to:" if troop else "The defenders retreat to:"), combo)
            self.choices[troop] = combo

    def answer(self) -> str | dict[str, str]:
        if "" in self.choices:
            return self.choices[""].currentData()
        return {troop: combo.currentData() for troop, combo in self.choices.items()}


class AdvancePage(Page):
    def __init__(self) -> None:
        super().__init__("advancePage", "Advance")
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
            self.list.addWidget(box)
            self.boxes[troop] = box

    def moving(self, survivors: list[str]) -> tuple[str, ...]:
        ticked = [t for t, box in self.boxes.items() if box.isChecked()]
        return tuple(sorted(ticked, key=lambda t: (t not in survivors, t)))


class SummaryPage(Page):
    def __init__(self) -> None:
        super().__init__("summaryPage", "Record the battle")
        self.text = QLabel(wordWrap=True, objectName="summary", textFormat=Qt.TextFormat.PlainText)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.addWidget(self.text, 1)
