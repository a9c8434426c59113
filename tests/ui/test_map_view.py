"""The map in the window, used as an organiser would: read who holds what, place and redeploy
troops by dropping them on the map or from a counter's menu; illegal moves are refused with the
engine's reason and the file untouched."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from campaign_manager.scenario import load_scenario
from campaign_manager.ui.map.view import TROOP_MIME
from tests.shared import FULL_CAMPAIGN
from tests.ui.windows import troops_in

# How each side's areas are tinted: the scenario's colours (resources/scenarios).
TINT = {side: QColor(colours.tint) for side, colours in load_scenario().side_colours.items()}

DATA = FULL_CAMPAIGN


@pytest.fixture
def window(open_window):
    return open_window(DATA["turn 1"] + [{"type": "start_turn", "dice": [4]}])


def _menu_areas(menu, troop):
    sub = next(a.menu() for a in menu.actions() if a.menu() and troop in a.text())
    return {a.text().split()[0]: a for a in sub.actions()}


def test_the_map_tints_areas_by_who_holds_them(window):
    scene = window.map_view.map_scene
    assert scene.areas["C1"].brush().color() == TINT["axis"]  # taken on turn 1
    assert scene.areas["C2"].brush().color() == TINT["allied"]
    assert troops_in(window, "C1") == {"IT-INF-1", "IT-CARRI"}
    vp = window.view.panel.vp
    assert vp.vp == {"axis": 30, "allied": 100} and "Allied operational victory" in vp.headline()


def test_a_reinforcement_is_placed_from_its_menu_with_only_legal_areas_offered(window):
    menu = window.map_view.troop_menu(["IT-INF-4"])
    areas = _menu_areas(menu, "IT-INF-4")
    assert set(areas) == {"A1", "B1", "B2"}, "an Italian reinforcement goes to Albania (RULES.md 1.5)"
    areas["B2"].trigger()
    assert window.campaign.records[-1] == {"type": "place", "troop": "IT-INF-4", "area": "B2"}
    assert "IT-INF-4" in troops_in(window, "B2")
    assert window.view.panel.waiting.count() == 5


def test_a_troop_dropped_on_the_map_is_placed(window):
    view = window.map_view
    data = QMimeData()
    data.setData(TROOP_MIME, b"IT-INF-5")
    at = view.mapFromScene(QPointF(*view.map_scene.anchor("B1")))
    drop = QDropEvent(
        QPointF(at), Qt.DropAction.MoveAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    view.dropEvent(drop)
    assert window.campaign.records[-1] == {"type": "place", "troop": "IT-INF-5", "area": "B1"}
    assert "IT-INF-5" in troops_in(window, "B1")


def test_an_illegal_drop_is_refused_with_the_rule_and_the_file_unchanged(window):
    path = window.campaign.path
    before = path.read_bytes()
    window.map_view.troopDropped.emit("IT-INF-4", "C2")
    assert "Rule 1.5" in window.statusBar().currentMessage() and "C2" in window.statusBar().currentMessage()
    assert path.read_bytes() == before
    assert "IT-INF-4" in window.campaign.state.waiting_zone


def test_dragging_a_counter_that_may_not_move_says_why(open_window, qtbot):
    """Turn 1 has no redeployment: the Italians in B1 stay, and the drag says so in the engine's
    words, in a box as any refused move is, and in the status bar."""
    window = open_window([{"type": "start_turn"}])
    view = window.map_view
    counter = next(c for c in view.map_scene.counters if "IT-INF-1" in c.troops)
    assert not counter.movable
    start = view.mapFromScene(counter.sceneBoundingRect().center())
    before = view.horizontalScrollBar().value(), view.verticalScrollBar().value()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), start + QPoint(40, 10))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start + QPoint(40, 10))
    said = window.statusBar().currentMessage()
    assert said == f"Rule 1.5: {counter.troops[0]} cannot redeploy: nobody redeploys on turn 1"
    boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    assert [box.text() for box in boxes] == [said]
    assert (view.horizontalScrollBar().value(), view.verticalScrollBar().value()) == before, "the map did not pan"
    assert len(window.campaign.records) == 1, "nothing recorded"
    menu = view.troop_menu(counter.troops)
    assert said in [action.text() for action in menu.actions()], "its right-click menu says the same"


def test_redeploying_follows_the_turns_order(window):
    for troop, area in (
        ("IT-INF-4", "B2"),
        ("IT-INF-5", "B1"),
        ("GR-INF-8", "C2"),
        ("GR-INF-9", "D1"),
        ("GR-INF-1", "D1"),
        ("GR-INF-2", "C2"),
    ):
        window.map_view.troopDropped.emit(troop, area)
    assert not window.campaign.state.waiting_zone
    italian = window.map_view.map_scene
    assert any(c.movable and "IT-INF-2" in c.troops for c in italian.counters), "Italians redeploy first on turn 2"
    areas = _menu_areas(window.map_view.troop_menu(["GR-INF-4"]), "GR-INF-4")
    assert "D2" in areas and "C1" not in areas  # C1 is the Axis'
    areas["D2"].trigger()
    assert window.campaign.records[-1] == {"type": "redeploy", "troop": "GR-INF-4", "to": "D2"}
    menu = window.map_view.troop_menu(["IT-INF-2"])
    assert not next(a for a in menu.actions() if "IT-INF-2" in a.text()).isEnabled(), (
        "once the Greeks begin, the Italians may no longer redeploy"
    )


def test_a_nation_whose_redeployment_is_over_says_so_on_the_map(open_window, qtbot):
    """Turn 2: once a Greek troop has redeployed, the Italians may no longer (rule 1.5). Their
    counters say it on hover (not only the status bar, once, when the Greek moved), and a drag of
    one says it in a box, as any refused move is."""
    window = open_window(DATA["turn 1"] + DATA["turn 2"][:7])
    window.map_view.troopDropped.emit("GR-INF-4", "B3")
    assert window.campaign.records[-1] == {"type": "redeploy", "troop": "GR-INF-4", "to": "B3"}
    view = window.map_view
    counter = next(c for c in view.map_scene.counters if "IT-ALPINI" in c.troops)
    assert not counter.movable
    assert "Rule 1.5: IT-ALPINI cannot redeploy" in counter.toolTip()
    assert "Italian troops redeploy before Greek troops, who have already begun" in counter.toolTip()
    greek = next(c for c in view.map_scene.counters if "GR-INF-5" in c.troops)
    assert greek.movable and "Rule" not in greek.toolTip()
    start = view.mapFromScene(counter.sceneBoundingRect().center())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), start + QPoint(40, 10))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start + QPoint(40, 10))
    said = window.statusBar().currentMessage()
    assert "redeploy before Greek troops" in said
    boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    assert [box.text() for box in boxes] == [said]


def test_clicking_an_area_says_which(window, qtbot):
    view = window.map_view
    at = view.mapFromScene(QPointF(*view.map_scene.anchor("D2")) + QPointF(0, -40))
    with qtbot.waitSignal(view.areaClicked, timeout=2000) as clicked:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(at.x(), at.y()))
    assert clicked.args == ["D2"]
    view.highlight(["D2", "E1"])
    assert view.map_scene.areas["D2"].pen().width() > view.map_scene.areas["C4"].pen().width()


def test_the_battles_table_and_the_map_at_the_end_of_an_earlier_turn(window, qtmodeltester):
    history = window.view.history
    qtmodeltester.check(history.model)
    assert history.model.rowCount() == 2
    from campaign_manager.ui.history_view import COLUMNS

    cells = dict(zip(COLUMNS, (history.model.index(0, c).data() for c in range(history.model.columnCount()))))
    assert [cells[name] for name in COLUMNS[:4]] == ["1", "1 ✔", "B1 → C1", "IT-INF-1, IT-CARRI"]
    assert cells["Result"] == "Axis won, 5–2 VP" and cells["Mission"] == "not rolled"
    assert cells["Destroyed"] == "GR-INF-1" and cells["Advanced"] == "IT-INF-1, IT-CARRI"
    history.table.clicked.emit(history.model.index(0, 0))
    assert "GR-INF-1: rolled 5, needed 5+" in history.details.text()
    assert window.map_view.read_only, "a battle of turn 1 chosen: the map turns to the end of turn 1, its arrow there"
    history.show_turn_end(None)
    window.map_view.troopDropped.emit("IT-INF-4", "B2")  # now: placed on turn 2
    assert "IT-INF-4" in troops_in(window, "B2")
    history.show_turn_end(1)
    assert window.map_view.read_only and window.map_view.banner.isVisible() and not history.banner.isHidden()
    assert "IT-INF-4" not in troops_in(window, "B2"), "the end of turn 1, before the turn-2 placement"
    assert window.map_view.map_scene.areas["C1"].brush().color() == TINT["axis"]
    assert not any(c.movable for c in window.map_view.map_scene.counters)
    history.show_turn_end(None)
    assert "IT-INF-4" in troops_in(window, "B2") and not window.map_view.read_only
    assert not window.map_view.banner.isVisible()
    assert len(window.campaign.records) == 6, "looking back recorded nothing"


OPEN_ARROW = {
    "type": "battle",
    "from": "C2",
    "to": "B2",
    "initiative_dice": [4, 2],
    "attacker": {"troops": ["GR-INF-2"]},
    "defender": {"troops": []},
}


def _open_arrow_point(window):
    item = next(a for a in window.map_view.map_scene.arrows if a.open_pair == ("C2", "B2"))
    return window.map_view.mapFromScene(item.mapToScene(item.path().pointAtPercent(0.2)))


def test_an_open_arrow_is_resolved_by_double_clicking_it_on_the_map(open_window, qtbot):
    window = open_window(DATA["turn 1"] + [{"type": "start_turn", "dice": [4]}] + DATA["turn 2"][1:7] + [OPEN_ARROW])
    window.show()
    window.map_view.fit()
    qtbot.mouseDClick(window.map_view.viewport(), Qt.MouseButton.LeftButton, pos=_open_arrow_point(window))
    wizard = window.battle_menu.wizard
    assert wizard is not None and wizard.page_name == "result", "the wizard opens on the arrow's result"
    assert (wizard.open_arrow.origin, wizard.open_arrow.target) == ("C2", "B2")


def test_an_open_arrow_s_menu_on_the_map_abandons_it(open_window):
    window = open_window(DATA["turn 1"] + [{"type": "start_turn", "dice": [4]}] + DATA["turn 2"][1:7] + [OPEN_ARROW])
    menu = window.map_view.arrow_menu(("C2", "B2"))
    assert [a.text().split(" ")[0] for a in menu.actions()] == ["Record", "Abandon"]
    menu.actions()[1].trigger()
    assert window.campaign.records[-1] == {"type": "abandon", "from": "C2", "to": "B2"}
    assert not any(a.open_pair for a in window.map_view.map_scene.arrows)


def test_arrows_joining_the_same_two_areas_are_drawn_side_by_side(open_window):
    # Turn 2: the Axis attacked D1 from C1 and lost; now the Allies place D1 → C1, still open.
    counter_attack = {
        "type": "battle",
        "from": "D1",
        "to": "C1",
        "initiative_dice": [3, 3],
        "attacker": {"troops": ["GR-INF-1", "GR-INF-9"]},
        "defender": {"troops": ["IT-CARRI"]},
    }
    window = open_window(DATA["turn 1"] + DATA["turn 2"][:12] + [counter_attack])
    scene = window.map_view.map_scene
    fought = next(a for a in scene.arrows if a.open_pair is None and "C1" in a.toolTip() and "D1" in a.toolTip())
    placed = next(a for a in scene.arrows if a.open_pair == ("D1", "C1"))
    apart = fought.path().pointAtPercent(0.5) - placed.path().pointAtPercent(0.5)
    assert (apart.x() ** 2 + apart.y() ** 2) ** 0.5 >= 25, "the two arrows do not lie on one another"
    badge, caption = fought.mark, placed.mark
    assert not badge.sceneBoundingRect().intersects(caption.sceneBoundingRect()), (
        "the open arrow's troops are written away from the fought arrow's result"
    )


def test_every_area_name_fits_inside_its_area_and_past_battles_stay_visible(open_window):
    from campaign_manager.ui.map.items import AreaLabel, CounterItem

    window = open_window(DATA["turn 1"][:3])  # turn 1's two battles fought, the turn not ended
    scene = window.map_view.map_scene
    labels = {item.code: item for item in scene.items() if isinstance(item, AreaLabel)}
    assert len(labels) == len(scene.areas)
    for code, item in labels.items():
        shape = scene.layout.areas[code]
        room = min(shape.room_across(shape.label[1] + dy) for dy in (3, 10, 17))
        assert item.name_width <= room or item.name_size == AreaLabel.SMALLEST_NAME, (
            f"{code}'s name runs over its borders"
        )
    assert labels["B2"].name_size < AreaLabel.NAME_SIZE, "Korce (Corizza) is set smaller to fit narrow B2"
    assert labels["D2"].name_size == AreaLabel.NAME_SIZE, "a name with room keeps its size"
    fought = [a for a in scene.arrows if a.open_pair is None]
    counters = [item for item in scene.items() if isinstance(item, CounterItem)]
    assert len(fought) == 2 and all(a.zValue() > c.zValue() for a in fought for c in counters), (
        "a past battle's arrow (see-through) lies over the counters: a short one would vanish under them"
    )


@pytest.mark.parametrize("turns", [("turn 1",), ("turn 1", "turn 2"), ("turn 1", "turn 2", "turn 3")])
def test_result_badges_keep_clear_of_area_names_counters_and_each_other(open_window, turns):
    """A fought arrow's badge sits on its shaft where nothing else is (or just beside it): it never
    hides an area's code, name or VP, a counter, or another badge (B3 → B2's badge once covered
    "Korce (Corizza)")."""
    actions = [a for turn in turns for a in FULL_CAMPAIGN[turn]]
    window = open_window(actions[:-1])  # the last turn not ended: its battles are drawn
    scene = window.map_view.map_scene
    badges = [arrow.badge_box for arrow in scene.arrows if not arrow.badge_box.isEmpty()]
    assert badges, "this turn's battles are drawn with their results"
    others = scene.label_boxes + [counter.sceneBoundingRect() for counter in scene.counters]
    for n, badge in enumerate(badges):
        assert not any(badge.intersects(box) for box in others + badges[:n]), badge


def test_a_crowded_small_area_keeps_its_counters_inside(qapp):
    """Three stacks in C2 Kastoria: set a little smaller, side by side, within its borders (at full
    size they ran over into C1, C3 and D2); a roomy area keeps them at full size."""
    from campaign_manager.engine.campaign import initial_state
    from campaign_manager.scenario import load_scenario
    from campaign_manager.ui.map.scene import MapScene

    sc = load_scenario()
    st = initial_state(sc)
    st.control["C2"] = "axis"
    for troop in st.troops_in("C2"):
        st.where[troop] = "pool"
    for troop in ("IT-INF-1", "IT-CARRI", "IT-ALPINI"):
        st.where[troop] = "C2"
    scene = MapScene(sc)
    scene.show_state(st, [], False)
    crowded = [c for c in scene.counters if c.troops[0] in ("IT-INF-1", "IT-CARRI", "IT-ALPINI")]
    assert len(crowded) == 3 and all(c.scale() < 1 for c in crowded)
    for counter in crowded:
        box = counter.sceneBoundingRect()
        for corner in (box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight()):
            assert scene.areas["C2"].contains(corner), (counter.troops, corner)
    assert all(c.scale() == 1 for c in scene.counters if c not in crowded), "elsewhere: full size"
