"""The window on a campaign shared on a server: two windows (two shops) on one campaign, a battle
recorded through the wizard in one shown in the other within a second; each role's menus; a
server that goes away and comes back while the window is open; File ▸ Open a shared campaign."""

from __future__ import annotations

import contextlib

import pytest
from PySide6.QtCore import QSettings, Qt

from campaign_manager.engine.actions import Note
from campaign_manager.store.address import parse_address
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.pending import PendingList
from campaign_manager.store.server_roles import grant_role, init_server
from campaign_manager.ui import settings
from campaign_manager.ui.actions import MenuAction
from tests.pg_server import campaign_name, running_server
from tests.shared import FULL_CAMPAIGN

LIVE_MS = 1000  # another shop's action shows within a second


@pytest.fixture
def shared(pg_server):
    url = pg_server.url("alice", campaign_name("window"))
    with CampaignFile.create(url, name="Four shops") as made:
        made.apply(made.read_actions([{"type": "start_turn"}]))
    return url


def as_user(url: str, user: str) -> str:
    return url.replace("postgresql://alice@", f"postgresql://{user}@", 1)


def record_the_first_battle(window) -> None:
    """B1 attacks C1 through the battle wizard, as a shop's recorder would enter it."""
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    wizard.next()
    commit = wizard.pages["commit"]
    commit.attacker.tick("IT-INF-1", "IT-CARRI")
    commit.defender.tick("GR-INF-1")
    commit.mission.set_value(3)
    wizard.next()
    wizard.pages["result"].set_games((5, 2))
    wizard.next()
    wizard.pages["destroy"].dice["GR-INF-1"].set_value(5)
    wizard.next()
    while wizard.page_name != "summary":
        wizard.next()
    wizard.record()


def test_a_battle_recorded_in_one_window_appears_in_the_other(make_window, shared, pg_server, qtbot):
    pg_server.sql("DELETE FROM firestorm.shop WHERE username = 'bob'")
    pg_server.sql("INSERT INTO firestorm.shop (username, name) VALUES ('bob', 'Corinth Games')")
    recorder = make_window(as_user(shared, "bob"), remember=False)
    organiser = make_window(shared, remember=False)
    assert organiser.session.role == "organiser" and recorder.session.role == "recorder"
    assert organiser.campaign.state.control["C1"] == "allied"
    record_the_first_battle(recorder)
    assert recorder.campaign.state.control["C1"] == "axis"
    qtbot.waitUntil(lambda: organiser.campaign.state.control["C1"] == "axis", timeout=LIVE_MS)
    assert organiser.campaign.records == recorder.campaign.records
    assert organiser.map_view.map_scene.areas["C1"].brush().color().name() == "#f0cfc4", "the map redrawn"
    assert organiser.history.rowCount() == 2, "the log shows the other shop's battle"
    assert "Recorded elsewhere by Corinth Games: " in organiser.statusBar().currentMessage()
    assert organiser.history.index(1).data().endswith("recorded by Corinth Games (bob)"), "the history says who"
    assert "B1" in organiser.statusBar().currentMessage() or "battle" in organiser.statusBar().currentMessage()
    # and back: the organiser's note reaches the recorder's window
    organiser.session.record_json([{"type": "note", "text": "table 2 is free"}])
    qtbot.waitUntil(lambda: len(recorder.campaign.records) == 3, timeout=LIVE_MS)


def test_a_row_planted_on_the_server_is_named_and_the_window_opens_up_to_it_read_only(make_window, shared, pg_server):
    schema = parse_address(shared).schema
    pg_server.sql(
        f"SET session_replication_role = replica; INSERT INTO {schema}.action (seq, kind, payload, recorded_at) "
        f"VALUES (2, 'note', '<b>not json</b>', 'x')"
    )
    window = make_window(shared, remember=False)
    assert window.session.read_only and len(window.campaign.records) == 1
    banner = window.storage_actions.banner
    assert banner.isVisible() and "row 2 of its action log" in banner.text() and "recorded by postgres" in banner.text()
    assert "<b>" not in banner.text() or banner.textFormat() == Qt.TextFormat.PlainText


