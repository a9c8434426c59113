"""The Battles tab at the shop's 1280×800: the table reads without squinting (what a reader looks
for first in sight, no text cut, every cell whole on hover) and the chosen battle's record keeps
to a box under the table that leaves the table most of the room."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from campaign_manager.ui.history_view import COLUMNS
from tests.shared import FULL_CAMPAIGN, FULL_CAMPAIGN_WITH_COMMANDERS

DATA = FULL_CAMPAIGN


def _battles_tab(open_window, qtbot, actions, **choosers):
    window = open_window(actions, **choosers)
    history = window.view.history
    window.view.side.setCurrentWidget(history)
    qtbot.waitUntil(history.table.isVisible)
    return window, history


def test_the_battles_table_reads_well_at_1280_by_800(open_window, qtbot):
    window, history = _battles_tab(open_window, qtbot, DATA["turn 1"] + DATA["turn 2"] + DATA["turn 3"])
    table, model, header = history.table, history.model, history.table.horizontalHeader()
    assert model.rowCount() == 10
    for name in ("Turn", "Battle", "Result"):  # in sight without scrolling sideways
        column = COLUMNS.index(name)
        left = header.sectionViewportPosition(column)
        assert 0 <= left and left + header.sectionSize(column) <= table.viewport().width(), name
    for column, name in enumerate(COLUMNS):
        assert header.sectionSize(column) >= header.sectionSizeHint(column), f"the {name} title is cut"
    for row in range(model.rowCount()):
        assert table.rowHeight(row) >= table.sizeHintForRow(row), f"row {row + 1}'s wrapped text is cut off"
    result = model.index(1, COLUMNS.index("Result"))
    assert result.data() == "Allies won, totals 5–7 (dice 2–5)", "who won, then how (the attacker's first), on one line"
    assert result.data() in result.data(Qt.ItemDataRole.ToolTipRole), "the whole cell on hover"
    table.clicked.emit(model.index(1, 0))
    record = history.details.text()
    assert "GR-INF-2: rolled 6, needed 6+ — destroyed" in record
    assert record.count("GR-INF-2") == 3, "the defender, the dice and the roll, each said once"
    seen = history.details.visibleRegion().boundingRect().height()
    assert table.height() >= 2 * seen, "the record leaves the table most of the room"


def test_a_new_general_s_wargame_drops_everything_shown_of_the_old_campaign(open_window, qtbot, tmp_path):
    window, history = _battles_tab(
        open_window,
        qtbot,
        DATA["turn 1"] + DATA["turn 2"][:9],  # placed: battles may begin
        choose_wargame=lambda parent: (None, tmp_path / "game.campaign"),
    )
    history.table.clicked.emit(history.model.index(0, 0))
    assert "GR-INF-1: rolled 5, needed 5+" in history.details.text()
    whatif = window.wargame_actions.what_if()
    whatif.count.setValue(5)
    whatif.to.setCurrentIndex(whatif.to.findData("end-of-turn"))
    whatif.run(threaded=False)
    assert whatif.results.bars and "5 playouts" in whatif.summary.text()
    wizard = window.battle_menu.new_battle()
    qtbot.waitExposed(wizard)
    window.wargame_actions.new_wargame()
    assert window.campaign.path == tmp_path / "game.campaign" and window.campaign.dice_only
    assert history.model.rowCount() == 0
    assert "GR-INF-1" not in history.details.text() and "Choose a battle" in history.details.text()
    assert not history.table.selectionModel().hasSelection()
    assert whatif.answer is None and not whatif.results.bars and whatif.margins.spread is None
    assert whatif.summary.text() == "", "no answer of the old campaign's playouts"
    assert not wizard.isVisible() and window.battle_menu.wizard is None, "the old campaign's battle is not offered"


def test_an_undone_battle_s_record_is_taken_from_under_the_table(open_window, qtbot):
    window, history = _battles_tab(open_window, qtbot, DATA["turn 1"])
    history.table.clicked.emit(history.model.index(1, 0))
    assert "GR-INF-2: rolled 6" in history.details.text()
    window.undo()  # the end of turn 1: the battle is still there, still chosen
    assert "GR-INF-2: rolled 6" in history.details.text()
    assert history.table.selectionModel().isRowSelected(1)
    window.undo()  # B2 → C2 itself
    assert history.model.rowCount() == 1
    assert "GR-INF-2: rolled 6" not in history.details.text() and "Choose a battle" in history.details.text()


def test_a_retreat_that_ends_in_capture_is_said_once(open_window, qtbot):
    """Turn 4, B4 → B5: GR-INF-6 survives but has nowhere to retreat and is captured; the record
    under the table says so once (a Captured list beside the history's sentence said it twice)."""
    window, history = _battles_tab(open_window, qtbot, [a for turn in DATA.values() for a in turn])
    row = next(i for i, r in enumerate(history.rows) if (r.origin, r.target) == ("B4", "B5"))
    assert history.rows[row].captured == ("GR-INF-6",)
    history.table.clicked.emit(history.model.index(row, 0))
    record = history.details.text()
    assert "GR-INF-6 is captured (surrounded in B5 Eastern Macedonia" in record
    assert record.lower().count("captured") == 1


def test_choosing_a_battle_marks_its_arrow_on_the_map(open_window, qtbot):
    """A click (or the arrow keys) on a row of the Battles table marks that battle's arrow on the
    map; a battle of an earlier turn turns the map to the end of that turn, where its arrow is."""
    from PySide6.QtTest import QTest

    from campaign_manager.ui.map import style

    window, history = _battles_tab(open_window, qtbot, DATA["turn 1"] + DATA["turn 2"][:-1])
    table, scene = history.table, window.map_view.map_scene

    def marked() -> list[tuple[int, int]]:
        arrows = window.map_view.map_scene.arrows
        return [a.fought for a in arrows if a.pen().color() == style.highlight()]

    def click(row: int) -> None:
        cell = table.visualRect(history.model.index(row, 0)).center()
        QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)

    assert history.model.rowCount() == 7 and marked() == []
    click(4)  # turn 2's third battle
    assert marked() == [(2, 3)] and not window.map_view.read_only
    assert "Turn 2, battle 3: D1 → C1" in history.details.text()
    QTest.keyClick(table, Qt.Key.Key_Up)
    assert marked() == [(2, 2)]
    click(1)  # turn 1's second battle: the map turns to the end of turn 1
    assert window.map_view.read_only and marked() == [(1, 2)]
    assert window.map_view.map_scene is scene and history.moment.currentData() == 1


