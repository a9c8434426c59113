"""The "Air, stacking & rolls" tab: anti-aircraft, air mission limits, stacking, initiative and
cohesion rolls. Each box has its own button; an empty die box lets the app roll."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from campaign_manager.assist.agt.air import anti_aircraft, mission_limits, needs_die
from campaign_manager.assist.agt.cohesion import TESTS, cohesion_roll
from campaign_manager.assist.agt.initiative import initiative
from campaign_manager.assist.agt.stacking import check_stack
from campaign_manager.assist.results import make_result
from campaign_manager.dice import D10, roll_or_check
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.ui.assist.agt_combat_tab import die_text, strengths
from campaign_manager.ui.assist.agt_host import AgtHost
from campaign_manager.ui.assist.enter_key import enter_presses
from campaign_manager.ui.assist.flow import reflow
from campaign_manager.ui.assist.refusals import bound_by_engine, clear_on_change, say_refusal, say_result
from campaign_manager.ui.forms import Form

TEST_NAMES = {
    "rd": N_("Combat result 'rd' (reduced if above)"),
    "infiltration": N_("Greek infiltration (6.92)"),
    "preparedness": N_("Italian preparedness (Historical)"),
}
NO_LIMIT = N_("no limit")


class ChecksForm(Form):
    """The small calculators: anti-aircraft, air missions, stacking, initiative, cohesion."""

    FORM = "agt_checks"
    root: QWidget
    aaDie: QLineEdit
    aaStrength: QSpinBox
    aaSquadrons: QSpinBox
    aaButton: QPushButton
    aaResult: QLabel
    airWeather: QComboBox
    airDie: QLineEdit
    airButton: QPushButton
    airResult: QLabel
    stackTerrain: QComboBox
    stackUnits: QLineEdit
    stackArtillery: QSpinBox
    stackButton: QPushButton
    stackResult: QLabel
    initScenario: QComboBox
    initTurn: QSpinBox
    initItalian: QLineEdit
    initGreek: QLineEdit
    initOffensive: QCheckBox
    initButton: QPushButton
    initResult: QLabel
    cohesionTest: QComboBox
    cohesionValue: QSpinBox
    cohesionModifier: QSpinBox
    cohesionDie: QLineEdit
    cohesionButton: QPushButton
    cohesionResult: QLabel
    checksLayout: QGridLayout
    aaBox: QGroupBox
    airBox: QGroupBox
    stackBox: QGroupBox
    initBox: QGroupBox
    cohesionBox: QGroupBox
    errorLabel: QLabel


class ChecksTab:
    """Small calculators that need no game file."""

    def __init__(self, panel: AgtHost, parent: QWidget) -> None:
        self.panel = panel
        self.ui = ui = ChecksForm(parent)
        # three boxes a row were wider than a 1024-wide window: as many a row as the width holds
        reflow(ui.checksLayout, [ui.aaBox, ui.airBox, ui.stackBox, ui.initBox, ui.cohesionBox])
        ui.airWeather.addItems(list(panel.tables.weathers))
        limits = panel.tables.limits  # the book's bounds (agt.toml [limits])
        bound_by_engine(ui.aaStrength, panel.tables.strongest_hex)  # checked by the calculators
        bound_by_engine(ui.aaSquadrons, limits.squadrons)
        bound_by_engine(ui.stackArtillery, limits.artillery)
        bound_by_engine(ui.cohesionValue, limits.cohesion)
        bound_by_engine(ui.cohesionModifier, limits.rd_modifier, -limits.rd_modifier)
        ui.stackTerrain.addItems(list(panel.tables.stacking))
        for name, scenario in panel.tables.scenarios.items():
            ui.initScenario.addItem(scenario.name, name)
        for test in TESTS:
            ui.cohesionTest.addItem(_(TEST_NAMES[test]), test)
        self._dice: list[tuple[str, int, bool]] = []  # the dice of the calculation under way
        ui.aaButton.clicked.connect(lambda: self._run(ui.aaResult, self.fire_aa, _("Anti-aircraft")))
        ui.airButton.clicked.connect(lambda: self._run(ui.airResult, self.air_limits, _("Air missions")))
        ui.stackButton.clicked.connect(lambda: self._run(ui.stackResult, self.stacking, _("Stacking")))
        ui.initButton.clicked.connect(lambda: self._run(ui.initResult, self.initiative, _("Initiative")))
        ui.cohesionButton.clicked.connect(lambda: self._run(ui.cohesionResult, self.cohesion, _("Cohesion")))
        enter_presses(ui.aaButton, ui.aaDie)
        enter_presses(ui.airButton, ui.airDie)
        enter_presses(ui.stackButton, ui.stackUnits)
        enter_presses(ui.initButton, ui.initItalian, ui.initGreek)
        enter_presses(ui.cohesionButton, ui.cohesionDie)
        ui.errorLabel.hide()  # each calculator says its refusals under its own button
        clear_on_change(ui.root, ui.aaResult, ui.airResult, ui.stackResult, ui.initResult, ui.cohesionResult)

    def _run(self, result: QLabel, work: Callable[[], str], tool: str) -> None:
        """Work one calculator out and keep its result; a refusal is shown in its own result
        line, under its button."""
        self._dice = []
        try:
            words = work()
        except UserError as exc:
            say_refusal(result, str(exc))
            return
        say_result(result, words)
        self.panel.keep_result(make_result(tool, words, dice=self._dice))

    def _die(self, text: str, what: str) -> int:
        typed = die_text(text)
        value = roll_or_check(typed, D10, self.panel.roller, what)
        self._dice.append((what.split(": ")[-1], value, typed is not None))
        return value

    def fire_aa(self) -> str:
        squadrons = self.ui.aaSquadrons.value() or None
        fire = anti_aircraft(
            self._die(self.ui.aaDie.text(), _("Rule 8.75: anti-aircraft die")), self.ui.aaStrength.value(), squadrons
        )
        return ngettext(
            "Die {die} + strength {strength} = {total}: {n} squadron neutralised (escorting fighters are not affected)",
            "Die {die} + strength {strength} = {total}: {n} "
            "squadrons neutralised (escorting fighters are not affected)",
            fire.neutralised,
        ).format(die=fire.die, strength=fire.strength, total=fire.total, n=fire.neutralised)

    def air_limits(self) -> str:
        weather = self.ui.airWeather.currentText()
        die = self._die(self.ui.airDie.text(), _("Rule 8.73: air missions die")) if needs_die(weather) else None
        limits = mission_limits(weather, die)
        italian = (
            _(NO_LIMIT)
            if limits.italian is None
            else ngettext("{n} mission", "{n} missions", limits.italian).format(n=limits.italian)
        )
        greek = _(NO_LIMIT) if limits.greek is None else _("{n} mission in all").format(n=limits.greek)
        if limits.die is not None:
            return _("Italians: {italian} (die {die}). Greeks and British: {greek}.").format(
                italian=italian, die=limits.die, greek=greek
            )
        return _("Italians: {italian}. Greeks and British: {greek}.").format(italian=italian, greek=greek)

    def stacking(self) -> str:
        units = strengths(self.ui.stackUnits.text(), _("Rule 6.42: unit strengths"))
        if not units and not self.ui.stackArtillery.value():
            raise UserError(_("Rule 6.42: type the strength of each unit in the hex, e.g. 5,3"))
        check = check_stack(self.ui.stackTerrain.currentText(), units, self.ui.stackArtillery.value())
        return check.verdict()

    def initiative(self) -> str:
        ui = self.ui
        turn, offensive = ui.initTurn.value(), ui.initOffensive.isChecked()
        italian = greek = None
        if turn > 1 and not offensive:
            italian = self._die(ui.initItalian.text(), _("Rule 4.1: Italian initiative die"))
            greek = self._die(ui.initGreek.text(), _("Rule 4.1: Greek initiative die"))
        return initiative(ui.initScenario.currentData(), turn, italian, greek, offensive).explanation

    def cohesion(self) -> str:
        ui = self.ui
        roll = cohesion_roll(
            ui.cohesionTest.currentData(),
            self._die(ui.cohesionDie.text(), _("cohesion die")),
            ui.cohesionValue.value(),
            ui.cohesionModifier.value(),
        )
        if roll.modifier:
            return _("Die {die} {modifier} against cohesion {cohesion}: {outcome}").format(
                die=roll.die, modifier=f"{roll.modifier:+d}", cohesion=roll.cohesion, outcome=roll.outcome
            )
        return _("Die {die} against cohesion {cohesion}: {outcome}").format(
            die=roll.die, cohesion=roll.cohesion, outcome=roll.outcome
        )
