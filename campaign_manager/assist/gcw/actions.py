"""The Political Index tracker's actions, declared once as typed models.

An action reaches the tracker as JSON (typed by a player, built by the panel, or replayed from a
game file). Each is read here before anything else looks at it: an unknown field, a field of the
wrong type (`"no"` for a yes/no, `"3"` for a die) or a missing one is refused in one line that
names it. The rules' own checks (phase, region, limits read from gcw.toml) stay in the reducers.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import Field

from campaign_manager.assist.results import ResultAction
from campaign_manager.datamodel import Count, DataModel, Die, Flag, Int, Text, Words, check_tagged
from campaign_manager.i18n import _

Side = Literal["government", "dse"]
Dice = tuple[Die, ...]
# A single die may be written bare (`"break_die": 5`) or as a list of one (`[5]`).
OneDie = Die | Annotated[tuple[Die, ...], Field(min_length=1, max_length=1)]
Positive = Annotated[Int, Field(ge=1)]


class Adjust(DataModel):
    """A correction by hand: `amount` Political Points on or off one index."""

    type: Literal["adjust"]
    side: Side
    amount: Int
    reason: Words | None = None


class Control(DataModel):
    """A region's control points (14.7), added to the controller's index or taken off the enemy's."""

    type: Literal["control"]
    side: Side
    points: Count | None = None
    region: Text | None = None
    use: Literal["add", "subtract"] = "add"


class Terror(DataModel):
    """A Terror marker placed in (or removed from) a region by hand (16.4)."""

    type: Literal["terror"]
    region: Text
    placed: Flag = True


class Resettle(DataModel):
    """The Government resettles a Rural region's population (16.5); `die` is `dice` written bare."""

    type: Literal["resettle"]
    region: Text
    dice: Dice | None = None
    die: Die | None = None


class Airstrikes(DataModel):
    """Airstrike markers bought in the Government's Mobilization Phase (2.8)."""

    type: Literal["airstrikes"]
    bought: Positive


class PaidPoints(DataModel):
    """Political Points paid for the unconventional die modifier, by role (11.6)."""

    attacker: Count = 0
    defender: Count = 0


class Conflict(DataModel):
    """A conflict resolved on the tables, recorded in one step (11.4, 11.6, 12.2)."""

    type: Literal["conflict"]
    region: Text
    attacker: Side
    airstrike: Flag = False
    terror: Literal["placed", "removed"] | None = None
    political_points: PaidPoints | None = None


class ControlPenalties(DataModel):
    """The Control Phase's penalties, once a turn (14.5, 14.6, 16.3)."""

    type: Literal["control_penalties"]
    area_empty_regions: Count = 0
    tight_ungarrisoned: Count = 0
    tight_dice: Dice | None = None
    dse_conventional_in_greece: Flag = True
    dse_dice: Dice | None = None


class Doctrine(DataModel):
    """The Government's doctrine read on the Politics Table (16.3, 17.3)."""

    type: Literal["doctrine"]
    doctrine: Text | None = None
    duration: Positive | None = None
    limit: Count | None = None
    from_table: Flag = False
    limit_from_table: Flag = False
    doctrine_dice: Dice | None = None
    duration_dice: Dice | None = None
    limit_dice: Dice | None = None


class Mobilization(DataModel):
    """A side's Mobilization Phase begins (9.0); with rule 17.1 the DSE's adds to the Stalin score."""

    type: Literal["mobilization"]
    side: Side
    stalin_dice: Dice | None = None
    break_die: OneDie | None = None
    purge_dice: Dice | None = None


class Spend(DataModel):
    """Political Points spent in the side's own Mobilization Phase (9.1, 9.5)."""

    type: Literal["spend"]
    side: Side
    amount: Positive | None = None
    unit: Text | None = None
    upgrade: Flag = False
    what: Words | None = None


class Initiative(DataModel):
    """Who goes first this turn (8.0)."""

    type: Literal["initiative"]
    first: Side


class NextTurn(DataModel):
    type: Literal["next_turn"]


class VictoryCheck(DataModel):
    type: Literal["victory_check"]


Action = (
    Adjust
    | Control
    | Terror
    | Resettle
    | Airstrikes
    | Conflict
    | ControlPenalties
    | Doctrine
    | Mobilization
    | Spend
    | Initiative
    | NextTurn
    | VictoryCheck
    | ResultAction
)
MODELS: tuple[type[DataModel], ...] = get_args(Action)


def _tag(model: type[DataModel]) -> str:
    return get_args(model.model_fields["type"].annotation)[0]


# each action type → its fields other than "type", in order (the docs' table lists them)
FIELDS = {_tag(model): tuple(name for name in model.model_fields if name != "type") for model in MODELS}
ACTION_TYPES = tuple(FIELDS)
BY_TYPE = {_tag(model): model for model in MODELS}


def check_action(data: Any) -> dict[str, Any]:
    """`data` as a tracker action, read strictly; refused in one line naming every faulty field.
    The action is returned as it was given (its dice and values are written as typed)."""
    return check_tagged(data, BY_TYPE, _("a tracker action"), _("tracker action"))