def test_the_chosen_battle_stays_marked_after_an_action_that_fought_none(open_window, qtbot):
    """A note (no battle fought) leaves the table's rows as they were, and the map's drawing
    after it still marks the chosen battle's arrow, and only that one."""
    from campaign_manager.engine.actions import Note
    from campaign_manager.ui.map import style

    window, history = _battles_tab(open_window, qtbot, DATA["turn 1"] + DATA["turn 2"][:-1])
    history.table.clicked.emit(history.model.index(4, 0))  # turn 2's third battle
    window.session.record([Note("after the third battle")])
    arrows = window.map_view.map_scene.arrows
    assert [a.fought for a in arrows if a.pen().color() == style.highlight()] == [(2, 3)]
    assert "Turn 2, battle 3: D1 → C1" in history.details.text()


def test_the_table_says_the_vp_of_tirane_and_the_metaxas_line(open_window, qtbot):
    """Turn 2's win at Tirane scores 10 VP with nobody captured (rule 1.9); turn 4's A5 → B5
    crosses the Metaxas Line (rule 1.3): both are in the table, not only in the history's words."""
    window, history = _battles_tab(open_window, qtbot, [a for turn in DATA.values() for a in turn])
    model = history.model

    def cell(origin: str, target: str, column: str) -> str:
        row = next(i for i, r in enumerate(history.rows) if (r.origin, r.target) == (origin, target))
        return model.index(row, COLUMNS.index(column)).data()

    assert cell("B2", "A1", "Escaped, VP") == "+10 VP to the Allies for the win at A1 Tirane (never taken)"
    assert cell("B2", "A1", "Captured") == "—"
    assert cell("A5", "B5", "Defender") == "GR-INF-6 + Metaxas Line fortification"
    assert cell("B4", "B5", "Defender") == "GR-INF-6" and cell("B4", "B5", "Escaped, VP") == "—"


