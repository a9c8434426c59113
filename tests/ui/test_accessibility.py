"""Every interactive widget a screen reader can reach has a name: an accessible name, a button's
words, or a label that is its buddy. Walked: the main window with the three assist panels, the
battle wizard on every page, a General's Wargame window and its wizard, What if, the welcome
page, the rules, the crash box; and every Designer form's labels point at their fields."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from campaign_manager.paths import FORMS
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.accessible import name_fields
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.crash import CrashDialog
from tests.ui.accessibility import unnamed


def test_the_main_window_and_the_assist_panels(open_window):
    window = open_window([{"type": "start_turn"}])
    for code in ("gcw", "agt", "opa"):
        panel = window.open_assist(code)
        assert unnamed(panel) == [], code
    window.menu_actions[MenuAction.SHOW_LEGEND].trigger()
    assert unnamed(window) == []


def test_the_battle_wizard_on_every_page(open_window):
    window = open_window([{"type": "start_turn"}])
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    wizard = window.battle_menu.wizard
    seen = [(wizard.page_name, unnamed(wizard))]
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    commit = wizard.pages["commit"]
    commit.attacker.tick("IT-INF-1", "IT-CARRI")
    commit.defender.tick("GR-INF-1")
    wizard.next()
    seen.append((wizard.page_name, unnamed(wizard)))
    wizard.pages["result"].add_game()
    wizard.pages["result"].set_games((5, 2), (4, 3))
    wizard.next()
    seen.append((wizard.page_name, unnamed(wizard)))
    assert seen == [("arrow", []), ("result", []), ("destroy", [])]
    wizard.close()


def test_the_generals_wargame_window_its_wizard_and_what_if(make_window, tmp_path):
    path = tmp_path / "dice.campaign"
    with CampaignFile.create(path, name="Dice", play="wargame", computer="axis") as campaign:
        campaign.apply(campaign.read_actions([{"type": "start_turn"}]))
    window = make_window(path, remember=False)
    assert unnamed(window) == []
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    wizard = window.battle_menu.wizard
    assert wizard is not None
    assert unnamed(wizard) == []
    wizard.close()
    dialog = window.wargame_actions.what_if()
    assert unnamed(dialog) == []
    dialog.close()


def test_the_welcome_page_the_rules_and_the_crash_box(open_window):
    window = open_window()
    assert unnamed(window.show_welcome()) == []
    window.welcome.close()
    assert unnamed(window.help_actions.show_rules()) == []
    window.help_actions.rules.close()
    box = CrashDialog("Traceback: ...", window)
    assert unnamed(box) == []
    box.deleteLater()


@pytest.mark.parametrize("form", sorted(p.name for p in FORMS.glob("*.ui")))
def test_every_label_beside_a_field_in_a_form_is_its_buddy(form):
    """In the .ui file itself (what Designer shows): a label to the left of a field points at it."""
    root = ET.parse(FORMS / form).getroot()
    fields = {"QSpinBox", "QDoubleSpinBox", "QComboBox", "QLineEdit", "QListView", "QTableView", "QListWidget"}
    missing = []
    for layout in root.iter("layout"):
        if layout.get("class") not in ("QFormLayout", "QGridLayout"):
            continue
        cells = {
            (int(item.get("row")), int(item.get("column"))): item.find("widget")
            for item in layout.findall("item")
            if item.get("row") is not None and item.find("widget") is not None
        }
        for (row, column), widget in cells.items():
            right = cells.get((row, column + 1))
            if widget.get("class") == "QLabel" and right is not None and right.get("class") in fields:
                buddy = [p for p in widget.findall("property") if p.get("name") == "buddy"]
                if not buddy or buddy[0].findtext("cstring") != right.get("name"):
                    missing.append(f"{widget.get('name')} → {right.get('name')}")
    assert missing == []


def test_name_fields_names_a_field_by_its_label(qtbot):
    from PySide6.QtWidgets import QFormLayout, QLabel, QSpinBox, QWidget

    root = QWidget()
    qtbot.addWidget(root)
    form = QFormLayout(root)
    label, spin = QLabel("&Strength:"), QSpinBox()
    form.addRow(label, spin)
    assert unnamed(root) == ["QSpinBox (no object name)"]
    name_fields(root)
    assert spin.accessibleName() == "Strength" and label.buddy() is spin
    assert unnamed(root) == []