def test_each_role_gets_the_menus_it_may_use(make_window, shared, qtbot):
    organiser = make_window(shared, remember=False)
    organiser.session.record_json([{"type": "note", "text": "an action to take back"}])
    recorder = make_window(as_user(shared, "bob"), remember=False)
    viewer = make_window(as_user(shared, "carol"), remember=False)
    said = recorder.statusBar().currentMessage()  # why items are greyed, once (a greyed item cannot say)
    assert "as a recorder" in said and "undo and redo are the organiser's" in said, said
    assert organiser.menu_actions[MenuAction.UNDO].isEnabled()
    assert organiser.menu_actions[MenuAction.END_TURN].isEnabled()
    assert not recorder.menu_actions[MenuAction.UNDO].isEnabled(), "undo is the organiser's"
    assert not recorder.menu_actions[MenuAction.START_TURN].isEnabled()
    assert not recorder.menu_actions[MenuAction.END_TURN].isEnabled()
    assert recorder.menu_actions[MenuAction.NEW_BATTLE].isEnabled()
    assert recorder.menu_actions[MenuAction.ADD_NOTE].isEnabled()
    assert not recorder.menu_actions[MenuAction.RESTORE_BACKUP].isEnabled(), "the server keeps it"
    for action in (MenuAction.NEW_BATTLE, MenuAction.ADD_NOTE, MenuAction.UNDO, MenuAction.START_TURN):
        assert not viewer.menu_actions[action].isEnabled(), action
    assert viewer.storage_actions.banner.isVisible() and "viewer" in viewer.storage_actions.banner.text()
    assert not recorder.storage_actions.banner.isVisible()
    assert "(viewer)" in viewer.windowTitle() and "shared:" in viewer.windowTitle()
    assert viewer.session.try_record([Note("may I?")]) is not None
    organiser.session.record_json([{"type": "note", "text": "seen by the viewer"}])
    qtbot.waitUntil(lambda: viewer.campaign.records[-1].get("text") == "seen by the viewer", timeout=LIVE_MS)


def test_the_window_records_while_the_server_is_away_and_sends_it_in_order_when_back(make_window, qtbot):
    """Three battles recorded while the server is stopped reach it in order; a fourth, the same
    battle another shop recorded meanwhile, is refused with the rule and kept: none lost, none doubled."""
    with running_server() as server:
        admin = parse_address(server.url())
        init_server(admin)
        grant_role(admin, "alice", "organiser")
        grant_role(admin, "bob", "recorder")
        url = server.url("alice", "power_cut")
        with CampaignFile.create(url, name="Power cut") as made:
            made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"] + FULL_CAMPAIGN["turn 3"]))
            made.apply(made.read_actions(FULL_CAMPAIGN["turn 4"][:5]))
            before = len(made.records)
        window = make_window(as_user(url, "bob"), remember=False)
        link = window.session.link
        link.reconnect.setInterval(200)  # tried again quickly, for the test
        server.stop("immediate")
        qtbot.waitUntil(lambda: window.session.offline is not None, timeout=5000)
        assert not window.session.read_only and window.storage_actions.banner.isVisible()
        assert "kept on this computer, marked pending" in window.storage_actions.banner.text()
        assert window.menu_actions[MenuAction.ADD_NOTE].isEnabled()
        battles = FULL_CAMPAIGN["turn 4"][5:9]  # A5→B5, A5→B4, B4→B5, A4→B3
        for battle in battles:
            window.session.record_json([battle])
        assert "Kept on this computer, pending" in window.statusBar().currentMessage()
        assert window.campaign.state.control["B3"] == "axis", "shown as recorded"
        assert window.map_view.banner.isVisible() and window.map_view.banner.text().startswith("Pending: 4 actions")
        assert (
            window.history.index(before + 3).data().endswith("pending: kept on this computer until the server answers")
        )
        pending = PendingList.of(parse_address(as_user(url, "bob")))
        assert [entry.action["to"] for entry in pending.entries] == ["B5", "B4", "B5", "B3"], "on the disk at once"
        qtbot.waitUntil(lambda: not link.reconnecting, timeout=10000)
        link.reconnect.stop()  # held offline while another shop records the same battle A4→B3
        server.start()
        with CampaignFile.open(url) as alice:
            alice.apply(alice.read_actions([battles[3]]))
        link.reconnect.start()
        qtbot.waitUntil(lambda: window.session.offline is None and link.sent is not None, timeout=10000)
        assert len(link.sent.recorded) == 3 and len(link.sent.refused) == 1
        assert "B3 Florina is held by the Axis" in link.sent.refused[0]
        assert "kept in the pending list for the organiser" in window.statusBar().currentMessage()
        with CampaignFile.open(url, readonly=True) as kept:
            arrows = [(record["from"], record["to"]) for record in kept.records[before:]]
            assert arrows == [("A4", "B3"), ("A5", "B5"), ("A5", "B4"), ("B4", "B5")], "in order, none doubled"
        assert window.campaign.records == kept.records and window.session.pending_from() is None
        assert not window.map_view.banner.isVisible()
        left = PendingList.of(parse_address(as_user(url, "bob")))
        assert [entry.action["to"] for entry in left.entries] == ["B3"] and left.entries[0].refused
        window.close()


