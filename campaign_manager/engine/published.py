"""What a published folder tells the players, as one typed model (`PublishedStatus`, written as
the folder's status.json; its JSON Schema is docs/status.schema.json): the turn, who holds each
area and with what, the VP with what they are made of and the result if the campaign ended now,
the battles, the areas that changed hands, the league and the VP turn by turn. Where `show
--json` says the same thing it says it under the same name, the same way. Made from a turn's
picture by reports/publish/status.py."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

FROZEN = ConfigDict(frozen=True, extra="forbid")


class Published(BaseModel):
    model_config = FROZEN


class PublishedTroop(Published):
    id: str
    nation: str
    kind: str
    name: str


class PublishedArea(Published):
    """An area as `show --json` has it, less its links (the map draws those)."""

    name: str
    controller: str | None
    terrain: str | None
    vp: int
    impassable: bool
    troops: list[PublishedTroop]


class BattleCount(Published):
    fought: int
    required: int
    ceiling: int | None


class VPPart(Published):
    reason: str
    vp: int


class PublishedOutcome(Published):
    leader: str | None
    margin: int
    result: str = Field(description="the result, final or if the campaign ended now")
    final: bool
    levels: str


class OpenArrow(Published):
    origin: str = Field(serialization_alias="from")
    target: str = Field(serialization_alias="to")
    attacker_side: str


class Pairing(Published):
    """Who played one game of a battle (None: not named, or names left out)."""

    attacker: str | None
    defender: str | None


class PublishedBattle(Published):
    turn: int
    order: int = Field(description="its place among its turn's battles, as the map numbers it")
    origin: str = Field(serialization_alias="from")
    target: str = Field(serialization_alias="to")
    attacker_side: str
    winner: str | None = Field(description="the side that won; None when nobody was defeated")
    mark: str = Field(description="✔ the attacker won, ✘ the defender held, = nobody was defeated")
    score: str
    commanders: list[Pairing]
    took_area: bool
    captured: list[str]
    destroyed: list[str]
    vp_scored: dict[str, int] = Field(description="campaign VP each side scored in it: captures, command centre wins")
    recorded_at: str = Field(description="when it was recorded, as the campaign's log says")


class ChangedHands(Published):
    turn: int
    area: str
    lost_by: str | None
    taken_by: str


class LeagueLine(Published):
    place: int
    name: str | None = Field(description="None when the names are left out")
    side: str
    games: int
    wins: int
    draws: int
    losses: int
    vp_for: int
    vp_against: int
    areas_taken: int


class TurnVP(Published):
    turn: int = Field(description="0: at set-up")
    vp: dict[str, int]
    ended: bool


class PublishedStatus(Published):
    """status.json: the facts the published page shows."""

    name: str
    scenario: str
    sides: dict[str, str]
    turn: int
    turns: int
    turn_name: str | None
    phase: str
    ended: bool
    last_recorded: str
    names_shown: bool
    battles: BattleCount
    areas: dict[str, PublishedArea]
    open_arrows: list[OpenArrow]
    vp: dict[str, int]
    vp_breakdown: dict[str, list[VPPart]]
    outcome: PublishedOutcome
    next_turn: str | None
    fought_battles: list[PublishedBattle]
    changed_hands: list[ChangedHands]
    league: list[LeagueLine]
    vp_by_turn: list[TurnVP]

    def to_json(self) -> str:
        return self.model_dump_json(by_alias=True, indent=2) + "\n"
