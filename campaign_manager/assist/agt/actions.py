"""The tracker's logged actions, declared once as typed models.

The `cup`, `port` and `game weather` commands build these actions; the game file keeps them and
replays them. Each is read here before it changes the state, so a damaged or foreign record (a
field the action does not have, a value of the wrong kind) is refused in one line naming it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import Field

from campaign_manager.assist.results import ResultAction
from campaign_manager.datamodel import AnyText, DataModel, Flag, Int, Text, check_tagged
from campaign_manager.i18n import _

D10 = Annotated[Int, Field(ge=0, le=9)]
How = Literal["rolled", "typed"]
Count = Annotated[Int, Field(ge=0)]


class Turn(DataModel):
    """A new month: its commands' markers in the cup; `first` starts the turn (4.1); `play` the
    Gamers' Special Event chits played as it starts."""

    type: Literal["turn"]
    month: Text
    italian: tuple[Text, ...]
    greek: tuple[Text, ...]
    first: Text | None = None
    play: tuple[Text, ...] = ()


class Weather(DataModel):
    """The weather at the start of the turn under way (4.21)."""

    type: Literal["weather"]
    weather: Text | None
    die: D10 | None
    modified_die: Int | None
    how: How | None
    read: Flag
    why: AnyText


class Event(DataModel):
    """The Random Events roll of a Mussolini marker."""

    die: D10
    code: Text
    once: Flag
    no_event: Flag
    repeat: Flag
    special_event_chit: Flag
    weather_die: D10 | None
    weather: Text | None
    weather_modified: Int | None = None
    weather_read: AnyText | None = None
    removed: tuple[Text, ...]
    removed_how: How | None = None
    opens_port_building: Flag = False
    port_bonus: Count = 0


class Draw(DataModel):
    type: Literal["draw"]
    marker: Text
    how: How
    ignored: Flag
    event: Event | None


class Remove(DataModel):
    type: Literal["remove"]
    markers: Annotated[tuple[Text, ...], Field(min_length=1)]
    reason: Text
    how: How


class Port(DataModel):
    """A change in a port's capacity; `warning` when the top of its track could not be checked."""

    type: Literal["port"]
    port: Text
    why: Literal["bombed", "built", "destroyed", "bonus", "special"]
    amount: Count
    change: Int
    warning: AnyText | None = None


class PortUse(DataModel):
    """Capacity points a port passed this turn; `amount` is the refits or squadrons readied
    for those uses, else the points."""

    type: Literal["port-use"]
    port: Text
    use: Literal["landing", "activation", "refit", "air"]
    amount: Count
    points: Count


Action = Turn | Weather | Draw | Remove | Port | PortUse | ResultAction
MODELS: tuple[type[DataModel], ...] = get_args(Action)
BY_TYPE = {get_args(model.model_fields["type"].annotation)[0]: model for model in MODELS}
ACTION_TYPES = tuple(BY_TYPE)


def check_action(data: Any) -> dict[str, Any]:
    """`data` as a logged action, read strictly; refused in one line naming every faulty field."""
    return check_tagged(data, BY_TYPE, _("an assist-game action"), _("assist-game action"))