def test_the_organiser_enters_a_battle_in_the_wizard_while_the_server_is_away(make_window, qtbot):
    with running_server() as server:
        admin = parse_address(server.url())
        init_server(admin)
        grant_role(admin, "alice", "organiser")
        url = server.url("alice", "wizard_away")
        with CampaignFile.create(url, name="Away") as made:
            made.apply(made.read_actions([{"type": "start_turn"}]))
        window = make_window(url, remember=False)
        window.session.link.reconnect.setInterval(200)
        server.stop("immediate")
        qtbot.waitUntil(lambda: window.session.offline is not None, timeout=5000)
        assert not window.menu_actions[MenuAction.UNDO].isEnabled(), "undo and redo need the server"
        record_the_first_battle(window)
        assert window.session.pending_from() == 1 and window.campaign.state.control["C1"] == "axis"
        assert window.map_view.banner.text() == "Pending: 1 action shown here, not yet on the server"
        server.start()
        qtbot.waitUntil(lambda: window.session.pending_from() is None, timeout=10000)
        with CampaignFile.open(url, readonly=True) as kept:
            assert len(kept.records) == 2 and kept.state.control["C1"] == "axis"
        window.close()


def test_open_a_shared_campaign_from_the_file_menu_and_again_from_recent(make_window, shared, qtbot):
    given = shared.replace("postgresql://alice@", "postgresql://alice:alice-pw@", 1)  # typed with its password
    window = make_window(choose_address=lambda parent, suggested: given)
    window.menu_actions[MenuAction.OPEN_SHARED].trigger()
    assert window.session.shared and window.session.name == "Four shops"
    assert settings.recent_campaigns()[0] == shared, "remembered by its address"
    QSettings().sync()
    stored = " ".join(str(QSettings().value(key)) for key in QSettings().allKeys())
    assert "alice-pw" not in stored, "a password never goes into the app's settings"
    window.session.close()
    recent = window.menu_actions.submenu(MenuAction.OPEN_RECENT)
    recent.aboutToShow.emit()
    entries = [a for a in recent.actions() if a.text() == f"&1 {shared}"]  # numbered for the keyboard
    assert entries and entries[0].isEnabled()
    entries[0].trigger()
    assert window.session.shared and window.session.where == shared


class SilentServer:
    """A server that takes connections on a port and never answers (a hung server, or a network
    that swallows packets). On the first connection it notes `ticks()` then, and again a second
    later (the client waits for its connect timeout, 5 s in the tests, all that while)."""

    def __init__(self, port: int, ticks) -> None:
        import socket
        import threading

        self.listening = socket.create_server(("127.0.0.1", port))
        self.ticks = ticks
        self.seen: list[int] = []
        self.held: list = []
        threading.Thread(target=self._take, daemon=True).start()

    def _take(self) -> None:
        import time

        while True:
            try:
                conn, _ = self.listening.accept()
            except OSError:
                return
            self.held.append(conn)
            if not self.seen:
                self.seen.append(self.ticks())
                time.sleep(1)
                self.seen.append(self.ticks())

    def close(self) -> None:
        import socket

        for conn in [self.listening, *self.held]:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)  # wakes the thread waiting on it: the port is free at once
            conn.close()


def test_a_server_that_does_not_answer_never_holds_up_the_window(qtbot):
    from PySide6.QtCore import QTimer

    from campaign_manager.ui.session import CampaignSession

    with running_server() as server:
        admin = parse_address(server.url())
        init_server(admin)
        grant_role(admin, "alice", "organiser")
        url = server.url("alice", "hung")
        CampaignFile.create(url, name="Hung").close()
        session = CampaignSession()
        session.open(url)
        session.link.reconnect.setInterval(100)
        ticks = [0]
        clock = QTimer()
        clock.timeout.connect(lambda: ticks.__setitem__(0, ticks[0] + 1))
        clock.start(20)
        server.stop("immediate")
        session.catch_up()  # finds the server gone: offline, tried again every so often
        assert session.offline is not None
        silent = SilentServer(server.port, lambda: ticks[0])
        try:
            qtbot.waitUntil(lambda: len(silent.seen) == 2, timeout=10000)
            before, after = silent.seen
            assert after > before, "the window's events were handled while the server was being tried"
            assert session.offline is not None and session.reconnecting
            assert session.try_record([Note("during")]) is None, "kept pending on this computer"
            assert session.pending_from() == 0
        finally:
            silent.close()
        server.start()
        qtbot.waitUntil(lambda: session.offline is None and session.pending_from() is None, timeout=15000)
        session.record_json([{"type": "note", "text": "after"}])
        assert [r.get("text") for r in session.campaign.records] == ["during", "after"]
        session.close()
        clock.stop()


