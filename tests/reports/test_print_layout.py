"""The printed map read back as geometry (reports/map_drawing.map_picture, what the PDF is drawn
from): at every step of the full campaign, and with seven arrows open at once, no battle's mark
covers another, an area's words or a counter; no counter covers an area's words or another
counter; every counter stays inside its area. Tables never break a word (the Mission column once
printed "Fighting W ithdrawal"), the mission of an arrow placed before its result is printed,
and battle slips printed between turns show the next turn as it will start and say plainly that
its positions may still change."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.campaign import apply_action, initial_state
from campaign_manager.engine.spelling import read_action
from campaign_manager.reports.map_drawing import map_picture
from campaign_manager.reports.render import report_pdf
from campaign_manager.reports.tables import longest_word, word_safe_widths
from campaign_manager.scenario import load_scenario
from campaign_manager.scenario.layout import holds, overlap
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import CROWDED, FULL_CAMPAIGN, GRAZE, SEVEN_OPEN, head_covers

STEPS = [action for actions in FULL_CAMPAIGN.values() for action in actions]


def played(actions: list[dict]):
    """Each step's state with the battles of its turn (as the map shows them)."""
    sc = load_scenario()
    st, history = initial_state(sc), []
    for action in actions:
        applied = apply_action(sc, st, read_action(sc, action))
        history.append(applied)
        st = applied.state
        yield sc, st, [row for row in battle_rows(sc, initial_state(sc), history) if row.turn == st.turn]


def check_the_picture(sc, st, battles) -> None:
    picture = map_picture(sc, st, battles)
    words = picture.word_boxes()
    counters = [(code, stack.box) for code, stacks in picture.stacks.items() for stack in stacks]
    marks = [mark.box for mark in picture.marks]
    bounds = (0.0, 0.0, float(picture.layout.width), float(picture.layout.height))
    assert len(marks) == len(battles) + len(st.open_arrows)
    for n, mark in enumerate(marks):
        assert overlap(mark, bounds) == pytest.approx(mark[2] * mark[3]), f"mark {n} runs off the map"
        for other in words + [box for _, box in counters] + marks[:n]:
            assert not overlap(mark, other), (st.turn, n, mark, other)
    for arrow in picture.arrows:
        for _, box in counters:
            assert head_covers(arrow.shaft, box) <= GRAZE, (st.turn, "an arrowhead covers a counter", arrow.shaft, box)
    for n, (code, box) in enumerate(counters):
        assert holds(picture.layout.areas[code].outline, box), f"a counter of {code} crosses its border: {box}"
        for other in words + [other for _, other in counters[:n]]:
            assert not overlap(box, other), (code, box, other)


def test_nothing_on_the_printed_map_overlaps_at_any_step_of_the_full_campaign():
    for sc, st, battles in played(STEPS):
        check_the_picture(sc, st, battles)


def test_seven_open_arrows_at_once_keep_their_marks_apart():
    *_, (sc, st, battles) = played(CROWDED + SEVEN_OPEN)
    assert len(st.open_arrows) == 7
    check_the_picture(sc, st, battles)


def test_fought_battles_are_numbered_in_the_turn_s_order_with_their_result():
    *_, (sc, st, battles) = played(STEPS[:-1])  # turn 4 fought, not yet ended
    texts = [mark.text for mark in map_picture(sc, st, battles).marks]
    assert texts == ["1 =", "2 ✔", "3 ✔", "4 ✔", "5 =", "6 =", "7 =", "8 ="]


def test_a_column_is_never_narrower_than_its_longest_word():
    rows = [["#", "Mission", "Result"], ["1", "Fighting Withdrawal", "a long result said in many short words"]]
    widths = word_safe_widths(rows, [20.0, 30.0, 250.0], (("DejaVuSans-Bold", 8), ("DejaVuSans", 8)))
    assert widths[1] >= longest_word("Withdrawal", "DejaVuSans", 8) + 6
    assert sum(widths) == pytest.approx(300.0), "the others give way: the table keeps its width"


def pages(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def test_the_mission_of_an_arrow_placed_before_its_result_is_printed_whole(tmp_path):
    """Turn 2's mission table: a 6 is Fighting Withdrawal. The arrow is placed with its mission
    die, its result recorded later: the report's Mission column says it, in whole words."""
    placed = dict(FULL_CAMPAIGN["turn 2"][10])
    result = {key: placed.pop(key) for key in ("wargame", "destroy_dice", "retreat_to", "advance")}
    placed["mission_die"] = 6
    resolved = {"type": "battle", "from": "C2", "to": "B2", **result}
    path = tmp_path / "later.campaign"
    with CampaignFile.create(path, name="Result later") as campaign:
        campaign.apply(
            campaign.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"][:10] + [placed, resolved])
        )
        text = " ".join(pages(report_pdf(campaign, turn=2)))
        slips_while_open = None
    assert "Fighting Withdrawal" in text, "the mission rolled when the arrow was placed"
    with CampaignFile.create(tmp_path / "open.campaign", name="Open") as campaign:
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"][:10] + [placed]))
        slips_while_open = " ".join(pages(report_pdf(campaign, kind="slips")))
    assert "Mission (rolled when the arrow was placed, d6 6): Fighting Withdrawal" in slips_while_open


def test_slips_printed_between_turns_show_the_next_turn_and_say_positions_may_change(tmp_path):
    """After End turn 3 the slips are turn 4's: the German troops that arrive in Yugoslavia and
    Bulgaria are on the map (so are their arrows), and every slip says the planning is not done.
    Once the turn's first battle is placed, the planning is over and the warning goes."""
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop") as campaign:
        campaign.apply(
            campaign.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"] + FULL_CAMPAIGN["turn 3"])
        )
        between = pages(report_pdf(campaign, kind="slips"))
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 4"][:6]))
        fighting = pages(report_pdf(campaign, kind="slips"))
    whole = " ".join(between)
    assert "Battle slip — turn 4: A5 Bulgaria → B4 Thessaloniki" in whole
    assert "Battle slip — turn 4: A4 Yugoslavia → B3 Florina" in whole
    assert "DE-PZ-1" in whole and "DE-KRAD" in whole
    slips = whole.count("Battle slip — turn 4")
    assert slips >= 4 and whole.count("POSITIONS MAY STILL CHANGE") == slips, "every slip says it"
    assert "Turn 4 has not started yet" in whole and "still to be placed (GR-INF-1, GR-INF-2)" in whole
    now = " ".join(fighting)
    assert "Battle slip — turn 4" in now and "POSITIONS MAY STILL CHANGE" not in now
