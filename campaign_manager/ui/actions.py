"""Every menu action of the main window, declared once: its words, what it calls, its shortcut,
its status tip and when it may be used; and the menu bar laid out from their keys.

The slots belong to small objects that each know one part of the window's work (the File items,
the Turn items, the battles, the reports, the wargame, the file's storage, the help boxes);
none of them builds a menu or knows the window. Help ▸ Keyboard shortcuts lists what is
declared here (`ActionRegistry.shortcut_rows`). Words are translated when the window is built."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import partial

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu

from campaign_manager.assist.registry import MODULES
from campaign_manager.i18n import N_, _
from campaign_manager.paths import APPLICATION
from campaign_manager.reports import ReportKind
from campaign_manager.ui.action_conditions import (
    arrows_open,
    battle_refused,
    battles_allowed,
    campaign_over,
    can_redo,
    can_undo,
    in_a_file,
    keeps_turns,
    not_finished,
    starts_turns,
    with_campaign,
)
from campaign_manager.ui.action_registry import SEPARATOR, ActionSpec, MenuSpec, SubmenuSpec
from campaign_manager.ui.battle import BattleActions
from campaign_manager.ui.file_menu import FileActions
from campaign_manager.ui.help_menu import HelpActions
from campaign_manager.ui.league_menu import ITEMS as LEAGUE_ITEMS
from campaign_manager.ui.league_menu import LeagueMenu
from campaign_manager.ui.publish_actions import PublishActions, publish_specs
from campaign_manager.ui.record_menu import TurnActions
from campaign_manager.ui.report_actions import ReportActions
from campaign_manager.ui.report_menu import document_specs
from campaign_manager.ui.scenario_menu import ScenarioActions
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.storage_actions import StorageActions
from campaign_manager.ui.view_menu import ViewActions
from campaign_manager.ui.wargame import CAREFUL_TIP, WargameActions

Keys = QKeySequence.StandardKey


class MenuAction(StrEnum):
    NEW_CAMPAIGN = "new_campaign"
    OPEN_CAMPAIGN = "open_campaign"
    OPEN_SHARED = "open_shared"
    OPEN_RECENT = "open_recent"
    SAVE_COPY = "save_copy"
    RESTORE_BACKUP = "restore_backup"
    EXPORT_TURN_REPORT = "export_turn_report"
    EXPORT_STATUS_SHEET = "export_status_sheet"
    EXPORT_BATTLE_SLIPS = "export_battle_slips"
    PRINT_TURN_REPORT = "print_turn_report"
    PRINT_STATUS_SHEET = "print_status_sheet"
    PRINT_BATTLE_SLIPS = "print_battle_slips"
    PRINT_PREVIEW = "print_preview"  # of the turn report
    PREVIEW_STATUS_SHEET = "preview_status_sheet"
    PREVIEW_BATTLE_SLIPS = "preview_battle_slips"
    PUBLISH = "publish"
    PUBLISH_AFTER_EACH_BATTLE = "publish_after_each_battle"
    PUBLISH_NO_NAMES = "publish_no_names"
    NEW_WARGAME = "new_wargame"
    TRY_A_PLAN = "try_a_plan"
    WHAT_IF = "what_if"
    RECORD_ACTIONS = "record_actions"
    QUIT = "quit"
    UNDO = "undo"
    REDO = "redo"
    PREFERENCES = "preferences"
    ZOOM_IN = "zoom_in"
    ZOOM_OUT = "zoom_out"
    FIT_MAP = "fit_map"
    SHOW_LEGEND = "show_legend"
    FULL_SCREEN = "full_screen"
    START_TURN = "start_turn"
    PLACE_AND_REDEPLOY = "place_and_redeploy"
    END_TURN = "end_turn"
    ADD_NOTE = "add_note"
    REQUIREMENTS = "requirements"
    NEW_BATTLE = "new_battle"
    RESOLVE_BATTLE = "resolve_battle"
    ABANDON_BATTLE = "abandon_battle"
    CAREFUL_GENERAL = "careful_general"
    EDIT_SCENARIO = "edit_scenario"
    EDIT_SCENARIO_FILE = "edit_scenario_file"
    EDIT_CAMPAIGN_SCENARIO = "edit_campaign_scenario"
    ASSIST = "assist"
    LEAGUE_SCORING = "league_scoring"  # the League menu: ui/league_menu.py declares its items
    LEAGUE_EXPORT_CSV = "league_export_csv"
    LEAGUE_EXPORT_HTML = "league_export_html"
    LEAGUE_PAIRINGS = "league_pairings"
    WELCOME = "welcome"
    RULES = "rules"
    ABOUT_MAP = "about_map"
    SHORTCUTS = "shortcuts"
    OPEN_LOG_FOLDER = "open_log_folder"
    ABOUT = "about"


EXPORTS = {
    MenuAction.EXPORT_TURN_REPORT: ReportKind.TURN,
    MenuAction.EXPORT_STATUS_SHEET: ReportKind.STATUS,
    MenuAction.EXPORT_BATTLE_SLIPS: ReportKind.SLIPS,
}
PRINTS = {
    MenuAction.PRINT_TURN_REPORT: ReportKind.TURN,
    MenuAction.PRINT_STATUS_SHEET: ReportKind.STATUS,
    MenuAction.PRINT_BATTLE_SLIPS: ReportKind.SLIPS,
}
PREVIEWS = {
    MenuAction.PRINT_PREVIEW: ReportKind.TURN,
    MenuAction.PREVIEW_STATUS_SHEET: ReportKind.STATUS,
    MenuAction.PREVIEW_BATTLE_SLIPS: ReportKind.SLIPS,
}


PUBLISHING = (MenuAction.PUBLISH, MenuAction.PUBLISH_AFTER_EACH_BATTLE, MenuAction.PUBLISH_NO_NAMES)
MENUS: tuple[MenuSpec[MenuAction] | MenuAction, ...] = (
    MenuSpec(
        N_("&File"),
        (
            MenuAction.NEW_CAMPAIGN,
            MenuAction.OPEN_CAMPAIGN,
            MenuAction.OPEN_SHARED,
            MenuAction.OPEN_RECENT,
            MenuAction.SAVE_COPY,
            MenuAction.RESTORE_BACKUP,
            SEPARATOR,
            *EXPORTS,
            SEPARATOR,
            *PRINTS,
            *PREVIEWS,
            SEPARATOR,  # publishing for the players: not one more way to print
            *PUBLISHING,
            SEPARATOR,
            MenuAction.NEW_WARGAME,
            MenuAction.TRY_A_PLAN,
            MenuAction.WHAT_IF,
            MenuAction.CAREFUL_GENERAL,
            SEPARATOR,
            MenuAction.RECORD_ACTIONS,
            SEPARATOR,
            MenuAction.QUIT,
        ),
    ),
    MenuSpec(N_("&Edit"), (MenuAction.UNDO, MenuAction.REDO, SEPARATOR, MenuAction.PREFERENCES)),
    MenuSpec(
        N_("&View"),
        (
            MenuAction.ZOOM_IN,
            MenuAction.ZOOM_OUT,
            MenuAction.FIT_MAP,
            SEPARATOR,
            MenuAction.SHOW_LEGEND,
            SEPARATOR,
            MenuAction.FULL_SCREEN,
        ),
    ),
    MenuSpec(
        N_("&Turn"),
        (
            MenuAction.START_TURN,
            MenuAction.PLACE_AND_REDEPLOY,
            MenuAction.END_TURN,
            SEPARATOR,
            MenuAction.ADD_NOTE,
            MenuAction.REQUIREMENTS,
        ),
    ),
    MenuSpec(N_("&Battle"), (MenuAction.NEW_BATTLE, MenuAction.RESOLVE_BATTLE, MenuAction.ABANDON_BATTLE)),
    MenuSpec(
        N_("&Scenario"),
        (MenuAction.EDIT_SCENARIO, MenuAction.EDIT_SCENARIO_FILE, SEPARATOR, MenuAction.EDIT_CAMPAIGN_SCENARIO),
    ),
    MenuSpec(N_("&League"), tuple(MenuAction(f"league_{item}") for item in LEAGUE_ITEMS)),
    MenuAction.ASSIST,  # a menu of its own, one item per assist module
    MenuSpec(
        N_("&Help"),
        (
            MenuAction.WELCOME,
            MenuAction.RULES,
            MenuAction.ABOUT_MAP,
            MenuAction.SHORTCUTS,
            SEPARATOR,
            MenuAction.OPEN_LOG_FOLDER,
            MenuAction.ABOUT,
        ),
    ),
)


def declare_actions(
    *,
    file: FileActions,
    reports: ReportActions,
    publishing: PublishActions,
    storage: StorageActions,
    wargame: WargameActions,
    view: ViewActions,
    turn: TurnActions,
    battle: BattleActions,
    scenario: ScenarioActions,
    help: HelpActions,
    league: LeagueMenu,
    welcome: Callable[[], object],
    undo: Callable[[], object],
    redo: Callable[[], object],
    quit: Callable[[], object],
    open_assist: Callable[[str], object],
    preferences: Callable[[], object] = lambda: None,
    undo_available: Callable[[CampaignSession], bool] = can_undo,
    redo_available: Callable[[CampaignSession], bool] = can_redo,
) -> dict[MenuAction, ActionSpec | SubmenuSpec]:
    """Every action of the menus with the slot that does it (Undo and Redo may be the shown
    assist game's: `undo_available` and `redo_available` say when they can be used)."""
    return {
        **{MenuAction(f"league_{item}"): spec for item, spec in league.specs().items()},
        MenuAction.NEW_CAMPAIGN: ActionSpec(
            _("&New campaign…"),
            file.new_campaign,
            Keys.New,
            _("Make a new campaign file from a scenario: a bundled one, or one of yours"),
        ),
        MenuAction.OPEN_CAMPAIGN: ActionSpec(
            _("&Open campaign…"), file.ask_and_open, Keys.Open, _("Open a campaign file")
        ),
        MenuAction.OPEN_SHARED: ActionSpec(
            _("Open a &shared campaign…"),
            file.ask_and_open_shared,
            "Ctrl+Shift+O",
            _("Open a campaign kept on a PostgreSQL server and recorded from several shops at once"),
        ),
        MenuAction.OPEN_RECENT: SubmenuSpec(
            _("Open &recent"), file.fill_recent, _("Open one of the campaigns opened here lately")
        ),
        MenuAction.SAVE_COPY: ActionSpec(
            _("Save a &copy…"),
            file.save_a_copy,
            "Ctrl+Shift+S",
            _("Copy the campaign to a new file (and carry on there, if this file is read-only)"),
            with_campaign,
        ),
        MenuAction.RESTORE_BACKUP: ActionSpec(
            _("Restore from a &backup…"),
            storage.restore,
            tip=_("Put the campaign back as it stood at an earlier end of turn"),
            available=in_a_file,
            records=True,
        ),
        **document_specs(
            reports,
            exports=EXPORTS,
            prints=PRINTS,
            previews=PREVIEWS,
            shortcuts={MenuAction.PRINT_TURN_REPORT: Keys.Print, MenuAction.PRINT_PREVIEW: "Ctrl+Shift+V"},
        ),
        **dict(zip(PUBLISHING, publish_specs(publishing))),
        MenuAction.NEW_WARGAME: ActionSpec(
            _("New &General's Wargame…"),
            wargame.new_wargame,
            "Ctrl+Shift+N",
            _("A new campaign fought with dice only, by two players or against the computer"),
        ),
        MenuAction.TRY_A_PLAN: ActionSpec(
            _("&Try a plan on a scratch copy…"),
            wargame.try_a_plan,
            "Ctrl+Shift+T",
            _("Try moves and battles on a throw-away copy; the campaign itself is not touched"),
            with_campaign,
        ),
        MenuAction.CAREFUL_GENERAL: ActionSpec(
            _("Care&ful computer general"), wargame.toggle_careful, tip=_(CAREFUL_TIP), checked=wargame.careful
        ),
        MenuAction.WHAT_IF: ActionSpec(
            _("&What if… (computer playouts)"),
            wargame.what_if,
            "Ctrl+Shift+W",
            _(
                "The rest played out many times by the computer general (or following your arrows): "
                "each result, how sure"
            ),
            not_finished,
        ),
        MenuAction.RECORD_ACTIONS: ActionSpec(
            _("Record &actions from a file…"),
            file.apply_actions_file,
            "Ctrl+I",
            _("Record the actions listed in a JSON file, all of them or none"),
            with_campaign,
            records=True,
        ),
        MenuAction.QUIT: ActionSpec(_("&Quit"), quit, Keys.Quit, _("Close the window: every action is already saved")),
        MenuAction.UNDO: ActionSpec(
            _("&Undo"), undo, Keys.Undo, _("Take back the last action"), undo_available, records=True
        ),
        MenuAction.REDO: ActionSpec(
            _("&Redo"), redo, Keys.Redo, _("Put back the action last taken back"), redo_available, records=True
        ),
        MenuAction.PREFERENCES: ActionSpec(
            _("&Preferences…"), preferences, Keys.Preferences, _("The window's language (used from the next start)")
        ),
        MenuAction.ZOOM_IN: ActionSpec(
            _("Zoom &in"), view.zoom_in, Keys.ZoomIn, _("A closer look at the map"), with_campaign
        ),
        MenuAction.ZOOM_OUT: ActionSpec(
            _("Zoom &out"), view.zoom_out, Keys.ZoomOut, _("More of the map"), with_campaign
        ),
        MenuAction.FIT_MAP: ActionSpec(
            _("&Fit the map"),
            view.fit,
            "Ctrl+0",
            _("The whole map in the view (it then follows the window)"),
            with_campaign,
        ),
        MenuAction.SHOW_LEGEND: ActionSpec(
            _("Show the &legend"),
            view.toggle_legend,
            "Ctrl+L",
            _("What the map's colours, counters, lines and arrows mean"),
            with_campaign,
            checked=view.legend_shown,
        ),
        MenuAction.FULL_SCREEN: ActionSpec(
            _("F&ull screen"),
            view.toggle_full_screen,
            "F11",
            _("The window over the whole screen, and back"),
            checked=view.full_screen,
        ),
        MenuAction.START_TURN: ActionSpec(
            _("&Start the next turn…"),
            turn.start_turn,
            "Ctrl+T",
            _("Start the next turn, its battle-count dice typed in or rolled"),
            starts_turns,
            records=True,
            refused=campaign_over,
        ),
        MenuAction.PLACE_AND_REDEPLOY: ActionSpec(
            _("&Place and redeploy troops…"),
            turn.plan,
            "Ctrl+Shift+P",
            _("Place waiting troops and redeploy troops, where the rules allow now"),
            with_campaign,
            records=True,
        ),
        MenuAction.END_TURN: ActionSpec(
            _("&End the turn"),
            turn.end_turn,
            "Ctrl+E",
            _("End the turn once its battles are fought (the file is backed up)"),
            keeps_turns,
            records=True,
        ),
        MenuAction.ADD_NOTE: ActionSpec(
            _("Add a &note…"),
            turn.add_note,
            "Ctrl+M",
            _("Keep a remark in the campaign's history"),
            with_campaign,
            records=True,
        ),
        MenuAction.REQUIREMENTS: ActionSpec(
            _("This turn's &requirements"),
            turn.show_requirements,
            "Ctrl+R",
            _("What this turn asks for: battles, initiative, air sorties, deployment"),
            with_campaign,
        ),
        MenuAction.NEW_BATTLE: ActionSpec(
            _("&New battle…"),
            battle.new_battle,
            "Ctrl+B",
            _("A battle step by step: initiative, arrow, troops, mission, result and what follows"),
            battles_allowed,
            records=True,
            refused=battle_refused,
        ),
        MenuAction.RESOLVE_BATTLE: SubmenuSpec(
            _("&Resolve an open battle"),
            battle.fill_resolve,
            _("Record the result of a battle placed earlier"),
            arrows_open,
            records=True,
        ),
        MenuAction.ABANDON_BATTLE: SubmenuSpec(
            _("&Abandon an open battle"),
            battle.fill_abandon,
            _("Take an open battle arrow back, unfought"),
            arrows_open,
            records=True,
        ),
        MenuAction.EDIT_SCENARIO: ActionSpec(
            _("&Edit a scenario…"),
            scenario.edit_scenario,
            "Ctrl+Shift+E",
            _("Open a scenario (a bundled one or yours) on its map and as tables, to correct it and save it as yours"),
        ),
        MenuAction.EDIT_SCENARIO_FILE: ActionSpec(
            _("Edit a scenario &file…"), scenario.edit_file, tip=_("Open a scenario file (TOML) in the scenario editor")
        ),
        MenuAction.EDIT_CAMPAIGN_SCENARIO: ActionSpec(
            _("Edit this &campaign's scenario…"),
            scenario.edit_campaign_scenario,
            tip=_("The scenario this campaign keeps, in the editor: saved as a new one, the campaign is not changed"),
            available=with_campaign,
        ),
        MenuAction.ASSIST: SubmenuSpec(_("&Assist"), partial(_fill_assist, open_assist)),
        MenuAction.WELCOME: ActionSpec(
            _("&Welcome…"),
            welcome,
            tip=_("First steps: the bundled campaign, a finished example to explore, a General's Wargame"),
        ),
        MenuAction.RULES: ActionSpec(
            _("The &rules…"), help.show_rules, tip=_("The rules the app enforces, numbered as in its messages")
        ),
        MenuAction.ABOUT_MAP: ActionSpec(
            _("About the &map"), help.show_map_notice, tip=_("The scenario's note on its map")
        ),
        MenuAction.SHORTCUTS: ActionSpec(
            _("&Keyboard shortcuts"), help.show_shortcuts, "F1", _("Every keyboard shortcut of the menus")
        ),
        MenuAction.OPEN_LOG_FOLDER: ActionSpec(
            _("Open the &log folder"),
            help.open_log_folder,
            tip=_("The folder of the app's log, to send when something went wrong"),
        ),
        MenuAction.ABOUT: ActionSpec(
            _("&About {application}").format(application=APPLICATION),
            help.show_about,
            tip=_("The version, where the campaign and the app's own files are kept, and the libraries' licences"),
        ),
    }


def _fill_assist(open_assist: Callable[[str], object], menu: QMenu) -> None:
    """Assist: one item per assist module, opening its panel in a tab."""
    for module in MODULES:
        menu.addAction(module.title, partial(open_assist, module.code))  # untranslated: a game's own title
