"""The battle wizard's longer words, kept apart from the pages that show them: each a whole
sentence for the catalogue (docs/translation.md), translated where it is shown."""

from __future__ import annotations

from campaign_manager.engine.state import Commitment
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import Scenario

MODIFIERS_FIXED = N_(
    "Against the computer the situation modifiers are set before the dice: the app has rolled, so they stand."
)


WARGAME_ROLLED = N_(
    "The app rolled this battle's General's Wargame dice, so they settle it. To settle it at the table "
    "instead, correct the dice (Correct…) or discard the battle entry: either stays on record."
)

# A game's boxes, by whose they are: the VP's name, the commander's name, the commander's tip, the VP's label.
GAME_WORDS = {
    "attacker": (
        N_("Game {number}, the attacker's VP"),
        N_("Game {number}, the attacker's commander"),
        N_(
            "Who played the attacker's side of this game (optional): choose from the roster or type part of a "
            "name (Tab puts in the one name that holds it); a name not on the roster is asked about, then added "
            "with the battle"
        ),
        N_("Game {number}, attacker's VP:"),
    ),
    "defender": (
        N_("Game {number}, the defender's VP"),
        N_("Game {number}, the defender's commander"),
        N_(
            "Who played the defender's side of this game (optional): choose from the roster or type part of a "
            "name (Tab puts in the one name that holds it); a name not on the roster is asked about, then added "
            "with the battle"
        ),
        N_("Game {number}, defender's VP:"),
    ),
}

# The exact odds of an arrow as ticked (BattleDraft.odds_words): against defending troops, or none.
ODDS_AT_RISK = N_(
    "(exact, rule 1.7) {chosen}. Bonus: {bonus}. Chances: the {side} win {win}, draw {draw}, the "
    "{enemy} win {lose}. Each attacking troop is destroyed {lost} of the time, each defending troop "
    "{destroyed}. Expected change in campaign VP: {vp}."
)
ODDS_SAFE = N_(
    "(exact, rule 1.7) {chosen}. Bonus: {bonus}. Chances: the {side} win {win}, draw {draw}, the "
    "{enemy} win {lose}. Each attacking troop is destroyed {lost} of the time; no defending troop is "
    "at risk. Expected change in campaign VP: {vp}."
)


def commitment_words(sc: Scenario, commitment: Commitment) -> str:
    """The troops and the sortie committed, in a few words ("GR-INF-1 and the RAF Hurricane")."""
    aircraft = [_("the {aircraft}").format(aircraft=sc.aircraft[commitment.sortie].name)] if commitment.sortie else []
    parts = list(commitment.troops) + aircraft
    if len(parts) < 2:
        return parts[0] if parts else _("nothing")
    return _("{troops} and {last}").format(troops=", ".join(parts[:-1]), last=parts[-1])
