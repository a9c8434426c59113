"""The League menu: Scoring…, Export as CSV and as HTML, and the pairings for the next evening.
Each item shows the Commanders tab and does there what its button does (ui/league_extras.py),
so the menu and the tab are one way of doing each thing."""

from __future__ import annotations

from collections.abc import Callable

from campaign_manager.engine.actions import SetScoring
from campaign_manager.i18n import _
from campaign_manager.ui.action_conditions import with_campaign
from campaign_manager.ui.action_registry import ActionSpec
from campaign_manager.ui.league_extras import LeagueExtras
from campaign_manager.ui.session import CampaignSession

ITEMS = ("scoring", "export_csv", "export_html", "pairings")  # each MenuAction is "league_" + the item


def may_score(session: CampaignSession) -> bool:
    return session.is_open and session.may(SetScoring.type)


class LeagueMenu:
    """The League menu's slots, for the Commanders tab shown by `show_tab`."""

    def __init__(self, show_tab: Callable[[], object], extras: LeagueExtras) -> None:
        self.show_tab, self.extras = show_tab, extras

    def scoring(self) -> None:
        self.show_tab()
        self.extras.open_scoring()

    def export(self, kind: str) -> None:
        self.show_tab()
        self.extras.export(kind)

    def pairings(self) -> None:
        self.show_tab()
        self.extras.tabs.setCurrentWidget(self.extras.pairings)

    def specs(self) -> dict[str, ActionSpec]:
        """Each item's declaration, by its name in ITEMS."""
        return {
            "scoring": ActionSpec(
                _("&Scoring…"),
                self.scoring,
                tip=_("How the league scores its commanders: points a win, draw and loss, a bonus a game, tie-breaks"),
                available=may_score,
                records=True,
            ),
            "export_csv": ActionSpec(
                _("Export as &CSV…"),
                lambda: self.export("csv"),
                tip=_("The league as a CSV file for a spreadsheet (numbers as numbers, names never formulas)"),
                available=with_campaign,
            ),
            "export_html": ActionSpec(
                _("Export as &HTML…"),
                lambda: self.export("html"),
                tip=_("The league as a web page: the same table as the turn report's"),
                available=with_campaign,
            ),
            "pairings": ActionSpec(
                _("&Pairings for the next evening"),
                self.pairings,
                tip=_("Tick who is present and get fair pairings, swap any two, print them as slips"),
                available=with_campaign,
            ),
        }
