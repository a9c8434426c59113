"""Finds English written in place: a string the user will read that does not go through the
catalogue (docs/translation.md). Used by tests/test_translations.py over every module of the app.

A message is "in place" when a literal string (or an f-string, or a sum with one) holding a word
is given straight to something that shows it: a Qt text setter or widget, a message box, an
error the user reads, a PDF paragraph or drawn string, or a print to the terminal. `_("...")`,
`ngettext(...)`, `pgettext(...)` and names (a message made elsewhere, checked where it is made)
pass. A line may say why its words are not translated with a trailing `# untranslated: <why>`
(a product's name, a file pattern, a code a program reads).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

# Calls that show their arguments to the user, and which positional arguments they show (None: all).
SINKS: dict[str, tuple[int, ...] | None] = {
    # Qt: setters and widgets built with their text
    "setText": (0,),
    "setWindowTitle": (0,),
    "setToolTip": (0,),
    "setStatusTip": (0,),
    "setWhatsThis": (0,),
    "setPlaceholderText": (0,),
    "setTitle": (0,),
    "setLabelText": (0,),
    "setInformativeText": (0,),
    "setDetailedText": (0,),
    "setAccessibleName": (0,),
    "setAccessibleDescription": (0,),
    "setSuffix": (0,),
    "setPrefix": (0,),
    "setSpecialValueText": (0,),
    "setTabText": (1,),
    "setTabToolTip": (1,),
    "setHtml": (0,),
    "setMarkdown": (0,),
    "setPlainText": (0,),
    "setHeaderLabels": (0,),
    "setHorizontalHeaderLabels": (0,),
    "setVerticalHeaderLabels": (0,),
    "showMessage": (0,),
    "addMenu": (0,),
    "addAction": (0,),
    "addTab": (1,),
    "insertTab": (2,),
    "addRow": (0,),
    "addItem": (0,),
    "addItems": (0,),
    "QAction": (0,),
    "QLabel": (0,),
    "QPushButton": (0,),
    "QCheckBox": (0,),
    "QRadioButton": (0,),
    "QGroupBox": (0,),
    "QToolButton": (0,),
    "QMenu": (0,),
    "QListWidgetItem": (0,),
    "QTreeWidgetItem": (0,),
    "QTableWidgetItem": (0,),
    "QStandardItem": (0,),
    "warning": (1, 2),
    "information": (1, 2),
    "question": (1, 2),
    "critical": (1, 2),
    "about": (1, 2),
    "getText": (1, 2),
    "getItem": (1, 2),
    "getInt": (1, 2),
    "getOpenFileName": (1,),
    "getSaveFileName": (1,),
    "getExistingDirectory": (1,),
    # errors the user reads
    "UserError": (0,),
    "RuleError": (1,),
    "ChoiceNeeded": (1,),
    "FileChanged": (0,),
    "DieError": (0,),
    "FileRefused": (0,),
    "ActionFormatError": (0,),
    "ReplayRefused": (0,),
    "EntryError": (0,),
    "EditRefused": (0,),
    "ScenarioError": (0,),
    "TableError": (0,),
    "ChartError": (0,),
    "DraftDamaged": (0,),
    "StorageFault": (0,),
    "LimitReached": (0,),
    "ActionRefused": (0,),
    "AddressRefused": (0,),
    # reports and the terminal
    "Paragraph": (0,),
    "drawString": (2,),
    "drawCentredString": (2,),
    "drawRightString": (2,),
    "print": None,
    "error": (0,),  # argparse's parser.error
    "write": (0,),  # sys.stdout/stderr.write
}
WORD = re.compile(r"[A-Za-z]{2,}")
MARKER = "# untranslated:"


@dataclass(frozen=True)
class Found:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text}"


def _called(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _english(node: ast.expr) -> str | None:
    """The English words `node` writes in place, or None when it writes none."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if WORD.search(node.value) else None
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return text if WORD.search(text) else None
    if isinstance(node, ast.BinOp):
        return _english(node.left) or _english(node.right)
    if isinstance(node, (ast.List, ast.Tuple)):
        return next((found for element in node.elts if (found := _english(element))), None)
    if isinstance(node, ast.IfExp):
        return _english(node.body) or _english(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _english(node.func.value)
    return None


def english_in_place(path: Path, root: Path) -> list[Found]:
    """Each message of `path` written in English in place."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for call in ast.walk(ast.parse(source)):
        if not isinstance(call, ast.Call) or (name := _called(call)) not in SINKS:
            continue
        shown = SINKS[name]
        arguments = [a for i, a in enumerate(call.args) if shown is None or i in shown]
        arguments += [k.value for k in call.keywords if k.arg in ("text", "title", "message", "msg")]
        for argument in arguments:
            text = _english(argument)
            last = lines[(argument.end_lineno or argument.lineno) - 1]
            if text is not None and MARKER not in lines[call.lineno - 1] and MARKER not in last:
                found.append(Found(str(path.relative_to(root)), argument.lineno, text[:70]))
    return found
