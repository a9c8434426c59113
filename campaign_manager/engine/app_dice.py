"""The dice the app rolled, said in words: every die is named by its path in its action
("destroy_dice.GR-INF-1", Written.faces), and a battle being entered names its dice by their
place in it ("initiative.axis", actions.ENTRY_DIE). The log marks each die the app rolled
(`rolled_by_app`); the history, the battle table and the reports say it with these words."""

from __future__ import annotations

from campaign_manager.engine.actions import Action, Discard
from campaign_manager.engine.lookup import side_name
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import Scenario

APP_MARK = "*"  # beside a die's face in tables: the app rolled it
_LEGEND = N_("{mark} a die the app rolled (the others were typed in from the table)")
APP_LEGEND = _LEGEND.format(mark=APP_MARK)  # in English; app_legend() says it in the user's language


def app_legend() -> str:
    """The legend of the app's mark, in the user's language ("* a die the app rolled ...")."""
    return _(_LEGEND).format(mark=APP_MARK)


_NAMED = {
    "mission_die": N_("the suggested-mission die"),
    "wargame.attacker_die": N_("the attacker's General's Wargame die"),
    "wargame.defender_die": N_("the defender's General's Wargame die"),
    "initiative_dice.0": N_("the attacker's initiative die"),
    "initiative_dice.1": N_("the defender's initiative die"),
}


def entry_die_words(sc: Scenario, place: str) -> str:
    """A die of a battle being entered (or of a logged action), in words: "the Axis' initiative
    die", "the roll to destroy GR-INF-1", "the battle-count die 1"."""
    if place in _NAMED:
        return _(_NAMED[place])
    head, _dot, tail = place.partition(".")
    if head == "initiative" or (head == "dice" and tail in sc.sides):  # (dice.SIDE: an `initiative` action's)
        return _("the {side}' initiative die").format(side=side_name(sc, tail))
    if head == "destroy_dice":
        return _("the roll to destroy {troop}").format(troop=tail)
    if head == "dice" and tail.isdigit():  # a `start_turn` action's
        return _("the battle-count die {number}").format(number=int(tail) + 1)
    if head == "dice":  # a `discard` action's: the entry's own place
        return entry_die_words(sc, tail)
    return place


def die_and_face(sc: Scenario, place: str, face: int) -> str:
    """A die and what it showed: "the roll to destroy GR-INF-1 (4)", never "GR-INF-1 4"."""
    return _("{die} ({face})").format(die=entry_die_words(sc, place), face=face)


def app_dice_words(sc: Scenario, action: Action) -> str:
    """The dice the app rolled for the action, in a sentence for the history ("" when none, and
    for a `discard`, whose own words name its dice)."""
    if isinstance(action, Discard):
        return ""
    faces = action.faces()
    rolled = [path for path in action.app_dice() if path in faces]
    dice = ", ".join(die_and_face(sc, path, faces[path]) for path in rolled)
    said = _("Rolled by the app: {dice}").format(dice=dice) if rolled else ""
    return " ".join(filter(None, (said, correction_words(sc, action))))


def correction_words(sc: Scenario, action: Action) -> str:
    """The app's dice the organiser replaced, both faces and why, in a sentence ("" when none)."""
    fixes = getattr(action, "corrections", None) or ()
    return " ".join(
        _(
            "Corrected by the organiser: {die} rolled {rolled} by the app, {entered} entered in its place ({reason})."
        ).format(die=entry_die_words(sc, fix.die), rolled=fix.rolled, entered=fix.entered, reason=fix.reason)
        for fix in fixes
    )
