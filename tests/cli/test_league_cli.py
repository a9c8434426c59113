"""The roster and the league on the command line: `commanders FILE add|rename|retire|general|list|
import` and `league FILE [--json|--csv]`; a sign-up sheet with a bad row is refused naming it,
undo takes back a roster change, and export → import keeps the roster and who played each game."""

from __future__ import annotations

import csv
import io
import json

import pytest

from campaign_manager.store.campaign_file import CampaignFile
from tests.engine.test_league import FIRST, HAND_LEAGUE
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS, run


@pytest.fixture
def played(tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path) as campaign:
        for actions in FULL_CAMPAIGN_WITH_COMMANDERS.values():
            campaign.apply(campaign.read_actions(actions))
    return path


@pytest.fixture
def empty(tmp_path):
    path = tmp_path / "new.campaign"
    CampaignFile.create(path).close()
    return path


def test_league_json_is_the_hand_worked_table(played, capsys):
    code, out, err = run(capsys, "league", played, "--json")
    assert (code, err) == (0, "")
    table = json.loads(out)
    assert [e["name"] for e in table] == [row[0] for row in HAND_LEAGUE]
    keys = ("name", "side", "club", "games", "wins", "draws", "losses", "vp_for", "vp_against")
    assert [table[0][k] for k in keys] == ["Marco", "axis", "Dice Den", 6, 3, 2, 1, 22, 13]


