"""The libraries the app bundles and their licences, read from the installed packages' metadata
(importlib.metadata), never typed by hand: every library the app depends on, recursively (Qt comes
inside PySide6-Essentials and shiboken6), and the Python that runs it, each with its version, its
licence and the full texts it ships (its License-File entries and the LICENSE*, COPYING* and
NOTICE* files in its metadata folder).

A library that names its licence but ships no text of it (PySide6, shiboken6) gets the standard
text of each licence named, from texts/ beside this module. Help ▸ About lists them; `python -m
campaign_manager.licences` writes them out for the builds (notices.py, debian.py; the model is in
library.py). The one-folder app has no packages' metadata to read: its build writes the notices
into the package's `notices` folder (`SHIPPED`), which is read instead when it is there.
"""

from __future__ import annotations

import platform
import re
import sysconfig
from importlib.metadata import Distribution, PackageMetadata, PackageNotFoundError, PackagePath, distribution
from pathlib import Path, PurePosixPath

from campaign_manager import DISTRIBUTION
from campaign_manager.licences.library import SPDX_EXPRESSION, Library, LicenceText
from campaign_manager.licences.notices import INDEX, read_notices

SHIPPED = Path(__file__).resolve().parent / "notices"  # the notices a build wrote into the package
STANDARD_TEXTS = Path(__file__).resolve().parent / "texts"
# Files in a package's metadata folder that hold licence texts and notices.
TEXT_FILE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE)", re.IGNORECASE)
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?[^;]*(?:;(.*))?$")
EXTRA_MARKER = re.compile(r"""extra\s*==\s*['"]([^'"]+)['"]""")


def bundled_libraries() -> list[Library]:
    """The libraries the running app bundles: the notices its build shipped, else the installed
    packages' metadata."""
    if (SHIPPED / INDEX).is_file():
        return read_notices(SHIPPED)
    return installed_libraries()


def installed_libraries(app: str = DISTRIBUTION) -> list[Library]:
    """Every library `app` needs, recursively (with the extras asked for, e.g. psycopg[binary]),
    that is installed, and the Python running it, by name."""
    found: dict[str, Library] = {}
    walked: set[tuple[str, frozenset[str]]] = set()
    todo: list[tuple[str, frozenset[str]]] = [(app, frozenset())]
    while todo:
        name, extras = todo.pop()
        if (_key(name), extras) in walked:
            continue
        walked.add((_key(name), extras))
        try:
            dist = distribution(name)
        except PackageNotFoundError:  # needed on another system only (tzdata on Windows), or a marker left it out
            continue
        if _key(name) != _key(app):
            found.setdefault(_key(name), library_of(dist))
        todo += _needs(dist, extras)
    return sorted([*found.values(), python_library()], key=lambda library: library.name.lower())


def app_library(app: str = DISTRIBUTION) -> Library:
    """The app itself, as its own metadata describes it (its licence and texts)."""
    return library_of(distribution(app))


def library_of(dist: Distribution) -> Library:
    meta, files = dist.metadata, dist.files or []  # each read from the disk (and parsed) when asked
    licence = _licence(meta)
    return Library(
        name=meta["Name"],
        version=meta["Version"],
        licence=licence,
        summary=_field(meta, "Summary"),
        homepage=_homepage(meta),
        authors=_authors(meta),
        installs=_installs(files),
        texts=_texts(dist, meta, files) or standard_texts(licence),
    )


def python_library() -> Library:
    """The Python that runs the app (the one-folder app bundles it), with the licence its standard
    library keeps beside it."""
    licence_file = Path(sysconfig.get_path("stdlib")) / "LICENSE.txt"
    texts = (LicenceText("LICENSE.txt", _read(licence_file)),) if licence_file.is_file() else ()
    major, minor, _ = platform.python_version_tuple()
    return Library(
        name="Python",
        version=platform.python_version(),
        licence="PSF-2.0",
        summary="The Python interpreter and its standard library",
        homepage="https://www.python.org/",
        authors="Python Software Foundation",
        installs=(f"libpython{major}.{minor}*", f"python{major}{minor}.dll", "base_library.zip", "lib-dynload/"),
        texts=texts or standard_texts("PSF-2.0"),
    )


