"""The dice the app rolled, said in words: every die is named by its path in its action
("destroy_dice.GR-INF-1", Written.faces), and a battle being entered names its dice by their
place in it ("initiative.axis", actions.ENTRY_DIE). The log marks each die the app rolled
(`rolled_by_app`); the history, the battle table and the reports say it with these words."""

from __future__ import annotations

from campaign_manager.engine.actions import Action, Discard
from campaign_manager.engine.lookup import side_name
from campaign_manager.scenario.model import Scenario

APP_MARK = "*"  # beside a die's face in tables: the app rolled it
APP_LEGEND = f"{APP_MARK} a die the app rolled (the others were typed in from the table)"

_NAMED = {
    "mission_die": "the suggested-mission die",
    "wargame.attacker_die": "the attacker's General's Wargame die",
    "wargame.defender_die": "the defender's General's Wargame die",
    "initiative_dice.0": "the attacker's initiative die",
    "initiative_dice.1": "the defender's initiative die",
}


def entry_die_words(sc: Scenario, place: str) -> str:
    """A die of a battle being entered (or of a logged action), in words: "the Axis' initiative
    die", "the roll to destroy GR-INF-1", "the battle-count die 1"."""
    if place in _NAMED:
        return _NAMED[place]
    head, _, tail = place.partition(".")
    if head == "initiative":
        return f"the {side_name(sc, tail)}' initiative die"
    if head == "destroy_dice":
        return f"the roll to destroy {tail}"
    if head == "dice" and tail in sc.sides:  # an `initiative` action's
        return f"the {side_name(sc, tail)}' initiative die"
    if head == "dice" and tail.isdigit():  # a `start_turn` action's
        return f"the battle-count die {int(tail) + 1}"
    if head == "dice":  # a `discard` action's: the entry's own place
        return entry_die_words(sc, tail)
    return place


def die_and_face(sc: Scenario, place: str, face: int) -> str:
    """A die and what it showed: "the roll to destroy GR-INF-1 (4)", never "GR-INF-1 4"."""
    return f"{entry_die_words(sc, place)} ({face})"


def app_dice_words(sc: Scenario, action: Action) -> str:
    """The dice the app rolled for the action, in a sentence for the history ("" when none, and
    for a `discard`, whose own words name its dice)."""
    if isinstance(action, Discard):
        return ""
    faces = action.faces()
    rolled = [path for path in action.app_dice() if path in faces]
    said = "Rolled by the app: " + ", ".join(die_and_face(sc, path, faces[path]) for path in rolled) if rolled else ""
    return " ".join(filter(None, (said, correction_words(sc, action))))


def correction_words(sc: Scenario, action: Action) -> str:
    """The app's dice the organiser replaced, both faces and why, in a sentence ("" when none)."""
    fixes = getattr(action, "corrections", None) or ()
    return " ".join(
        f"Corrected by the organiser: {entry_die_words(sc, fix.die)} rolled {fix.rolled} by the app, "
        f"{fix.entered} entered in its place ({fix.reason})."
        for fix in fixes
    )
