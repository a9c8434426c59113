"""The Veltmark Gap with its sides called "north" and "south" instead of "axis" and "allied":
the same campaign under other side ids, made from the bundled file so the two never drift apart.
Every place the file names a side is renamed; the sides' names ("Imperial", "Free Cities") stay."""

from __future__ import annotations

import re
from pathlib import Path

from tests.shared import ROOT

RENAMED = {"axis": "north", "allied": "south"}
VELTMARK = ROOT / "resources" / "scenarios" / "veltmark-gap.toml"
# A side's id where the file writes one: a [sides.ID] table's header, or a quoted value.
SIDE_ID = re.compile(r'(?<=\[sides\.)(axis|allied)(?=\])|(?<=")(axis|allied)(?=")')


def north_south_text() -> str:
    """The Veltmark Gap's text with its side ids renamed (and its own id, to tell it apart)."""
    text = VELTMARK.read_text(encoding="utf-8")
    renamed, count = SIDE_ID.subn(lambda m: RENAMED[m.group(0)], text)
    assert count == 16, f"the Veltmark Gap names its sides {count} times: check the renaming"
    return renamed.replace('id = "veltmark-gap"', 'id = "veltmark-north-south"', 1)


def write_north_south(folder: Path) -> Path:
    """The renamed scenario written into `folder`, as `veltmark-north-south.toml`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "veltmark-north-south.toml"
    path.write_text(north_south_text(), encoding="utf-8")
    return path
