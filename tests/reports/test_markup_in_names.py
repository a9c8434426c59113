"""Every name a scenario gives (the scenario, its sides and their nouns, nations, terrains, areas,
troops, turns, the fortified line) prints as typed in every document kind: a `<`, `&` or `>` in
any of them is text, never reportlab markup (a nation called `<b` once ended the report)."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from campaign_manager.reports import ReportKind
from campaign_manager.reports.render import report_pdf
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, ROOT

SOURCE = ROOT / "resources" / "scenarios" / "firestorm-greece.toml"
TEXT_FIELD = re.compile(r'^((?:name|noun|line_name|short|label) = )"([^"]*)"', re.MULTILINE)


def marked_up(text: str) -> str:
    """The scenario with every name and noun between markup: `<b` before it, `&` and `>` after."""
    return TEXT_FIELD.sub(lambda found: f'{found.group(1)}"<b{found.group(2)} &x>"', text)


@pytest.fixture(scope="module")
def campaign(tmp_path_factory):
    folder = tmp_path_factory.mktemp("markup")
    scenario = folder / "marked.toml"
    scenario.write_text(marked_up(SOURCE.read_text(encoding="utf-8")), encoding="utf-8")
    path = folder / "marked.campaign"
    with CampaignFile.create(path, scenario=scenario, name="<i>Club & co</i>") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"][:4]))
    with CampaignFile.open(path, readonly=True) as opened:
        yield opened


def test_the_names_are_all_marked_up(campaign):
    sc = campaign.scenario
    assert sc.name.startswith("<b") and all(sc.nation_name(n).startswith("<b") for n in sc.nations)
    assert all(name.startswith("<b") for name in sc.sides.values())


@pytest.mark.parametrize("kind", list(ReportKind))
def test_every_document_prints_names_with_markup_characters_as_typed(campaign, kind):
    turn = 1 if kind is ReportKind.TURN else None
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(report_pdf(campaign, kind, turn))).pages)
    sc = campaign.scenario
    assert "<i>Club & co</i>" in text
    shown = [sc.nation_name(n) for n in sc.nations] + list(sc.sides.values())
    assert any(name in text.replace("\n", " ") for name in shown), text[:400]


def test_words_meet_markup_in_one_place_only():
    """Paragraphs are made in reports/page.py alone, and `marked`'s and `markup`'s template is
    always the app's own text, never an f-string (words go in as named values, escaped there)."""
    import ast

    for module in (ROOT / "campaign_manager" / "reports").glob("*.py"):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "Paragraph":
                assert module.name == "page.py", f"{module.name}:{node.lineno} makes a Paragraph of its own"
            if node.func.id in ("marked", "markup") and node.args:
                assert not isinstance(node.args[0], ast.JoinedStr), f"{module.name}:{node.lineno} f-string markup"
