"""Errors the app reports to users as a message, never as a traceback."""

from typing import Any

from campaign_manager.i18n import _


class UserError(Exception):
    """Something the user asked for cannot be done; the message says why, in plain words."""


class RuleError(UserError):
    """An action breaks a rule of the game; nothing was changed.

    `rule` is the rule's reference (e.g. "1.4"), `message` names the area or troop.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(_("Rule {rule}: {message}").format(rule=rule, message=message) if rule else message)


class ChoiceNeeded(RuleError):
    """The action needs a choice made after its dice were rolled (e.g. where to retreat).

    `options` lists the legal choices for `key`; `partial` is the action with every die it has
    used so far, to be given again with the choice, so no die is rolled twice. When each troop
    chooses for itself (a split retreat), `troop_options` maps troop id → its legal choices and
    the answer is a map troop id → choice.
    """

    def __init__(
        self,
        rule: str,
        message: str,
        key: str,
        options: list[str],
        partial: dict[str, Any],  # an action as JSON data, given back with the choice
        troop_options: dict[str, list[str]] | None = None,
    ) -> None:
        self.key, self.options, self.partial = key, options, partial
        self.troop_options = troop_options
        super().__init__(rule, message)


class FileChanged(UserError):
    """Another program (or window) wrote to the file since we last read it; nothing was written."""


class DieError(UserError):
    """A die value typed in that the die cannot show."""


class FileRefused(UserError):
    """A file that is not ours, is damaged or is too new; it was not written to."""
