"""The app's words in the user's language: Python's gettext over the catalogues in
campaign_manager/locale/ (docs/translation.md says why gettext, how the catalogues are made and
how a message is written so it can be translated).

The language is the desktop's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, in gettext's order) unless
FIRESTORM_LANGUAGE names one; a language without a catalogue, or a message the catalogue lacks,
reads in English, the words written in the code. FIRESTORM_PSEUDO=1 swaps the language for a
pseudo-translation (accented letters, about 30 % longer) that shows, in screenshots, text that
is clipped or was never marked for translation.

Messages are looked up when they are made, so a module-level constant is marked with `N_` and
translated with `_` where it is shown.
"""

from __future__ import annotations

import contextlib
import datetime
import gettext
import math
import os
import re
from collections.abc import Iterator
from pathlib import Path

DOMAIN = "campaign_manager"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGE_VARIABLE = "FIRESTORM_LANGUAGE"
PSEUDO_VARIABLE = "FIRESTORM_PSEUDO"

# What a pseudo-translation leaves as it is: str.format's and %-style placeholders.
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z%]")
_ACCENTED = str.maketrans(
    "AaCcDdEeGgIiLlNnOoRrSsTtUuYyZz",
    "ÅàÇçĐđÉéĜĝÎîĻļÑñÖöŔŕŠšŢţÜüÝýŽž",
)


class PseudoTranslations(gettext.NullTranslations):
    """A made-up language: every letter accented and each message about 30 % longer, inside
    brackets, so text that is clipped or hard-coded in English stands out."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


def pseudo(message: str) -> str:
    """`message` accented and lengthened, its placeholders untouched."""
    pieces, last = [], 0
    for match in _PLACEHOLDER.finditer(message):
        pieces += [message[last : match.start()].translate(_ACCENTED), match.group()]
        last = match.end()
    pieces.append(message[last:].translate(_ACCENTED))
    # Padding in words of a few letters, as a longer language would lengthen a sentence: one
    # unbroken run would stretch a wrapped label wider than any real translation does.
    padding = "·" * math.ceil(len(message) * 0.3)
    padding = " ".join(padding[i : i + 6] for i in range(0, len(padding), 6)) if len(message) > 20 else padding
    return f"[{''.join(pieces)}{padding}]"


def language() -> str | None:
    """The language asked for: FIRESTORM_LANGUAGE, else the desktop's; None when nothing says."""
    for variable in (LANGUAGE_VARIABLE, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return value.split(":")[0]
    return None


def translation_for(lang: str | None) -> gettext.NullTranslations:
    """The catalogue for `lang` (e.g. "de_DE.UTF-8", "de"), or English (the code's words)."""
    if os.environ.get(PSEUDO_VARIABLE, "") not in ("", "0"):
        return PseudoTranslations()
    if not lang:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


_active: gettext.NullTranslations | None = None
_asked: str | None = None  # the language `use` was given (None: the environment's)
_in_english = False  # inside `english()`


def use(lang: str | None) -> None:
    """Speak `lang` from now on (None: the language the environment asks for, read again)."""
    global _active, _asked
    _active = translation_for(lang) if lang else None
    _asked = lang or None


def _translation() -> gettext.NullTranslations:
    global _active
    if _active is None:
        _active = translation_for(language())
    return _active


def _(message: str) -> str:
    """`message` in the user's language."""
    return _translation().gettext(message)


def N_(message: str) -> str:
    """Marks `message` for the catalogue without translating it yet (a constant, translated where shown)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for `n` things, as the user's language counts them."""
    return _translation().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the user's language, told apart from the same English words by `context`."""
    return _translation().pgettext(context, message)


# Numbers and dates in the language's form. The form is part of the catalogue (each entry under a
# context a translator reads: "decimal separator", "date and time"), so a language brings its
# own with its words and needs no locale installed on the computer; English is what the code says.


def number(value: float, digits: int = 0) -> str:
    """`value` with `digits` decimals, grouped in thousands, as the user's language writes it."""
    text = f"{value:,.{digits}f}"
    point, group = pgettext("decimal separator", "."), pgettext("thousands separator", ",")
    return "".join(point if c == "." else group if c == "," else c for c in text)


def percent(share: float, digits: int = 0) -> str:
    """A share out of 100 (55.0 → "55 %"), as the user's language writes it."""
    return pgettext("a number out of 100", "{number} %").format(number=number(share, digits))


def share(fraction: float, digits: int = 0) -> str:
    """A share or a chance from 0 to 1 as a percentage (0.3: "30%" in English, "30 %" in German):
    the odds, What if's shares, the computer general's reasons. (`percent` takes a number already
    out of 100.)"""
    return pgettext("a share out of 100, written 30% in English", "{number}%").format(
        number=number(fraction * 100, digits)
    )


def date_time(moment: datetime.datetime) -> str:
    """A day and minute as the user's language writes it (English: 2026-12-02 21:55)."""
    return pgettext(
        "date and time: {year} {month} {day} {hour} {minute} are numbers", "{year}-{month}-{day} {hour}:{minute}"
    ).format(
        year=f"{moment.year:04d}",
        month=f"{moment.month:02d}",
        day=f"{moment.day:02d}",
        hour=f"{moment.hour:02d}",
        minute=f"{moment.minute:02d}",
        second=f"{moment.second:02d}",
    )


def day(moment: datetime.date) -> str:
    """A day as the user's language writes it (English: 2026-12-02)."""
    return pgettext("a day: {year} {month} {day} are numbers", "{year}-{month}-{day}").format(
        year=f"{moment.year:04d}", month=f"{moment.month:02d}", day=f"{moment.day:02d}"
    )


@contextlib.contextmanager
def english() -> Iterator[None]:
    """Speak English (the code's words) inside the block, whatever the language: for what a program
    reads (`--json` outputs), which must be the same in every language."""
    global _active, _in_english
    kept, kept_english = _active, _in_english
    _active, _in_english = gettext.NullTranslations(), True
    try:
        yield
    finally:
        _active, _in_english = kept, kept_english


def language_codes() -> tuple[str, ...]:
    """The language spoken now as codes, the most precise first: ("de_AT", "de"), ("el",); ("en",)
    for English (the code's words), inside `english()` and for the C locale; () for the
    pseudo-translation. What a scenario's names in other languages are keyed by."""
    global _codes
    if _in_english:
        return ("en",)
    active = _translation()  # read once per language chosen, as the catalogue is (a window asks often)
    if _codes is not None and _codes[0] is active:
        return _codes[1]
    _codes = (active, _codes_now())
    return _codes[1]


_codes: tuple[gettext.NullTranslations, tuple[str, ...]] | None = None


def _codes_now() -> tuple[str, ...]:
    if os.environ.get(PSEUDO_VARIABLE, "") not in ("", "0"):
        return ()
    lang = (_asked if _asked is not None else language()) or "en"
    full = lang.split(".")[0].split("@")[0]
    short = full.split("_")[0].lower()
    if short in ("", "c", "posix"):
        return ("en",)
    return (full, short) if full != short else (short,)


def language_key() -> object:
    """What tells the language now spoken from another: a key for answers kept with their words."""
    return _translation()
