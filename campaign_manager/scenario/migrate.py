"""Scenario files of an earlier form, read as today's. A campaign file keeps a copy of the
scenario it was made from, so every form the app ever wrote must still open, and open alike.

- Links once said `metaxas = true` where they cross the fortified line: now `fortified = true`.
- Sides once had no `colours`: the map and the printed reports drew them in the colours below,
  which they are given.
"""

from __future__ import annotations

from typing import Any

from campaign_manager.i18n import _

# How the two sides were drawn before a scenario said it (the window's and the printed map's).
EARLIER_COLOURS: dict[str, dict[str, Any]] = {
    "axis": {
        "tint": "#f0cfc4",
        "print_tint": "#d9a596",
        "ink": "#9c2f1c",
        "print_ink": "#7a2414",
        "counters": ["#4f7a3a", "#555b62", "#7a4a2f"],
    },
    "allied": {
        "tint": "#cddff2",
        "print_tint": "#e3ecf7",
        "ink": "#1f4f8f",
        "print_ink": "#173e73",
        "counters": ["#2f5fa6", "#9c7b3f", "#5b3f8c"],
    },
}


def upgrade(data: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The file's data in today's form, and what was read as today's, in words (nothing for a
    file written in today's form). Anything not recognised is left for the checks to refuse."""
    said: list[str] = []
    links = data.get("map", {}).get("links") if isinstance(data.get("map"), dict) else None
    if isinstance(links, list) and any(isinstance(link, dict) and "metaxas" in link for link in links):
        data = {**data, "map": {**data["map"], "links": [_fortified(link) for link in links]}}
        said.append(_("links' `metaxas` read as `fortified`"))
    sides = data.get("sides")
    if isinstance(sides, dict):
        bare = [side for side, spec in sides.items() if isinstance(spec, dict) and "colours" not in spec]
        given = [side for side in bare if side in EARLIER_COLOURS]
        if given:
            data = {
                **data,
                "sides": {
                    side: {**spec, "colours": EARLIER_COLOURS[side]} if side in given else spec
                    for side, spec in sides.items()
                },
            }
            said.append(_("sides without colours drawn as before ({sides})").format(sides=", ".join(given)))
    return data, tuple(said)


def _fortified(link: Any) -> Any:
    if not isinstance(link, dict) or "metaxas" not in link or "fortified" in link:
        return link
    rest = {key: value for key, value in link.items() if key != "metaxas"}
    return {**rest, "fortified": link["metaxas"]}
