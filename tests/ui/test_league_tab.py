"""The shop's league on the Commanders tab: the Scoring dialog (recorded, undone), the club
table, who has played whom and the league at the end of an earlier turn, pairings from the
commanders ticked as present (swapped, printed as slips), the league exported as CSV and HTML,
and a commander's club and side changed or a retired one brought back."""

from __future__ import annotations

import csv
import io

from pypdf import PdfReader
from PySide6.QtCore import Qt

from campaign_manager.engine.actions import RenameCommander
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.league_models import COLUMNS
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS
from tests.ui.accessibility import unnamed

FORMULA = '=HYPERLINK("x")'
PLAYED = [
    {"type": "add_commander", "name": FORMULA, "side": "allied", "club": "-Club"},
    *(a for actions in FULL_CAMPAIGN_WITH_COMMANDERS.values() for a in actions),
]


def _tab(open_window, qtbot, tmp_path):
    window = open_window(PLAYED)
    window.tabs.setCurrentWidget(window.commanders_page)
    view = window.commanders
    qtbot.waitUntil(view.ui.leagueTable.isVisible)
    chosen = []

    def choose(parent, title, kinds, suggested):
        chosen.append(tmp_path / suggested)
        return tmp_path / suggested

    view.extras.choose_file = view.extras.pairings.choose_file = choose
    return window, view, chosen


def _column(view, title: str) -> list[str]:
    table, column = view.ui.leagueTable, [c.title for c in COLUMNS].index(title)
    return [table.model().index(row, column).data() for row in range(table.model().rowCount())]


def _rows(model) -> list[tuple]:
    return [tuple(model.index(r, c).data() for c in range(model.columnCount())) for r in range(model.rowCount())]


def test_the_scoring_dialog_records_a_scheme_that_undo_takes_back(open_window, qtbot, tmp_path):
    window, view, _ = _tab(open_window, qtbot, tmp_path)
    assert _column(view, "Points")[:3] == ["3", "2", "1"]
    view.extras.scoring_button.click()
    dialog = view.extras.dialog
    qtbot.waitExposed(dialog)
    dialog.preset.setCurrentIndex(2)
    dialog.preset.activated.emit(2)  # 3 a win, 1 a draw, 0 a loss
    assert [dialog.spins[k].value() for k in ("win", "draw", "loss", "per_game")] == [3, 1, 0, 0]
    dialog.spins["per_game"].setValue(200)  # out of range: held to 100 by the box
    dialog.spins["per_game"].setValue(0)
    assert unnamed(dialog) == []
    dialog.ok.click()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert _column(view, "Commander")[:5] == ["Marco", "Hans", "Giulia", "Anna", "Ben"]
    assert _column(view, "Points")[:5] == ["11", "6", "5", "5", "4"]
    assert "3 points a win, 1 a draw" in view.extras.scheme.text()
    window.session.undo()
    assert _column(view, "Points")[:3] == ["3", "2", "1"] and "1 point a win" in view.extras.scheme.text()
    view.extras.scoring_button.click()  # the same scheme again: refused in the dialog, which stays open
    dialog = view.extras.dialog
    dialog.ok.click()
    assert dialog.isVisible() and "scored that way already" in dialog.problem.text()
    dialog.reject()


def test_the_club_table_the_matrix_and_an_earlier_turn(open_window, qtbot, tmp_path):
    window, view, _ = _tab(open_window, qtbot, tmp_path)
    assert _rows(view.extras.clubs) == [
        ("Athens Wargamers", "1", "2", "1", "0.50"),
        ("Dice Den", "2", "12", "4", "0.33"),
        ("-Club", "1", "0", "0", "0.00"),
    ]
    view.extras.tabs.setCurrentIndex(1)
    matrix = view.extras.matrix
    assert [matrix.headerData(c, Qt.Orientation.Horizontal) for c in range(matrix.columnCount())][1:] == [
        "Anna",
        FORMULA,
        "Nikos",
    ]
    assert _rows(matrix)[0] == ("Marco", "4", "·", "·")
    turn = view.extras.turn
    assert [turn.itemText(i) for i in range(turn.count())][:3] == ["now", "before turn 1", "at the end of turn 1"]
    turn.setCurrentIndex(turn.findData(1))
    played = [(n, g) for n, g in zip(_column(view, "Commander"), _column(view, "Games")) if g != "0"]
    assert played == [("Marco", "1"), ("Anna", "1")]
    turn.setCurrentIndex(0)
    assert _column(view, "Games")[0] == "6"