def standard_texts(licence: str) -> tuple[LicenceText, ...]:
    """The standard texts of the licences an SPDX expression names, those texts/ has."""
    found: list[LicenceText] = []
    for word in re.findall(r"[\w.+-]+", licence):
        base = re.sub(r"(-only|-or-later|\+)$", "", word)
        path = STANDARD_TEXTS / f"{base}.txt"
        if word not in ("AND", "OR", "WITH") and path.is_file() and all(text.name != path.name for text in found):
            found.append(LicenceText(path.name, _read(path)))
    return tuple(found)


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _needs(dist: Distribution, extras: frozenset[str]) -> list[tuple[str, frozenset[str]]]:
    """What `dist` requires: every requirement without a condition, and those of the extras asked
    for. A requirement for another Python or system is simply not installed, so it is skipped
    when looked up (its marker is not evaluated: that would need the `packaging` library)."""
    needs = []
    for line in dist.requires or []:
        match = REQUIREMENT.match(line)
        if match is None:
            continue
        name, wanted, marker = match.groups()
        for_extras = {_key(extra) for extra in EXTRA_MARKER.findall(marker or "")}
        if not for_extras or for_extras & extras:
            needs.append((name, frozenset(_key(extra) for extra in (wanted or "").split(",") if extra.strip())))
    return needs


def _licence(meta: PackageMetadata) -> str:
    """The SPDX expression the metadata gives (License-Expression, or a License field that is
    one), else its licence classifiers' names, else the License field's first line."""
    if _field(meta, "License-Expression"):
        return _field(meta, "License-Expression").strip()
    first = (_field(meta, "License").strip().splitlines() or [""])[0].strip()
    if SPDX_EXPRESSION.match(first):
        return first
    classifiers = [
        words.split(" :: ")[-1] for words in meta.get_all("Classifier") or [] if words.startswith("License ::")
    ]
    return " OR ".join(classifiers) or first or "not stated in its metadata"


def _texts(dist: Distribution, meta: PackageMetadata, files: list[PackagePath]) -> tuple[LicenceText, ...]:
    """The texts its License-File entries name (in the metadata's licenses/ folder, or beside it
    in older metadata), and any other licence or notice file in its metadata folder."""
    inside: dict[str, Path] = {}  # the metadata folder's files, by their names in it and in licenses/
    for path in files:
        if path.parts[0].endswith((".dist-info", ".egg-info")) and len(path.parts) > 1:
            name = PurePosixPath(*path.parts[1:])
            inside[str(name)] = Path(str(path.locate()))
            if name.parts[0] == "licenses" and len(name.parts) > 1:
                inside.setdefault(str(name.relative_to("licenses")), Path(str(path.locate())))
    names = list(meta.get_all("License-File") or [])
    names += sorted(name for name in inside if TEXT_FILE.match(PurePosixPath(name).name) and not _listed(name, names))
    texts = []
    for name in names:
        found = inside.get(f"licenses/{name}") or inside.get(name) or _beside_egg_info(dist, name)
        if found is not None and found.is_file():
            texts.append(LicenceText(name, _read(found)))
    return tuple(texts)


def _listed(name: str, names: list[str]) -> bool:
    return name in names or (name.startswith("licenses/") and name.removeprefix("licenses/") in names)


def _beside_egg_info(dist: Distribution, name: str) -> Path | None:
    """An editable install's metadata (egg-info) keeps no texts: they are in the checkout beside it."""
    if dist.read_text("PKG-INFO") is None:
        return None
    return Path(str(dist.locate_file(name)))


def _homepage(meta: PackageMetadata) -> str:
    urls = [entry.split(",", 1) for entry in meta.get_all("Project-URL") or [] if "," in entry]
    homes = [url.strip() for label, url in urls if label.strip().lower() in ("homepage", "home", "home-page")]
    return _field(meta, "Home-page") or next(iter(homes), "") or next((url.strip() for _, url in urls), "")


def _authors(meta: PackageMetadata) -> str:
    for field in ("Author", "Author-email", "Maintainer", "Maintainer-email"):
        words = re.sub(r"\s*<[^>]*>", "", _field(meta, field)).strip(" ,")
        if words:
            return words
    return ""


def _installs(files: list[PackagePath]) -> tuple[str, ...]:
    tops = set()
    for path in files:
        top = path.parts[0]
        if top not in ("..", "__pycache__") and not top.endswith((".dist-info", ".egg-info", ".pth")):
            tops.add(f"{top}/" if len(path.parts) > 1 else top)
    return tuple(sorted(tops))


def _field(meta: PackageMetadata, name: str) -> str:
    return str(meta[name]) if name in meta else ""  # a missing field is an error in newer Pythons


def _read(path: Path) -> str:
    """A text file, as UTF-8, else as Latin-1 (older licence files)."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")
