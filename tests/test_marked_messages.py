"""Every message the app marks is in the catalogue's template: a `_("...")` written inside an
f-string's braces is not seen by Babel's extraction (Python 3.11 reads an f-string as one token),
so it would never be translated; this finds one by reading the code's syntax tree instead."""

from __future__ import annotations

import ast
import sys

from tests.shared import ROOT

sys.path.insert(0, str(ROOT / "installer"))
import translations  # noqa: E402  (installer/translations.py: Babel's extraction)

MARKERS = ("_", "N_", "ngettext", "pgettext")


def _marked(tree: ast.AST):
    """(line, context, message) of each call that marks a literal message."""
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS):
            continue
        words = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args]
        if node.func.id == "pgettext":
            assert len(words) == 2 and None not in words, f"line {node.lineno}: pgettext's context must be written out"
            yield node.lineno, words[0], words[1]
        elif words and words[0] is not None:
            yield node.lineno, None, words[0]


def test_every_message_the_app_marks_is_extracted():
    catalog = translations.read(translations.TEMPLATE)
    extracted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}
    missing = [
        f"{path.relative_to(ROOT)}:{line}: {message!r}"
        for path in sorted((ROOT / "campaign_manager").rglob("*.py"))
        for line, context, message in _marked(ast.parse(path.read_text(encoding="utf-8")))
        if (context, message) not in extracted
    ]
    assert not missing, "marked but never extracted (inside an f-string?):\n" + "\n".join(missing)
