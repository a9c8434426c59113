"""The battle wizard driven as an organiser would, with dice typed in: only legal arrows and
troops are offered, a retreat is chosen when the engine asks, the advance follows, and the
battle is recorded as one action with every die."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from campaign_manager.engine import legal
from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN
from tests.ui.windows import the_log

DATA = FULL_CAMPAIGN


def _arrows(wizard):
    page = wizard.pages["arrow"]
    return [tuple(page.arrows.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(page.arrows.count())]


def _turn_two_at_c2_b2_commit(open_window):
    """Turn 2 planned, the Allies winning initiative 6-1: a battle wizard on the commit page of
    the C2→B2 arrow."""
    window = open_window(DATA["turn 1"] + [{"type": "start_turn", "dice": [4]}] + DATA["turn 2"][1:7])
    wizard = window.battle_menu.new_battle()
    wizard.pages["initiative"].dice["allied"].set_value(6)
    wizard.pages["initiative"].dice["axis"].set_value(1)
    wizard.next()
    wizard.pages["arrow"].choose("C2", "B2")
    wizard.next()
    return window, wizard


def test_a_fixed_turn_one_battle_with_a_retreat_choice_and_an_advance(open_window):
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    assert wizard.page_name == "arrow", "turn 1 has fixed battles: no initiative"
    assert _arrows(wizard) == [("B1", "C1"), ("B2", "C2")]
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    commit = wizard.pages["commit"]
    assert set(commit.attacker.boxes) == {"IT-INF-1", "IT-INF-2", "IT-CARRI"}
    assert set(commit.defender.boxes) == {"GR-INF-1"}
    commit.attacker.tick("IT-INF-1", "IT-CARRI")
    assert not commit.attacker.boxes["IT-INF-2"].isEnabled(), "two troops at most (rule 1.4)"
    commit.defender.tick("GR-INF-1")
    commit.mission.set_value(3)
    assert commit.mission_name.text() == "Hold the Line"
    wizard.next()
    assert wizard.page_name == "result"
    wizard.pages["result"].set_games((5, 2))
    wizard.next()
    destroy = wizard.pages["destroy"]
    assert list(destroy.dice) == ["GR-INF-1"], "the Greeks' 2 VP roll nothing; the Axis' 5 VP destroy on 5+"
    destroy.dice["GR-INF-1"].set_value(4)
    wizard.next()
    assert wizard.page_name == "retreat"
    retreat = wizard.pages["retreat"]
    combo = retreat.choices[""]
    assert [combo.itemData(i) for i in range(combo.count())] == ["C2", "D1", "D2"]
    combo.setCurrentIndex(1)
    wizard.next()
    assert wizard.page_name == "advance"
    advance = wizard.pages["advance"]
    assert {t for t, box in advance.boxes.items() if box.isChecked()} == {"IT-INF-1", "IT-CARRI"}
    advance.boxes["IT-ALPINI"].setChecked(True)
    advance.boxes["IT-INF-3"].setChecked(True)
    wizard.next()
    assert "B2→C2 is still to be fought" in wizard.pages["advance"].problem.text(), "RULES.md 1.5 turn 1"
    advance.boxes["IT-INF-3"].setChecked(False)
    wizard.next()
    assert wizard.page_name == "summary"
    wizard.record()
    record = window.campaign.records[-1]
    assert record == {
        "type": "battle",
        "from": "B1",
        "to": "C1",
        "attacker": {"troops": ["IT-INF-1", "IT-CARRI"]},
        "defender": {"troops": ["GR-INF-1"]},
        "games": [{"attacker_vp": 5, "defender_vp": 2}],
        "destroy_dice": {"GR-INF-1": 4},
        "retreat_to": "D1",
        "advance": ["IT-CARRI", "IT-INF-1", "IT-ALPINI"],
        "mission_die": 3,
    }
    assert window.campaign.state.control["C1"] == "axis"
    assert window.map_view.map_scene.areas["C1"].brush().color().name() == "#f0cfc4"


def test_a_two_game_arrow_left_open_then_resolved_from_the_battle_menu(open_window):
    window = open_window(DATA["turn 1"] + [{"type": "start_turn", "dice": [4]}] + DATA["turn 2"][1:7])
    wizard = window.battle_menu.new_battle()
    assert wizard.page_name == "initiative"
    initiative = wizard.pages["initiative"]
    initiative.dice["allied"].set_value(3)
    initiative.dice["axis"].set_value(3)
    assert "Allies win the initiative" in initiative.outcome.text(), "the Greeks win ties on turn 2"
    wizard.next()
    assert _arrows(wizard) == legal.legal_arrows(window.campaign.scenario, window.campaign.state, "allied")
    wizard.pages["arrow"].choose("C2", "B2")
    wizard.next()
    wizard.pages["commit"].attacker.tick("GR-INF-2", "GR-INF-8")
    wizard.pages["commit"].defender.tick("IT-INF-3")
    wizard.leave_open()
    arrow = window.campaign.state.open_arrows[0]
    assert (arrow.origin, arrow.target, arrow.initiative_dice) == ("C2", "B2", (3, 3))
    assert "GR-INF-2" in window.view.panel.off_map.text() or "C2 → B2" in window.view.panel.off_map.text()
    resolve = window.menu_actions.submenu(MenuAction.RESOLVE_BATTLE).actions()
    assert [a.text() for a in resolve] == ["C2 Kastoria → B2 Korce (Corizza)"]
    resolve[0].trigger()
    wizard = window.battle_menu.wizard
    assert wizard.page_name == "result"
    wizard.pages["result"].add_game()
    wizard.pages["result"].set_games((4, 2), (3, 3))  # 7–5 over two games, averages 3–2
    wizard.next()
    assert set(wizard.pages["destroy"].dice) == {"IT-INF-3"}
    wizard.pages["destroy"].dice["IT-INF-3"].set_value(1)
    wizard.next()
    assert wizard.page_name == "retreat"
    assert [wizard.pages["retreat"].choices[""].itemData(i) for i in range(2)] == ["A1", "B1"]
    wizard.next()
    assert wizard.page_name == "advance"
    wizard.next()
    wizard.record()
    assert window.campaign.records[-1]["games"] == [
        {"attacker_vp": 4, "defender_vp": 2},
        {"attacker_vp": 3, "defender_vp": 3},
    ]
    assert window.campaign.state.control["B2"] == "allied" and not window.campaign.state.open_arrows


def test_an_open_arrow_can_be_abandoned(open_window):
    window = open_window(
        DATA["turn 1"]
        + [{"type": "start_turn", "dice": [4]}]
        + DATA["turn 2"][1:7]
        + [
            {
                "type": "battle",
                "from": "C2",
                "to": "B2",
                "initiative_dice": [4, 2],
                "attacker": {"troops": ["GR-INF-2"]},
                "defender": {"troops": []},
            }
        ]
    )
    window.menu_actions.submenu(MenuAction.ABANDON_BATTLE).actions()[0].trigger()
    assert window.campaign.records[-1] == {"type": "abandon", "from": "C2", "to": "B2"}
    assert not window.menu_actions.submenu(MenuAction.RESOLVE_BATTLE).isEnabled()


def test_a_refusal_is_taken_down_once_the_page_is_changed(open_window):
    """Next with no ground troop is refused (rule 1.4); ticking one takes the refusal down."""
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    commit = wizard.pages["commit"]
    wizard.next()
    assert "1.4" in commit.problem.text() and wizard.page_name == "commit"
    commit.attacker.tick("IT-INF-1")
    assert commit.problem.text() == ""


def test_the_first_page_has_no_back(open_window):
    """Opened on the arrow page (turn 1) or on an open arrow's result, Back has nowhere to go."""
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    assert wizard.page_name == "arrow" and not wizard.back_button.isEnabled()
    wizard.close()
    window = open_window(
        DATA["turn 1"]
        + [{"type": "start_turn", "dice": [4]}]
        + DATA["turn 2"][1:7]
        + [
            {
                "type": "battle",
                "from": "C2",
                "to": "B2",
                "initiative_dice": [4, 2],
                "attacker": {"troops": ["GR-INF-2"]},
                "defender": {"troops": []},
            }
        ]
    )
    wizard = window.battle_menu.resolve(window.campaign.state.open_arrows[0])
    assert wizard.page_name == "result" and not wizard.back_button.isEnabled()
    wizard.back()
    assert wizard.page_name == "result"


