"""Try a plan and What if in the window: the real campaign file stays byte-identical, the
playouts run off the window's thread and can be cancelled while the window keeps answering."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMargins, QMimeData, QPoint, QPointF, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QDropEvent, QFontMetricsF, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from campaign_manager.engine.actions import Place
from campaign_manager.engine.odds import arrow_odds
from campaign_manager.engine.state import Commitment
from campaign_manager.engine.whatif import PlannedArrow
from campaign_manager.ui import ink
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.battle.pages import MessageLine
from campaign_manager.ui.main_window import MainWindow
from campaign_manager.ui.map.view import TROOP_MIME
from campaign_manager.ui.wargame.whatif_dialog import objective_words
from tests.shared import FULL_CAMPAIGN
from tests.wargame.whatif_answers import an_answer

DATA = FULL_CAMPAIGN

# Turn 1 of a General's Wargame with both Italian attacks beaten off (dice typed), then turn 2 may start.
TURN_1_BEATEN_OFF = [
    {"type": "start_turn"},
    {"type": "battle", "from": "B1", "to": "C1", "attacker": {"troops": ["IT-INF-1", "IT-CARRI"]},
     "defender": {"troops": ["GR-INF-1"]}, "wargame": {"attacker_die": 1, "defender_die": 6},
     "destroy_dice": {"IT-INF-1": 1, "IT-CARRI": 1}},
    {"type": "battle", "from": "B2", "to": "C2", "attacker": {"troops": ["IT-ALPINI"]},
     "defender": {"troops": ["GR-INF-2"]}, "wargame": {"attacker_die": 1, "defender_die": 6},
     "destroy_dice": {"IT-ALPINI": 1}},
    {"type": "end_turn"},
]  # fmt: skip


@pytest.fixture
def window(open_window):
    return open_window(DATA["turn 1"] + [{"type": "start_turn", "dice": [4]}])


def test_a_plan_is_tried_on_a_scratch_copy_and_the_real_file_is_untouched(window, qtbot):
    real = window.campaign.path
    before = real.read_bytes()
    scratch = window.wargame_actions.try_a_plan()
    assert scratch.windowTitle().startswith("PLAN")
    said = scratch.statusBar().currentMessage()
    assert said.startswith("A plan on a scratch copy of") and "firestorm-plan-" not in said, "no temporary path"
    assert scratch.screen().availableGeometry().contains(scratch.geometry()), "the plan opens wholly on screen"
    banner = scratch.findChild(QLabel, "planBanner")
    qtbot.waitUntil(lambda: banner.width() > scratch.width() // 2)  # the banner spans the window, not a corner
    assert scratch.campaign.path != real and scratch.campaign.records == window.campaign.records
    scratch.map_view.troopDropped.emit("IT-INF-4", "B2")
    scratch.map_view.troopDropped.emit("IT-INF-5", "B1")
    assert len(scratch.campaign.records) == len(window.campaign.records) + 2
    assert scratch.windowTitle().startswith("PLAN") and real.name in scratch.windowTitle(), (
        "after a change the title still says it is a plan, on the real campaign's copy"
    )
    assert scratch.campaign.path.name not in scratch.windowTitle()
    copy_folder = scratch.campaign.path.parent
    scratch.close()
    qtbot.waitUntil(lambda: not copy_folder.exists(), timeout=5000)
    assert real.read_bytes() == before, "the real campaign file is byte-identical"
    assert "IT-INF-4" in window.campaign.state.waiting_zone


def test_a_plan_opens_offset_from_a_window_filling_the_screen_frame_and_all(window):
    """The real window fills the screen, with the title bar and borders a window manager draws
    around it (openbox's, as measured: 1 pixel each side, 20 above, 5 below): the plan's window
    opens 40 pixels down and right of it, shrunk so that its frame, the bottom border under the
    status bar too, ends on the screen."""
    screen = window.screen().availableGeometry()
    frame = QMargins(1, 20, 1, 5)
    window.setGeometry(screen.marginsRemoved(frame))
    window.frameGeometry = lambda: window.geometry().marginsAdded(frame)  # offscreen draws no frame
    scratch = window.wargame_actions.try_a_plan()
    placed = scratch.geometry()
    assert placed.topLeft() == window.geometry().topLeft() + QPoint(40, 40), "offset from the real window"
    assert screen.contains(placed.marginsAdded(frame)), f"{placed} with its frame runs off {screen}"
    scratch.close()


def test_a_window_too_small_to_shrink_is_moved_back_onto_the_screen():
    """Where the room beyond the offset is less than the window's smallest size, it is moved, not
    cut off: the frame still ends on the screen."""
    from campaign_manager.ui.window_layout import fit_on_screen

    frame, screen = QMargins(1, 20, 1, 5), QRect(0, 0, 1024, 700)
    placed = fit_on_screen(QRect(540, 340, 1000, 600), frame, screen, QSize(455, 654))
    assert placed.size() == QSize(483, 654) and screen.contains(placed.marginsAdded(frame))
    assert placed.marginsAdded(frame).bottom() == screen.bottom(), "moved up only as far as it must"


def test_what_if_says_what_run_does_where_its_charts_will_be_then_makes_room_for_them(window, qtbot):
    """Before the first run the charts, with nothing to draw, take no room: a line under Run says
    what it will do, and the window ends under it. A run's answer brings the charts in, the
    window grown to hold them and still wholly on its screen."""
    dialog = window.wargame_actions.what_if()
    qtbot.waitExposed(dialog)
    assert not any(w.isVisible() for w in (dialog.results, dialog.margins, dialog.objectives, dialog.summary))
    said = dialog.before.text()
    assert dialog.before.isVisible() and said.startswith("Run plays on to the end of the campaign, many times over")
    assert "the computer general choosing for both sides" in said
    dialog.layout().activate()
    empty = dialog.height() - dialog.before.geometry().bottom()
    assert empty <= 2 * dialog.layout().spacing() + dialog.layout().contentsMargins().bottom(), (
        f"{empty} pixels stand empty under the words before the first run"
    )
    dialog.to.setCurrentIndex(dialog.to.findData("end-of-turn"))
    assert dialog.before.text().startswith("Run plays on to the end of this turn,")
    dialog.count.setValue(15)
    dialog.run(threaded=False)
    assert all(w.isVisible() for w in (dialog.results, dialog.margins, dialog.objectives, dialog.summary))
    assert not dialog.before.isVisible()
    dialog.layout().activate()
    assert dialog.results.height() >= dialog.results.sizeHint().height(), "the bars have their room"
    assert dialog.screen().availableGeometry().contains(dialog.frameGeometry())


def test_what_if_draws_the_results_with_their_precision(window):
    dialog = window.wargame_actions.what_if()
    assert dialog.origin.text() == "The campaign as it stands: turn 2, planning phase."
    assert [dialog.who.itemData(i) for i in range(dialog.who.count())] == [None], "no arrows wait: no plan offered"
    dialog.count.setValue(15)
    dialog.to.setCurrentIndex(dialog.to.findData("end-of-turn"))
    dialog.run(threaded=False)
    answer = dialog.answer
    assert answer.playouts == 15 and sum(answer.outcomes.values()) == 15 and answer.stopped == "limit"
    assert abs(sum(share for _, share, _ in dialog.results.bars) - 1) < 1e-9, "every result seen is drawn"
    names = [name for name, _, _ in dialog.results.bars]
    everything = [
        "Axis strategic victory",
        "Axis operational victory",
        "Axis tactical victory",
        "draw",
        "Allied tactical victory",
        "Allied operational victory",
        "Allied strategic victory",
    ]
    assert names == [name for name in everything if name in names], "Axis best … draw … Allied best, as the margins"
    for (name, share, _), (low, high), words in zip(
        dialog.results.bars, dialog.results.intervals, dialog.results.words
    ):
        assert low <= share <= high and words.startswith(f"{share:.0%} ("), name
    assert dialog.margins.spread is not None and dialog.margins.spread.thresholds == [40, 60, 100]
    cut = dialog.margins.spread.percentiles
    assert cut[5] <= cut[25] <= cut[50] <= cut[75] <= cut[95]
    low, high = dialog.margins.scale()
    assert low <= -120 and high >= 120, "the thresholds on both sides are always in sight"
    assert "15 playouts" in dialog.summary.text() and "±" in dialog.summary.text()
    said = dialog.objectives.text()
    assert "How often each objective ended with the other side: B1 Vlore, held by the Axis now, " in said, said


def test_what_if_says_each_side_s_chance_at_any_level_with_its_interval_under_the_results(window):
    dialog = window.wargame_actions.what_if()
    dialog.count.setValue(20)
    dialog.to.setCurrentIndex(dialog.to.findData("end-of-turn"))
    dialog.run(threaded=False)
    wins = dialog.answer.wins
    said = dialog.wins.text()
    assert dialog.wins.isVisible() and said.startswith("In all, at any level of victory: the Axis win "), said
    for side, noun in (("axis", "Axis win"), ("allied", "Allies")):
        low, high = wins[side].interval.low, wins[side].interval.high
        assert f"the {noun} {wins[side].share:.0%} ({low * 100:.0f}–{high * 100:.0f})" in said, said
    layout = dialog.layout()
    assert layout.indexOf(dialog.wins) == layout.indexOf(dialog.results) + 1, "right under the levels' bars"
    dialog.forget_answer()
    assert dialog.wins.text() == "" and not dialog.wins.isVisible()


def test_a_new_what_if_run_clears_the_last_run_s_charts(window):
    dialog = window.wargame_actions.what_if()
    dialog.count.setValue(5)
    dialog.to.setCurrentIndex(dialog.to.findData("end-of-turn"))
    dialog.run(threaded=False)
    assert dialog.results.bars
    shown = []
    dialog.worker = None
    dialog.count.setValue(6)
    original = dialog.show_answer
    dialog.show_answer = lambda answer: None  # the new run's answer held back: what shows meanwhile?
    try:
        dialog.run(threaded=True)
        shown = (list(dialog.results.bars), dialog.margins.spread, dialog.summary.text())
        dialog.worker.wait(20000)
    finally:
        dialog.show_answer = original
    assert shown == ([], None, "Playing up to 6 playouts, until every result is known to ±2 points …"), (
        "nothing of the last run is shown as this run's"
    )


def test_what_if_charts_keep_their_texts_apart_at_the_default_size(window, qtbot):
    """The results chart's title, the shares over the bars and whiskers and the labels under the
    axis never overlap."""
    dialog = window.wargame_actions.what_if()
    qtbot.waitExposed(dialog)
    dialog.count.setValue(40)
    dialog.run(threaded=False)
    chart = dialog.results
    found = chart.places()
    assert len(found.bars) == len(chart.bars) >= 3
    bounds = QRectF(chart.rect()).adjusted(-0.5, -0.5, 0.5, 0.5)
    metrics = QFontMetricsF(chart.text_font)
    for index, (place, (name, _, _)) in enumerate(zip(found.bars, chart.bars)):
        for text in (place.count, place.label):
            assert bounds.contains(text), f"{chart.title}: {name} drawn outside the chart"
            assert not text.intersects(found.title), f"{chart.title}: {name}'s texts run into the title"
        assert not place.count.intersects(place.label) and not place.label.intersects(place.bar), name
        top, _ = chart.whisker(index)
        assert place.count.bottom() <= top + 0.5, f"{name}'s share is written over its whisker"
        written = metrics.boundingRect(place.label, Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap, name)
        assert written.width() <= place.label.width() + 0.5 and written.height() <= place.label.height() + 0.5, (
            f"{name} does not fit under its bar"
        )
    labels = [place.label for place in found.bars]
    assert not any(a.intersects(b) for a, b in zip(labels, labels[1:])), "labels side by side, apart"


def test_what_if_can_be_cancelled_and_the_window_stays_responsive(window, qtbot):
    before = window.campaign.path.read_bytes()
    dialog = window.wargame_actions.what_if()
    dialog.count.setValue(5000)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)  # as a user starts it
    assert dialog.worker.isRunning(), "the playouts run on their own thread, not the window's"
    qtbot.waitUntil(lambda: dialog.progress.value() >= 3, timeout=20000)
    assert len(ticks) >= 2, "the window's event loop keeps running during the playouts"
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: dialog.answer is not None, timeout=20000)
    timer.stop()
    assert 3 <= dialog.answer.playouts < 5000
    assert "cancelled early" in dialog.summary.text()
    dialog.worker.wait(5000)
    assert window.campaign.path.read_bytes() == before


def test_a_general_s_wargame_against_the_computer(qtbot, tmp_path):
    path = tmp_path / "game.campaign"
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("allied", path))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        campaign = made.campaign
        assert campaign.dice_only and campaign.computer_side == "allied"
        assert "the computer plays the Allies" in made.windowTitle(), "who the computer plays is in sight"
        made.menu_actions[MenuAction.START_TURN].trigger()
        wizard = made.battle_menu.new_battle()
        assert not wizard.open_button.isVisible(), "dice only: no arrow is left open for a tabletop game"
        wizard.pages["arrow"].choose("B1", "C1")
        wizard.next()
        commit = wizard.pages["commit"]
        assert not commit.defender.isEnabled(), "the computer defends"
        wizard.next()  # nothing ticked: refused, and the computer's defence is not chosen (so not seen) yet
        assert wizard.page_name == "commit" and "at least one ground troop" in commit.problem.text()
        assert commit.problem.styleSheet() == ink.refusal_style()
        assert commit.defender.troops() == () and commit.defender.sortie.currentData() is None
        commit.attacker.tick("IT-INF-1")
        assert commit.attacker.sortie.isEnabled(), "one troop ticked: the second may be the sortie"
        commit.attacker.choose_sortie("italian")
        assert not commit.attacker.boxes["IT-CARRI"].isEnabled(), "a sortie is the second troop (rule 1.4)"
        commit.attacker.choose_sortie(None)
        commit.attacker.tick("IT-CARRI")
        assert not commit.attacker.sortie.isEnabled(), "two troops ticked: no room for a sortie"
        before = commit.odds.text()
        assert "against the defence the computer will commit when you press Next (GR-INF-1)" in before, before
        assert "+1 IT-INF-1 +1 IT-CARRI" in before and "+2 GR-INF-1" in before, "both bonuses, factor by factor"
        odds = arrow_odds(
            made.session.scenario,
            made.session.state,
            "B1",
            "C1",
            Commitment(("IT-INF-1", "IT-CARRI")),
            Commitment(("GR-INF-1",)),
        ).odds
        undefended = arrow_odds(
            made.session.scenario, made.session.state, "B1", "C1", Commitment(("IT-INF-1", "IT-CARRI")), Commitment()
        ).odds
        assert f"the Axis win {float(odds.attacker_win):.0%}, draw {float(odds.draw):.0%}" in before
        assert f"If the Allies commit nothing: the Axis win {float(undefended.attacker_win):.0%}." in before
        assert odds.attacker_win < undefended.attacker_win, "a defended area is harder to take than an empty one"
        wizard.next()
        assert commit.defender.troops() == ("GR-INF-1",), "the computer commits the defence the odds assumed"
        assert commit.defender.note.text().startswith("The computer's choice. It defends C1 Ioannina with GR-INF-1")
        result = wizard.pages["result"]
        assert result.wargame.isChecked() and not result.tabletop.isEnabled()
        against = result.outcome.text()
        assert "the Allies GR-INF-1 (the computer's choice). It defends C1" in against, against
        assert "+2 GR-INF-1" in against, "the odds against its defence"
        assert f"win {float(odds.attacker_win):.0%}, draw {float(odds.draw):.0%}" in against
        result.attacker_mod.setValue(2)  # a situation modifier typed: the odds take it in
        helped = arrow_odds(
            made.session.scenario,
            made.session.state,
            "B1",
            "C1",
            Commitment(("IT-INF-1", "IT-CARRI")),
            Commitment(("GR-INF-1",)),
            modifiers=(2, 0),
        ).odds
        against = result.outcome.text()
        assert "With the situation modifiers +2 / +0" in against and "+2 situation" in against, against
        assert f"win {float(helped.attacker_win):.0%}" in against and helped.attacker_win > odds.attacker_win
        result.attacker_mod.setValue(0)
        wizard.back()
        assert commit.attacker.troops() == ("IT-INF-1", "IT-CARRI"), "Back keeps the player's ticks"
        wizard.next()
        assert commit.defender.troops() == ("GR-INF-1",)
        result.attacker_die.set_value(6)
        result.defender_die.set_value(1)
        rolled = result.outcome.text()
        assert "Result" in rolled and "It defends C1 Ioannina with GR-INF-1" in rolled, "its reason stays in sight"
        wizard.next()
        for die in wizard.pages["destroy"].dice.values():
            die.set_value(1)
        wizard.next()
        if wizard.page_name == "retreat":
            assert not next(iter(wizard.pages["retreat"].choices.values())).isEnabled(), "the computer retreats"
            wizard.next()
        while wizard.page_name != "summary":
            wizard.next()
        summary = wizard.pages["summary"].text.text()
        assert "The computer's choice: defends C1 Ioannina with GR-INF-1" in summary, summary
        wizard.record()
        assert made.campaign.state.control["C1"] == "axis"
        # Turn 2 (after B2 → C2): the computer places the Greek reinforcements itself.
        wizard = made.battle_menu.new_battle()
        wizard.pages["arrow"].choose("B2", "C2")
        wizard.next()
        wizard.pages["commit"].attacker.tick("IT-ALPINI")
        wizard.next()
        wizard.pages["result"].attacker_die.set_value(1)
        wizard.pages["result"].defender_die.set_value(6)
        wizard.next()
        for die in wizard.pages["destroy"].dice.values():
            die.set_value(1)
        wizard.next()
        wizard.record()
        made.menu_actions[MenuAction.END_TURN].trigger()
        made.menu_actions[MenuAction.START_TURN].trigger()
        asked = made.turn_menu.start_dialog
        assert asked.extraSpin.value() == 0 and "The computer (Allies) agrees to none" in asked.extraNote.text()
        assert asked.valueEdit.isReadOnly() and "the app rolls the battle count" in asked.explanation.text()
        asked.valueEdit.setText("3")  # even were a die put in the box: against the computer the app rolls
        asked.buttons.accepted.emit()
        qtbot.waitUntil(lambda: not any(t.startswith("GR") for t in made.campaign.state.waiting_zone), timeout=5000)
        started = next(r for r in reversed(made.campaign.records) if r["type"] == "start_turn")
        assert started["rolled_by_app"] == ["dice.0"], "the battle-count die is the app's"
        assert any(t.startswith("IT") for t in made.campaign.state.waiting_zone), "the Italians are the player's"
    finally:
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget is not made:
                widget.close()
        made.close()


def test_the_computer_attacks_and_says_so(qtbot, tmp_path):
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        assert "the computer plays the Axis" in made.windowTitle()
        made.menu_actions[MenuAction.START_TURN].trigger()
        wizard = made.battle_menu.new_battle()
        arrow = wizard.pages["arrow"]
        assert not arrow.arrows.isEnabled() and arrow.chosen() is not None, "the computer places its arrow"
        assert "played by the computer: this is its arrow. It attacks" in arrow.problem.text(), "and says why"
        assert arrow.problem.styleSheet() == MessageLine.INFORMATION, "as news, not in a refusal's red"
        wizard.next()
        commit = wizard.pages["commit"]
        assert not commit.attacker.isEnabled() and commit.attacker.troops(), "the computer commits its attackers"
        assert commit.attacker.note.text().startswith("The computer's choice. It attacks C1 Ioannina from B1 with")
        assert commit.attacker.note.isVisibleTo(commit), "its reason is in sight"
        palette = commit.attacker.note.palette()
        assert palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText) == palette.color(
            QPalette.ColorGroup.Active, QPalette.ColorRole.WindowText
        ), "and in the text's own colour, though its ticks are greyed out"
        assert commit.defender.isEnabled() and "commit nothing" not in commit.odds.text(), "the player defends"
    finally:
        made.close()


def test_a_battle_kept_for_later_keeps_the_computer_s_reasons(qtbot, tmp_path):
    """The computer's arrow, put away with the battle being entered and taken up again, is the
    same arrow with the same reason, and the battle recorded carries it."""
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.menu_actions[MenuAction.START_TURN].trigger()
        wizard = made.battle_menu.new_battle()
        said = wizard.pages["arrow"].problem.text()
        chosen = wizard.pages["arrow"].chosen()
        assert "It attacks" in said
        wizard.next()
        wizard.keep_for_later()
        kept = made.session.kept_entry()
        assert kept is not None and kept.computer_reasons["arrow"].startswith("attacks C1 Ioannina")

        wizard = made.battle_menu.carry_on(kept)
        assert wizard.page_name == "commit"
        wizard.back()
        assert wizard.pages["arrow"].chosen() == chosen and wizard.pages["arrow"].problem.text() == said
        assert "It attacks C1 Ioannina" in wizard.pages["commit"].attacker.note.text()
        assert wizard.draft.final_action().reason.startswith("attacks C1 Ioannina")
    finally:
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget is not made:
                widget.close()
        made.close()


def test_the_computer_s_advance_on_turn_one_leaves_a_troop_for_the_other_fixed_battle(qtbot, tmp_path):
    """Turn 1, the computer attacking B1 → C1 and winning: its advance may not empty B2, where
    the fixed battle B2 → C2 is still to be fought (RULES.md 1.5); the wizard offers only what the
    engine accepts, so Next goes on and the battle is recorded."""
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.menu_actions[MenuAction.START_TURN].trigger()
        wizard = made.battle_menu.new_battle()
        assert wizard.pages["arrow"].chosen() == ("B1", "C1")
        wizard.next()
        wizard.next()
        wizard.pages["result"].attacker_die.set_value(6)
        wizard.pages["result"].defender_die.set_value(1)
        wizard.next()
        for die in wizard.pages["destroy"].dice.values():
            die.set_value(1)
        wizard.next()
        if wizard.page_name == "retreat":
            wizard.next()
        assert wizard.page_name == "advance"
        wizard.next()
        assert wizard.page_name == "summary", wizard.pages["advance"].problem.text()
        wizard.record()
        state = made.campaign.state
        assert state.control["C1"] == "axis" and any(t for t in state.troops_in("B2") if t.startswith("IT"))
        logged = made.campaign.records[-1]
        assert logged["by_computer"] is True and logged["reason"].startswith("attacks C1 Ioannina from B1"), logged
        words = made.campaign.history()[-1].events
        assert words[-1].startswith("The computer's choice: attacks C1 Ioannina"), "the history says why"
    finally:
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget is not made:
                widget.close()
        made.close()


def test_against_the_computer_the_result_page_asks_to_roll_never_to_type(qtbot, tmp_path):
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("allied", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.menu_actions[MenuAction.START_TURN].trigger()
        wizard = made.battle_menu.new_battle()
        assert wizard.pages["arrow"].choose("B1", "C1")
        wizard.next()
        wizard.pages["commit"].attacker.tick("IT-INF-1")
        wizard.next()
        result = wizard.pages["result"]
        assert wizard.page_name == "result", wizard.page.problem.text()
        assert result.attacker_die.app_only, "against the computer no die can be typed"
        assert result.outcome.text().endswith("Press Roll for each die."), result.outcome.text()
        wizard.next()
        assert wizard.page_name == "result"
        assert result.problem.text() == "Roll both General's Wargame dice (press Roll beside each)."
    finally:
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget is not made:
                widget.close()
        made.close()


def _fits(wizard, window) -> None:
    """The wizard's page lies inside the 1280×800 window, and nothing on it is cut sideways."""
    inside = window.frameGeometry().contains(wizard.frameGeometry())
    assert inside, f"the {wizard.page_name} page: {wizard.frameGeometry()} overflows {window.frameGeometry()}"
    assert wizard.scroller.horizontalScrollBar().maximum() == 0, f"the {wizard.page_name} page is wider than the wizard"


@pytest.mark.parametrize("computer", ["allied", "axis"])
def test_the_battle_wizard_against_the_computer_fits_the_window(qtbot, tmp_path, computer):
    made = MainWindow(remember=False, choose_wargame=lambda parent: (computer, tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.resize(1280, 800)
    made.show()
    qtbot.waitExposed(made)
    try:
        made.wargame_actions.new_wargame()
        made.menu_actions[MenuAction.START_TURN].trigger()
        wizard = made.battle_menu.new_battle()
        qtbot.waitExposed(wizard)
        _fits(wizard, made)
        if computer == "allied":
            wizard.pages["arrow"].choose("B1", "C1")
        wizard.next()
        if computer == "allied":
            wizard.pages["commit"].attacker.tick("IT-INF-1", "IT-CARRI")
        wizard.pages["commit"].mission.set_value(3)
        qtbot.wait(10)  # the page's new words laid out
        _fits(wizard, made)
        wizard.next()
        result = wizard.pages["result"]
        result.attacker_die.set_value(6)
        result.defender_die.set_value(1)
        _fits(wizard, made)
        wizard.next()
        for die in wizard.pages["destroy"].dice.values():
            die.set_value(1)
        _fits(wizard, made)
        for _ in range(3):  # retreat and advance when the battle asks for them, then the summary
            if wizard.page_name == "summary":
                break
            wizard.next()
            _fits(wizard, made)
        assert wizard.page_name == "summary"
    finally:
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget is not made:
                widget.close()
        made.close()


def _wargame_at_the_ceiling(path, extra: int):
    """A General's Wargame file for two players: turn 1 and turn 2 played by the computer on both
    sides, turn 2 begun with the battle-count d6 1 (4 battles) and `extra` agreed, its battles all
    fought; the turn is not ended."""
    from campaign_manager.engine import legal
    from campaign_manager.engine.actions import StartTurn
    from campaign_manager.engine.driver import TurnDriver
    from campaign_manager.engine.players import ComputerPolicy
    from campaign_manager.store.campaign_file import CampaignFile

    with CampaignFile.create(path, play="wargame") as made:
        sc = made.scenario
        driver = TurnDriver(sc, {side: ComputerPolicy(3) for side in sc.sides}, 3)
        st, done = driver.play(made.state, to="end-of-turn")
        made.apply([a.action for a in done] + [StartTurn((1,), extra_battles=extra)])
        st, moves = made.state, []
        while not legal.turn_must_end(st):
            found = driver.step(st)
            moves.append(found.record)
            st = found.state
        made.apply(made.read_actions(moves))
        return made.state


def test_a_wargame_turn_at_its_agreed_battles_must_end(make_window, tmp_path):
    path = tmp_path / "two.campaign"
    state = _wargame_at_the_ceiling(path, extra=1)
    assert state.battles_fought == 5
    window = make_window(path, remember=False)
    headline = window.view.panel.headline.text()
    assert "5 battles this turn (4 rolled, 1 extra agreed), 5 fought so far" in headline, headline
    assert "end the turn (Turn ▸ End the turn)" in headline, headline
    assert window.battle_menu.new_battle() is None and window.battle_menu.wizard is None
    said = window.statusBar().currentMessage()
    assert said.startswith("No battle can begin now. Rule 1.5: turn 2 has 5 battles") and "the turn ends" in said, said


def test_the_start_turn_dialog_of_a_wargame_asks_for_the_extra_battles(make_window, tmp_path):
    from campaign_manager.store.campaign_file import CampaignFile

    path = tmp_path / "two.campaign"
    _wargame_at_the_ceiling(path, extra=0)
    with CampaignFile.open(path) as campaign:
        campaign.apply(campaign.read_actions([{"type": "end_turn"}]))
    window = make_window(path, remember=False)
    window.menu_actions[MenuAction.START_TURN].trigger()
    asked = window.turn_menu.start_dialog
    assert asked.extraSpin.value() == 0 and "then it ends" in asked.extraNote.text()
    assert "computer" not in asked.extraNote.text(), "two players at one screen"
    asked.valueEdit.setText("2")
    asked.extraSpin.setValue(2)
    asked.buttons.accepted.emit()
    state = window.campaign.state
    assert (state.turn, state.battles_required, state.extra_battles, state.battle_ceiling) == (3, 3, 2, 5)


def test_what_if_follows_my_arrows_placed_in_a_plan(qtbot, tmp_path):
    """In a plan on a scratch copy of a General's Wargame against the computer, an arrow may wait
    with its troops (the result to come); What if then offers my side following it."""
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("allied", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.menu_actions[MenuAction.START_TURN].trigger()
        assert not made.session.plan
        scratch = made.wargame_actions.try_a_plan()
        assert scratch.session.plan
        wizard = scratch.battle_menu.new_battle()
        wizard.pages["arrow"].choose("B1", "C1")
        wizard.next()
        wizard.pages["commit"].attacker.tick("IT-INF-1", "IT-CARRI")
        assert wizard.open_button.isVisible(), "in a plan an arrow may wait for its result"
        wizard.leave_open()
        assert [(a.origin, a.target) for a in scratch.session.state.open_arrows] == [("B1", "C1")]
        dialog = scratch.wargame_actions.what_if()
        assert dialog.origin.text().startswith("This plan (a scratch copy): turn 1")
        dialog.who.setCurrentIndex(dialog.who.findData("axis"))
        offered = dialog.who.currentText()
        assert "The Axis follow the arrow on the map this turn; the computer plays the Allies" in offered
        dialog.count.setValue(8)
        dialog.to.setCurrentIndex(dialog.to.findData("end-of-turn"))
        dialog.run(threaded=False)
        assert dialog.answer.plan.arrows == (PlannedArrow("B1", "C1", 1.0),), "turn 1's arrows are fixed"
        assert "The plan's arrows were fought: B1 → C1 in 100% of the playouts." in dialog.objectives.text()
        assert not made.session.state.open_arrows, "the real campaign is untouched"
    finally:
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget is not made:
                widget.close()
        made.close()


def test_against_the_computer_the_planning_dialog_offers_only_my_troops_and_follows_its_moves(qtbot, tmp_path):
    """Playing the Allies against the computer: Turn ▸ Place and redeploy offers the Allied troops
    only (the computer moves its own), and it follows every change to the campaign while open: a
    troop placed on the map is no longer called waiting."""
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.campaign.apply(made.campaign.read_actions(TURN_1_BEATEN_OFF + [{"type": "start_turn", "dice": [4]}]))
        made.refresh()
        made.menu_actions[MenuAction.PLACE_AND_REDEPLOY].trigger()
        dialog = made.turn_menu.planning.ui
        offered = [dialog.troopCombo.itemData(i) for i in range(dialog.troopCombo.count())]
        assert offered and all(made.session.scenario.troops[t].nation == "greek" for t in offered), offered
        dialog.troopCombo.setCurrentIndex(dialog.troopCombo.findData("GR-INF-8"))
        dialog.areaCombo.setCurrentIndex(dialog.areaCombo.findData("D1"))
        dialog.recordButton.click()
        assert made.session.try_record([Place("GR-INF-9", "D1")]) is None  # dragged on the map instead
        qtbot.waitUntil(lambda: made.campaign.state.where["IT-INF-4"] in made.session.scenario.areas)
        words = [dialog.troopCombo.itemText(i) for i in range(dialog.troopCombo.count())]
        assert not [w for w in words if "waiting" in w], words  # GR-INF-9 and the computer's are placed
        assert not [w for w in words if w.startswith("IT-")], "the computer's troops are its own to move"
    finally:
        made.close()


def test_the_record_page_says_the_computer_s_reason_when_nobody_moves(qtbot, tmp_path):
    """The computer's attack beaten off: no retreat, no advance. The Record page still says what
    the history will say, the computer's reason included."""
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.menu_actions[MenuAction.START_TURN].trigger()
        wizard = made.battle_menu.new_battle()
        wizard.next()
        wizard.pages["commit"].defender.tick("GR-INF-1")
        wizard.next()
        wizard.pages["result"].attacker_die.set_value(1)
        wizard.pages["result"].defender_die.set_value(6)
        wizard.next()
        for die in wizard.pages["destroy"].dice.values():
            die.set_value(1)
        wizard.next()
        assert wizard.page_name == "summary"
        shown = wizard.pages["summary"].text.text()
        wizard.record()
        assert made.campaign.history()[-1].events[-1].startswith("The computer's choice: attacks C1 Ioannina")
        assert "The computer's choice: attacks C1 Ioannina" in shown, shown
    finally:
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget is not made:
                widget.close()
        made.close()


def test_what_if_says_who_holds_each_objective_now_not_at_the_campaign_s_start(window):
    """An objective taken during the campaign: the playouts start from now, so the words name who
    holds it now (never "at the start", which a general reads as the campaign's set-up)."""
    sc = window.session.scenario
    answer = an_answer(held_at_start={"B1": "allied", "F2": "allied"}, objectives={"B1": 0.72, "F2": 0.26})
    said = objective_words(sc, answer)
    assert said.startswith("How often each objective ended with the other side: B1 Vlore, held by the Allies now, 72%")
    assert "at the start" not in said and "F2 Athens, held by the Allies now, 26%" in said, said


def test_undo_against_the_computer_takes_back_its_moves_with_mine(qtbot, tmp_path):
    """Turn 2 against the computer: my two Greek placements let the computer place its three
    Italians at once. Undo takes back the computer's placements with my last one (undoing only
    the computer's last one would have it place again at once: Undo would go nowhere); then the
    computer waits for my placement again, and placing it again brings the computer's back."""
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.campaign.apply(made.campaign.read_actions(TURN_1_BEATEN_OFF + [{"type": "start_turn", "dice": [4]}]))
        made.refresh()
        assert made.session.try_record([Place("GR-INF-8", "D1")]) is None
        assert made.session.try_record([Place("GR-INF-9", "D1")]) is None
        areas = made.session.scenario.areas
        qtbot.waitUntil(lambda: all(made.campaign.state.where[t] in areas for t in ("IT-INF-4", "IT-INF-5")))
        made.undo()
        qtbot.wait(50)  # the computer would act here, were it its move
        where = made.campaign.state.where
        assert where["GR-INF-9"] not in areas and where["GR-INF-8"] == "D1", "my last placement is taken back"
        assert not [t for t in ("IT-INF-4", "IT-INF-5") if where[t] in areas], "and the computer's with it"
        assert made.campaign.records[-1] == {"type": "place", "troop": "GR-INF-8", "area": "D1"}
        assert made.session.try_record([Place("GR-INF-9", "B3")]) is None
        qtbot.waitUntil(lambda: made.campaign.state.where["IT-INF-5"] in areas)
    finally:
        made.close()


def test_each_wizard_page_opens_at_its_top(qtbot, tmp_path):
    """A page taller than the wizard scrolls (many troops to commit); scrolled down to the odds,
    Next opens the next page at its top, its title and rule in sight, never where the last
    page was left."""
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.menu_actions[MenuAction.START_TURN].trigger()
        wizard = made.battle_menu.new_battle()
        wizard.resize(wizard.width(), 260)
        wizard.next()
        wizard.pages["commit"].defender.tick("GR-INF-1")
        bar = wizard.scroller.verticalScrollBar()
        qtbot.waitUntil(lambda: bar.maximum() > 0)
        bar.setValue(bar.maximum())
        wizard.next()
        assert wizard.page_name == "result"
        QApplication.processEvents()
        assert wizard.scroller.verticalScrollBar().value() == 0, "the result page opens at its top"
    finally:
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget is not made:
                widget.close()
        made.close()


def test_against_the_computer_undo_is_greyed_out_over_the_app_s_final_dice(qtbot, tmp_path):
    """The last action holds dice the app rolled (a battle against the computer): Edit ▸ Undo is
    not offered (it could only be refused) and says why; once an action without them follows,
    it is offered again."""
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        battle = dict(TURN_1_BEATEN_OFF[1], rolled_by_app=["wargame.attacker_die", "wargame.defender_die"])
        made.campaign.apply(made.campaign.read_actions([TURN_1_BEATEN_OFF[0], battle]))
        made.session.changed.emit()  # as every change to the campaign does
        made.refresh()
        undo = made.menu_actions[MenuAction.UNDO]
        assert not made.session.can_undo() and not undo.isEnabled(), "the app's dice are final against the computer"
        assert "is final (the app rolled its dice)" in undo.text() and "B1 → C1" in undo.text(), undo.text()
        made.campaign.apply(made.campaign.read_actions([TURN_1_BEATEN_OFF[2]]))
        made.session.changed.emit()
        made.refresh()
        assert made.session.can_undo() and undo.isEnabled() and undo.text().startswith("&Undo battle B2 → C2"), (
            undo.text()
        )
    finally:
        made.close()


def test_against_the_computer_its_counters_on_the_map_are_its_own_to_move(qtbot, tmp_path):
    """Turn 2, the Italians' turn to redeploy, playing the Allies against the computer: the
    Italian counters are not draggable, their menu offers no move and says why, and a waiting
    Italian dragged from the list and dropped on the map is refused."""
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.campaign.apply(made.campaign.read_actions(TURN_1_BEATEN_OFF + [{"type": "start_turn", "dice": [4]}]))
        made.session.changed.emit()
        view = made.map_view
        counters = {troop: counter for counter in view.map_scene.counters for troop in counter.troops}
        assert not counters["IT-INF-1"].movable and not counters["IT-ALPINI"].movable, "the computer's"
        menu = view.troop_menu(["IT-INF-4"])
        words = [action.text() for action in menu.actions()]
        assert not menu.actions()[0].isEnabled() and any("is the computer's" in w for w in words), words
        refused: list[str] = []
        dropped: list[tuple[str, str]] = []
        view.moveRefused.connect(refused.append)
        view.troopDropped.connect(lambda troop, area: dropped.append((troop, area)))
        data = QMimeData()
        data.setData(TROOP_MIME, b"IT-INF-4")
        at = view.mapFromScene(view.map_scene.areas["B1"].sceneBoundingRect().center())
        drop = QDropEvent(
            QPointF(at), Qt.DropAction.MoveAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
        )
        view.dropEvent(drop)
        assert dropped == [] and refused and "is the computer's" in refused[-1], (dropped, refused)
    finally:
        made.close()