def test_pairings_from_the_present_are_swapped_and_printed(open_window, qtbot, tmp_path):
    window, view, chosen = _tab(open_window, qtbot, tmp_path)
    panel = view.extras.pairings
    view.extras.tabs.setCurrentWidget(panel)
    assert panel.present.count() == 6  # Ben has retired
    panel.tick(["Marco", "Giulia", "Hans", "Anna", "Nikos"])
    panel.suggest_button.click()
    first = _rows(panel.pairs)
    assert len(first) == 2 and "Sitting out" in panel.said.text()
    panel.suggest_button.click()
    assert _rows(panel.pairs) == first, "the same seed, the same pairings"
    sitting = panel.pairings.sitting_out[0].commander.name
    panel.swap_one.setCurrentText(sitting)
    panel.swap_other.setCurrentText("Nikos")
    panel.swap_button.click()
    swapped = _rows(panel.pairs)
    assert any(row[1:3] == (sitting, "Nikos") for row in swapped), swapped
    assert "Met before at" in panel.said.text(), "Giulia and Nikos have met"
    assert "no other pairing avoids it" not in panel.said.text(), "the organiser's swap, not the only way"
    panel.print_button.click()
    words = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(chosen[-1]).pages)
    for table, a, b, _ in swapped:
        assert f"Table {table}" in words and f"VP of {a} VP of {b}" in words
    panel.tick(["Marco", "Giulia", "Hans", "Anna"])  # Nikos went home: the pairs shown are not those ticked
    assert "Suggest pairings again" in panel.said.text()
    panel.tick(["Marco", "Giulia", "Hans", "Anna", "Nikos"])
    assert "Suggest pairings again" not in panel.said.text()
    window.session.record([RenameCommander("Nikos", "Nikos P.")])  # the pairs stay, with the new name
    assert [row[1:3] for row in _rows(panel.pairs)] == [
        (a, "Nikos P." if b == "Nikos" else b) for _, a, b, _ in swapped
    ]


def test_the_league_is_exported_as_csv_and_html(open_window, qtbot, tmp_path):
    window, view, chosen = _tab(open_window, qtbot, tmp_path)
    window.tabs.setCurrentIndex(0)
    window.menu_actions[MenuAction.LEAGUE_EXPORT_CSV].trigger()  # League ▸ Export as CSV…
    assert window.tabs.currentWidget() is window.commanders_page, "the menu shows the league it exports"
    rows = list(csv.reader(io.StringIO(chosen[-1].read_text(encoding="utf-8"))))
    numbers = rows[0].index("Points")
    assert all(str(int(cell)) == cell for row in rows[1:] for cell in row[numbers:])
    odd = next(row for row in rows if "HYPERLINK" in row[0])
    assert odd[0] == "'" + FORMULA and odd[2] == "'-Club"
    view.extras.export_buttons["html"].click()  # the tab's own button does the same
    page = chosen[-1].read_text(encoding="utf-8")
    assert '<td class="text">=HYPERLINK(&quot;x&quot;)</td>' in page and FORMULA not in page
    assert '<td class="number">-8</td>' in page


def test_club_and_side_and_bringing_back(open_window, qtbot, tmp_path):
    window, view, _ = _tab(open_window, qtbot, tmp_path)
    view.choose("Hans")
    view.extras.club_button.click()
    dialog = view.extras.dialog
    assert not dialog.side.isEnabled(), "Hans has played for the Axis"
    assert unnamed(dialog) == []
    dialog.club.setText("Dice Den")
    dialog.ok.click()
    assert dict(zip(_column(view, "Commander"), _column(view, "Club")))["Hans"] == "Dice Den"
    view.choose(FORMULA)
    view.extras.club_button.click()
    dialog = view.extras.dialog
    assert dialog.side.isEnabled()
    dialog.side.setCurrentIndex(dialog.side.findData("axis"))
    dialog.ok.click()
    assert dict(zip(_column(view, "Commander"), _column(view, "Side")))[FORMULA] == "Axis"
    view.choose("Ben")
    assert view.ui.retireButton.text() == "Bring &back" and view.ui.retireButton.isEnabled()
    view.ui.retireButton.click()
    assert not view.standing().commander.retired and view.ui.retireButton.text() == "Re&tire"
    window.session.undo()
    assert view.standing().commander.retired
