"""Campaign subcommands (new, show, apply, undo, redo, log, requirements)."""


def register(commands) -> None:
    """Filled in with the engine."""
