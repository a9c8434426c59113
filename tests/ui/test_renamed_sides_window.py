"""A scenario whose sides are not called "axis" and "allied" (the Veltmark Gap with its sides
renamed "north" and "south", tests/renamed_sides.py), kept in the user's scenario folder, played
through the window: File ▸ New from it, then the Veltmark script, turn by turn, through the real
widgets (the turn's die, reinforcements placed from a counter's menu, each battle in the wizard,
End turn). The map, the VP indicator and the history come to what the Veltmark Gap comes to."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from campaign_manager.scenario.loader import user_scenarios
from campaign_manager.ui.actions import MenuAction
from tests.cli.test_second_scenario import EXPECTED, GREECE, SCRIPT, START
from tests.renamed_sides import RENAMED, write_north_south
from tests.ui.test_second_scenario_window import fight, place, start_turn


@pytest.fixture
def window(make_window, tmp_path):
    write_north_south(user_scenarios())
    made = make_window(
        remember=False,
        choose_new=lambda parent, title: tmp_path / "north-south.campaign",
        choose_scenario=lambda parent, names: "veltmark-north-south",
    )
    made.resize(1280, 800)
    return made


def test_a_scenario_with_other_side_ids_plays_through_the_window(window):
    window.menu_actions[MenuAction.NEW_CAMPAIGN].trigger()
    assert window.campaign is not None and window.campaign.scenario.id == "veltmark-north-south"
    sc = window.session.scenario
    assert sc.side_ids == ("north", "south")
    tints = {side: QColor(colours.tint) for side, colours in sc.side_colours.items()}
    for turn, actions in SCRIPT.items():
        for action in actions:
            {"start_turn": start_turn, "place": place, "battle": fight}.get(
                action["type"], lambda w, a: w.menu_actions[MenuAction.END_TURN].trigger()
            )(window, action)
        changed, vp, result = EXPECTED[turn]
        control = {code: RENAMED[side] for code, side in {**START, **changed}.items()}
        assert {code: window.session.state.control[code] for code in START} == control, turn
        for code, side in control.items():
            brush = window.map_view.map_scene.areas[code].brush().color()
            assert brush == (tints[side].darker(112) if sc.areas[code].staging else tints[side]), (turn, code)
        indicator = window.view.panel.vp
        assert indicator.vp == {RENAMED[side]: points for side, points in vp.items()}, turn
        assert indicator.headline().endswith(f": {result}")
        assert indicator.lead_words().startswith("The Free Cities lead")
        shown = " ".join(label.text() for label in window.view.panel.findChildren(type(window.view.panel.headline)))
        assert not GREECE.search(shown + indicator.headline()), shown
    assert window.session.state.phase == "finished"
    assert len(window.session.battles()) == 5
    history = " ".join(window.history.stringList())
    assert "The Dunmere redoubt defends this battle" in history
    assert history.count("K1 Veltmark Keep cannot be captured: its defenders stay and the Free Cities score 15 VP") == 2
