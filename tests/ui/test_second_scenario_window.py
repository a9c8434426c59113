"""The second bundled scenario, The Veltmark Gap, played whole through the window: File ▸ New
from it, each turn started with its battle-count die typed in, reinforcements placed from a
counter's menu, every battle entered in the battle wizard (initiative, arrow, troops, sorties,
tabletop VP or General's Wargame dice, each roll to destroy, retreat, advance), the turns ended,
the reports exported. The same script as the command line's (tests/data/veltmark_campaign.json),
so the window and the command line must agree to the VP; the map, the VP indicator and the
reports speak of the Imperials and the Free Cities, never of Greece."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from campaign_manager.engine import legal
from campaign_manager.scenario import load_scenario
from campaign_manager.ui.actions import MenuAction
from tests.cli.test_second_scenario import EXPECTED, GREECE, SCRIPT, START
from tests.ui.windows import troops_in


@pytest.fixture
def window(make_window, tmp_path):
    from tests.ui.test_report_actions import synchronous

    made = make_window(
        remember=False,
        choose_new=lambda parent, title: tmp_path / "gap.campaign",
        choose_scenario=lambda parent, names: "veltmark-gap",
    )
    made.report_actions.runner = synchronous
    made.resize(1280, 800)
    return made


def start_turn(window, action: dict) -> None:
    window.menu_actions[MenuAction.START_TURN].trigger()
    dialog = window.turn_menu.dialog
    assert dialog is not None and dialog.root.isVisible(), "the battle-count die is asked for"
    dialog.valueEdit.setText(",".join(str(d) for d in action["dice"]))
    dialog.buttons.accepted.emit()
    assert not dialog.root.isVisible()


def place(window, action: dict) -> None:
    menu = window.map_view.troop_menu([action["troop"]])
    sub = next(a.menu() for a in menu.actions() if a.menu())
    next(a for a in sub.actions() if a.text().startswith(action["area"] + " ")).trigger()
    assert action["troop"] in troops_in(window, action["area"])


def fits(wizard) -> None:
    """The wizard fits a 1280-pixel-wide screen, and the page it shows fits the wizard: nothing
    to scroll sideways (the Veltmark Gap's longer area names made the Commit page wider)."""
    QApplication.processEvents()
    page = wizard.stack.currentWidget()
    assert wizard.frameGeometry().width() <= 1280 and wizard.sizeHint().width() <= 1280, wizard.page_name
    assert page.minimumSizeHint().width() <= wizard.scroller.viewport().width(), wizard.page_name
    assert not wizard.scroller.horizontalScrollBar().isVisible(), wizard.page_name


def fight(window, action: dict) -> None:
    """One battle through the wizard, page by page, as the script has it, each page fitting it."""
    sc, st = window.session.scenario, window.session.state
    attacker_side = st.control[action["from"]]
    wizard = window.battle_menu.new_battle()
    if wizard.page_name == "initiative":
        mine, theirs = action["initiative_dice"]
        page = wizard.pages["initiative"]
        page.dice[attacker_side].set_value(mine)
        page.dice[sc.enemy_of(attacker_side)].set_value(theirs)
        fits(wizard)
        wizard.next()
    assert wizard.page_name == "arrow"
    assert (action["from"], action["to"]) in legal.legal_arrows(sc, st, attacker_side)
    assert wizard.pages["arrow"].choose(action["from"], action["to"])
    fits(wizard)
    wizard.next()
    commit = wizard.pages["commit"]
    for side, chosen in ((commit.attacker, action["attacker"]), (commit.defender, action["defender"])):
        side.tick(*chosen["troops"])
        side.choose_sortie(chosen.get("sortie"))
    fits(wizard)
    wizard.next()
    result = wizard.pages["result"]
    if "games" in action:
        result.set_games(*((g["attacker_vp"], g["defender_vp"]) for g in action["games"]))
    else:
        result.wargame.setChecked(True)
        result.attacker_die.set_value(action["wargame"]["attacker_die"])
        result.defender_die.set_value(action["wargame"]["defender_die"])
    fits(wizard)
    wizard.next()
    if wizard.page_name == "destroy":
        for troop, die in action["destroy_dice"].items():
            wizard.pages["destroy"].dice[troop].set_value(die)
        fits(wizard)
        wizard.next()
    if wizard.page_name == "retreat":
        combo = wizard.pages["retreat"].choices[""]
        combo.setCurrentIndex(combo.findData(action["retreat_to"]))
        fits(wizard)
        wizard.next()
    if wizard.page_name == "advance":
        for troop, box in wizard.pages["advance"].boxes.items():
            box.setChecked(troop in action.get("advance", ()))
        fits(wizard)
        wizard.next()
    assert wizard.page_name == "summary", wizard.page_name
    fits(wizard)
    wizard.record()


def test_the_veltmark_gap_played_whole_through_the_window(window, tmp_path):
    window.menu_actions[MenuAction.NEW_CAMPAIGN].trigger()
    assert window.campaign is not None and window.campaign.scenario.id == "veltmark-gap"
    sc = load_scenario("veltmark-gap")
    tints = {side: QColor(colours.tint) for side, colours in sc.side_colours.items()}
    for turn, actions in SCRIPT.items():
        for action in actions:
            {"start_turn": start_turn, "place": place, "battle": fight}.get(
                action["type"], lambda w, a: w.menu_actions[MenuAction.END_TURN].trigger()
            )(window, action)
        changed, vp, result = EXPECTED[turn]
        control = {**START, **changed}
        assert {code: window.session.state.control[code] for code in START} == control, turn
        for code, side in control.items():
            brush = window.map_view.map_scene.areas[code].brush().color()
            assert brush == (tints[side].darker(112) if sc.areas[code].staging else tints[side]), (turn, code)
        assert window.view.panel.vp.vp == vp, turn
        indicator = window.view.panel.vp
        assert indicator.headline().endswith(f": {result}")
        assert indicator.lead_words().startswith("The Free Cities lead")
        shown = " ".join(label.text() for label in window.view.panel.findChildren(type(window.view.panel.headline)))
        assert not GREECE.search(shown + indicator.headline()), shown
    assert window.session.state.phase == "finished"
    assert len(window.session.battles()) == 5

    # The reports, exported from the window.
    for kind in (MenuAction.EXPORT_TURN_REPORT, MenuAction.EXPORT_STATUS_SHEET):
        target = tmp_path / f"{kind}.pdf"
        window.report_actions.choose_pdf = lambda parent, title, suggested, t=target: t
        window.menu_actions[kind].trigger()
        words = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(target.read_bytes())).pages)
        assert "Free Cities decisive victory" in words and not GREECE.search(words)
    for box in QApplication.topLevelWidgets():
        if box.isVisible() and box.objectName() == "pdfSaved":
            box.close()
    history = " ".join(window.history.stringList())
    assert "The Dunmere redoubt defends this battle" in history
    assert history.count("K1 Veltmark Keep cannot be captured: its defenders stay and the Free Cities score 15 VP") == 2
    window.grab().save(str(tmp_path / "veltmark-gap-window.png"))
