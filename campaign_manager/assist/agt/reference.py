"""References a player wants at the table, read from agt.toml: the victory conditions, the
reinforcement and refit-point schedule, strategic movement and readying squadrons, each for
one scenario."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _

SCHEDULE = "reinforcements"
SCHEDULE_TITLE = N_("Reinforcements and refit points")
SCHEDULE_RULE = N_("6.5-6.7, 9.11 and the scenarios' reinforcement schedules")


@dataclass(frozen=True)
class Section:
    """A heading and its paragraphs."""

    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Reference:
    """One topic for one scenario."""

    topic: str
    title: str
    rule: str
    scenario: str
    sections: tuple[Section, ...]

    def text(self, scenario_name: str) -> str:
        lines = [
            _("{title}, {scenario} (rules {rule})").format(title=self.title, scenario=scenario_name, rule=self.rule)
        ]
        for section in self.sections:
            lines += ["", f"{section.heading}:", *(f"  {line}" for line in section.lines)]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "topic": self.topic,
            "title": self.title,
            "rule": self.rule,
            "scenario": self.scenario,
            "sections": [{"heading": s.heading, "lines": list(s.lines)} for s in self.sections],
        }


def topics(tables: BookTables) -> tuple[str, ...]:
    """Every topic: those written in agt.toml, and the schedule built from its table."""
    first = [topic for topic in tables.reference if topic == "victory"]
    return (*first, SCHEDULE, *(topic for topic in tables.reference if topic != "victory"))


def topic_title(tables: BookTables, topic: str) -> str:
    return _(SCHEDULE_TITLE) if topic == SCHEDULE else tables.reference[topic].title


def reference(tables: BookTables, topic: str, scenario: str) -> Reference:
    if scenario not in tables.scenarios:
        raise UserError(
            _("Unknown scenario '{scenario}' (use {scenarios})").format(
                scenario=scenario, scenarios=", ".join(tables.scenarios)
            )
        )
    if topic == SCHEDULE:
        return schedule(tables, scenario)
    if topic not in tables.reference:
        raise UserError(
            _("No reference '{topic}' (topics: {topics})").format(topic=topic, topics=", ".join(topics(tables)))
        )
    found = tables.reference[topic]
    sections = tuple(Section(e.heading, (e.text,)) for e in found.entries if scenario in e.scenarios)
    return Reference(topic, found.title, found.rule, scenario, sections)


def schedule(tables: BookTables, scenario: str) -> Reference:
    """The scenario's turns, each with the Italian units that become available (at the start of
    a season's first turn), the Greek units that arrive and the refit points received, with the
    points received so far (the Greeks may keep unused points, 9.11)."""
    lines = [line for line in tables.reinforcements if scenario in line.scenarios]
    seasons_seen: set[str] = set()
    received = 0
    sections = []
    for month in tables.scenario_months(scenario):
        said = []
        season = tables.seasons[month]
        if season not in seasons_seen:
            seasons_seen.add(season)
            said += [
                _("Italian ({season}): {units}").format(season=season, units=line.units)
                for line in lines
                if line.season == season
            ]
        for line in lines:
            if line.month == month:
                said.append(_("Greek: {units}").format(units=line.units))
                if line.refit_points:
                    received += line.refit_points
                    said.append(
                        _("Greek refit points: {points} ({received} received so far)").format(
                            points=line.refit_points, received=received
                        )
                    )
        sections.append(Section(tables.month_names[month], tuple(said) or (_("Nothing new."),)))
    return Reference(SCHEDULE, _(SCHEDULE_TITLE), _(SCHEDULE_RULE), scenario, tuple(sections))
