"""Errors the app reports to users as a message, never as a traceback."""


class UserError(Exception):
    """Something the user asked for cannot be done; the message says why, in plain words."""


class RuleError(UserError):
    """An action breaks a rule of the game; nothing was changed.

    `rule` is the rule's reference (e.g. "1.4"), `message` names the area or troop.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"Rule {rule}: {message}" if rule else message)


class DieError(UserError):
    """A die value typed in that the die cannot show."""


class FileRefused(UserError):
    """A file that is not ours, is damaged or is too new; it was not written to."""
