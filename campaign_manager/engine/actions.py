"""The one vocabulary of actions: the GUI, the command line, the campaign file's log and
undo/redo all speak it. An action is a frozen dataclass; `to_json` gives the log's form and
`parse_action` reads it back (or reads what a user wrote), refusing malformed input."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from campaign_manager.engine.state import Commitment
from campaign_manager.errors import UserError


class ActionFormatError(UserError):
    """An action written in a shape the app does not understand."""


@dataclass(frozen=True)
class StartTurn:
    dice: tuple[int, ...] | None = None  # the battle-count dice; None → rolled

    def to_json(self) -> dict:
        data: dict = {"type": "start_turn"}
        if self.dice is not None:
            data["dice"] = list(self.dice)
        return data


@dataclass(frozen=True)
class Place:
    troop: str
    area: str

    def to_json(self) -> dict:
        return {"type": "place", "troop": self.troop, "area": self.area}


@dataclass(frozen=True)
class Redeploy:
    troop: str
    to: str

    def to_json(self) -> dict:
        return {"type": "redeploy", "troop": self.troop, "to": self.to}


@dataclass(frozen=True)
class WargameRoll:
    attacker_die: int | None = None
    defender_die: int | None = None
    attacker_modifier: int = 0
    defender_modifier: int = 0

    def to_json(self) -> dict:
        data: dict = {"attacker_modifier": self.attacker_modifier, "defender_modifier": self.defender_modifier}
        if self.attacker_die is not None:
            data["attacker_die"] = self.attacker_die
        if self.defender_die is not None:
            data["defender_die"] = self.defender_die
        return data


@dataclass(frozen=True)
class Battle:
    """Place a battle arrow and, when results are given, fight it out.

    Without `games` or `wargame` the arrow stays open (the tabletop game is being played);
    a later Battle on the same arrow with results resolves it.
    """

    origin: str
    target: str
    initiative_dice: tuple[int, int] | None = None
    attacker: Commitment | None = None
    defender: Commitment | None = None
    games: tuple[tuple[int, int], ...] | None = None
    wargame: WargameRoll | None = None
    destroy_dice: dict[str, int] = field(default_factory=dict)
    retreat_to: str | dict[str, str] | None = None  # one area, or troop id → area for a split retreat
    advance: tuple[str, ...] | None = None
    mission_die: int | str | None = None  # the suggested-mission d6, or "roll"

    @property
    def has_result(self) -> bool:
        return self.games is not None or self.wargame is not None

    def to_json(self) -> dict:
        data: dict[str, Any] = {"type": "battle", "from": self.origin, "to": self.target}
        if self.initiative_dice is not None:
            data["initiative_dice"] = list(self.initiative_dice)
        if self.attacker is not None:
            data["attacker"] = self.attacker.to_json()
        if self.defender is not None:
            data["defender"] = self.defender.to_json()
        if self.games is not None:
            data["games"] = [{"attacker_vp": a, "defender_vp": d} for a, d in self.games]
        if self.wargame is not None:
            data["wargame"] = self.wargame.to_json()
        if self.destroy_dice:
            data["destroy_dice"] = dict(self.destroy_dice)
        if self.retreat_to is not None:
            data["retreat_to"] = dict(self.retreat_to) if isinstance(self.retreat_to, dict) else self.retreat_to
        if self.advance is not None:
            data["advance"] = list(self.advance)
        if self.mission_die is not None:
            data["mission_die"] = self.mission_die
        return data


@dataclass(frozen=True)
class Initiative:
    """Roll for the next battle's initiative before any arrow is chosen; the winner attacks."""

    dice: tuple[tuple[str, int | None], ...] | None = None  # (side, d6) pairs; None → both rolled

    def to_json(self) -> dict:
        data: dict = {"type": "initiative"}
        if self.dice is not None:
            data["dice"] = dict(self.dice)
        return data


@dataclass(frozen=True)
class Abandon:
    """Take an open arrow off the map before any game was recorded on it."""

    origin: str
    target: str

    def to_json(self) -> dict:
        return {"type": "abandon", "from": self.origin, "to": self.target}


