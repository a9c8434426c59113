"""What the players of a tracked game agreed before it began, read from the tracker file."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from campaign_manager.assist.gcw.politics_charts import PoliticalRules
from campaign_manager.errors import RuleError, UserError
from campaign_manager.i18n import _


@dataclass(frozen=True)
class Setup:
    """What the players agreed before the game: optional rules and an agreed last turn."""

    tito_stalin: bool = False  # optional rule 17.1
    victory_check_turn: int | None = None  # 5.0: the game ends after this turn

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: PoliticalRules) -> Setup:
        if not isinstance(data, dict):
            raise UserError(_("the tracker's set-up should be a JSON object, not {data}").format(data=repr(data)))
        unknown = sorted(set(data) - {"tito_stalin", "victory_check_turn"})
        if unknown:
            raise UserError(_("the tracker's set-up: {key}: unknown key").format(key=unknown[0]))
        tito = data.get("tito_stalin", False)
        if not isinstance(tito, bool):
            raise UserError(
                _("the tracker's set-up: tito_stalin: should be true or false, not {value}").format(value=repr(tito))
            )
        turn = data.get("victory_check_turn")
        if turn is not None and (isinstance(turn, bool) or turn not in rules.victory_check_turns):
            raise RuleError(
                "5.0",
                _("the agreed last turn must be one of {turns}, not {turn}").format(
                    turns=", ".join(map(str, rules.victory_check_turns)), turn=turn
                ),
            )
        return cls(tito, turn)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
