"""The scenario's shared terms: a side's id, the kinds of troops, and a scenario's words in the
app's language (`in_language` over a part's optional `names`). The scenario's models (model.py,
turns.py) are built of these."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal, TypeVar, get_args

from pydantic import BeforeValidator, Field

from campaign_manager.datamodel import Text
from campaign_manager.i18n import N_, language_codes

T = TypeVar("T")

# A side's id: a key of the scenario's `[sides.*]` tables ("axis", "allied" in the bundled
# scenarios); scenario/checks.py holds every side the file names to those two.
Side = Annotated[Text, Field(description="a side's id: one of the keys of [sides]")]
Kind = Literal["infantry", "mountain", "armour", "mechanised", "motorcycle"]
KINDS: tuple[str, ...] = get_args(Kind)  # in the order legends and counters list them
# Each kind of troop in the app's words, as the map's legend and the printed legend say it.
KIND_WORDS: dict[str, str] = {
    "infantry": N_("infantry"),
    "mountain": N_("mountain troops"),
    "armour": N_("armour"),
    "mechanised": N_("mechanised"),
    "motorcycle": N_("motorcycle troops"),
}


def in_language(name: T, names: Mapping[str, T]) -> T:
    """A scenario's word in the language the app speaks, where the scenario gives it in `names`
    (its Greek name under Greek); the scenario's own `name` otherwise. Every area, nation, side and
    troop name the app shows goes through here (and a turn's six missions, a tuple)."""
    if names:
        for code in language_codes():
            if code in names:
                return names[code]
    return name


def _blank(value: object) -> object:
    return None if value == "" else value


OptionalSide = Annotated[
    Text | None,
    BeforeValidator(_blank, json_schema_input_type=str),
    Field(description='a side\'s id (one of the keys of [sides]), or "" for none'),
]
