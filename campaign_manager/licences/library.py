"""A bundled library and its licence texts, as campaign_manager.licences reads them."""

from __future__ import annotations

import re
from dataclasses import dataclass

# An SPDX licence expression ("MIT", "LGPL-3.0-only OR GPL-2.0-only"), not a sentence about one.
SPDX_EXPRESSION = re.compile(r"^[()]*[\w.+-]+[()]*( (AND|OR|WITH) [()]*[\w.+-]+[()]*)*$")


@dataclass(frozen=True)
class LicenceText:
    """One licence text or notice: `name` is where the library keeps it (e.g. `LICENSE`,
    `LICENSES/BSD-3-Clause.txt`), or the standard text's file (`LGPL-3.0.txt`)."""

    name: str
    text: str


@dataclass(frozen=True)
class Library:
    """A bundled library as its metadata describes it. `licence` is its SPDX expression when it
    gives one, else what its metadata says in words; `installs` are the top-level folders (ending
    in /) and files it puts beside the others (`PySide6/`, `pillow.libs/`, `typing_extensions.py`)."""

    name: str
    version: str
    licence: str
    summary: str = ""
    homepage: str = ""
    authors: str = ""
    installs: tuple[str, ...] = ()
    texts: tuple[LicenceText, ...] = ()
