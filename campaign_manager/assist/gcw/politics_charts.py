"""The Political Index's rule numbers, read from `resources/assist/gcw.toml`."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.datafile import DataEntry

PARITIES = ("odd", "even")


@dataclass(frozen=True)
class Band:
    """A named range of values, both ends included (victory levels, Tito-Stalin outcomes)."""

    low: int
    high: int
    name: str

    def holds(self, value: int) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class StalinOutcome:
    """What the DSE's line after the Tito-Stalin break closes, and its purge (17.1)."""

    band: Band
    closes: tuple[str, ...]
    purge_dice: int


@dataclass(frozen=True)
class Doctrine:
    """A Government doctrine from the Politics Table and its spending limit (16.3)."""

    key: str
    name: str
    mobilization_limit: int


@dataclass(frozen=True)
class PoliticalRules:
    """Every number of the Political Index tracker."""

    government_start: int
    dse_start: int
    cap: int
    collapse_at: int
    victory_levels: tuple[Band, ...]
    victory_check_turns: tuple[int, ...]
    doctrines: dict[str, Doctrine]
    aid_government_at_most: int
    aid_dse_at_least: int
    aid_points: int
    terror_penalty: int
    resettled_penalty: int
    no_conventional_dse_dice: int
    tight_defense_dice: int
    area_defense_penalty: int
    resettlement_dice: int
    resettled_control_points: int
    mobilization_parity: str
    no_mobilization_turns: tuple[int, ...]
    attrition_parity: str
    attrition_percent: int
    stalin_dice: int
    stalin_threshold: int
    stalin_outcomes: tuple[StalinOutcome, ...]

    def doctrine(self, key: str) -> Doctrine:
        return self.doctrines[key]

    def victory_level(self, margin: int) -> str:
        for band in self.victory_levels:
            if band.holds(margin):
                return band.name
        return self.victory_levels[-1].name


def _band(entry: DataEntry) -> Band:
    band = Band(entry["low"].integer(0), entry["high"].integer(0), entry["name"].text())
    if band.high < band.low:
        raise entry.refuse(f"high ({band.high}) is below low ({band.low})")
    return band


def read_political_rules(root: DataEntry) -> PoliticalRules:
    index, control, aid = root["political_index"], root["control_phase"], root["american_aid"]
    tito = root["tito_stalin"]
    doctrines = {key: Doctrine(key, item["name"].text(), item["mobilization_limit"].integer(0))
                 for key, item in root["doctrines"].table().items()}
    outcomes = tuple(StalinOutcome(_band(item), tuple(c.text() for c in item["closes"].items()),
                                   item["purge_dice"].integer(0))
                     for item in tito["outcomes"].items())
    return PoliticalRules(
        government_start=index["government_start"].integer(1), dse_start=index["dse_start"].integer(1),
        cap=index["cap"].integer(1), collapse_at=index["collapse_at"].integer(),
        victory_levels=tuple(_band(item) for item in root["victory_levels"].items()),
        victory_check_turns=tuple(t.integer(1) for t in root["victory_check"]["turns"].items()),
        doctrines=doctrines,
        aid_government_at_most=aid["government_at_most"].integer(0),
        aid_dse_at_least=aid["dse_at_least"].integer(0), aid_points=aid["points"].integer(0),
        terror_penalty=control["terror_penalty"].integer(0),
        resettled_penalty=control["resettled_penalty"].integer(0),
        no_conventional_dse_dice=control["no_conventional_dse_dice"].integer(0),
        tight_defense_dice=control["tight_defense_dice"].integer(0),
        area_defense_penalty=control["area_defense_penalty"].integer(0),
        resettlement_dice=root["resettlement"]["dice"].integer(1),
        resettled_control_points=root["resettlement"]["control_points"].integer(0),
        mobilization_parity=root["mobilization"]["parity"].text(PARITIES),
        no_mobilization_turns=tuple(t.integer(1) for t in root["mobilization"]["not_on_turns"].items()),
        attrition_parity=root["attrition"]["parity"].text(PARITIES),
        attrition_percent=root["attrition"]["percent"].integer(1, 100),
        stalin_dice=tito["dice_per_mobilization"].integer(1),
        stalin_threshold=tito["threshold"].integer(1), stalin_outcomes=outcomes)


def parity_holds(parity: str, turn: int) -> bool:
    return turn % 2 == (1 if parity == "odd" else 0)
