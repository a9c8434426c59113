"""The battle being entered in a window on a campaign shared on a server: kept on the server for
its user, offered when that user's window opens the campaign again (and to no other shop); a
viewer's stays in memory; while the server is away it is held in the window, and kept on the
server once it is back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from campaign_manager.engine.entry import BattleEntry, Step
from campaign_manager.store.address import parse_address
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.server_roles import grant_role, init_server
from campaign_manager.ui.actions import MenuAction
from tests.pg_server import campaign_name, running_server
from tests.ui.test_battle_entry import answer, press, question, to_b1_c1_result, type_in, vp_boxes


@pytest.fixture
def shared(pg_server):
    url = pg_server.url("alice", campaign_name("entry_window"))
    with CampaignFile.create(url, name="Four shops") as made:
        made.apply(made.read_actions([{"type": "start_turn"}]))
    return url


def as_user(url: str, user: str) -> str:
    return url.replace("postgresql://alice@", f"postgresql://{user}@", 1)


def test_a_battle_kept_for_later_on_a_server_is_offered_when_the_window_opens_it_again(make_window, shared, qtbot):
    bobs = as_user(shared, "bob")
    window = make_window(bobs, remember=False)
    wizard = to_b1_c1_result(window, qtbot)
    type_in(qtbot, vp_boxes(wizard)[0], "5")
    type_in(qtbot, vp_boxes(wizard)[1], "2")
    assert not wizard.kept_line.isVisible(), "kept on the server as it is typed"
    press(qtbot, Qt.Key.Key_Escape, wizard)
    answer(qtbot, question(qtbot, "keepQuestion"), "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    assert [r["type"] for r in window.campaign.records] == ["start_turn"], "keeping is not an action"
    window.close()

    other_shop = make_window(shared, remember=False)  # alice, at another table: not offered bob's battle
    assert other_shop.session.kept_entry() is None
    other_shop.menu_actions[MenuAction.NEW_BATTLE].trigger()
    assert other_shop.battle_menu.wizard is not None and other_shop.battle_menu.wizard.page_name == "arrow"
    other_shop.close()

    again = make_window(bobs, remember=False)
    again.menu_actions[MenuAction.NEW_BATTLE].trigger()
    offered = question(qtbot, "keptBattleQuestion")
    assert "B1 Vlore → C1 Ioannina, at the result" in offered.text()
    answer(qtbot, offered, "Carry on with it")
    wizard = again.battle_menu.wizard
    assert wizard.page_name == "result" and wizard.pages["result"].game_scores() == ((5, 2),)
    assert wizard.pages["commit"].attacker.troops() == ("IT-INF-1", "IT-CARRI")


def test_a_viewers_battle_being_entered_stays_in_the_window(make_window, shared):
    viewer = make_window(as_user(shared, "carol"), remember=False)
    assert not viewer.menu_actions[MenuAction.NEW_BATTLE].isEnabled()
    entry = BattleEntry(log_length=1, page=Step.RESULT, side="axis", arrow=("B1", "C1"), games=((5, None),))
    said = viewer.session.keep_entry(entry)
    assert said is not None and "carol is a viewer" in said and "only while the app is open" in said
    assert viewer.session.kept_entry() == entry
    viewer.close()
    with CampaignFile.open(as_user(shared, "carol")) as carol:
        assert carol.kept_entry() is None, "nothing was written on the server"


@pytest.mark.slow
def test_an_entry_typed_while_the_server_is_away_is_kept_there_once_it_is_back(make_window, qtbot):
    with running_server() as server:
        admin = parse_address(server.url())
        init_server(admin)
        grant_role(admin, "bob", "recorder")
        url = server.url("postgres", "power_cut")
        with CampaignFile.create(url, name="Power cut") as made:
            made.apply(made.read_actions([{"type": "start_turn"}]))
        bobs = server.url("bob", "power_cut")
        window = make_window(bobs, remember=False)
        window.session.link.reconnect.setInterval(200)  # tried again quickly, for the test
        wizard = to_b1_c1_result(window, qtbot)
        type_in(qtbot, vp_boxes(wizard)[0], "5")
        server.stop("immediate")
        qtbot.waitUntil(lambda: window.session.offline is not None, timeout=5000)
        type_in(qtbot, vp_boxes(wizard)[1], "3")
        assert wizard.kept_line.isVisible() and "cannot be reached" in wizard.kept_line.text()
        assert "only while the app is open" in wizard.kept_line.text()
        server.start()
        qtbot.waitUntil(lambda: window.session.offline is None, timeout=10000)
        with CampaignFile.open(bobs, readonly=True) as kept:
            entry = kept.kept_entry()
        assert entry is not None and entry.games == ((5, 3),), "kept on the server once it was back"
        window.close()