def test_a_sea_escape_has_its_cell():
    """RULES.md 1.8: BR-INF-2 beaten in Athens with nowhere to go escapes by sea (entered dice)."""
    from campaign_manager.engine.battle_log import battle_rows
    from campaign_manager.ui.history_view import row_cells
    from tests.engine.positions import attack, play, position, scenario

    sc = scenario()
    st = position(4, control={"F1": "axis", "E1": "axis"}, where={"BR-INF-2": "F2", "GR-INF-9": "F2", "DE-INF-1": "F1"})
    # 6 + 2 against 1 + 2: difference 5, BR-INF-2 on 4+ — it rolls 3 and survives.
    action = attack("F1", "F2", ["DE-INF-1"], ["BR-INF-2"], initiative=(1, 1), wargame=(6, 1), destroy={"BR-INF-2": 3})
    (row,) = battle_rows(sc, st, [play(st, action)])
    cells = dict(zip(COLUMNS, row_cells(sc, row)))
    assert cells["Escaped, VP"] == "escaped by sea to the pool: BR-INF-2"
    assert cells["Captured"] == "GR-INF-9" and cells["Destroyed"] == "—"


LONG = "Annamaria Hatzikonstantinopoulou-Papadimitriou"  # a long name, and a word no column of 140 px holds


def _cut_words(table, column: int) -> list[str]:
    """The words of a column's cells wider than the column leaves for its text: each would be cut
    (elided) where the text wraps."""
    room = table.horizontalHeader().sectionSize(column) - 2 * (
        table.style().pixelMetric(table.style().PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    )
    metrics, model = table.fontMetrics(), table.model()
    cells = [model.index(row, column).data() for row in range(model.rowCount())]
    return [word for cell in cells for word in cell.split() if metrics.horizontalAdvance(word) > room]


def _played_by(actions: list[dict], name: str) -> list[dict]:
    """The actions with every game Marco played as attacker played by `name` instead."""
    out = []
    for action in actions:
        if action["type"] == "battle" and "games" in action:
            games = [
                {**g, "attacker_commander": name} if g.get("attacker_commander") == "Marco" else g
                for g in action["games"]
            ]
            action = {**action, "games": games}
        out.append(action)
    return out


@pytest.mark.parametrize("when", ["on opening", "recorded later"])
def test_a_long_commander_s_name_is_shown_whole(open_window, qtbot, when):
    """The Commanders column is as wide as the widest word in it (the text wraps between words,
    never inside a name), also when a longer name is recorded after the columns were sized; the
    whole cell on hover."""
    joins = [{"type": "add_commander", "name": LONG, "side": "axis"}]
    turn_1, turn_2 = FULL_CAMPAIGN_WITH_COMMANDERS["turn 1"], FULL_CAMPAIGN_WITH_COMMANDERS["turn 2"]
    if when == "on opening":
        window, history = _battles_tab(open_window, qtbot, joins + _played_by(turn_1, LONG))
    else:
        window, history = _battles_tab(open_window, qtbot, turn_1)
        assert _cut_words(history.table, COLUMNS.index("Commanders")) == []
        window.session.record_json(joins + _played_by(turn_2, LONG))
    table, column = history.table, COLUMNS.index("Commanders")
    cells = [history.model.index(row, column) for row in range(history.model.rowCount())]
    long = next(cell for cell in cells if LONG in cell.data())
    assert LONG in long.data(Qt.ItemDataRole.ToolTipRole)
    assert _cut_words(table, column) == []
