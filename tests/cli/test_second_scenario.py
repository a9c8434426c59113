"""A whole campaign of the second bundled scenario, The Veltmark Gap (six made-up areas, two
turns, its own nations, sides, colours, terrains and fortified line), played through the command
line: `new --scenario`, `apply`, `show`, `requirements`, `report`. Control and VP after each turn
were worked out by hand from the scenario file and RULES.md; nothing of Greece may show."""

from __future__ import annotations

import io
import json
import re

from pypdf import PdfReader

from tests.shared import ROOT, run

SCRIPT: dict[str, list[dict]] = json.loads((ROOT / "tests" / "data" / "veltmark_campaign.json").read_text())
START = {"K1": "axis", "K2": "axis", "K3": "axis", "F1": "allied", "F2": "allied", "F3": "allied"}
# After each turn: areas that changed hands since the start, VP, the result if it ended now.
EXPECTED = {
    # K2→F1 across the Dunmere Line, 10–4 (the redoubt +1 for the Lantians): F1 taken, 10 VP to
    # the Imperials; F2→K1 4–1 on the tabletop: the keep is a command centre, 15 VP to the Free
    # Cities and nothing moves. Free Cities 30 (F3) + 15 = 45: a lead of 35, a "victory" (25+).
    "turn 1": ({"F1": "axis"}, {"axis": 10, "allied": 45}, "Free Cities victory"),
    # F1 retaken by the Corvish marines (9–7), lost again to the Vessians (6–1); a second win on
    # the keep: Free Cities 30 + 2 × 15 = 60, Imperials 10: a lead of 50, decisive (50+).
    "turn 2": ({"F1": "axis"}, {"axis": 10, "allied": 60}, "Free Cities decisive victory"),
}
GREECE = re.compile(r"\b(Axis|Allied|Allies|Greek|Greece|Italian|German|British|Metaxas|Tirane|Athens)\b")


def test_the_veltmark_gap_played_through_the_command_line(tmp_path, capsys):
    campaign = tmp_path / "gap.campaign"
    code, out, err = run(capsys, "new", campaign, "--scenario", "veltmark-gap", "--name", "Gap night")
    assert code == 0, err
    assert "Firestorm: The Veltmark Gap" in out
    for turn, actions in SCRIPT.items():
        script = tmp_path / f"{turn}.json"
        script.write_text(json.dumps(actions))
        code, out, err = run(capsys, "apply", campaign, script)
        assert code == 0, err
        assert not GREECE.search(out), out
        view = json.loads(run(capsys, "show", campaign, "--json")[1])
        changed, vp, result = EXPECTED[turn]
        assert {code: area["controller"] for code, area in view["areas"].items()} == {**START, **changed}, turn
        assert view["vp"] == vp, turn
        assert view["outcome"]["result"] == result, turn
        text = run(capsys, "show", campaign)[1]
        assert f"VP: Imperial {vp['axis']}, Free Cities {vp['allied']}" in text
        assert not GREECE.search(text), text
        number = int(turn.split()[1])
        pdf = tmp_path / f"{turn}.pdf"
        assert run(capsys, "report", campaign, "-o", pdf, "--turn", number)[0] == 0
        words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages)
        assert "Gap night" in words and "Dunmere Ford" in words and "Free Cities VP" in words
        assert not GREECE.search(words), f"{turn}: {GREECE.search(words)}"
    assert view["phase"] == "finished" and view["outcome"]["final"]
    assert view["command_centre_wins"] == {"K1": 2}
    assert {t["id"] for t in view["pools"]["axis"]} == {"KD-INF-1", "KD-TANK"}
    assert {t["id"] for t in view["pools"]["allied"]} == {"LN-MIL-3", "CV-MAR-1"}
    for kind in ("status", "slips"):
        code, _, err = run(capsys, "report", campaign, "-o", tmp_path / f"{kind}.pdf", "--kind", kind)
        assert code == 0, err


def test_the_veltmark_gap_s_turns_say_its_own_rules(tmp_path, capsys):
    campaign = tmp_path / "gap.campaign"
    run(capsys, "new", campaign, "--scenario", "veltmark-gap")
    code, out, _ = run(capsys, "requirements", campaign, "--turn", 2)
    assert code == 0
    assert "Initiative: each side rolls a d6; the Free Cities add 0 and win ties" in out
    assert "Air sorties: Kadran 2, Corvish 1" in out
    assert "Redeploy: Lantian, then Kadran" in out
    assert "Fortification: an attack by the Imperials across K2–F1, K3–F1 into an area holding Lantian" in out
    assert not GREECE.search(out), out
    code, out, _ = run(capsys, "log", campaign)
    assert code == 0
    code, out, _ = run(capsys, "scenario", "validate", "veltmark-gap")
    assert code == 0 and "6 areas, 8 links, 14 troops, 2 turns, with a map drawing" in out