def test_league_csv_reads_back_in_a_spreadsheet(played, capsys):
    code, out, _ = run(capsys, "league", played, "--csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and rows[0][:6] == ["Commander", "Side", "Club", "Role", "Points", "Games"]
    assert rows[1][:9] == ["Marco", "Axis", "Dice Den", "General", "3", "6", "3", "2", "1"]
    assert len(rows) == 1 + len(HAND_LEAGUE)


def test_league_text_lists_everyone(played, capsys):
    code, out, _ = run(capsys, "league", played)
    assert code == 0 and out.splitlines()[1].startswith("Marco") and "Nikos" in out


def test_the_roster_commands(empty, capsys):
    assert run(capsys, "commanders", empty, "add", "Anna", "--side", "Allies", "--club", "Dice Den")[:2] == (
        0,
        "Anna joins the Allies as a commander, of Dice Den\n",
    )
    assert run(capsys, "commanders", empty, "add", "Marco", "--side", "axis")[0] == 0
    assert run(capsys, "commanders", empty, "general", "marco")[1] == "Marco is the General of the Axis\n"
    assert run(capsys, "commanders", empty, "rename", "anna", "Anna K.")[0] == 0
    assert run(capsys, "commanders", empty, "retire", "Anna K.")[0] == 0
    code, out, _ = run(capsys, "commanders", empty, "list", "--json")
    assert json.loads(out) == [  # in the order they joined
        {"name": "Anna K.", "side": "allied", "club": "Dice Den", "general": False, "retired": True},
        {"name": "Marco", "side": "axis", "club": None, "general": True, "retired": False},
    ]
    code, out, _ = run(capsys, "commanders", empty, "list")
    assert out == "Axis:\n  Marco (General)\nAllies:\n  Anna K. (Dice Den, retired)\n"


def test_a_roster_refusal_is_one_line_with_the_rule(empty, capsys):
    run(capsys, "commanders", empty, "add", "Anna", "--side", "allied")
    code, out, err = run(capsys, "commanders", empty, "add", "ANNA", "--side", "axis")
    assert code == 2 and out == ""
    assert err == (
        "campaign-manager: Rule 1.10: the name 'ANNA' is already on the roster (Anna of the Allies); "
        "names are told apart without regard to case\n"
    )


def test_undo_takes_back_a_roster_change(empty, capsys):
    run(capsys, "commanders", empty, "add", "Anna", "--side", "allied")
    run(capsys, "commanders", empty, "rename", "Anna", "Annabel")
    assert run(capsys, "undo", empty)[1] == "undone: renaming the commander Anna to Annabel\n"
    with CampaignFile.open(empty, readonly=True) as campaign:
        assert [c.name for c in campaign.state.roster] == ["Anna"]
    assert run(capsys, "redo", empty)[0] == 0
    with CampaignFile.open(empty, readonly=True) as campaign:
        assert [c.name for c in campaign.state.roster] == ["Annabel"]


def test_a_signup_sheet_is_imported_whole(empty, tmp_path, capsys):
    sheet = tmp_path / "signups.csv"
    sheet.write_text(
        "\ufeffName;Club;Side\nAnna;Dice Den;Allied\nMarco;;axis\n\nGiulia;Bologna;Axis\n", encoding="utf-8"
    )
    code, out, err = run(capsys, "commanders", empty, "import", sheet)
    assert (code, out, err) == (0, "3 commanders added from signups.csv\n", "")
    with CampaignFile.open(empty, readonly=True) as campaign:
        assert [(c.name, c.side, c.club) for c in campaign.state.roster] == [
            ("Anna", "allied", "Dice Den"),
            ("Marco", "axis", None),
            ("Giulia", "axis", "Bologna"),
        ]


def test_a_signup_sheet_with_bad_rows_is_refused_naming_each_row(empty, tmp_path, capsys):
    sheet = tmp_path / "signups.csv"
    sheet.write_text("Anna,allied,Dice Den\nMarco,romans\nanna,axis\nZoe,axis,,extra\n", encoding="utf-8")
    before = empty.read_bytes()
    code, out, err = run(capsys, "commanders", empty, "import", sheet)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("campaign-manager: signups.csv: row 2: Rule 1.10: there is no side 'romans'")
    assert "row 3: Rule 1.10: the name 'anna' is already on the roster" in err
    assert "row 4: more columns than name, side and club ('extra')" in err
    assert err.endswith("nothing was imported\n")
    assert empty.read_bytes() == before
    with CampaignFile.open(empty, readonly=True) as campaign:
        assert campaign.state.roster == ()


def test_export_then_import_keeps_the_roster_and_who_played(played, tmp_path, capsys):
    log = tmp_path / "shop.json"
    assert run(capsys, "export", played, "-o", log)[0] == 0
    copy = tmp_path / "copy.campaign"
    assert run(capsys, "import", log, "-o", copy)[0] == 0
    with CampaignFile.open(played, readonly=True) as a, CampaignFile.open(copy, readonly=True) as b:
        assert b.state.roster == a.state.roster and len(b.state.roster) == 6
        games = [r["games"] for r in b.records if r["type"] == "battle" and "games" in r]
        assert games == [r["games"] for r in a.records if r["type"] == "battle" and "games" in r]
        assert {"attacker_vp": 7, "defender_vp": 1, "attacker_commander": "Marco", "defender_commander": "Anna"} in (
            g for gs in games for g in gs
        )
    assert run(capsys, "league", copy, "--json")[1] == run(capsys, "league", played, "--json")[1]


def test_a_sheet_that_grew_is_imported_again_for_its_new_names(empty, tmp_path, capsys):
    """The sheet of the evening imported at six, then again at seven with two more names: the
    commanders already on the roster (same side, any case) are passed over, not refused."""
    sheet = tmp_path / "signups.csv"
    sheet.write_text("Anna,allied,Dice Den\nMarco,axis\n", encoding="utf-8")
    assert run(capsys, "commanders", empty, "import", sheet)[0] == 0
    sheet.write_text("Anna,Allied,Dice Den\nMARCO,axis\nGiulia,axis,Bologna\nZoe,allied\n", encoding="utf-8")
    code, out, err = run(capsys, "commanders", empty, "import", sheet)
    assert (code, err) == (0, "") and out.startswith("2 commanders added")
    with CampaignFile.open(empty, readonly=True) as campaign:
        assert [c.name for c in campaign.state.roster] == ["Anna", "Marco", "Giulia", "Zoe"]
    code, out, err = run(capsys, "commanders", empty, "import", sheet)
    assert code == 2 and "everyone on it is on the roster already" in err
    sheet.write_text("Anna,axis\n", encoding="utf-8")
    code, out, err = run(capsys, "commanders", empty, "import", sheet)
    assert code == 2 and "'Anna' is already on the roster" in err, "the other side's: still refused"


def test_a_battle_naming_a_commander_half_way_is_refused_naming_who_was_meant(empty, tmp_path, capsys):
    """'ann' for Anna in a battle given to `apply`: refused naming Anna, nothing recorded, never
    taken as a new commander (the window asks "New commander 'ann'?" where a file cannot be
    asked); `commanders add` is the command line's yes."""
    start = tmp_path / "start.json"
    start.write_text(
        json.dumps(
            [
                {"type": "add_commander", "name": "Marco", "side": "axis"},
                {"type": "add_commander", "name": "Anna", "side": "allied"},
                {"type": "start_turn"},
            ]
        )
    )
    assert run(capsys, "apply", empty, start)[0] == 0
    game = {"attacker_vp": 5, "defender_vp": 2, "attacker_commander": "Marco", "defender_commander": "ann"}
    battle = tmp_path / "battle.json"
    battle.write_text(json.dumps([{**FIRST, "games": [game]}]))
    before = empty.read_bytes()
    code, out, err = run(capsys, "apply", empty, battle)
    assert (code, out) == (2, "")
    assert "Rule 1.10: there is no commander 'ann' on the roster (did you mean Anna?): add them first" in err
    assert empty.read_bytes() == before, "nothing recorded, nobody added"
    assert run(capsys, "commanders", empty, "add", "ann", "--side", "allied")[0] == 0
    assert run(capsys, "apply", empty, battle)[0] == 0
    with CampaignFile.open(empty, readonly=True) as campaign:
        assert campaign.records[-1]["games"] == [game] and campaign.state.roster[-1].name == "ann"


def test_every_number_of_the_csv_reads_back_as_a_number_and_a_formula_as_text(played, capsys):
    run(capsys, "commanders", played, "add", '=HYPERLINK("x")', "--side", "axis", "--club=-1+1")
    code, out, _ = run(capsys, "league", played, "--csv")
    rows = list(csv.reader(io.StringIO(out)))
    numbers = rows[0].index("Points")
    for row in rows[1:]:
        assert all(int(cell) == float(cell) for cell in row[numbers:]), row  # -8 too, not '-8
    assert [row[rows[0].index("VP diff")] for row in rows[1:] if row[0] == "Anna"] == ["-8"]
    odd = next(row for row in rows if "HYPERLINK" in row[0])
    assert odd[0] == '\'=HYPERLINK("x")' and odd[2] == "'-1+1"


def test_league_clubs_turn_and_html(played, capsys):
    code, out, _ = run(capsys, "league", played, "--clubs", "--json")
    assert code == 0 and [(c["club"], c["points"], c["games"]) for c in json.loads(out)] == [
        ("Athens Wargamers", 1, 2),
        ("Dice Den", 4, 12),
    ]
    code, out, _ = run(capsys, "league", played, "--turn", "1", "--json")
    assert [(e["name"], e["games"]) for e in json.loads(out) if e["games"]] == [("Marco", 1), ("Anna", 1)]
    code, out, err = run(capsys, "league", played, "--turn", "9")
    assert code == 2 and "no league at the end of turn 9" in err and "Traceback" not in err
    code, out, _ = run(capsys, "league", played, "--html")
    assert code == 0 and out.startswith("<!DOCTYPE html>") and '<td class="text">Marco</td>' in out
    assert "<h2>Clubs</h2>" in out and '<td class="text">Athens Wargamers</td>' in out


def test_scoring_is_shown_changed_and_undone(played, capsys):
    assert "1 point a win" in run(capsys, "league", played, "scoring")[1]
    code, out, _ = run(capsys, "league", played, "scoring", "--win", "3", "--draw", "1", "--tie-breaks", "vp_for")
    assert code == 0 and "3 points a win, 1 a draw, 0 a loss; ties parted by VP scored" in out
    table = json.loads(run(capsys, "league", played, "--json")[1])
    assert [(e["name"], e["points"]) for e in table][:4] == [("Marco", 11), ("Hans", 6), ("Anna", 5), ("Giulia", 5)]
    assert run(capsys, "undo", played)[0] == 0
    assert json.loads(run(capsys, "league", played, "--json")[1])[0]["points"] == 3
    code, _, err = run(capsys, "league", played, "scoring", "--tie-breaks", "vp_for,luck")
    assert code == 2 and "tie_breaks" in err
    code, out, _ = run(capsys, "league", played, "scoring", "--tie-breaks", "VP_For, head-to-head")
    assert code == 0 and "ties parted by VP scored, then head-to-head" in out, out


def test_pairings_on_the_command_line_are_seeded_and_keep_swaps_in_the_slips(played, capsys, tmp_path):
    present = "Marco,Giulia,Hans,Anna,Nikos"
    first = run(capsys, "league", played, "pairings", "--present", present, "--json", "--seed", "4")[1]
    assert first == run(capsys, "league", played, "pairings", "--present", present, "--json", "--seed", "4")[1]
    data = json.loads(first)
    assert len(data["pairs"]) == 2 and len(data["sitting_out"]) == 1
    assert not any(p["met_before"] for p in data["pairs"] if p["first"] == "Marco")  # Marco never met Nikos
    slips = tmp_path / "slips.pdf"
    sitting = data["sitting_out"][0]
    code, out, _ = run(
        capsys,
        "league",
        played,
        "pairings",
        "--present",
        present,
        "--seed",
        "4",
        "--swap",
        f"{sitting},Nikos",
        "--slips",
        slips,
    )
    assert code == 0 and "against Nikos" in out
    from pypdf import PdfReader

    words = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(slips).pages)
    swapped = json.loads(
        run(
            capsys,
            "league",
            played,
            "pairings",
            "--present",
            present,
            "--seed",
            "4",
            "--swap",
            f"{sitting},Nikos",
            "--json",
        )[1]
    )
    for table, pair in enumerate(swapped["pairs"], start=1):
        assert f"Table {table}" in words and f"VP of {pair['first']} VP of {pair['second']}" in words, (pair, words)
    assert sitting in [p["first"] for p in swapped["pairs"]] + [p["second"] for p in swapped["pairs"]]
    code, _, err = run(capsys, "league", played, "pairings", "--present", "Marco,Zed")
    assert code == 2 and "no commander 'Zed'" in err


