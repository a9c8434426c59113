"""The panel says what each side's VP are made of (its tooltip), who captured whom, and no
reinforcement pool once the campaign is over."""

from __future__ import annotations

from tests.shared import FULL_CAMPAIGN


def test_the_vp_tooltip_lists_every_part(open_window):
    window = open_window(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"])
    words = window.view.panel.vp.toolTip()
    assert "Allied 120 VP:" in words and "Axis 20 VP:" in words
    allied = words.split("Allied 120 VP:")[1].split("Victory levels")[0]
    assert "+60  F2 Athens held (objective)" in allied
    assert "+10  A1 Tirane's defenders defeated in turn 2 (a command centre: never taken)" in allied
    assert sum(int(line.split()[0]) for line in allied.strip().splitlines()) == 120


def test_captures_are_said_by_who_took_them_and_the_pool_goes_at_the_end(open_window):
    window = open_window([action for actions in FULL_CAMPAIGN.values() for action in actions])
    text = window.view.panel.off_map.text()
    assert "by the Axis: GR-INF-6 (Allied)" in text
    assert "Reinforcement pool" not in text, "nothing comes back once the campaign is over"
    words = window.view.panel.vp.toolTip()
    assert "+5  GR-INF-6 (Greek Pezikoy infantry) captured from the Allies" in words


def test_the_result_line_fits_a_narrow_panel(open_window):
    """In an 800-pixel window the side panel is under 300 pixels wide: "If it ended now: Allied
    operational victory" ran off both its edges at 10 points; the words are made smaller to fit."""
    from PySide6.QtGui import QFontMetrics

    from campaign_manager.ui.vp_indicator import fitting_font

    window = open_window([{"type": "start_turn"}])
    vp = window.view.panel.vp
    lines = (vp.lead_words(), vp.headline())
    assert lines[1] == "If it ended now: Allied operational victory"
    narrow = fitting_font(lines, 270)
    assert all(QFontMetrics(narrow).horizontalAdvance(line) <= 270 for line in lines)
    assert fitting_font(lines, 600).pointSize() == 10, "where there is room, the words keep their size"


def test_the_vp_tooltip_says_the_levels_as_the_report_does(open_window):
    """The levels and the draw under them, in the one sentence the printed report uses."""
    from campaign_manager.engine.victory import levels_words

    window = open_window(FULL_CAMPAIGN["turn 1"])
    words = window.view.panel.vp.toolTip()
    sentence = levels_words(window.session.scenario)
    assert "under 40: draw" in sentence and sentence in words
    assert words.count("Victory levels") == 1
