"""The third-party notices as a folder: THIRD-PARTY-NOTICES.txt (every library, its licence, its
texts, in one file to read), one file per text (`<library>/<its name for the text>`), and
libraries.json, the index the one-folder app reads them back from (Help ▸ About)."""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from pathlib import Path, PurePosixPath

from campaign_manager import DISTRIBUTION
from campaign_manager.licences.library import Library, LicenceText
from campaign_manager.paths import APPLICATION

NOTICES = "THIRD-PARTY-NOTICES.txt"
INDEX = "libraries.json"
RULE = "=" * 78
THIN_RULE = "-" * 78


def write_notices(folder: Path, libraries: list[Library]) -> Path:
    """Write the notices into `folder` (made if need be); the notices file's path."""
    folder.mkdir(parents=True, exist_ok=True)
    index = []
    for library in libraries:
        files = []
        for text in library.texts:
            path = folder / text_file(library, text)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text.text, encoding="utf-8")
            files.append(path.relative_to(folder).as_posix())
        entry = asdict(library)
        entry["texts"] = [{"name": text.name, "file": file} for text, file in zip(library.texts, files, strict=True)]
        index.append(entry)
    (folder / INDEX).write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    notices = folder / NOTICES
    notices.write_text(notices_text(libraries), encoding="utf-8")
    return notices


def read_notices(folder: Path) -> list[Library]:
    """The libraries a notices folder lists, with their texts read from its files."""
    index = json.loads((folder / INDEX).read_text(encoding="utf-8"))
    libraries = []
    for entry in index:
        texts = tuple(
            LicenceText(text["name"], (folder / text["file"]).read_text(encoding="utf-8")) for text in entry["texts"]
        )
        fields = {key: value for key, value in entry.items() if key != "texts"}
        libraries.append(Library(**{**fields, "installs": tuple(fields.get("installs", ())), "texts": texts}))
    return libraries


def text_file(library: Library, text: LicenceText) -> str:
    """Where a text goes in the folder: `<library>/<its name>`, with nothing that climbs out."""
    parts = [part for part in PurePosixPath(text.name.replace("\\", "/")).parts if part not in ("/", "..", ".")]
    return "/".join([_safe(library.name), *map(_safe, parts)])


def notices_text(libraries: list[Library]) -> str:
    from campaign_manager import __version__

    lines = [
        f"Third-party notices for {APPLICATION} {__version__} ({DISTRIBUTION})",
        "",
        "The app bundles the libraries below. Each is listed with its version and its licence as",
        "its own metadata gives them, then with the full licence texts and notices it ships.",
        "",
        *(f"  {library.name} {library.version}: {library.licence}" for library in libraries),
    ]
    for library in libraries:
        lines += ["", RULE, f"{library.name} {library.version}", f"Licence: {library.licence}"]
        lines += [
            f"{label}: {value}"
            for label, value in (("Homepage", library.homepage), ("Authors", library.authors))
            if value
        ]
        for text in library.texts:
            lines += [THIN_RULE, text.name, THIN_RULE, text.text.rstrip("\n")]
    return "\n".join(lines) + "\n"


def _safe(name: str) -> str:
    return re.sub(r"[^\w.+-]", "_", name)