def test_a_general_s_wargame_battle_with_typed_dice(open_window):
    window, wizard = _turn_two_at_c2_b2_commit(open_window)
    wizard.pages["commit"].attacker.tick("GR-INF-2", "GR-INF-8")
    wizard.pages["commit"].defender.tick("IT-INF-3")
    wizard.next()
    result = wizard.pages["result"]
    result.wargame.setChecked(True)
    wizard.next()
    assert "Type both" in result.problem.text() and wizard.page_name == "result"
    result.attacker_die.set_value(5)
    result.defender_die.set_value(4)
    assert "totals 9–5" in result.outcome.text()  # 5 + 2 + 2 against 4 + 1 (rough)
    wizard.next()
    assert wizard.pages["destroy"].dice["IT-INF-3"].parent() is not None
    wizard.pages["destroy"].dice["IT-INF-3"].set_value(6)
    wizard.next()
    wizard.pages["retreat"].choices[""].setCurrentIndex(0)
    wizard.next()
    wizard.next()
    wizard.record()
    record = window.campaign.records[-1]
    assert record["wargame"] == {"attacker_die": 5, "defender_die": 4, "attacker_modifier": 0, "defender_modifier": 0}
    assert record["destroy_dice"] == {"IT-INF-3": 6}
    assert window.campaign.state.where["IT-INF-3"] == "pool"