def test_an_action_taken_back_elsewhere_is_named_in_the_other_window(make_window, shared, qtbot):
    organiser = make_window(shared, remember=False)
    recorder = make_window(as_user(shared, "bob"), remember=False)
    record_the_first_battle(organiser)
    qtbot.waitUntil(lambda: len(recorder.campaign.records) == 2, timeout=LIVE_MS)
    organiser.session.undo()
    qtbot.waitUntil(lambda: len(recorder.campaign.records) == 1, timeout=LIVE_MS)
    told = recorder.statusBar().currentMessage()
    assert told == "Taken back elsewhere: battle B1 → C1", told
    assert recorder.campaign.state.control["C1"] == "allied", "the map as it is again"
    recorder.session.link.notifier.setEnabled(False)  # both heard at once, as on a slow line
    organiser.session.undo()
    organiser.session.record_json([{"type": "note", "text": "start later"}])
    assert recorder.session.catch_up()
    told = recorder.statusBar().currentMessage()
    assert told.startswith("Taken back elsewhere: start turn; then recorded elsewhere: note"), told


def test_the_pointer_is_busy_while_the_server_records_or_undoes(make_window, shared):
    """A server that has stopped answering keeps a record or an undo waiting up to its connect
    timeout: the pointer says the window is busy meanwhile (it said nothing), and comes back."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    window = make_window(shared, remember=False)
    campaign = window.campaign
    seen = []
    for name in ("apply", "undo"):
        real = getattr(campaign, name)

        def spy(*args, real=real):
            cursor = QGuiApplication.overrideCursor()
            seen.append(None if cursor is None else cursor.shape())
            return real(*args)

        setattr(campaign, name, spy)
    window.session.record_json([{"type": "note", "text": "busy?"}])
    window.session.undo()
    assert seen == [Qt.CursorShape.WaitCursor, Qt.CursorShape.WaitCursor]
    assert QGuiApplication.overrideCursor() is None, "and the pointer comes back"


def test_actions_left_pending_when_the_app_closed_are_sent_when_the_window_opens(make_window, shared, qtbot):
    from campaign_manager.store.pending import record_offline

    recorder = as_user(shared, "bob")
    with CampaignFile.open(recorder) as bob:  # the app closed (or crashed) while the server was away
        record_offline(bob, PendingList.of(bob.server_log.address), bob.read_actions([Note("left over").to_json()]))
    window = make_window(recorder, remember=False)
    qtbot.waitUntil(lambda: window.session.link.sent is not None, timeout=LIVE_MS)
    assert window.session.pending_from() is None and window.campaign.records[-1] == Note("left over").to_json()
    assert "1 pending action recorded on the server" in window.statusBar().currentMessage()
    assert not PendingList.of(parse_address(recorder)).entries


def test_an_action_refused_when_sent_is_told_again_when_the_window_opens(make_window, shared, qtbot):
    from campaign_manager.store.pending import record_offline

    recorder = as_user(shared, "bob")
    with CampaignFile.open(recorder) as bob:
        pending = PendingList.of(bob.server_log.address)
        record_offline(bob, pending, bob.read_actions([Note("table 3").to_json()]))
    pending.entries[0].refused = "note: refused, say"  # as send_pending leaves one the rules refused
    pending.save()
    window = make_window(recorder, remember=False)
    qtbot.waitUntil(lambda: "Still kept on this computer" in window.statusBar().currentMessage(), timeout=LIVE_MS)
    said = window.statusBar().currentMessage()
    assert "note: refused, say" in said and f"campaign-manager pending {window.campaign.where}" in said
    assert window.campaign.records[-1] != Note("table 3").to_json(), "not shown as recorded"
    assert len(PendingList.of(parse_address(recorder)).entries) == 1, "kept until dropped"
    window.close()
