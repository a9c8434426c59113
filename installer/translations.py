"""The translation catalogues (docs/translation.md): the messages marked in the code extracted
into campaign_manager/locale/campaign_manager.pot, each language's .po brought up to date with
it, and each .po compiled into the .mo the app reads (committed beside it, so a checkout, a
wheel and the one-folder build all find it; tests/test_translations.py checks it is current).

    python installer/translations.py update    # after marking or changing messages
    python installer/translations.py compile   # after translating a .po
    python installer/translations.py untranslated de     # what German still lacks
    python installer/translations.py fill de OTHER.po    # take translations from another copy

Needs Babel (the test extra)."""

from __future__ import annotations

import sys
from io import BytesIO
from pathlib import Path
from xml.parsers import expat

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "campaign_manager"
FORMS = ROOT / "forms"
LOCALE = PACKAGE / "locale"
DOMAIN = "campaign_manager"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# The i18n module's functions; Babel's own defaults are off, so nothing else is taken for a message.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def extract() -> Catalog:
    """Every message marked in the package, and every text of the Designer forms (forms/*.ui),
    with where it is marked."""
    catalog = Catalog(project="Firestorm Campaign Manager", domain=DOMAIN, fuzzy=False)
    found = extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=["i18n:"])
    for filename, lineno, message, comments, context in found:
        where = (f"campaign_manager/{Path(filename).as_posix()}", lineno)
        catalog.add(message, None, [where], auto_comments=comments, context=context)
    for form in sorted(FORMS.glob("*.ui")):
        for message, lineno, comments in form_strings(form):
            existing = catalog.get(message)
            where = (f"forms/{form.name}", lineno)
            if existing is not None:
                existing.locations.append(where)
                existing.auto_comments.extend(c for c in comments if c not in existing.auto_comments)
            else:
                catalog.add(message, None, [where], auto_comments=comments)
    return catalog


def form_strings(form: Path) -> list[tuple[str, int, list[str]]]:
    """Each text of a Designer form a user reads: its `<string>` elements not marked
    `notr="true"`, with their lines and a translator's comment (`extracomment`)."""
    found: list[tuple[str, int, list[str]]] = []
    open_strings: list[tuple[int, list[str], bool]] = []
    pieces: list[str] = []
    parser = expat.ParserCreate()

    def start(tag: str, attributes: dict[str, str]) -> None:
        if tag == "string":
            comment = [attributes["extracomment"]] if attributes.get("extracomment") else []
            open_strings.append((parser.CurrentLineNumber, comment, attributes.get("notr") == "true"))
            pieces.clear()

    def text(data: str) -> None:
        if open_strings:
            pieces.append(data)

    def end(tag: str) -> None:
        if tag == "string" and open_strings:
            lineno, comment, untranslated = open_strings.pop()
            message = "".join(pieces)
            if message.strip() and not untranslated:
                found.append((message, lineno, comment))

    parser.StartElementHandler, parser.CharacterDataHandler, parser.EndElementHandler = start, text, end
    parser.Parse(form.read_bytes(), True)
    return found


def languages() -> list[str]:
    return sorted(path.name for path in LOCALE.iterdir() if (path / "LC_MESSAGES").is_dir())


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=120, omit_header=False, sort_output=False, ignore_obsolete=True)


def compiled(catalog: Catalog) -> bytes:
    """The .mo of a catalogue (fuzzy entries left out, as gettext would)."""
    out = BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update() -> None:
    template = extract()
    write(TEMPLATE, template)
    for language in languages():
        path = po_path(language)
        catalog = read(path, language)
        catalog.update(template, no_fuzzy_matching=True)
        write(path, catalog)


def compile_all() -> None:
    for language in languages():
        path = po_path(language)
        path.with_suffix(".mo").write_bytes(compiled(read(path, language)))


def untranslated(language: str) -> None:
    """Print each message `language` still lacks (or has fuzzy), as a .po entry to fill in."""
    catalog = read(po_path(language), language)
    for message in catalog:
        if message.id and (message.fuzzy or not (all(message.string) if message.pluralizable else message.string)):
            where = ", ".join(f"{path}:{line}" for path, line in message.locations)
            context = f"msgctxt {message.context!r}\n" if message.context else ""
            print(f"# {where}\n{context}msgid {message.id!r}\n")


def fill(language: str, *others: str) -> None:
    """Fill `language`'s untranslated or fuzzy messages from other .po files (a branch's copy)."""
    path = po_path(language)
    catalog = read(path, language)
    for other in others:
        for message in read(Path(other), language):
            mine = catalog.get(message.id, message.context) if message.id else None
            filled = all(message.string) if message.pluralizable else message.string
            if mine is not None and filled and not message.fuzzy:
                if mine.fuzzy or not (all(mine.string) if mine.pluralizable else mine.string):
                    mine.string, mine.flags = message.string, mine.flags - {"fuzzy"}
    write(path, catalog)


if __name__ == "__main__":
    commands = {"update": update, "compile": compile_all, "untranslated": untranslated, "fill": fill}
    wanted = {"update": 0, "compile": 0, "untranslated": 1, "fill": 2}
    given = sys.argv[1:]
    if not given or given[0] not in commands or len(given) - 1 < wanted[given[0]]:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    commands[given[0]](*given[1:])
