"""A What if answer made by hand, for tests of how the window words one: only the fields a test
names differ from an answer of no playouts."""

from __future__ import annotations

from typing import Any

from campaign_manager.engine.whatif import WhatIf


def an_answer(**fields: Any) -> WhatIf:
    made: dict[str, Any] = {
        "playouts": 0,
        "to": "end",
        "stopped": "limit",
        "precision": None,
        "widest": None,
        "outcomes": {},
        "intervals": {},
        "wins": {},
        "margin": (),
        "margin_means": "Allied VP minus Axis VP",
        "margin_sides": ("axis", "allied"),
        "percentiles": {},
        "thresholds": (),
        "objectives": {},
        "held_at_start": {},
        "most_battles_in_a_turn": 0,
    }
    return WhatIf(**(made | fields))
