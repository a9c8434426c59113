"""Printed documents read back with a PDF library: what they say (names with <&> and Greek as
typed, VP, area codes, battle rows), how many pages, long battle logs flowing on, the same
bytes for the same campaign, and the `report` command's refusals."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from campaign_manager.cli import main
from campaign_manager.engine.campaign import Applied, initial_state
from campaign_manager.engine.playout import random_driver
from campaign_manager.reports.render import report_pdf
from campaign_manager.scenario import load_scenario
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN

DATA = FULL_CAMPAIGN
NAME = 'Shop <night> & Αθήνα "Ιωάννινα"'
NOTE = 'Table 3: <b>not bold</b> & "Κέρκυρα"'


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture
def campaign(tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name=NAME) as made:
        made.apply(
            made.read_actions(
                DATA["turn 1"] + DATA["turn 2"][:10] + [{"type": "note", "text": NOTE}] + DATA["turn 2"][10:]
            )
        )
    with CampaignFile.open(path, readonly=True) as opened:
        yield opened


def test_the_turn_report_says_what_happened(campaign):
    text = pages(report_pdf(campaign))
    whole = "\n".join(text)
    assert len(text) >= 2
    assert NAME in text[0] and "Turn report — turn 2 of 4: Greek Counter-Offensive" in text[0]
    assert NOTE in whole, "typed text prints exactly as typed, never as markup"
    assert "B1 Vlore" in whole and "F2 Athens" in whole
    vp = campaign.state
    from campaign_manager.engine.victory import victory_points

    points = victory_points(campaign.scenario, vp)
    assert f"{points['axis']}" in text[0] and f"{points['allied']}" in text[0]
    assert "C2 Kastoria → B2 Korce (Corizza) (Allies attack)" in whole.replace("\n", " ")
    assert "IT-INF-3 rolled 5 (needed 5+)" in whole.replace("\n", " ")
    assert "What the next turn asks for" in whole and "Turn 3: Primavera" in whole
    assert "page 1 of" in text[0]


def test_an_earlier_turn_and_the_status_sheet(campaign):
    first = "\n".join(pages(report_pdf(campaign, turn=1)))
    assert "turn 1 of 4: Emergenza G" in first and "B1 Vlore → C1 Ioannina (Axis attack)" in first.replace("\n", " ")
    assert (
        "B2 Korce" not in first.split("The battles of the turn")[1].split("Who holds what")[0].split("C1 Ioannina")[0]
    )
    status = pages(report_pdf(campaign, kind="status", paper="letter"))
    said = " ".join(status[0].split())
    assert len(status) == 1 and "campaign status" in said and "Allied VP: what they are made of" in said
    reader = PdfReader(io.BytesIO(report_pdf(campaign, kind="status", paper="letter")))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (792, 612), "Letter, landscape: for the wall"


def test_the_battles_of_a_turn_are_numbered_from_one(campaign):
    """The table counts the turn's battles (1, 2, …), not their places in the campaign's log."""
    first = "\n".join(pages(report_pdf(campaign, turn=1)))
    table = first.split("The battles of the turn")[1].split("Who holds what")[0]
    assert table.split("Afterwards\n")[1].startswith("1\nB1 Vlore")
    assert "\n2\nB2 Korce" in table


def test_the_same_campaign_gives_the_same_bytes(campaign, tmp_path):
    from campaign_manager.store.copies import save_copy

    first = report_pdf(campaign)
    assert report_pdf(campaign) == first
    copy = tmp_path / "copy.campaign"
    save_copy(campaign.path, copy)
    with CampaignFile.open(copy, readonly=True) as again:
        assert report_pdf(again) == first


def test_forty_battles_flow_onto_further_pages(tmp_path):
    # Turn 2 played long (the battle count is only a floor): 40 drawn battles B3 → B2.
    # Greek infantry 1 + 2 against Italian infantry 2 + 1 (rough): a draw, both rolled for on 6.
    draw = {
        "type": "battle",
        "from": "B3",
        "to": "B2",
        "initiative_dice": [6, 1],
        "attacker": {"troops": ["GR-INF-3"]},
        "defender": {"troops": ["IT-INF-3"]},
        "wargame": {"attacker_die": 1, "defender_die": 2},
        "destroy_dice": {"GR-INF-3": 1, "IT-INF-3": 1},
    }
    path = tmp_path / "long.campaign"
    with CampaignFile.create(path, name="Long night") as made:
        made.apply(made.read_actions(DATA["turn 1"] + DATA["turn 2"][:7]))
        made.apply(made.read_actions([draw] * 40))
        text = pages(report_pdf(made, turn=2))
    table_pages = [i for i, page in enumerate(text) if "(Allies attack)" in page]
    assert len(table_pages) >= 2, "the battle log goes on over more than one page"
    numbers = [line for page in text for line in page.splitlines() if "B3 Florina → B2 Korce" in line]
    assert len(numbers) == 40
    assert "#" in text[table_pages[1]] and "Battle" in text[table_pages[1]], "the header row repeats"


def test_slips_for_the_arrows_of_the_turn_say_the_metaxas_line(tmp_path):
    sc = load_scenario()
    records = []
    driver, st = random_driver(sc, 7), initial_state(sc)
    while (applied := driver.step(st)) is not None:
        assert isinstance(applied, Applied)
        st = applied.state
        records.append(applied.record)
        if applied.record["type"] == "start_turn" and st.turn == 4:
            break
    path = tmp_path / "four.campaign"
    with CampaignFile.create(path) as made:
        made.apply(made.read_actions(records))
        from campaign_manager.engine import legal

        made.apply(
            made.read_actions(
                [
                    {"type": "place", "troop": t, "area": legal.placement_targets(sc, made.state, t)[0]}
                    for t in sorted(made.state.waiting_zone)
                ]
            )
        )
        assert made.state.control["B5"] == "allied" and any(t.startswith("GR") for t in made.state.troops_in("B5"))
        slips = pages(report_pdf(made, kind="slips", turn=4))
    metaxas = [page for page in slips if "A5 Bulgaria → B5 Eastern Macedonia" in page.replace("\n", " ")]
    assert metaxas and "two HMG nests" in metaxas[0].replace("\n", " ")
    plain = [page for page in slips if "A5 Bulgaria →" not in page]
    assert plain and all("Roll to destroy" in page and "HMG" not in page for page in plain)


def test_a_slip_for_an_open_arrow_names_its_troops(campaign, tmp_path):
    path = tmp_path / "open.campaign"
    with CampaignFile.create(path, name="Open") as made:
        made.apply(
            made.read_actions(
                DATA["turn 1"]
                + DATA["turn 2"][:7]
                + [
                    {
                        "type": "battle",
                        "from": "B3",
                        "to": "B2",
                        "initiative_dice": [6, 1],
                        "attacker": {"troops": ["GR-INF-3"]},
                        "defender": {"troops": ["IT-INF-3"]},
                    }
                ]
            )
        )
        slips = pages(report_pdf(made, kind="slips", turn=2))
    assert len(slips) == 1
    flat = slips[0].replace("\n", " ")
    assert "B3 Florina → B2 Korce (Corizza)" in flat and "Attacker committed: GR-INF-3" in flat
    assert "Defender committed: IT-INF-3" in flat and "HMG" not in flat


def test_the_report_command_and_its_refusals(campaign, tmp_path, capsys):
    out = tmp_path / "turn.pdf"
    assert main(["report", str(campaign.path), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    for argv, words in ((["--turn", "9"], "there is no turn 9"), (["--turn", "3"], "turn 3 has not started")):
        assert main(["report", str(campaign.path), "-o", str(tmp_path / "x.pdf"), *argv]) == 2
        assert words in capsys.readouterr().err
    assert main(["report", str(campaign.path), "-o", str(tmp_path / "no" / "such" / "x.pdf")]) == 2
    assert "cannot be written" in capsys.readouterr().err
    assert not list(tmp_path.rglob("*.partial"))
    junk = tmp_path / "junk.campaign"
    junk.write_text("junk")
    assert main(["report", str(junk), "-o", str(tmp_path / "y.pdf")]) == 2
    assert "not a campaign manager file" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "y.pdf").exists()


def test_the_status_sheet_before_turn_1_is_the_set_up(tmp_path, capsys):
    """The starting map is what a shop pins up before the first evening: `report --kind status`
    on a campaign not started prints the set-up (the map, each side's VP, what turn 1 asks for);
    the turn report still has no turn to report on."""
    path = tmp_path / "new.campaign"
    with CampaignFile.create(path, name="Shop night") as made:
        made.apply(made.read_actions([{"type": "add_commander", "name": "Marco", "side": "axis"}]))
    out = tmp_path / "status.pdf"
    assert main(["report", str(path), "--kind", "status", "-o", str(out)]) == 0
    said = [" ".join(page.split()) for page in pages(out.read_bytes())]
    assert len(said) == 1
    assert "Shop night — campaign status, before turn 1 of 4: the set-up" in said[0]
    assert "Axis 20 — Allied 110 VP" in said[0]
    assert "Next: turn 1, Emergenza G" in said[0]
    for code in ("B1", "C1", "F2"):
        assert code in said[0], "the starting map, every area named"
    assert PdfReader(io.BytesIO(out.read_bytes())).metadata.title == "Shop night — Campaign status, before turn 1"
    assert main(["report", str(path), "-o", str(tmp_path / "turn.pdf")]) == 2
    assert "there is no turn to report on yet" in capsys.readouterr().err
