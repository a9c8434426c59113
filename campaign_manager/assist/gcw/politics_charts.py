"""The Political Index's rule numbers, read from `resources/assist/gcw.toml`."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.assist.gcw.datafile import Band, Doctrine, GcwFile, StalinOutcome
from campaign_manager.datamodel import Fault, keyed
from campaign_manager.i18n import _

PARITIES = ("odd", "even")
__all__ = ["Band", "Doctrine", "PoliticalRules", "StalinOutcome", "parity_holds", "political_rules"]


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
    urban_regions: tuple[str, ...]
    foreign_areas: tuple[str, ...]
    tight_defense_regions: tuple[str, ...]
    modifier_cost_most: int  # 11.6: the dearest unconventional modifier
    strength_most: int
    units_most: int
    turn_most: int

    def doctrine(self, key: str) -> Doctrine:
        return self.doctrines[key]

    def is_foreign(self, region: str) -> bool:
        return region.strip().casefold() in (name.casefold() for name in self.foreign_areas)

    def is_urban(self, region: str) -> bool:
        return region.strip().casefold() in (name.casefold() for name in self.urban_regions)

    def victory_level(self, margin: int) -> str:
        for band in self.victory_levels:
            if band.holds(margin):
                return band.name
        return self.victory_levels[-1].name


def check_political_rules(data: GcwFile) -> list[Fault]:
    """No band ends below where it starts."""
    bands = [(f"victory_levels[{n}]", band) for n, band in enumerate(data.victory_levels)]
    bands += [(f"tito_stalin.outcomes[{n}]", band) for n, band in enumerate(data.tito_stalin.outcomes)]
    return [
        Fault(where, _("high ({high}) is below low ({low})").format(high=band.high, low=band.low))
        for where, band in bands
        if band.high < band.low
    ]


def political_rules(data: GcwFile) -> PoliticalRules:
    index, control, aid, tito = data.political_index, data.control_phase, data.american_aid, data.tito_stalin
    return PoliticalRules(
        government_start=index.government_start,
        dse_start=index.dse_start,
        cap=index.cap,
        collapse_at=index.collapse_at,
        victory_levels=data.victory_levels,
        victory_check_turns=data.victory_check.turns,
        doctrines=keyed(data.doctrines),
        aid_government_at_most=aid.government_at_most,
        aid_dse_at_least=aid.dse_at_least,
        aid_points=aid.points,
        terror_penalty=control.terror_penalty,
        resettled_penalty=control.resettled_penalty,
        no_conventional_dse_dice=control.no_conventional_dse_dice,
        tight_defense_dice=control.tight_defense_dice,
        area_defense_penalty=control.area_defense_penalty,
        resettlement_dice=data.resettlement.dice,
        resettled_control_points=data.resettlement.control_points,
        mobilization_parity=data.mobilization.parity,
        no_mobilization_turns=data.mobilization.not_on_turns,
        attrition_parity=data.attrition.parity,
        attrition_percent=data.attrition.percent,
        stalin_dice=tito.dice_per_mobilization,
        stalin_threshold=tito.threshold,
        stalin_outcomes=tito.outcomes,
        urban_regions=data.regions.urban,
        foreign_areas=data.regions.foreign,
        tight_defense_regions=data.regions.tight_defense,
        modifier_cost_most=max(max(c.attacker, c.defender) for c in data.conflict.unconventional_cost.values()),
        strength_most=data.limits.strength,
        units_most=data.limits.units,
        turn_most=data.limits.turn,
    )


def parity_holds(parity: str, turn: int) -> bool:
    return turn % 2 == (1 if parity == "odd" else 0)
