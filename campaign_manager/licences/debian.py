"""A Debian machine-readable copyright file (copyright-format 1.0) for the app and every library it
bundles: a Files paragraph each (`Files: *` for the app, then each library's folders and files
wherever they sit in the package), with its copyright lines and its licence's texts.

Debian Policy (12.5) wants the common licences (GPL, LGPL, Apache 2.0, ...) referred to in
/usr/share/common-licenses rather than copied, and lintian refuses a copyright file that copies
them: those texts are named there instead (the package's own notices keep them whole)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from campaign_manager.licences.library import SPDX_EXPRESSION, Library, LicenceText
from campaign_manager.paths import APPLICATION

FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
# "Copyright 2019 ...", "Copyright (c) ...", "(c) 2000 ...", not "copyright notice, this list of conditions".
COPYRIGHT_LINE = re.compile(r"^(copyright\s*(\(c\)|©|\d)|\(c\)\s*\d|©\s*\d)", re.IGNORECASE)
PLACEHOLDER = re.compile(
    r"<year>|\[yyyy\]|\[year\]|<owner>|<name of author>", re.IGNORECASE
)  # a licence's "how to apply" example


@dataclass(frozen=True)
class CommonLicence:
    """A licence Debian keeps in /usr/share/common-licenses, known by its text's heading; its
    terms end at `end` (or where the text ends), and the "how to apply" appendix that follows
    them ends at `appendix_end`."""

    file: str
    title: str
    heading: str
    end: str = "END OF TERMS AND CONDITIONS"
    appendix_end: str = ""


_GPL_APPENDIX = r"\s*How to Apply These Terms.*?instead of this License\.(\s*But first, please read\s*<[^>]*>\.)?"
COMMON = (
    CommonLicence(
        "GPL-2",
        "GNU General Public License version 2",
        r"GNU GENERAL PUBLIC LICENSE\s+Version 2, June 1991",
        appendix_end=_GPL_APPENDIX,
    ),
    CommonLicence(
        "GPL-3",
        "GNU General Public License version 3",
        r"GNU GENERAL PUBLIC LICENSE\s+Version 3, 29 June 2007",
        appendix_end=_GPL_APPENDIX,
    ),
    CommonLicence(
        "LGPL-2.1",
        "GNU Lesser General Public License version 2.1",
        r"GNU LESSER GENERAL PUBLIC LICENSE\s+Version 2\.1, February 1999",
        appendix_end=r"\s*How to Apply These Terms.*?That's all there is to it!",
    ),
    CommonLicence(
        "LGPL-3",
        "GNU Lesser General Public License version 3",
        r"GNU LESSER GENERAL PUBLIC LICENSE\s+Version 3, 29 June 2007",
        end="",
    ),
    CommonLicence(
        "Apache-2.0",
        "Apache License version 2.0",
        r"Apache License\s+Version 2\.0, January 2004",
        appendix_end=r"\s*APPENDIX: How to apply the Apache License.*?limitations under the License\.",
    ),
    CommonLicence("MPL-2.0", "Mozilla Public License version 2.0", r"Mozilla Public License Version 2\.0\s+=+", end=""),
)


def debian_copyright(app: Library, libraries: list[Library]) -> str:
    """The copyright file's text: the app's paragraph, then one per library (the later match wins)."""
    header = [
        f"Format: {FORMAT}",
        f"Upstream-Name: {APPLICATION}",
        *([f"Source: {app.homepage}"] if app.homepage else []),
        "Comment: The package holds the app and, bundled with it, the libraries below, each",
        " with the version and licence its own metadata gives and the texts it ships",
        " (the package's THIRD-PARTY-NOTICES.txt has every text in full).",
    ]
    paragraphs = [_files(["*"], app)]
    paragraphs += [_files([_pattern(entry) for entry in library.installs] or ["*"], library) for library in libraries]
    return "\n\n".join(["\n".join(header), *paragraphs]) + "\n"


def without_common_licences(text: str) -> str:
    """`text` with the terms of every common licence in it replaced by where Debian keeps them."""
    for licence in COMMON:
        while found := re.search(licence.heading, text):
            start = text.rfind("\n", 0, found.start()) + 1
            end = text.find(licence.end, found.end()) if licence.end else -1
            stop = end + len(licence.end) if end >= 0 else len(text)
            appendix = re.match(licence.appendix_end, text[stop:], re.DOTALL) if licence.appendix_end else None
            stop += appendix.end() if appendix else 0
            note = f"[The terms of the {licence.title}: on Debian systems, /usr/share/common-licenses/{licence.file}.]"
            text = text[:start] + note + text[stop:]
    return text


def _files(patterns: list[str], library: Library) -> str:
    texts = [LicenceText(text.name, without_common_licences(text.text)) for text in library.texts]
    copyright = _copyright_lines(library, texts)
    body: list[str] = []
    for text in texts:
        body += ["", f"--- {text.name} ---", "", *text.text.strip("\n").splitlines()]
    about = f"{library.name} {library.version}" + (f": {library.summary}" if library.summary else "")
    return "\n".join(
        [
            f"Files: {' '.join(patterns)}",
            "Copyright: " + "\n ".join(copyright),
            f"License: {_short_name(library)}",
            *map(_continuation, body[1:]),
            f"Comment: {_continuation(about).strip()}",
        ]
    )


def _copyright_lines(library: Library, texts: list[LicenceText]) -> list[str]:
    found: list[str] = []
    for text in texts:
        for line in text.text.splitlines():
            line = " ".join(line.strip(" \t#*/").split())
            if COPYRIGHT_LINE.match(line) and not PLACEHOLDER.search(line) and line not in found:
                found.append(line)
    return found or [library.authors or f"the authors of {library.name}"]


def _short_name(library: Library) -> str:
    """The licence as a Debian short name: an SPDX expression as it is (`or`, `and`, `with` in
    lower case), anything else as a reference to the texts that follow."""
    if SPDX_EXPRESSION.match(library.licence):
        return re.sub(r" (AND|OR|WITH) ", lambda word: word.group(0).lower(), library.licence)
    return "LicenseRef-" + re.sub(r"[^\w.+-]", "-", library.name)


def _pattern(entry: str) -> str:
    """Where a library's top-level folder or file sits in the package, whatever folder holds it."""
    return f"*/{entry}*" if entry.endswith("/") else f"*/{entry}"


def _continuation(line: str) -> str:
    """A line of a field's text: indented by a space, an empty one written ` .`."""
    line = "".join(char for char in line.rstrip() if char == "\t" or char.isprintable())
    if not line.strip():
        return " ."
    return f"  {line}" if line.startswith(".") else f" {line}"