def test_a_forced_illegal_commitment_is_refused_with_the_file_unchanged(open_window):
    window = open_window([{"type": "start_turn"}])
    path = window.campaign.path
    before = the_log(path)
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    wizard.next()  # no attacker ticked
    assert "Rule 1.4" in wizard.pages["commit"].problem.text() and wizard.page_name == "commit"
    wizard.leave_open()
    assert "Rule 1.4" in wizard.pages["commit"].problem.text()
    assert the_log(path) == before, "nothing recorded (what was entered is kept beside the log, not in it)"


def _to_turn_four() -> list[dict]:
    """A seeded random campaign's log up to the start of turn 4."""
    from campaign_manager.engine.playout import play
    from campaign_manager.scenario import load_scenario

    records = []
    for applied in play(load_scenario(), seed=7):
        records.append(applied.record)
        if applied.record["type"] == "start_turn" and applied.state.turn == 4:
            return records
    raise AssertionError("the seeded campaign did not reach turn 4")


def _ready_for_turn_four_battles() -> list[dict]:
    """The same seeded campaign's log up to its first battle of turn 4: reinforcements placed and
    the deployment rule met, so a battle may begin (legal.first_battle_refusal)."""
    from campaign_manager.engine.playout import play
    from campaign_manager.scenario import load_scenario

    records = []
    for applied in play(load_scenario(), seed=7):
        if applied.record["type"] in ("battle", "initiative") and applied.state.turn == 4:
            return records
        records.append(applied.record)
    raise AssertionError("the seeded campaign fought no battle on turn 4")


def test_the_hurricane_warns_before_it_is_spent_for_nothing(open_window):
    window = open_window(_ready_for_turn_four_battles())
    wizard = window.battle_menu.new_battle()
    wizard.pages["initiative"].dice["axis"].set_value(6)
    wizard.pages["initiative"].dice["allied"].set_value(1)
    wizard.next()
    wizard.pages["arrow"].choose(*_arrows(wizard)[0])
    wizard.next()
    commit = wizard.pages["commit"]
    commit.defender.choose_sortie("british")
    assert "RAF Hurricane adds nothing" in commit.warning.text()
    commit.attacker.choose_sortie("german")
    assert commit.warning.text() == "", "against a Stuka the Hurricane adds its +1 (RULES.md 1.3)"


