"""The Qt layer keeps None, True and False alive however many Qt calls give them back
(ui/none_guard.py): without the guard, PySide6 6.12 on Python 3.11 ends such a program with
"none_dealloc" (or "bool_dealloc", for True given back by each signal emitted)."""

from __future__ import annotations

import os
import subprocess
import sys

MANY_CALLS = """
import campaign_manager.ui  # the guard
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel()
for _ in range(50_000):
    label.setText("x")  # returns nothing: None, each time
print("done")
"""

MANY_SIGNALS = """
import campaign_manager.ui  # the guard
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication
class Document(QObject):
    changed = Signal()
app = QApplication([])
document = Document()
document.changed.connect(lambda: None)
for _ in range(50_000):
    document.changed.emit()  # gives back True, each time
print("done")
"""


def test_a_program_making_many_qt_calls_ends_normally():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", MANY_CALLS], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == "done"


def test_a_program_emitting_many_signals_ends_normally():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", MANY_SIGNALS], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == "done"
