"""A guard for None, True and False under PySide6 6.12 on Python 3.11.

PySide6 6.12.0 on Python 3.11 gives back None from every C++ call that returns nothing (or a
null pointer) without taking a reference to it: each `label.setText(...)`, `item.setPen(...)`,
`widget.layout()` of a widget without one, ... leaves None's reference count one lower. A window
makes hundreds of such calls a refresh; once the count reaches zero the program stops with
"Fatal Python error: none_dealloc" (at once, or when Python shuts down). From Python 3.12 on,
None is immortal (PEP 683) and the count no longer matters; on 3.11 the guard gives None the
same standing by raising its count far out of reach, once, before Qt is used.

True is given back the same way by every `signal.emit()` made in Python (the scenario editor's
changes and undos emit a few dozen a time: a few hundred edits stopped it with "bool_dealloc"), so
True and False are held too.
"""

from __future__ import annotations

import ctypes
import sys

HOLD = 1 << 40  # references: more than a program could drop in any run


def hold_none() -> bool:
    """Make the reference counts of None, True and False unreachable (CPython before 3.12 only);
    True if done now."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython" or getattr(sys, "_none_held", False):
        return False
    for kept in (None, True, False):
        ctypes.c_ssize_t.from_address(id(kept)).value += HOLD  # ob_refcnt: the object's first field
    sys._none_held = True  # type: ignore[attr-defined]
    return True
