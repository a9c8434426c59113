"""Reading an action from its JSON form (the log's rows, a file of actions, the CLI's input): the
checks the typed models cannot make alone (a discard names a die, a battle holds games or a
wargame roll, its corrections and the app's dice name dice it holds), every fault named at once."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from campaign_manager.datamodel import faults_of
from campaign_manager.engine.actions import (
    _TITLES,
    ACTION_TYPES,
    Action,
    ActionFormatError,
    Battle,
    Discard,
    action_adapter,
)
from campaign_manager.i18n import _


def action_title(record: dict[str, Any]) -> str:
    """A logged action in a few words (its `title`); a record that does not read says its type."""
    try:
        return parse_action(record).title()
    except ActionFormatError:
        kind = str(record.get("type", "action"))
        return _(_TITLES[kind]) if kind in _TITLES else kind.replace("_", " ")


def parse_action(data: Any) -> Action:
    """Read one action from its JSON form; refuses anything malformed, naming every fault."""
    try:
        action = action_adapter().validate_python(data)
    except ValidationError as exc:
        raise ActionFormatError(_words(data, exc)) from None
    if type(action) is Discard and not action.dice and action.damaged is None:
        raise ActionFormatError(
            _("'discard' action: dice: name at least one die thrown away (or say why it was damaged)")
        )
    if type(action) is Battle and action.games is not None and action.wargame is not None:
        raise ActionFormatError(_('\'battle\' action: either tabletop "games" or a "wargame" roll, not both'))
    if type(action) is Battle and action.corrections:
        _check_corrections(action)
    claimed = getattr(action, "rolled_by_app", None)
    if claimed:
        faces = action.faces()
        for path in claimed:
            if path not in faces:
                raise ActionFormatError(
                    _(
                        "'{type}' action: rolled_by_app names {path}, which is not a die given in the "
                        "action (a die left out is rolled by the app and listed on its own)"
                    ).format(type=action.type, path=repr(path))
                )
        if len(set(claimed)) != len(claimed):
            raise ActionFormatError(_("'{type}' action: rolled_by_app names a die twice").format(type=action.type))
    return action


def _check_corrections(action: Battle) -> None:
    """Each correction names a die the battle holds, once, with the face that stands there (not
    the app's: a die marked as the app's was not replaced)."""
    faces, marked, seen = action.faces(), set(action.app_dice()), set()
    for fix in action.corrections or ():
        die = repr(fix.die)
        if fix.die not in faces:
            raise ActionFormatError(
                _("'battle' action: corrections: {die} is not a die given in the battle").format(die=die)
            )
        if fix.die in seen or fix.die in marked:
            raise ActionFormatError(
                _("'battle' action: corrections: {die} is named twice, or also as rolled by the app").format(die=die)
            )
        if faces[fix.die] != fix.entered or fix.rolled == fix.entered:
            raise ActionFormatError(
                _(
                    "'battle' action: corrections: {die}: the battle's face there is {face}; a correction enters "
                    "that face in place of another the app rolled"
                ).format(die=die, face=faces[fix.die])
            )
        seen.add(fix.die)


def _words(data: Any, exc: ValidationError) -> str:
    if not isinstance(data, dict):
        return _("an action should be a JSON object, not {data}").format(data=repr(data))
    kind = data.get("type")
    if "type" not in data:
        return _('an action says what it is in its "type" (one of: {types}); this one has none').format(
            types=", ".join(ACTION_TYPES)
        )
    if kind not in ACTION_TYPES:
        return _("unknown action type {kind} (known: {types})").format(kind=repr(kind), types=", ".join(ACTION_TYPES))
    faults = []
    for fault in faults_of(exc, data):
        faults.append(f"{fault.where}: {fault.what}" if fault.where not in ("", kind) else fault.what)
    return _("'{kind}' action: {faults}").format(kind=kind, faults="; ".join(faults))