def test_the_arrow_is_chosen_by_clicking_the_map_beside_a_wizard_that_leaves_it_free(open_window, qtbot):
    from PySide6.QtCore import QPoint, QPointF

    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    assert not wizard.isModal(), "the map stays clickable while the wizard is open"
    view = window.map_view
    assert {c for c, a in view.map_scene.areas.items() if a.pen().width() > 3} == {"B1", "B2"}, (
        "the areas an arrow may start from are marked"
    )

    def click(code):
        at = view.mapFromScene(QPointF(*view.map_scene.anchor(code)) + QPointF(0, 75))  # inside, below the counters
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(at.x(), at.y()))

    click("C2")
    assert "No battle arrow of the Axis starts from C2" in wizard.pages["arrow"].problem.text()
    click("B2")
    click("C2")
    assert wizard.pages["arrow"].chosen() == ("B2", "C2")


def test_clicking_a_counter_picks_its_area_and_the_wizard_says_what_to_click_next(open_window, qtbot):
    from PySide6.QtCore import QPoint

    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    view = window.map_view
    counter = next(c for c in view.map_scene.counters if "IT-INF-1" in c.troops)
    at = view.mapFromScene(counter.sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(at.x(), at.y()))
    problem = wizard.pages["arrow"].problem
    assert problem.text() == "From B1 Vlore: now click the area to attack (C1 Ioannina)."
    assert {c for c, a in view.map_scene.areas.items() if a.pen().width() > 3} == {"B1", "C1"}
    counter = next(c for c in view.map_scene.counters if "GR-INF-1" in c.troops)
    at = view.mapFromScene(counter.sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(at.x(), at.y()))
    assert wizard.pages["arrow"].chosen() == ("B1", "C1") and problem.text() == ""


def test_the_wizard_notices_when_the_campaign_changes_under_it(open_window):
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    window.menu_actions[MenuAction.UNDO].trigger()
    assert "changed meanwhile" in wizard.pages["arrow"].problem.text()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    wizard.pages["commit"].attacker.tick("IT-INF-1")
    wizard.next()
    assert "Rule 1.1" in wizard.pages["commit"].problem.text(), "turn 1 was undone: the engine refuses the battle"
    assert window.campaign.records == []


def test_the_odds_follow_the_ticked_troops(open_window):
    from fractions import Fraction

    window, wizard = _turn_two_at_c2_b2_commit(open_window)
    commit = wizard.pages["commit"]
    assert "Tick the attacking troops" in commit.odds.text()
    commit.attacker.tick("GR-INF-2")
    one = commit.odds.text()
    commit.attacker.tick("GR-INF-8")
    two = commit.odds.text()
    assert one != two and "the Allies win" in two
    # Two Greek infantry (+4) against nobody (+0) in rough Korce: the Allies win unless 4 + a <= d.
    wins = sum(1 for a in range(1, 7) for d in range(1, 7) if a + 4 > d)
    assert f"the Allies win {float(Fraction(wins, 36)):.0%}" in two
    commit.defender.tick("IT-INF-3")
    assert commit.odds.text() != two


