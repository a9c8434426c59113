"""Start-up without the garbage collector.

Starting the program builds tens of thousands of objects that live as long as it does (Qt
wrappers, pydantic and SQLAlchemy schemas, the scenario, the window's widgets). Collecting
while they are made finds nothing to free and costs about a tenth of the start. The launcher
turns collection off; `settled()` is called once start-up is over (before a command runs, or
once the window is on screen): it moves everything made so far out of the collector's way for
good (gc.freeze) and turns collection back on for the work that follows. A command's own modules
(reportlab, SQLAlchemy, the engine) count as start-up: the command line loads them first (a
command's `load` step, cli/__init__.py), or every collection during the command, and the last
one as the program ends, would walk them all.
"""

from __future__ import annotations

import gc


def starting() -> None:
    gc.disable()


def settled() -> None:
    """Start-up is over: collect normally from here on (safe to call more than once)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
