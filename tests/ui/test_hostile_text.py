"""Every string from a file or a user is shown as plain text: a scenario whose every name (sides,
nations, areas, troops, aircraft, turns, missions, the notice), a campaign name and notes all
carry `<img src='/dev/zero'>` and a link, and every label, tooltip, banner, headline, message box,
map tooltip and dialog of the window shows them literally — none is read as HTML, so nothing is
loaded (an `<img>` of /dev/zero read as HTML would read until memory runs out)."""

from __future__ import annotations

import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import Qt as QtGuiNamespace
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QTextEdit,
    QWidget,
)

from campaign_manager.paths import SCENARIOS
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN, ROOT
from tests.ui.test_battle_entry import answer, question

IMG = "<img src='/dev/zero'>"
LINK = "<a href='x'>x</a>"
HOSTILE = f"{IMG}{LINK}"
MARKS = ("<img", "<a href", "&lt;img", "&lt;a href")


@pytest.fixture(autouse=True)
def bounded_memory():
    """Should anything here read an <img> of /dev/zero, it fails at 8 GB rather than exhaust the
    machine (the limit is lifted again after each test)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = 8 * 1024**3
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def hostile_scenario(folder: Path) -> Path:
    """The bundled scenario with HTML after every name, noun, date, mission and the notice."""
    text = (SCENARIOS / "firestorm-greece.toml").read_text(encoding="utf-8")
    text = re.sub(
        r'\b(name|noun|dates|below|tabletop)(\s*=\s*)"([^"]*)"', lambda m: f'{m[1]}{m[2]}"{m[3]} {HOSTILE}"', text
    )
    text = re.sub(
        r"^missions = \[(.*)\]$",
        lambda m: "missions = [" + re.sub(r'"([^"]*)"', lambda s: f'"{s[1]} {HOSTILE}"', m[1]) + "]",
        text,
        flags=re.MULTILINE,
    )
    text = text.replace('notice = """', f'notice = """{HOSTILE} ')
    path = folder / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def hostile_campaign(tmp_path) -> Path:
    path = tmp_path / "hostile.campaign"
    players = {"attacker_commander": f"Marco {HOSTILE}", "defender_commander": f"Anna {HOSTILE}"}
    turn = [
        {**a, "games": [{**a["games"][0], **players}]} if a["type"] == "battle" and a.get("games") else a
        for a in FULL_CAMPAIGN["turn 1"][:-1]
    ]
    roster = [
        {"type": "add_commander", "name": players["attacker_commander"], "side": "axis", "club": f"Club {HOSTILE}"},
        {"type": "add_commander", "name": players["defender_commander"], "side": "allied"},
        {"type": "set_general", "name": players["defender_commander"]},
    ]
    with CampaignFile.create(path, scenario=hostile_scenario(tmp_path), name=f"Shop {HOSTILE}") as made:
        made.apply(made.read_actions(roster + turn))
        made.apply(made.read_actions([{"type": "note", "text": f"A ruling {HOSTILE}"}]))
    return path


def _shown_as_html(text: str, text_format: Qt.TextFormat) -> bool:
    if text_format == Qt.TextFormat.PlainText:
        return False
    return text_format != Qt.TextFormat.AutoText or QtGuiNamespace.mightBeRichText(text)


class Seen:
    """What the walk found: faults, and how many strings showed the marks literally."""

    def __init__(self) -> None:
        self.faults: list[str] = []
        self.literal = 0

    def text(self, where: str, text: str, text_format: Qt.TextFormat) -> None:
        if not any(mark in text for mark in MARKS):
            return
        if _shown_as_html(text, text_format):
            if "<img" in text.lower() or "<a href" in text.lower():
                self.faults.append(f"{where}: read as HTML: {text[:160]!r}")
                return
            doc = QTextDocument()
            doc.setHtml(text)
            shown = doc.toPlainText()
        else:
            shown = text
        if "&lt;" in shown:
            self.faults.append(f"{where}: shows escaped HTML instead of the text: {shown[:160]!r}")
        elif IMG in shown or LINK in shown:
            self.literal += 1

    def tip(self, where: str, tip: str) -> None:
        self.text(where, tip, Qt.TextFormat.AutoText)  # Qt guesses a tooltip's format


def walk(roots: list[QWidget]) -> Seen:
    seen = Seen()
    widgets: list[QWidget] = []
    for root in roots:
        widgets += [root, *root.findChildren(QWidget)]
    for widget in widgets:
        name = f"{type(widget).__name__}({widget.objectName()})"
        if isinstance(widget, QLabel):
            seen.text(name, widget.text(), widget.textFormat())
        seen.tip(f"{name} tooltip", widget.toolTip())
        if isinstance(widget, QTextEdit):
            html = widget.toHtml()
            if "<img" in html:
                seen.faults.append(f"{name}: holds an image: {html[:160]!r}")
            seen.text(name, widget.toPlainText(), Qt.TextFormat.PlainText)
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            root_index = QModelIndex()
            try:
                columns = model.columnCount(root_index)
            except TypeError:  # a list model's count of columns is not offered to Python: one
                columns = 1
            for row in range(model.rowCount(root_index)):
                for column in range(columns):
                    index = model.index(row, column)
                    tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
                    if isinstance(tip, str):
                        seen.tip(f"{name} item {row},{column} tooltip", tip)
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                seen.tip(f"{name} {type(item).__name__} tooltip", item.toolTip())
                if isinstance(item, QGraphicsTextItem):
                    seen.text(f"{name} text item", item.toHtml(), Qt.TextFormat.RichText)
    return seen


def everything_open() -> list[QWidget]:
    return [w for w in QApplication.topLevelWidgets() if w.isVisible()]


def test_every_name_and_note_shows_literally_in_the_window(make_window, hostile_campaign, qtbot):
    window = make_window(hostile_campaign, remember=False)
    window.statusBar().setToolTip("")
    found = walk(everything_open())
    window.turn_menu.show_requirements()
    window.menu_actions[MenuAction.ABOUT_MAP].trigger()
    window.move_troop("GR-INF-1", "B1")  # refused, in words that name the areas: a message box
    window.view.side.setCurrentWidget(window.view.history)
    window.tabs.setCurrentWidget(window.commanders_page)
    window.commanders.choose(f"anna {HOSTILE}")
    assert window.commanders.games.rowCount() == 1
    window.commanders.rename()  # the dialog names who is renamed
    window.tabs.setCurrentWidget(window.charts)
    found.faults += walk(everything_open()).faults
    window.commanders.dialog.ui.root.close()
    plan = window.wargame_actions.try_a_plan()
    whatif = window.wargame_actions.what_if()
    for seen in (walk(everything_open()), found):
        assert seen.faults == [], "\n".join(seen.faults)
    assert walk(everything_open()).literal >= 15, "the hostile names were shown (literally)"
    for dialog in (plan, whatif):
        if dialog is not None:
            dialog.close()


def test_the_battle_wizard_and_its_pages_show_names_literally(make_window, tmp_path, qtbot):
    path = tmp_path / "battle.campaign"
    with CampaignFile.create(path, scenario=hostile_scenario(tmp_path), name=f"Shop {HOSTILE}") as made:
        made.apply(
            made.read_actions(
                [{"type": "add_commander", "name": f"Marco {HOSTILE}", "side": "axis"}, {"type": "start_turn"}]
            )
        )
    window = make_window(path, remember=False)
    wizard = window.battle_menu.new_battle()
    faults: list[str] = []

    def look() -> None:
        seen = walk(everything_open())
        faults.extend(f"{wizard.page_name}: {fault}" for fault in seen.faults)

    look()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    commit = wizard.pages["commit"]
    commit.attacker.tick("IT-INF-1", "IT-CARRI")
    commit.defender.tick("GR-INF-1")
    commit.mission.set_value(3)
    look()
    wizard.next()
    wizard.pages["result"].set_games((5, 2))
    attacker, defender = wizard.pages["result"].players[0]
    attacker.set_name(f"marco {HOSTILE}")  # on the roster
    defender.set_name(f"Zoë {HOSTILE}")  # new: said to be added with the battle
    look()
    wizard.next()
    asked = question(qtbot, "newCommanderQuestion")  # New commander "Zoë …"?, the name shown as typed
    look()
    answer(qtbot, asked, "Yes, a new commander")
    wizard.pages["destroy"].dice["GR-INF-1"].set_value(4)
    look()
    wizard.next()
    wizard.pages["retreat"].choices[""].setCurrentIndex(1)
    look()
    wizard.next()
    look()
    wizard.next()
    look()
    wizard.record()
    look()
    assert faults == [], "\n".join(faults)
    assert window.campaign.records[-2] == {"type": "add_commander", "name": f"Zoë {HOSTILE}", "side": "allied"}


def test_a_note_and_the_planning_dialog_show_names_literally(make_window, hostile_campaign, qtbot):
    window = make_window(hostile_campaign, remember=False)
    window.turn_menu.add_note()
    dialog = window.turn_menu.dialog
    dialog.valueEdit.setText("x" * 10_001)
    dialog.buttons.accepted.emit()
    assert "at most 10,000 characters" in dialog.problem.text()
    dialog.valueEdit.setText(f"Late {HOSTILE}")
    dialog.buttons.accepted.emit()
    window.turn_menu.plan()
    seen = walk(everything_open())
    assert seen.faults == [], "\n".join(seen.faults)
    said = QTextDocument()
    said.setHtml(window.statusBar().toolTip())
    assert f"Note: Late {HOSTILE}" in said.toPlainText().replace("\xa0", " "), "the note, on hover, as typed"


def test_the_note_dialog_shows_a_long_refusal_whole(make_window, hostile_campaign, qtbot):
    window = make_window(hostile_campaign, remember=False)
    window.turn_menu.add_note()
    dialog = window.turn_menu.dialog
    hostile_campaign.unlink()  # the file goes: the refusal names it, and what to do, at length
    dialog.valueEdit.setText("Late")
    dialog.buttons.accepted.emit()
    problem = dialog.problem
    assert "deleted or moved away" in problem.text()

    def whole() -> bool:
        return problem.height() >= problem.heightForWidth(problem.width()) and dialog.root.rect().contains(
            problem.geometry()
        )

    qtbot.waitUntil(whole, timeout=2000)


NO_LOADING = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[3]), int(sys.argv[3])))
from campaign_manager.launcher import main
sys.exit(main(["open", sys.argv[1], "--screenshot", sys.argv[2]]))
"""


