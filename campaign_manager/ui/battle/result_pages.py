"""The battle wizard's result step, once the arrow and its troops are known: tabletop VP per game
(with who played each) or General's Wargame dice (rules 1.6, 1.7). The steps after it are in
after_pages.py."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QButtonGroup,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Game, WargameRoll
from campaign_manager.engine.battle import fortification_words
from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.state import Commitment
from campaign_manager.i18n import N_, _
from campaign_manager.ui.accessible import name_fields
from campaign_manager.ui.battle import keeping, new_commanders
from campaign_manager.ui.battle.dice import DieInput, VPBox
from campaign_manager.ui.battle.draft import BattleDraft, Outcome
from campaign_manager.ui.battle.pages import Page, Refused, Step, named
from campaign_manager.ui.battle.words import GAME_WORDS, MODIFIERS_FIXED, WARGAME_ROLLED
from campaign_manager.ui.commander_choice import CommanderChoice
from campaign_manager.ui.plain import escape


class ResultPage(Page):
    step, title_words = Step.RESULT, N_("The result")

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(draft, parent)
        kinds = QHBoxLayout()
        self.tabletop = QRadioButton(_("Tabletop games: each side's VP"))
        self.tabletop.setObjectName("tabletopChoice")
        self.wargame = QRadioButton(_("General's Wargame: dice"))
        self.wargame.setObjectName("wargameChoice")
        self.kind = QButtonGroup(self)
        for button in (self.tabletop, self.wargame):
            self.kind.addButton(button)
            kinds.addWidget(button)
            button.toggled.connect(self._kind)
        self.body.addLayout(kinds)
        self.games_box = QGroupBox(_("Games on this arrow (several for large groups: rule 1.6)"))
        self.games_grid = QGridLayout(self.games_box)
        self.games: list[tuple[VPBox, VPBox]] = []
        self.players: list[tuple[CommanderChoice, CommanderChoice]] = []  # who played each game
        self.new_names_meant: new_commanders.SaidYes = set()  # new names the user said yes to
        self._refusal = ""  # what a VP box refused, shown under the page until a VP is taken
        # Buttons Tab passes by (Alt and the underlined letter press them): Tab from the last box
        # (a VP, or who played) goes on to Next, so VP, Tab, Enter never adds a game or throws the
        # battle away (Enter in a commander box goes on too).
        self.add_game_button = QPushButton(_("&Add a game"))
        self.add_game_button.setObjectName("addGame")
        self.add_game_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.add_game_button.clicked.connect(self.add_game)
        self.remove_game_button = QPushButton(_("Re&move the last game"))
        self.remove_game_button.setObjectName("removeGame")
        self.remove_game_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.remove_game_button.clicked.connect(self.ask_remove_game)
        self.question: QMessageBox | None = None  # "Remove game N?" while it is asked
        self.games_grid.addWidget(self.add_game_button, 100, 0)
        self.games_grid.addWidget(self.remove_game_button, 100, 1)
        self.dice_box = QGroupBox(_("General's Wargame dice (rule 1.7)"))
        form = QFormLayout(self.dice_box)
        self.attacker_die = DieInput("attackerDie", self, words=_("the attacker's General's Wargame"))
        self.defender_die = DieInput("defenderDie", self, words=_("the defender's General's Wargame"))
        self.attacker_mod, self.defender_mod = QSpinBox(self), QSpinBox(self)
        for spin, who, words in (
            (self.attacker_mod, "attacker", _("The attacker's situation modifier")),
            (self.defender_mod, "defender", _("The defender's situation modifier")),
        ):
            spin.setRange(-6, 6)  # the organiser's situation modifiers, agreed at the table
            spin.setObjectName(f"{who}Modifier")
            spin.setAccessibleName(words)
            spin.valueChanged.connect(lambda _: self.changed.emit())
        for die in (self.attacker_die, self.defender_die):
            die.changed.connect(self.changed)
        form.addRow(_("Attacker's d6:"), self.attacker_die)
        form.addRow(_("Defender's d6:"), self.defender_die)
        form.addRow(_("Attacker's situation modifier:"), self.attacker_mod)
        form.addRow(_("Defender's situation modifier:"), self.defender_mod)
        self.outcome = named(QLabel(), "outcome", rich=True)  # HTML, names escaped
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
        """A game's row: each side's VP, and under it who played for that side."""
        number = len(self.games) + 1
        row = 2 * (number - 1)  # the VP row; the commanders' row under it
        pair = (VPBox(self), VPBox(self))
        players = (
            CommanderChoice(f"game{number}_attacker_commander", self),
            CommanderChoice(f"game{number}_defender_commander", self),
        )
        for column, (spin, box, who) in enumerate(zip(pair, players, ("attacker", "defender"))):
            words = GAME_WORDS[who]
            spin.setObjectName(f"game{number}_{who}")
            spin.setAccessibleName(_(words[0]).format(number=number))
            spin.setToolTip(_("The VP scored in this game: blank until typed (type 0 for none)"))
            spin.valueChanged.connect(lambda _: self.changed.emit())
            spin.refused.connect(self._vp_refused)
            spin.lineEdit().textEdited.connect(self._vp_typed)
            box.setAccessibleName(_(words[1]).format(number=number))
            box.setToolTip(_(words[2]))
            box.currentTextChanged.connect(lambda _: self.changed.emit())
            self.games_grid.addWidget(QLabel(_(words[3]).format(number=number)), row, column * 2)
            self.games_grid.addWidget(spin, row, column * 2 + 1)
            self.games_grid.addWidget(QLabel(_("played by:")), row + 1, column * 2, Qt.AlignmentFlag.AlignRight)
            self.games_grid.addWidget(box, row + 1, column * 2 + 1)
        self.games.append(pair)
        self.players.append(players)
        for box, first in zip(players, self.players[0]):  # the sides' rosters, once the arrow is known
            box.set_roster(first.roster, first.side, first.side_words)
        name_fields(self)
        self.changed.emit()

    def _vp_refused(self, words: str) -> None:
        self._refusal = words[:1].upper() + words[1:] + "."
        self.problem.setText(self._refusal)

    def _vp_typed(self) -> None:
        """A VP typed and taken: a word on a refused key before it goes."""
        if self._refusal and self.problem.text() == self._refusal:
            self.problem.setText("")
        self._refusal = ""

    def ask_remove_game(self) -> None:
        """Re&move the last game, as clicked: a game with nothing typed in it goes at once; one with
        a VP or a commander typed is asked about first (it would be gone without a trace, and the
        button sits beside Add a game), naming what it holds."""
        if len(self.games) <= 1 or keeping.asking(self.question):
            return
        number = len(self.games)
        typed = self.game_words(number)
        if not typed:
            self.remove_game()
            return
        self.question = keeping.ask(
            self,
            "removeGameQuestion",
            _("Remove game {number}?").format(number=number),
            _("Game {number} holds {typed}: removing it throws that away.").format(number=number, typed=typed),
            [
                (_("&Keep it"), QMessageBox.ButtonRole.RejectRole, None, None),
                (_("&Remove it"), QMessageBox.ButtonRole.DestructiveRole, self.remove_game, None),
            ],
        )

    def game_words(self, number: int) -> str:
        """What is typed in game `number` (from 1), in words ("" when nothing is): "6 to 1 VP,
        played by Yannis K"."""
        (a, d), (box_a, box_d) = self.game_scores()[number - 1], self.typed_players()[number - 1]
        words = []
        if a is not None or d is not None:
            blank = _("blank")
            words.append(
                _("{attacker} to {defender} VP").format(
                    attacker=blank if a is None else a, defender=blank if d is None else d
                )
            )
        names = [name for name in (box_a, box_d) if name]
        if names:
            both = _("{first} and {second}").format(first=names[0], second=names[-1]) if len(names) > 1 else names[0]
            words.append(_("played by {names}").format(names=both))
        return ", ".join(words)

    def remove_game(self) -> None:
        if len(self.games) <= 1:
            return
        row = 2 * (len(self.games) - 1)
        for at in (row, row + 1):
            for column in range(4):
                item = self.games_grid.itemAtPosition(at, column)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    self.games_grid.removeWidget(widget)
                    widget.deleteLater()
        self.games.pop()
        self.players.pop()
        self.changed.emit()

    def set_games(self, *games: tuple[int | None, int | None]) -> None:
        self.tabletop.setChecked(True)
        while len(self.games) < len(games):
            self.add_game()
        while len(self.games) > len(games):
            self.remove_game()
        for (a, d), (spin_a, spin_d) in zip(games, self.games):
            spin_a.set_number(a)
            spin_d.set_number(d)

    def set_players(self, *players: tuple[str | None, str | None]) -> None:
        """Who played each game as typed (games beyond those given: nobody named)."""
        for number, (box_a, box_d) in enumerate(self.players):
            a, d = players[number] if number < len(players) else (None, None)
            box_a.set_name(a)
            box_d.set_name(d)

    def game_scores(self) -> tuple[tuple[int | None, int | None], ...]:
        return tuple((a.number(), d.number()) for a, d in self.games)

    def typed_players(self) -> tuple[tuple[str | None, str | None], ...]:
        """Each game's commanders as typed (None: nobody named)."""
        return tuple((a.typed(), d.typed()) for a, d in self.players)

    def played(self, scores: tuple[tuple[int, int], ...]) -> tuple[Game, ...]:
        """The games with their commanders, spelt as the roster spells them (a new name as typed)."""
        return tuple(Game(a, d, box_a.name(), box_d.name()) for (a, d), (box_a, box_d) in zip(scores, self.players))

    def _offer_rosters(self) -> None:
        """Each commander box offers the roster of its side (the attacker's, the defender's)."""
        draft = self.draft
        attacker = draft.the_arrow().attacker_side
        defender = draft.sc.enemy_of(attacker)
        for box_a, box_d in self.players:
            box_a.set_roster(draft.st.roster, attacker, side_name(draft.sc, attacker))
            box_d.set_roster(draft.st.roster, defender, side_name(draft.sc, defender))

    def empty_box(self) -> str | None:
        """The first VP box still blank, in words (None when every box is typed)."""
        for number, pair in enumerate(self.game_scores(), start=1):
            for vp, who in zip(pair, ("attacker", "defender")):
                if vp is None:
                    return _(GAME_WORDS[who][0]).format(number=number)
        return None

    def chosen(self) -> Outcome | None:
        """The result as entered: the games' VP, or both General's Wargame dice (None until every
        box is given: a VP box left blank is not taken as 0)."""
        if self.tabletop.isChecked():
            scores = self.game_scores()
            if any(vp is None for pair in scores for vp in pair):
                return None
            return Outcome(games=self.played(tuple((a, d) for a, d in scores if a is not None and d is not None)))
        a, d = self.attacker_die.value(), self.defender_die.value()
        if a is None or d is None:
            return None
        return Outcome(wargame=WargameRoll(a, d, self.attacker_mod.value(), self.defender_mod.value()))

    def keep(self) -> None:
        self.draft.note(
            tabletop=self.tabletop.isChecked(),
            games=self.game_scores(),
            players=self.typed_players() if any(a or d for a, d in self.typed_players()) else (),
            modifiers=(self.attacker_mod.value(), self.defender_mod.value()),
        )
        self.keep_die("wargame.attacker_die", self.attacker_die)
        self.keep_die("wargame.defender_die", self.defender_die)

    def tab_chain(self) -> list[QWidget]:
        if self.tabletop.isChecked():  # each game's VP, then who played it
            return [box for pair, players in zip(self.games, self.players) for box in (*pair, *players)]
        return [self.attacker_die.box, self.defender_die.box, self.attacker_mod, self.defender_mod]

    def enter(self) -> None:
        draft = self.draft
        sc = draft.sc
        arrow = draft.the_arrow()
        entry = draft.entry
        (self.tabletop if entry.tabletop else self.wargame).setChecked(True)
        self.set_games(*entry.games)
        self._offer_rosters()
        self.set_players(*entry.players)
        self.tabletop.setChecked(entry.tabletop)
        self.wargame.setChecked(not entry.tabletop)
        self.attacker_mod.setValue(entry.modifiers[0])
        self.defender_mod.setValue(entry.modifiers[1])
        for die, place in ((self.attacker_die, "wargame.attacker_die"), (self.defender_die, "wargame.defender_die")):
            die.set_app_only(draft.computer is not None)
            self.show_die(place, die)
        if draft.dice_only:
            self.wargame.setChecked(True)
            self.tabletop.setEnabled(False)
        fort = legal.fortification_name(sc, draft.st, arrow.origin, arrow.target, arrow.attacker_side)
        tabletop = (
            ""
            if draft.dice_only
            else _(
                "Rule 1.6: in a tabletop game a side is defeated when the other scored at least {vp} VP and more "
                "than it (several games: totals decide, averages count for the rest)."
            ).format(vp=sc.defeat_min_vp)
            + " "
        )
        wargame = _("Rule 1.7: in the General's Wargame the higher total wins (equal totals: a draw).")
        self.say(
            f"{label(sc, arrow.origin)} → {label(sc, arrow.target)}. {tabletop}{wargame}"
            + (f" {fortification_words(sc, fort)}." if fort else "")
        )

    def _fix_modifiers(self) -> None:
        """Against the computer the situation modifiers are set before the dice: once the app has
        rolled one, they stand (a slip of the keyboard would otherwise turn the result)."""
        fixed = self.draft.computer is not None and (self.attacker_die.thrown or self.defender_die.thrown)
        for spin in (self.attacker_mod, self.defender_mod):
            spin.setReadOnly(fixed)
            spin.setButtonSymbols(
                QAbstractSpinBox.ButtonSymbols.NoButtons if fixed else QAbstractSpinBox.ButtonSymbols.UpDownArrows
            )
            spin.setToolTip(_(MODIFIERS_FIXED) if fixed else "")

    def _fix_kind(self) -> None:
        """Once the app has rolled a General's Wargame die for the battle, the dice settle it: the
        tabletop choice is closed (the app's roll belongs to the battle; Correct… or discarding
        the entry, both on record, are the ways to replace it)."""
        rolled = self.attacker_die.thrown or self.defender_die.thrown
        if rolled and self.tabletop.isChecked():
            self.wargame.setChecked(True)
        self.tabletop.setEnabled(not rolled and not self.draft.dice_only)
        self.tabletop.setToolTip(_(WARGAME_ROLLED) if rolled and not self.draft.dice_only else "")

    def refresh(self) -> None:
        self._fix_modifiers()
        self._fix_kind()
        draft = self.draft
        found = draft.forecast(self.chosen())
        if found is None:
            self.outcome.setText(
                self._before_the_dice()
                if self.wargame.isChecked()
                else _("Type each side's VP in every game (0 when a side scored none).") + self._new_commanders_words()
            )
            return
        result = found[0]
        arrow = draft.the_arrow()
        winner = {"attacker": arrow.attacker_side, "defender": draft.sc.enemy_of(arrow.attacker_side)}.get(
            result.winner or ""
        )
        said = result.describe()
        if winner:
            said = _("{result} — the {side} win").format(result=said, side=side_name(draft.sc, winner))
        committed = f"{escape(self._committed_words())}<br>" if self.wargame.isChecked() else ""
        words = _("<b>Result</b>: {result}.").format(result=escape(said))
        self.outcome.setText(committed + words + self._new_commanders_words())

    def asks_first(self) -> bool:
        """A name in a "played by" box that is nobody's on the roster is asked about before the
        battle goes on: New commander "mar"? (ui/battle/new_commanders.py)."""
        if not self.tabletop.isChecked():
            return False
        asked = new_commanders.ask(self, self.players, self.new_names_meant, self.go_on.emit, self.draft.new_clubs)
        return asked is not None

    def _new_commanders_words(self) -> str:
        """The names typed that are nobody's on the roster: added with the battle (HTML)."""
        new = [(box.name(), box.side_words) for pair in self.players for box in pair if box.is_new()]
        if not new or not self.tabletop.isChecked():
            return ""
        names = ", ".join(f"{name} ({side})" for name, side in dict.fromkeys(new))
        meant = {name for side, name in self.new_names_meant}
        if all(name in meant for name, _ in new):
            return "<br>" + escape(_("New to the roster, added with the battle: {names}.").format(names=names))
        said = _("Nobody on the roster yet: {names}. Next asks whether each is a new commander.")
        return "<br>" + escape(said.format(names=names))

    def _committed_words(self) -> str:
        """Who fights, and the computer's reason when the defence is its choice (plain text): said
        before the dice and kept in sight above the result."""
        draft = self.draft
        sc = draft.sc
        arrow = draft.the_arrow()
        defender = sc.enemy_of(arrow.attacker_side)
        chosen = draft.computer == defender and draft.open_arrow is None

        def troops(c: Commitment) -> str:
            sortie = [_("{aircraft} sortie").format(aircraft=sc.aircraft[c.sortie].name)] if c.sortie else []
            return ", ".join([*c.troops, *sortie]) or _("nothing")

        committed = (
            _("Committed: the {attacker} {attacking}; the {defender} {defending} (the computer's choice).")
            if chosen
            else _("Committed: the {attacker} {attacking}; the {defender} {defending}.")
        ).format(
            attacker=side_name(sc, arrow.attacker_side),
            attacking=troops(arrow.attacker),
            defender=side_name(sc, defender),
            defending=troops(arrow.defender),
        )
        return committed + (draft.reason_words(Step.COMMIT) if chosen else "")

    def _before_the_dice(self) -> str:
        """Who fights (the computer's choice said) and the exact odds, before any die is typed."""
        draft = self.draft
        arrow = draft.the_arrow()
        modifiers = (self.attacker_mod.value(), self.defender_mod.value())
        odds = draft.odds_words(arrow.attacker, arrow.defender, modifiers=modifiers)
        typed = ""
        if any(modifiers):
            typed = " " + _("With the situation modifiers {attacker} / {defender}.").format(
                attacker=f"{modifiers[0]:+d}", defender=f"{modifiers[1]:+d}"
            )
        return f"{escape(self._committed_words() + typed)}<br>{odds}<br>{self._dice_asked()}"

    def _dice_asked(self) -> str:
        """What the dice want: against the computer the app rolls every die, so none can be typed."""
        return _("Press Roll for each die.") if self.draft.computer else _("Type both dice, or roll them.")

    def leave(self) -> Refused | None:
        outcome = self.chosen()
        if outcome is None:
            empty_box = self.empty_box() if self.tabletop.isChecked() else None
            if empty_box:
                return Refused(_("{box} is empty: type the VP scored (0 if none).").format(box=empty_box))
            if self.draft.computer:
                return Refused(_("Roll both General's Wargame dice (press Roll beside each)."))
            return Refused(_("Type both General's Wargame dice (or press Roll)."))
        if outcome.games is not None:  # who played: on the roster of their side, or new to it (rule 1.10)
            refused = self.draft.players_refusal(outcome.games)
            if refused:
                return Refused(refused[:1].upper() + refused[1:] + ".")
        self.draft.outcome = outcome
        return None