def test_a_die_box_refuses_what_a_die_cannot_show_and_says_so(open_window, qtbot):
    """7, 0 or a letter typed in a die box is not taken, with a word beside the box; a good
    value takes the word down. Nothing is dropped without a word."""
    window, wizard, result = _to_the_wargame_dice(open_window)
    qtbot.waitExposed(wizard)
    die = result.attacker_die
    for typed, words in (
        ("7", "A d6 cannot show 7 (it shows 1 to 6)"),
        ("0", "A d6 cannot show 0 (it shows 1 to 6)"),
        ("x", "'x' is not a number; a d6 shows 1 to 6"),
    ):
        die.box.setFocus()
        die.box.selectAll()
        qtbot.keyClicks(die.box, typed)
        assert die.value() is None, f"{typed} was taken"
        assert die.problem.isVisible() and die.problem.text() == words
    die.box.selectAll()
    qtbot.keyClicks(die.box, "4")
    assert die.value() == 4 and not die.problem.isVisible()
    die.box.lineEdit().end(False)
    qtbot.keyClicks(die.box, "2")  # 42
    assert die.value() == 4 and die.problem.text() == "A d6 cannot show 42 (it shows 1 to 6)"
    die.set_value(None)
    qtbot.keyClicks(die.box, "r")  # R in the box: the keyboard's Roll
    assert die.value() in range(1, 7) and not die.problem.isVisible() and die.by_app
    assert die.roll_button.focusPolicy() == Qt.FocusPolicy.ClickFocus, "Tab goes from die to die"
    rolled = die.value()
    die.box.selectAll()
    qtbot.keyClicks(die.box, "r")  # a die the app rolled is final: R rolls it no more
    assert die.value() == rolled and die.problem.text() == "Rolled already: final"


def test_the_wizard_takes_the_keyboard_and_gives_it_back_to_the_window_when_closed(open_window, qtbot):
    from PySide6.QtWidgets import QApplication

    window = open_window([{"type": "start_turn"}])
    window.activateWindow()
    wizard = window.battle_menu.new_battle()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is wizard)  # the keyboard goes to the wizard
    wizard.reject()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def test_the_rolls_to_destroy_not_typed_are_rolled_at_once_and_typed_ones_kept(open_window):
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    commit = wizard.pages["commit"]
    commit.attacker.tick("IT-INF-1", "IT-CARRI")
    commit.defender.tick("GR-INF-1")
    wizard.next()
    wizard.pages["result"].set_games((4, 4))  # a draw: every committed troop rolls
    wizard.next()
    destroy = wizard.pages["destroy"]
    assert set(destroy.dice) == {"IT-INF-1", "IT-CARRI", "GR-INF-1"}
    destroy.dice["GR-INF-1"].set_value(2)
    rest = destroy.findChild(QPushButton, "rollRest")
    assert rest.isEnabled()
    rest.click()
    assert destroy.dice["GR-INF-1"].value() == 2, "a die typed from the table stays as typed"
    assert all(1 <= die.value() <= 6 for die in destroy.dice.values())
    assert not rest.isEnabled(), "every die given: nothing left to roll"
    before = the_log(window.campaign.path)
    wizard.next()
    assert wizard.page_name != "destroy" and the_log(window.campaign.path) == before, (
        "nothing is recorded before the battle is"
    )


def test_roll_the_rest_keeps_its_size_once_the_dice_are_rolled(open_window, qtbot):
    """Rolled, each die shows "rolled by the app" and its verdict beside it: the row grows, the
    button under the mouse does not."""
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    wizard.pages["commit"].attacker.tick("IT-INF-1", "IT-CARRI")
    wizard.pages["commit"].defender.tick("GR-INF-1")
    wizard.next()
    wizard.pages["result"].set_games((4, 4))
    wizard.next()
    destroy = wizard.pages["destroy"]
    rest = destroy.findChild(QPushButton, "rollRest")
    qtbot.waitUntil(rest.isVisible)
    before = rest.geometry()
    assert rest.width() >= rest.fontMetrics().horizontalAdvance(rest.text()), "its words fit"
    rest.click()
    qtbot.waitUntil(lambda: all(die.mark.isVisible() for die in destroy.dice.values()))
    assert destroy.verdicts["GR-INF-1"].text(), "the verdicts are beside the dice"
    destroy.layout().activate()
    assert rest.geometry() == before, "the button stays where it was, the same size"


