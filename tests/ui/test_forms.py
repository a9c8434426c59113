"""Every Designer form is read through one typed wrapper (ui/forms.py) that matches it: each
widget the wrapper declares stands in the `.ui` file under that name, of that Qt class."""

from __future__ import annotations

import importlib
import pkgutil
import xml.etree.ElementTree as ET

import pytest
from PySide6 import QtGui, QtWidgets

import campaign_manager.ui
from campaign_manager.paths import FORMS
from campaign_manager.ui.forms import Form, FormError


def _wrappers() -> list[type[Form]]:
    for info in pkgutil.walk_packages(campaign_manager.ui.__path__, "campaign_manager.ui."):
        importlib.import_module(info.name)
    found, todo = [], list(Form.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if "FORM" in vars(cls):
            found.append(cls)
    return found


def _classes_in(form: str) -> tuple[str, dict[str, str]]:
    """The top widget's class, and every named widget, layout and action's class."""
    root = ET.parse(FORMS / f"{form}.ui").getroot()
    named = {
        element.get("name", ""): element.get("class") or "QAction"
        for element in root.iter()
        if element.tag in ("widget", "layout", "action") and element.get("name")
    }
    top = root.find("widget")
    assert top is not None
    return top.get("class", ""), named


def _qt_class(name: str) -> type:
    return getattr(QtWidgets, name, None) or getattr(QtGui, name)


WRAPPERS = _wrappers()


def test_every_form_has_one_wrapper():
    forms = sorted(path.stem for path in FORMS.glob("*.ui"))
    assert sorted(cls.FORM for cls in WRAPPERS) == forms


@pytest.mark.parametrize("wrapper", WRAPPERS, ids=lambda cls: cls.FORM)
def test_the_wrapper_matches_its_form(wrapper):
    top, named = _classes_in(wrapper.FORM)
    for name, kind in wrapper.declared().items():
        in_form = top if name == "root" else named.get(name)
        assert in_form is not None, f"{wrapper.FORM}.ui has no widget named {name}"
        assert issubclass(_qt_class(in_form), kind), f"{wrapper.FORM}.ui: {name} is a {in_form}, not a {kind.__name__}"


@pytest.mark.parametrize("wrapper", WRAPPERS, ids=lambda cls: cls.FORM)
def test_the_wrapper_fills_every_widget_it_declares(wrapper, qtbot):
    made = wrapper()
    qtbot.addWidget(made.root)
    for name, kind in wrapper.declared().items():
        assert isinstance(getattr(made, name), kind)


def test_a_widget_the_form_lacks_is_named_when_the_form_loads(qtbot):
    class Wrong(Form):
        FORM = "dice_dialog"
        root: QtWidgets.QDialog
        valueSpin: QtWidgets.QSpinBox

    with pytest.raises(FormError, match="dice_dialog.ui has no QSpinBox named valueSpin"):
        Wrong()
