"""The welcome page's buttons open what they say; Help ▸ Rules shows the rules in the app; the
example campaign is the recorded campaign played to its end, opened read-only."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from campaign_manager.engine.state import Phase
from campaign_manager.paths import RULES
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.example import FINISHED as EXAMPLE_LOG
from campaign_manager.store.example import finished_example
from campaign_manager.ui import settings
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.app import welcome_on_first_start
from tests.shared import FULL_CAMPAIGN

ROOT = Path(__file__).resolve().parents[2]


def _made(path: Path, name: str = "Shop night") -> Path:
    CampaignFile.create(path, name=name).close()
    return path


def test_the_first_start_shows_the_welcome_page_once(make_window):
    window = make_window(remember=False)
    assert welcome_on_first_start(window)
    assert window.welcome is not None and window.welcome.isVisible()
    window.welcome.close()
    assert not welcome_on_first_start(window)  # the next start goes straight to the campaign


def test_a_file_named_at_the_first_start_opens_without_the_welcome_page(make_window):
    window = make_window(remember=False)
    assert not welcome_on_first_start(window, file_named=True)
    assert window.welcome is None
    assert welcome_on_first_start(window)  # still shown on the next start with no file named


def test_a_campaign_opened_by_a_relative_name_is_remembered_by_its_full_path(tmp_path, monkeypatch):
    _made(tmp_path / "night.campaign")
    monkeypatch.chdir(tmp_path)
    settings.remember_campaign(Path("night.campaign"))
    assert settings.recent_campaigns()[0] == str(tmp_path / "night.campaign")
    assert settings.read(settings.LAST_CAMPAIGN) == str(tmp_path / "night.campaign")


def test_start_the_bundled_campaign(make_window):
    window = make_window(remember=False)
    page = window.menu_actions[MenuAction.WELCOME].trigger() or window.welcome
    page.buttons["start"].click()
    assert not page.isVisible()
    assert window.session.path == settings.default_campaign_path()
    assert window.session.state.turn == 0 and not window.session.read_only


def test_start_afresh_when_the_bundled_campaign_is_under_way(make_window):
    """ "From its first turn" is what the button promises: with the bundled campaign already under
    way it starts a new one in a file of its own, and the campaign in progress is kept whole."""
    under_way = settings.bundled_campaign()
    with CampaignFile.open(under_way) as campaign:
        campaign.apply(campaign.read_actions([{"type": "start_turn"}]))
    window = make_window(remember=False)
    window.show_welcome().buttons["start"].click()
    fresh = window.session.path
    assert fresh is not None and fresh != under_way and fresh.parent == under_way.parent
    assert window.session.state.turn == 0 and not window.campaign.records and not window.session.read_only
    assert under_way.name in window.statusBar().currentMessage(), "where the campaign in progress is kept is said"
    with CampaignFile.open(under_way, readonly=True) as kept:
        assert kept.state.turn == 1, "the campaign in progress is untouched"
    window.show_welcome().buttons["start"].click()
    assert window.session.path == fresh, "a fresh campaign nothing was recorded in is the one started again"


def test_explore_the_finished_example_read_only(make_window):
    window = make_window(remember=False)
    window.show_welcome().buttons["example"].click()
    session = window.session
    assert session.read_only and session.state.phase == Phase.FINISHED and session.state.turn == 4
    assert window.view.history.model.rowCount() > 10  # the Battles tab has every battle
    assert window.menu_actions[MenuAction.PRINT_TURN_REPORT].isEnabled()
    assert window.menu_actions[MenuAction.EXPORT_TURN_REPORT].isEnabled()
    assert not window.menu_actions[MenuAction.UNDO].isEnabled()
    assert window.storage_actions.banner.isVisible()


def test_start_a_generals_wargame(make_window, tmp_path):
    target = tmp_path / "dice.campaign"
    window = make_window(remember=False, choose_wargame=lambda parent: ("axis", target))
    window.show_welcome().buttons["wargame"].click()
    assert window.session.path == target and window.campaign.dice_only and window.campaign.computer_side == "axis"


def test_open_a_file(make_window, tmp_path):
    chosen = _made(tmp_path / "chosen.campaign")
    window = make_window(remember=False, choose_open=lambda parent, title: chosen)
    window.show_welcome().buttons["open"].click()
    assert window.session.path == chosen


def test_the_three_most_recent_campaigns(make_window, tmp_path):
    paths = [_made(tmp_path / f"night{n}.campaign") for n in range(4)]
    for path in paths:
        settings.remember_campaign(path)
    window = make_window(remember=False)
    page = window.show_welcome()
    recent = [key for key in page.buttons if key.startswith("recent")]
    assert [page.buttons[key].text() for key in recent] == [
        "Open night3.campaign",
        "Open night2.campaign",
        "Open night1.campaign",
    ]
    page.buttons["recent2"].click()
    assert window.session.path == paths[2]


def test_help_shows_the_rules_and_follows_a_link_between_them(make_window):
    window = make_window(remember=False)
    window.menu_actions[MenuAction.RULES].trigger()
    rules = window.help_actions.rules
    assert rules.isVisible()
    first = rules.pages["rules.md"].toPlainText()
    assert "The rules the app enforces" in first and "1.1 Turn sequence" in first
    assert "rules-decisions" in rules.pages["rules-decisions.md"].objectName()
    from PySide6.QtCore import QUrl

    rules.follow(QUrl("rules-decisions.md"))
    assert rules.tabs.currentWidget() is rules.pages["rules-decisions.md"]
    window.menu_actions[MenuAction.RULES].trigger()
    assert window.help_actions.rules is rules  # one window, brought forward


def test_the_rules_are_shipped_with_the_app():
    """The two pages Help ▸ The rules shows; the rules page is docs/rules.md, copied
    (tests/cli/test_docs_paths.py checks the copy is the same page)."""
    assert {p.name for p in RULES.glob("*.md")} == {"rules.md", "rules-decisions.md"}
    assert not (ROOT / "docs" / "rules-decisions.md").exists(), "the decisions are written once, beside the app's copy"


def test_the_example_is_the_recorded_campaign_played_to_its_end(tmp_path):
    with CampaignFile.open(finished_example(tmp_path), readonly=True) as example:
        with CampaignFile.create(tmp_path / "again.campaign") as again:
            for actions in FULL_CAMPAIGN.values():
                again.apply(again.read_actions(actions))
            assert example.state == again.state
        assert example.state.phase == Phase.FINISHED


def test_the_shipped_example_is_what_its_script_makes_today():
    """resources/examples/finished-campaign.json is made by installer/make_example.py; made again
    today (the scenario, the engine and the recorded actions as they are now) it is the same."""
    sys.path.insert(0, str(ROOT / "installer"))
    try:
        import make_example
    finally:
        sys.path.remove(str(ROOT / "installer"))
    assert make_example.example() == json.loads(EXAMPLE_LOG.read_text(encoding="utf-8"))


def test_the_campaign_open_in_the_window_is_not_offered_among_those_opened_lately(make_window, tmp_path):
    """On the first start the bundled campaign opens and the welcome page shows over it: it listed
    that very campaign under "Opened lately"."""
    paths = [_made(tmp_path / f"night{n}.campaign") for n in range(2)]
    for path in paths:
        settings.remember_campaign(path)
    window = make_window(remember=False)
    window.open_campaign(paths[1])
    page = window.show_welcome()
    recent = [page.buttons[key].text() for key in page.buttons if key.startswith("recent")]
    assert recent == ["Open night0.campaign"]


def test_a_shared_campaign_is_offered_to_open_and_among_those_opened_lately(make_window, tmp_path):
    """The page offers Open a shared campaign… (File ▸ Open a shared campaign…); a shared campaign
    opened lately is listed by its name and address, and offered (a Path made of its address
    showed it greyed, as a file no longer there)."""
    address = "postgresql://alice@db.example:5432/shops?campaign=spring_night"
    file = _made(tmp_path / "night.campaign")
    settings.remember_campaign(file)
    settings.remember_campaign(address)
    asked, opened = [], []
    window = make_window(remember=False, choose_address=lambda parent, suggested: asked.append(suggested))
    page = window.show_welcome()
    assert page.buttons["shared"].text() == "Open a shared campaign…"
    page.buttons["shared"].click()
    assert asked == [address], "the address asked for, the last shared one offered first"
    window.open_campaign = opened.append  # no server here: what the page asks to open is enough
    page = window.show_welcome()
    shared = page.buttons["recent1"]
    assert shared.text() == "Open the shared campaign spring_night" and shared.isEnabled()
    assert page.buttons["recent2"].text() == "Open night.campaign"
    shared.click()
    assert opened == [address]