def test_a_battle_cannot_begin_while_the_deployment_rule_is_broken(open_window):
    """Turn 2: both Greek troops redeployed out of B4 Thessaloniki. The side panel says what to
    mend, and Battle ▸ New battle refuses at once, naming the rule and the area, before any die is
    typed (the engine's own question: legal.first_battle_refusal)."""
    from tests.shared import FULL_CAMPAIGN

    window = open_window(
        FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"][:9] + [{"type": "redeploy", "troop": "GR-INF-5", "to": "B3"}]
    )
    headline = window.view.panel.headline.text()
    assert "mend this before the first battle" in headline and "B4 Thessaloniki" in headline, headline
    assert window.battle_menu.new_battle() is None and window.battle_menu.wizard is None
    said = window.statusBar().currentMessage()
    assert said.startswith("No battle can begin now. Rule 1.5:") and "B4 Thessaloniki" in said, said
    window.session.record_json([{"type": "redeploy", "troop": "GR-INF-4", "to": "B4"}])
    assert "fight the first battle (Battle ▸ New battle)" in window.view.panel.headline.text()
    assert window.battle_menu.new_battle() is not None


def test_a_battle_typed_from_the_keyboard_return_goes_on(open_window, qtbot):
    """Dice typed at the table: Return in a die's box presses the button in sight (Next, then
    Record on the last page), never a hidden one."""
    window, wizard, result = _to_the_wargame_dice(open_window)
    for die, typed in ((result.attacker_die, "6"), (result.defender_die, "1")):
        die.box.setFocus()
        die.box.selectAll()
        qtbot.keyClicks(die.box, typed)
    qtbot.keyClick(result.defender_die.box, Qt.Key.Key_Return)
    assert wizard.page_name == "destroy", "Return went on to the rolls to destroy"
    for _ in range(5):  # the rolls to destroy, then a retreat or an advance the rules may ask for
        if wizard.page_name == "summary":
            break
        for die in getattr(wizard.pages[wizard.page_name], "dice", {}).values():
            die.set_value(1)
        qtbot.keyClick(wizard, Qt.Key.Key_Return)
    assert wizard.page_name == "summary"
    before = len(window.campaign.records)
    qtbot.keyClick(wizard, Qt.Key.Key_Return)
    assert len(window.campaign.records) == before + 1, "Return on the last page records the battle"


def _to_the_wargame_dice(open_window):
    """Turn 1, B1 → C1 with IT-INF-1, up to the General's Wargame dice: (window, wizard, result page)."""
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    wizard.pages["commit"].attacker.tick("IT-INF-1")
    wizard.next()
    result = wizard.pages["result"]
    result.wargame.setChecked(True)
    return window, wizard, result


def _turn_four_commit_page(open_window, origin, target):
    """Turn 4 planned (the Greeks redeployed), the Axis winning initiative 6-1: the battle
    wizard on the commit page of origin→target."""
    window = open_window(DATA["turn 1"] + DATA["turn 2"] + DATA["turn 3"] + DATA["turn 4"][:5])
    wizard = window.battle_menu.new_battle()
    wizard.pages["initiative"].dice["axis"].set_value(6)
    wizard.pages["initiative"].dice["allied"].set_value(1)
    wizard.next()
    wizard.pages["arrow"].choose(origin, target)
    wizard.next()
    assert wizard.page_name == "commit"
    return wizard.pages["commit"]


def test_the_wizard_says_the_greeks_add_two_hmg_nests_across_the_metaxas_line(open_window):
    """RULES.md 1.3: where the battle is set up across a fortified link into an area with Greek
    troops, the wizard tells the Greek player to add two HMG nests; off the line it says nothing."""
    assert "two HMG nests" in _turn_four_commit_page(open_window, "A5", "B5").fortification.text()
    assert _turn_four_commit_page(open_window, "A4", "B3").fortification.text() == ""


def test_the_wizard_says_nothing_changed_when_only_the_window_was_redrawn(open_window):
    """The session tells its views to redraw when nothing was recorded (a shared campaign's server
    gone away or back): the wizard warned "The campaign changed meanwhile" all the same."""
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    window.session.changed.emit()  # as the session does to redraw the banner and menus
    assert wizard.pages["arrow"].problem.text() == ""
    window.session.record_json([{"type": "note", "text": "recorded at another table"}])
    assert "changed meanwhile" in wizard.pages["arrow"].problem.text()