def test_nothing_named_in_a_file_is_loaded_when_the_window_shows_it(hostile_campaign, tmp_path):
    """In a program of its own, held to 3 GB: an <img> of /dev/zero read as HTML would abort it."""
    shot = tmp_path / "window.png"
    limit = 3 * 1024**3
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    assert hard == resource.RLIM_INFINITY or hard >= limit
    done = subprocess.run(
        [sys.executable, "-c", NO_LOADING, str(hostile_campaign), str(shot), str(limit)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert shot.stat().st_size > 10_000


def test_the_scenario_editor_shows_names_literally(make_window, hostile_campaign, qtbot):
    """The campaign's own hostile scenario in the editor: its map, every table (tooltips of faulty
    cells included) and its fault list."""
    from campaign_manager.scenario.edits import set_value

    window = make_window(hostile_campaign, remember=False)
    window.menu_actions[MenuAction.EDIT_CAMPAIGN_SCENARIO].trigger()
    editor = window.scenario_actions.editors[-1]
    editor.ask_unsaved = lambda parent, question: "discard"
    b4 = [area.code for area in editor.document.data.areas].index("B4")
    editor.document.apply(set_value(editor.document.data, ("areas", b4, "controller"), "axis", f"B4 {HOSTILE}"))
    assert editor.faults.count() == 2
    faults: list[str] = []
    for page in range(editor.tabs.count()):
        editor.tabs.setCurrentIndex(page)
        faults += walk(everything_open()).faults
    assert faults == [], "\n".join(faults)
    assert walk([editor]).literal >= 10, "the hostile names were shown (literally)"
    editor.close()