@dataclass(frozen=True)
class EndTurn:
    def to_json(self) -> dict:
        return {"type": "end_turn"}


@dataclass(frozen=True)
class Note:
    text: str

    def to_json(self) -> dict:
        return {"type": "note", "text": self.text}


GAME_KEYS = {"attacker_vp": 0, "defender_vp": 0}.keys()
COMMITMENT_KEYS = frozenset({"troops", "sortie"})
BATTLE_KEYS = frozenset({"type", "from", "to", "initiative_dice", "attacker", "defender", "games", "wargame",
                         "destroy_dice", "retreat_to", "advance", "mission_die"})
WARGAME_KEYS = frozenset({"attacker_die", "defender_die", "attacker_modifier", "defender_modifier"})
KEYS = {"start_turn": frozenset({"type", "dice"}), "place": frozenset({"type", "troop", "area"}),
        "redeploy": frozenset({"type", "troop", "to"}), "abandon": frozenset({"type", "from", "to"}),
        "end_turn": frozenset({"type"}), "note": frozenset({"type", "text"}), "battle": BATTLE_KEYS,
        "initiative": frozenset({"type", "dice"})}

Action = Union[StartTurn, Place, Redeploy, Initiative, Battle, Abandon, EndTurn, Note]
ACTION_TYPES = ("start_turn", "place", "redeploy", "initiative", "battle", "abandon", "end_turn", "note")


# -- reading JSON ------------------------------------------------------------------------

def _text(data: dict, key: str, optional: bool = False) -> str | None:
    if key not in data or data[key] is None:
        if optional:
            return None
        raise ActionFormatError(f"'{data.get('type')}' needs \"{key}\"")
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise ActionFormatError(f"\"{key}\" should be text, not {value!r}")
    return value.strip()


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ActionFormatError(f"{what} should be a whole number, not {value!r}")
    return value


