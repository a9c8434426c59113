"""A campaign turn as the scenario file declares it: its battle formula, who attacks, initiative,
sorties, redeployment, deployment rules and suggested missions, with its words in other languages."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field, field_validator

from campaign_manager.bounds import MAX_BATTLE_DICE
from campaign_manager.datamodel import AnyText, Count, DataModel, Int, OptionalText, Text
from campaign_manager.scenario.layout import LanguageCode, Names
from campaign_manager.scenario.terms import Kind, OptionalSide, Side, in_language


class Initiative(DataModel):
    side: Side  # adds the modifier and wins ties
    modifier: Int


class DeploymentException(DataModel):
    area: Text
    count: Count = 1
    kind: Kind | None = None
    troop: OptionalText = None


class DeploymentRule(DataModel):
    """A deployment requirement checked when the turn's first battle is recorded."""

    rule: Literal["at_least", "next_to_enemy"]
    nation: Text
    area: OptionalText = None
    count: Count = 1
    enemy_nation: OptionalText = None
    exceptions: tuple[DeploymentException, ...] = Field((), alias="except")


class BattleCount(DataModel):
    d3: Annotated[Count, Field(le=MAX_BATTLE_DICE)]
    plus: Annotated[Count, Field(le=MAX_BATTLE_DICE)]


class FixedArrow(DataModel):
    origin: Text = Field(alias="from")
    target: Text = Field(alias="to")


class TurnSpec(DataModel):
    """One campaign turn: its battle formula, who attacks, sorties, redeployment, deployment
    rules and the suggested missions."""

    number: Int
    name: Text
    dates: AnyText = ""
    battles: BattleCount
    fixed_attacker: OptionalSide = None
    arrows: tuple[FixedArrow, ...] = Field((), alias="fixed_arrows")
    initiative: Initiative | None = None
    sortie_grants: dict[str, Count] = Field({}, alias="sorties")
    redeploy: tuple[Text, ...] = ()
    deployment: tuple[DeploymentRule, ...] = ()
    missions: tuple[Text, ...] = Field(min_length=6, max_length=6, description="six missions, one per d6 face")
    names: Names = {}  # the turn's name in other languages ("de", "el"), shown where the app speaks one
    dates_names: Names = {}  # the dates in other languages
    mission_names: Annotated[
        dict[LanguageCode, tuple[Text, ...]],
        Field(max_length=64, description="the six missions in other languages, by language code"),
    ] = {}

    @property
    def title(self) -> str:
        """The turn's name in the app's language."""
        return in_language(self.name, self.names)

    @property
    def when(self) -> str:
        """The turn's dates in the app's language."""
        return in_language(self.dates, self.dates_names) if self.dates else ""

    @property
    def mission_titles(self) -> tuple[str, ...]:
        """The six suggested missions, one per d6 face, in the app's language."""
        return in_language(self.missions, self.mission_names)

    @field_validator("mission_names")
    @classmethod
    def _six_each(cls, value: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        for code, missions in value.items():
            if len(missions) != 6:
                raise ValueError(f"mission_names.{code} should name six missions, one per d6 face, not {len(missions)}")
        return value

    @property
    def battle_d3(self) -> int:
        return self.battles.d3

    @property
    def battle_plus(self) -> int:
        return self.battles.plus

    @cached_property
    def fixed_arrows(self) -> tuple[tuple[str, str], ...]:
        return tuple((a.origin, a.target) for a in self.arrows)

    @cached_property
    def sorties(self) -> tuple[tuple[str, int], ...]:
        return tuple(self.sortie_grants.items())
