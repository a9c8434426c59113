"""The Reference tab: the victory conditions, the reinforcement and refit-point schedule,
strategic movement and readying squadrons, for one scenario (the open game's, when one is)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QComboBox, QTextBrowser, QWidget

from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.agt.reference import SCHEDULE, Reference, reference, topic_title, topics
from campaign_manager.i18n import _
from campaign_manager.ui.assist.agt_host import AgtHost
from campaign_manager.ui.forms import Form


def as_html(found: Reference, scenario_name: str, this_month: str | None = None) -> str:
    """The reference as simple rich text; every word from the data file is escaped."""
    parts = [
        f"<h3>{escape(found.title)} — {escape(scenario_name)}</h3>",
        "<p><i>" + escape(_("Rules {rule}").format(rule=found.rule)) + "</i></p>",
    ]
    for section in found.sections:
        heading = escape(
            _("{heading} (this turn)").format(heading=section.heading)
            if section.heading == this_month
            else section.heading
        )
        parts.append(f"<p><b>{heading}</b></p>")
        parts += [f"<p style='margin-left: 12px'>{escape(line)}</p>" for line in section.lines]
    return "\n".join(parts)


class ReferenceForm(Form):
    """A reference topic for a scenario, as text."""

    FORM = "agt_reference"
    root: QWidget
    topicBox: QComboBox
    referenceScenarioBox: QComboBox
    referenceText: QTextBrowser


class ReferenceTab:
    """Shows one topic at a time; follows the open game's scenario and marks its month."""

    def __init__(self, panel: AgtHost, parent: QWidget) -> None:
        self.panel = panel
        self.ui = ui = ReferenceForm(parent)
        self.game: AgtGame | None = None
        tables = panel.tables
        for topic in topics(tables):
            ui.topicBox.addItem(topic_title(tables, topic), topic)
        for name, scenario in tables.scenarios.items():
            ui.referenceScenarioBox.addItem(scenario.name, name)
        ui.topicBox.currentIndexChanged.connect(self.show)
        ui.referenceScenarioBox.currentIndexChanged.connect(self.show)
        self.show()

    def show(self) -> None:
        tables = self.panel.tables
        scenario = self.ui.referenceScenarioBox.currentData()
        found = reference(tables, self.ui.topicBox.currentData(), scenario)
        this_month = None
        if self.game is not None and self.game.scenario == scenario and self.game.state.turn:
            this_month = tables.month_names[self.game.state.month] if found.topic == SCHEDULE else None
        self.ui.referenceText.setHtml(as_html(found, tables.scenarios[scenario].name, this_month))

    def refresh(self, game: AgtGame | None) -> None:
        """Follow the open game: its scenario is shown, and its month in the schedule."""
        changed = game is not None and (self.game is None or self.game.path != game.path)
        self.game = game
        box = self.ui.referenceScenarioBox
        if changed and game is not None and box.currentData() != game.scenario:
            box.setCurrentIndex(box.findData(game.scenario))  # shows it
        else:
            self.show()