def _ints(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ActionFormatError(f"{what} should be a list of numbers, not {value!r}")
    return tuple(_int(v, what) for v in value)


def _ids(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ActionFormatError(f"{what} should be a list of troop ids, not {value!r}")
    return tuple(value)


def _commitment(value: Any, side: str) -> Commitment:
    if not isinstance(value, dict):
        raise ActionFormatError(f"\"{side}\" should be an object with \"troops\" and an optional \"sortie\"")
    if not value.keys() <= COMMITMENT_KEYS:
        unknown = set(value) - COMMITMENT_KEYS
        raise ActionFormatError(f"\"{side}\" has unknown keys: {', '.join(sorted(unknown))}")
    sortie = value.get("sortie")
    troops = value.get("troops", ())
    if type(troops) is list and all(type(t) is str for t in troops) and (sortie is None or type(sortie) is str):
        return Commitment(tuple(troops), sortie)  # the common, well-formed case
    if sortie is not None and not isinstance(sortie, str):
        raise ActionFormatError(f"\"{side}.sortie\" should be a nation, not {sortie!r}")
    return Commitment(_ids(value.get("troops", []), f"\"{side}.troops\""), sortie)


def _check_keys(data: dict, allowed: frozenset[str]) -> None:
    if data.keys() <= allowed:
        return
    unknown = set(data) - allowed
    if unknown:
        raise ActionFormatError(f"'{data['type']}' has unknown keys: {', '.join(sorted(unknown))}")


def parse_action(data: Any) -> Action:
    """Read one action from its JSON form; refuses anything malformed with a clear message."""
    if not isinstance(data, dict):
        raise ActionFormatError(f"an action should be a JSON object, not {data!r}")
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise ActionFormatError(f"unknown action type {kind!r} (known: {', '.join(ACTION_TYPES)})")
    if kind == "start_turn":
        _check_keys(data, KEYS["start_turn"])
        dice = data.get("dice")
        return StartTurn(None if dice is None else _ints(dice, "\"dice\""))
    if kind == "place":
        _check_keys(data, KEYS["place"])
        return Place(_text(data, "troop"), _text(data, "area"))
    if kind == "redeploy":
        _check_keys(data, KEYS["redeploy"])
        return Redeploy(_text(data, "troop"), _text(data, "to"))
    if kind == "initiative":
        _check_keys(data, KEYS["initiative"])
        dice = data.get("dice")
        if dice is None:
            return Initiative()
        if not isinstance(dice, dict) or not all(isinstance(k, str) for k in dice):
            raise ActionFormatError("\"dice\" should map each side to its d6, e.g. {\"axis\": 5, \"allied\": 3}")
        return Initiative(tuple((side, None if v is None else _int(v, f"{side}'s initiative die"))
                                for side, v in sorted(dice.items())))
    if kind == "abandon":
        _check_keys(data, KEYS["abandon"])
        return Abandon(_text(data, "from"), _text(data, "to"))
    if kind == "end_turn":
        _check_keys(data, KEYS["end_turn"])
        return EndTurn()
    if kind == "note":
        _check_keys(data, KEYS["note"])
        return Note(_text(data, "text"))
    return _parse_battle(data)


def _game(number: int, game: Any) -> tuple[int, int]:
    if isinstance(game, dict) and game.keys() == GAME_KEYS:
        pair = (game["attacker_vp"], game["defender_vp"])
        if type(pair[0]) is int and type(pair[1]) is int and min(pair) >= 0:
            return pair
        _int(pair[0], f"game {number} attacker_vp")
        _int(pair[1], f"game {number} defender_vp")
        raise ActionFormatError(f"game {number}: victory points cannot be negative")
    raise ActionFormatError(f"game {number} should be {{\"attacker_vp\": n, \"defender_vp\": n}}")


def _ints_ok(value: Any) -> bool:
    return type(value) is list and all(type(v) is int for v in value)


def _ids_ok(value: Any) -> bool:
    return type(value) is list and all(type(v) is str for v in value)


def _area_map_ok(value: Any) -> bool:
    return (type(value) is dict and bool(value)
            and all(type(k) is str and type(v) is str and v.strip() == v and v for k, v in value.items()))


def _commitment_ok(value: Any) -> bool:
    return (type(value) is dict and value.keys() <= COMMITMENT_KEYS and _ids_ok(value.get("troops", []))
            and type(value.get("sortie", "")) is str)


def _fast_battle(data: dict) -> Battle | None:
    """The common, well-formed battle (every logged one) read with inline type checks; None
    sends anything unusual through the full parser, which explains what is wrong."""
    get = data.get
    origin, target = get("from"), get("to")
    initiative, attacker, defender = get("initiative_dice"), get("attacker"), get("defender")
    games, wargame, destroy = get("games"), get("wargame"), get("destroy_dice") or {}
    retreat, advance, mission = get("retreat_to"), get("advance"), get("mission_die")
    if not (data.keys() <= BATTLE_KEYS and (mission is None or type(mission) is int) and type(origin) is str and type(target) is str and origin and target
            and (initiative is None or (_ints_ok(initiative) and len(initiative) == 2))
            and (attacker is None or _commitment_ok(attacker)) and (defender is None or _commitment_ok(defender))
            and (games is None or wargame is None)):
        return None
    if games is not None:
        if type(games) is not list or not games:
            return None
        pairs = []
        for game in games:
            if type(game) is not dict or game.keys() != GAME_KEYS:
                return None
            pair = (game["attacker_vp"], game["defender_vp"])
            if type(pair[0]) is not int or type(pair[1]) is not int or pair[0] < 0 or pair[1] < 0:
                return None
            pairs.append(pair)
        games = tuple(pairs)
    if wargame is not None:
        if type(wargame) is not dict or not wargame.keys() <= WARGAME_KEYS:
            return None
        values = [wargame.get(k) for k in ("attacker_die", "defender_die")]
        mods = [wargame.get(k, 0) for k in ("attacker_modifier", "defender_modifier")]
        if not all(v is None or type(v) is int for v in values) or not all(type(m) is int for m in mods):
            return None
        wargame = WargameRoll(values[0], values[1], mods[0], mods[1])
    if (type(destroy) is not dict or not all(type(k) is str and type(v) is int for k, v in destroy.items())
            or not (retreat is None or (type(retreat) is str and retreat) or _area_map_ok(retreat))
            or not (advance is None or _ids_ok(advance))):
        return None
    return Battle(origin, target, None if initiative is None else tuple(initiative),
                  None if attacker is None else Commitment(tuple(attacker.get("troops", ())), attacker.get("sortie")),
                  None if defender is None else Commitment(tuple(defender.get("troops", ())), defender.get("sortie")),
                  games, wargame, destroy, retreat, None if advance is None else tuple(advance), mission)


def _retreat(value: Any) -> str | dict[str, str] | None:
    if value is None:
        return None
    if isinstance(value, dict):
        if not value or not all(isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in value.items()):
            raise ActionFormatError("\"retreat_to\" should be an area, or a map of troop id to area "
                                    "(e.g. {\"DE-INF-1\": \"A5\"})")
        return {k: v.strip() for k, v in value.items()}
    if not isinstance(value, str) or not value.strip():
        raise ActionFormatError(f"\"retreat_to\" should be an area, or a map of troop id to area, not {value!r}")
    return value.strip()


def _parse_battle(data: dict) -> Battle:
    fast = _fast_battle(data)
    if fast is not None:
        return fast
    _check_keys(data, BATTLE_KEYS)
    initiative = None
    if data.get("initiative_dice") is not None:
        initiative = _ints(data["initiative_dice"], "\"initiative_dice\"")
        if len(initiative) != 2:
            raise ActionFormatError("\"initiative_dice\" should be two dice: [attacker, defender]")
    games = None
    if data.get("games") is not None:
        if not isinstance(data["games"], list) or not data["games"]:
            raise ActionFormatError("\"games\" should be a non-empty list of {\"attacker_vp\", \"defender_vp\"}")
        games = tuple(_game(i, game) for i, game in enumerate(data["games"], start=1))
    wargame = None
    if data.get("wargame") is not None:
        roll = data["wargame"]
        if not isinstance(roll, dict):
            raise ActionFormatError("\"wargame\" should be an object with the dice and modifiers")
        unknown = set(roll) - WARGAME_KEYS
        if unknown:
            raise ActionFormatError(f"\"wargame\" has unknown keys: {', '.join(sorted(unknown))}")
        wargame = WargameRoll(
            None if roll.get("attacker_die") is None else _int(roll["attacker_die"], "attacker_die"),
            None if roll.get("defender_die") is None else _int(roll["defender_die"], "defender_die"),
            _int(roll.get("attacker_modifier", 0), "attacker_modifier"),
            _int(roll.get("defender_modifier", 0), "defender_modifier"))
    if games is not None and wargame is not None:
        raise ActionFormatError("a battle is either tabletop \"games\" or a \"wargame\" roll, not both")
    destroy = data.get("destroy_dice") or {}
    if not isinstance(destroy, dict):
        raise ActionFormatError("\"destroy_dice\" should map troop ids to dice")
    destroy_dice = {k: v for k, v in destroy.items() if type(k) is str and type(v) is int}
    if len(destroy_dice) != len(destroy):
        destroy_dice = {str(k): _int(v, f"destroy die for {k}") for k, v in destroy.items()}
    advance = data.get("advance")
    mission = data.get("mission_die")
    if mission is not None and mission != "roll":
        mission = _int(mission, "\"mission_die\" (a d6, or \"roll\")")
    return Battle(
        origin=_text(data, "from"), target=_text(data, "to"), initiative_dice=initiative,
        attacker=None if data.get("attacker") is None else _commitment(data["attacker"], "attacker"),
        defender=None if data.get("defender") is None else _commitment(data["defender"], "defender"),
        games=games, wargame=wargame, destroy_dice=destroy_dice,
        retreat_to=_retreat(data.get("retreat_to")),
        advance=None if advance is None else _ids(advance, "\"advance\""), mission_die=mission)
