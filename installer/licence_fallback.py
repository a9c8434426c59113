"""A stand-in for `python -m campaign_manager.licences` (the app's own module, made on another
branch) for builds from a checkout that has not got it yet: the same two commands, run with the
build environment's Python, reading every bundled library's licence from its installed metadata.

    python installer/licence_fallback.py --write DIR                  THIRD-PARTY-NOTICES.txt and the texts
    python installer/licence_fallback.py --debian-copyright FILE      a machine-readable copyright file

installer/build uses the app's module when the app has it, this file otherwise; once the app's
module is merged, this file can go.
"""

from __future__ import annotations

import argparse
import re
import sys
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

APP = "firestorm-campaign-manager"
LICENCE_NAME = re.compile(r"(licen[cs]e|copying|notice|authors)", re.IGNORECASE)
DEP5 = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"


def bundled(root: str = APP) -> list[metadata.Distribution]:
    """The app and every distribution it needs, with the extras it asks for (psycopg[binary])."""
    found: dict[str, metadata.Distribution] = {}
    todo: list[tuple[str, frozenset[str]]] = [(root, frozenset())]
    while todo:
        name, extras = todo.pop()
        key = canonicalize_name(name)
        if key in found and not extras:
            continue
        dist = found.get(key) or metadata.distribution(name)
        found[key] = dist
        for line in dist.requires or []:
            wanted = Requirement(line)
            markers = [{"extra": extra} for extra in extras or {""}]
            if wanted.marker is None or any(wanted.marker.evaluate(m) for m in markers):
                todo.append((wanted.name, frozenset(wanted.extras)))
    return sorted(found.values(), key=lambda d: canonicalize_name(d.metadata["Name"]))


def licence_files(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """(name to keep it by, text) of each licence file the distribution's metadata carries."""
    texts = []
    for file in dist.files or []:
        parts = file.parts
        in_metadata = parts[0].endswith(".dist-info")
        if in_metadata and ("licenses" in parts or LICENCE_NAME.search(parts[-1])):
            inside = parts[parts.index("licenses") + 1 :] if "licenses" in parts else parts[1:]
            texts.append(("_".join(inside), Path(file.locate()).read_text(encoding="utf-8", errors="replace")))
    return texts


def licence_words(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    if meta["License-Expression"]:
        return meta["License-Expression"]
    if meta["License"] and len(meta["License"]) < 120:
        return meta["License"]
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    return ", ".join(classifiers) or "see its licence files"


def write_texts(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["Firestorm Campaign Manager and the libraries it bundles, each under its own licence.", ""]
    for dist in bundled():
        name, version = dist.metadata["Name"], dist.version
        lines.append(f"{name} {version}: {licence_words(dist)}")
        for kept, text in licence_files(dist):
            target = f"{name}-{kept}"
            (folder / target).write_text(text, encoding="utf-8")
            lines.append(f"    the text: {target}")
        lines.append("")
    (folder / "THIRD-PARTY-NOTICES.txt").write_text("\n".join(lines), encoding="utf-8")


def dep5_text(text: str) -> str:
    """A licence text as a DEP-5 field's continuation lines."""
    return "\n".join(f" {line.rstrip()}" if line.strip() else " ." for line in text.strip("\n").splitlines())


def short_name(words: str) -> str:
    """A DEP-5 licence name from the metadata's words (an SPDX expression stays one)."""
    if re.fullmatch(r"[A-Za-z0-9.+\- ()]+", words):
        return re.sub(r"\bOR\b", "or", re.sub(r"\bAND\b", "and", words))
    return "other"


def copyright_file(target: Path) -> None:
    app = metadata.distribution(APP)
    paragraphs = [f"Format: {DEP5}\nUpstream-Name: Firestorm Campaign Manager\nSource: {APP}"]
    for dist in sorted(bundled(), key=lambda d: d.metadata["Name"] != app.metadata["Name"]):  # "Files: *" first
        meta = dist.metadata
        who = meta["Author"] or meta["Maintainer"] or meta["Author-email"] or f"the {meta['Name']} authors"
        texts = "\n\n".join(f"{kept}:\n\n{text}" for kept, text in licence_files(dist)) or common_licences(dist)
        files = "*" if dist is app or meta["Name"] == app.metadata["Name"] else top_level_files(dist)
        paragraphs.append(
            f"Files: {files}\nCopyright: {who}\nComment: {meta['Name']} {dist.version}\n"
            f"License: {short_name(licence_words(dist))}\n"
            + dep5_text(texts or f"{meta['Name']} {dist.version} is under {licence_words(dist)}.")
        )
    target.write_text("\n\n".join(paragraphs) + "\n", encoding="utf-8")


def common_licences(dist: metadata.Distribution) -> str:
    """For a library whose metadata carries no text (PySide6 and shiboken6): where a Debian system
    keeps the texts of the GNU licences it names."""
    words = licence_words(dist)
    named = {
        "LGPL-3": "GNU Lesser General Public License version 3",
        "GPL-2": "GNU General Public License version 2",
        "GPL-3": "GNU General Public License version 3",
    }
    found = [
        f"/usr/share/common-licenses/{key} ({title})" for key, title in named.items() if re.search(rf"\b{key}\b", words)
    ]
    return (
        (
            f"{dist.metadata['Name']} {dist.version} is under {words}. On Debian systems the complete texts are in "
            + ", ".join(found)
            + "."
        )
        if found
        else ""
    )


def top_level_files(dist: metadata.Distribution) -> str:
    """Where the distribution's compiled files are in the bundle, and the program whose archive
    holds its Python modules."""
    tops = {f.parts[0] for f in dist.files or [] if len(f.parts) > 1}
    folders = [
        f"opt/campaign-manager/_internal/{top}/*"
        for top in sorted(tops)
        if not top.endswith(".dist-info") and top not in ("..", "__pycache__")
    ]
    return (
        " ".join(folders + ["opt/campaign-manager/campaign-manager"])
        if folders
        else "opt/campaign-manager/campaign-manager"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, metavar="DIR")
    parser.add_argument("--debian-copyright", type=Path, metavar="FILE")
    args = parser.parse_args(argv)
    if args.write:
        write_texts(args.write)
    if args.debian_copyright:
        copyright_file(args.debian_copyright)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