def test_club_side_and_unretire_on_the_command_line(empty, capsys):
    run(capsys, "commanders", empty, "add", "Anna", "--side", "allied", "--club", "Dice Den")
    assert run(capsys, "commanders", empty, "club", "anna", "Athens")[1] == "Anna now plays for Athens\n"
    assert run(capsys, "commanders", empty, "side", "anna", "axis")[1] == "Anna now plays for the Axis\n"
    run(capsys, "commanders", empty, "retire", "Anna")
    assert run(capsys, "commanders", empty, "unretire", "Anna")[0] == 0
    data = json.loads(run(capsys, "commanders", empty, "list", "--json")[1])
    assert data == [{"name": "Anna", "side": "axis", "club": "Athens", "general": False, "retired": False}]


def test_slips_or_a_report_aimed_at_the_campaign_itself_or_a_folder_are_refused(played, capsys, tmp_path):
    """A tired organiser names the campaign (or its folder) where the PDF should go: refused in a
    sentence, and the campaign is still the campaign."""
    before = played.read_bytes()
    for where in (played, tmp_path):
        code, _, err = run(capsys, "league", played, "pairings", "--present", "Marco,Anna", "--slips", where)
        assert code == 2 and ("nothing was written" in err or "is a folder" in err), err
        code, _, err = run(capsys, "report", played, "-o", where)
        assert code == 2 and "Traceback" not in err, err
    assert played.read_bytes() == before
    assert run(capsys, "league", played, "--json")[0] == 0


def test_an_option_of_scoring_or_pairings_without_its_view_is_refused_not_ignored(played, capsys):
    code, _, err = run(capsys, "league", played, "--win", "3")
    assert code == 2 and "--win belongs to `league FILE scoring`" in err
    code, _, err = run(capsys, "league", played, "scoring", "--present", "Marco,Anna", "--swap", "Marco,Anna")
    assert code == 2 and "--present, --swap belong to `league FILE pairings`" in err
    assert json.loads(run(capsys, "league", played, "--json")[1])[0]["points"] == 3  # the scheme as it was
    code, _, err = run(capsys, "league", played, "pairings", "--present", "Marco,Anna", "--turn", "1")
    assert code == 2 and "leave out --turn" in err  # the next evening pairs the league as it is now