def test_back_from_the_summary_keeps_the_advance_as_ticked(open_window):
    """Back from the summary to the advance shows the troops as they were before they advanced,
    ticked as chosen: the page once showed the map after the advance (the advancing troops gone
    from its list), kept that, and the battle was recorded with nobody advancing (rule 1.8)."""
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    wizard.pages["commit"].attacker.tick("IT-INF-1", "IT-CARRI")
    wizard.pages["commit"].defender.tick("GR-INF-1")
    wizard.next()
    wizard.pages["result"].set_games((5, 2))
    wizard.next()
    wizard.pages["destroy"].dice["GR-INF-1"].set_value(4)
    wizard.next()
    wizard.pages["retreat"].choices[""].setCurrentIndex(1)
    wizard.next()
    advance = wizard.pages["advance"]
    advance.boxes["IT-ALPINI"].setChecked(True)
    wizard.next()
    assert wizard.page_name == "summary"
    wizard.back()
    assert wizard.page_name == "advance"
    ticked = {t for t, box in advance.boxes.items() if box.isChecked()}
    assert ticked == {"IT-INF-1", "IT-CARRI", "IT-ALPINI"}
    assert "IT-INF-2" in advance.boxes and not advance.boxes["IT-INF-2"].isChecked()
    wizard.back()  # to the retreat, and on again: still as ticked
    wizard.next()
    wizard.next()
    assert {t for t, box in advance.boxes.items() if box.isChecked()} == {"IT-INF-1", "IT-CARRI", "IT-ALPINI"}
    wizard.next()
    wizard.record()
    assert window.campaign.records[-1]["advance"] == ["IT-CARRI", "IT-INF-1", "IT-ALPINI"]
    assert {t for t, area in window.campaign.state.where.items() if area == "C1"} == {
        "IT-INF-1",
        "IT-CARRI",
        "IT-ALPINI",
    }


def test_the_arrow_being_entered_is_drawn_dashed_on_the_map_until_the_wizard_closes(open_window):
    """Choosing the arrow only outlined its two areas: the battle being entered is now drawn on
    the map as a dashed arrow (nothing is on record for it), and goes when the wizard closes."""
    from PySide6.QtWidgets import QDialog

    window = open_window([{"type": "start_turn"}])
    scene = window.map_view.map_scene
    wizard = window.battle_menu.new_battle()
    assert scene.entering_item is None, "no arrow chosen yet"
    wizard.pages["arrow"].choose("B1", "C1")
    drawn = scene.entering_item
    assert drawn is not None and drawn.dashed and drawn.pen().style() == Qt.PenStyle.DashLine
    assert drawn.scene() is scene and drawn not in scene.arrows, "drawn, but not among the battles on record"
    wizard.next()  # the commit page: still drawn, after any redraw of the map
    window.session.changed.emit()
    assert scene.entering_item is not None and scene.entering_item.scene() is scene
    wizard.done(QDialog.DialogCode.Rejected)
    assert scene.entering_item is None and not any(getattr(i, "dashed", False) for i in scene.items())


def test_the_arrows_are_listed_by_their_areas_codes(open_window):
    """The arrows came in the map's order of the troops (B5 → B4 among the C1 arrows)."""
    window = open_window([a for turn in FULL_CAMPAIGN.values() for a in turn][:30])  # turn 3, a battle fought
    wizard = window.battle_menu.new_battle()
    wizard.pages["initiative"].dice["allied"].set_value(1)
    wizard.pages["initiative"].dice["axis"].set_value(6)
    wizard.next()
    assert wizard.page_name == "arrow" and wizard.draft.side == "axis"
    page = wizard.pages["arrow"]
    listed = [tuple(page.arrows.item(row).data(Qt.ItemDataRole.UserRole)) for row in range(page.arrows.count())]
    assert len(listed) > 3 and listed == sorted(listed)
