"""The main window: the campaign as it stands, its history, undo/redo, and the assist panels.

Its menus are declared in `ui/actions.py` and built by an `ActionRegistry`; the objects behind
them get the window's services (`WindowServices`), never the window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, Qt
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QTabWidget, QVBoxLayout, QWidget

from campaign_manager.assist.registry import MODULES
from campaign_manager.engine.actions import Place, Redeploy
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.paths import APPLICATION
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.example import finished_example
from campaign_manager.ui import settings, window_layout
from campaign_manager.ui.action_conditions import can_redo, can_undo
from campaign_manager.ui.action_registry import ActionRegistry, ActionSpec, SubmenuSpec
from campaign_manager.ui.actions import MENUS, MenuAction, declare_actions
from campaign_manager.ui.assist_edit import results_of, shown_results, step_words
from campaign_manager.ui.battle import BattleActions
from campaign_manager.ui.campaign_view import CampaignView
from campaign_manager.ui.charts_view import ChartsView
from campaign_manager.ui.commanders_view import CommandersView
from campaign_manager.ui.file_menu import (
    AddressChooser,
    FileActions,
    FileChooser,
    NameAsker,
    ScenarioChooser,
    ask_actions,
    ask_address,
    ask_name,
    ask_open,
    ask_save,
    ask_scenario,
)
from campaign_manager.ui.help_menu import HelpActions
from campaign_manager.ui.league_menu import LeagueMenu
from campaign_manager.ui.plain import message_box
from campaign_manager.ui.preferences import show_preferences
from campaign_manager.ui.publish_actions import PublishActions
from campaign_manager.ui.record_menu import TurnActions
from campaign_manager.ui.report_actions import ReportActions
from campaign_manager.ui.scenario_menu import ScenarioActions
from campaign_manager.ui.scrolled import ScrolledPage
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.status_bar import StatusBar
from campaign_manager.ui.storage_actions import StorageActions
from campaign_manager.ui.view_menu import ViewActions
from campaign_manager.ui.wargame import WargameActions, WargameChooser
from campaign_manager.ui.wargame.computer import ComputerSide
from campaign_manager.ui.welcome import WelcomeChoices, WelcomePage
from campaign_manager.ui.window_services import WindowServices
from campaign_manager.ui.window_words import opened_words, redo_words, undo_words, window_title


def dropped_files(data: QMimeData) -> list[Path]:
    """The local files being dragged or dropped (none for anything else, e.g. a troop)."""
    return [Path(url.toLocalFile()) for url in data.urls() if url.isLocalFile()] if data.hasUrls() else []


class MainWindow(QMainWindow):
    """Holds one open campaign; file choosers are passed in so tests need no dialogs."""

    def __init__(
        self,
        campaign_path: Path | str | None = None,
        remember: bool = True,
        *,
        choose_open: FileChooser = ask_open,
        choose_new: FileChooser = ask_save,
        choose_actions: FileChooser = ask_actions,
        choose_scenario: ScenarioChooser = ask_scenario,
        choose_address: AddressChooser = ask_address,
        choose_wargame: WargameChooser | None = None,
        choose_name: NameAsker = ask_name,
        title: str | None = None,
    ) -> None:
        """The choosers replace the file dialogs, for tests; `remember=False` leaves the
        recent-campaigns list and the saved size, place and split of the window alone; `title`,
        if given, is the window's title whatever is open."""
        super().__init__()
        self.remember = remember
        self.fixed_title = title
        self.session = CampaignSession(self)
        self.session.changed.connect(self.refresh)
        self.session.kept_changed.connect(self.refresh)
        self.session.message.connect(self._say)
        self.setWindowTitle(APPLICATION)
        self.setStatusBar(StatusBar(self))  # every message read whole, however long
        window_layout.size_for_screen(self)
        self.tabs = QTabWidget(self)
        self.tabs.setTabsClosable(True)
        self.tabs.tabCloseRequested.connect(self._close_tab)
        self.view = CampaignView(self.session, self)
        self.map_view = self.view.map_view
        self.map_view.troopDropped.connect(self.move_troop)
        self.map_view.moveRefused.connect(self.report)  # told like any refused move: a box, and the status bar
        self.history = self.view.log.lines  # every recorded action in words
        self.tabs.addTab(self.view, _("Map"))  # the side panel has a tab called Campaign: not twice
        self.commanders = CommandersView(self.session, self)
        self.commanders_page = ScrolledPage(self.commanders)  # a small screen scrolls the league's parts
        self.tabs.addTab(self.commanders_page, _("Commanders"))
        self.charts = ChartsView(self.session, self)
        self.tabs.addTab(self.charts, _("Charts"))
        for index in range(self.tabs.count()):  # the campaign's own tabs stay; assist panels close
            self.tabs.tabBar().setTabButton(index, self.tabs.tabBar().ButtonPosition.RightSide, None)
        self.assist_tabs: dict[str, QWidget] = {}
        self.assist_pages: dict[str, ScrolledPage] = {}  # each panel's tab: the panel, scrolled
        self.welcome: WelcomePage | None = None
        self._by_hand = False  # File ▸ Quit is closing the window
        services = WindowServices(self, self.session, self.report, self._tell, self.open_campaign)
        self.computer = ComputerSide(self.session, self)
        self.file_menu = FileActions(
            services, choose_open, choose_new, choose_actions, choose_scenario, choose_address, choose_name
        )
        self.report_actions = ReportActions(services)
        self.publish_actions = PublishActions(services)
        self.storage_actions = StorageActions(services)
        self.wargame_actions = WargameActions(services, self._open_plan_window, choose_wargame)
        self.turn_menu = TurnActions(services)
        self.battle_menu = BattleActions(services, self.map_view, self.computer)
        self.view_actions = ViewActions(services, self.map_view)
        self.help_actions = HelpActions(services, lambda: self.menu_actions.shortcut_rows())
        self.scenario_actions = ScenarioActions(services)
        self.menu_actions: ActionRegistry[MenuAction] = ActionRegistry(
            self, self.session, self._declared_actions(services), MENUS, self.statusBar().showMessage
        )
        self.menus: dict[str, QMenu] = self.menu_actions.install(self.menuBar())
        self.tabs.currentChanged.connect(self._assist_changed)  # Undo follows the tab shown
        self.setCentralWidget(self._under_banner(self.storage_actions.banner, self.tabs))
        self.setAcceptDrops(True)  # a campaign file dropped on the window opens
        if remember:
            window_layout.restore(self, self.view)
        if campaign_path is not None:
            self.open_campaign(campaign_path)
        self.refresh()

    def _declared_actions(self, services: WindowServices) -> dict[MenuAction, ActionSpec | SubmenuSpec]:
        return declare_actions(
            file=self.file_menu,
            reports=self.report_actions,
            publishing=self.publish_actions,
            storage=self.storage_actions,
            wargame=self.wargame_actions,
            view=self.view_actions,
            turn=self.turn_menu,
            battle=self.battle_menu,
            scenario=self.scenario_actions,
            help=self.help_actions,
            league=LeagueMenu(lambda: self.tabs.setCurrentWidget(self.commanders_page), self.commanders.extras),
            welcome=self.show_welcome,
            undo=self.undo,
            redo=self.redo,
            quit=self.quit,
            open_assist=self.open_assist,
            preferences=lambda: show_preferences(self),
            undo_available=lambda session: self._can_step(True, can_undo(session)),
            redo_available=lambda session: self._can_step(False, can_redo(session)),
        )

    def _under_banner(self, banner: QWidget, central: QWidget) -> QWidget:
        holder = QWidget(self)
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(banner)
        column.addWidget(central)
        return holder

    def _open_plan_window(self, path: Path, title: str) -> MainWindow:
        return MainWindow(path, remember=False, title=title)

    # -- campaign ---------------------------------------------------------------------------

    @property
    def campaign(self) -> CampaignFile | None:
        """The open campaign file (owned by the session)."""
        return self.session.campaign

    def open_campaign(self, path: Path | str) -> bool:
        """Open a campaign file, or a shared campaign by its address."""
        try:
            self.session.open(path)
        except UserError as exc:
            self.report(_("Could not open the campaign: {error}").format(error=exc))
            return False
        if self.remember:
            settings.remember_campaign(path)
        # for a shared campaign, what the role leaves greyed, said once: a greyed menu item cannot say why
        self.statusBar().showMessage(opened_words(self.session), 5000 if self.session.role is None else 20000)
        return True

    def start_afresh(self) -> bool:
        """The welcome page's "Start the campaign": the bundled campaign from its first turn, in a
        file of its own when the bundled one is already under way (that one is kept as it is)."""
        made = settings.fresh_campaign()
        if made is None:
            self.report(
                _("A new campaign could not be made in {folder}").format(folder=settings.default_campaign_path().parent)
            )
            return False
        path, under_way = made
        if under_way is not None and self.remember:  # offered in File ▸ Open recent, after the new one
            settings.remember_campaign(under_way)
        if not self.open_campaign(path):
            return False
        if under_way is not None:
            self.statusBar().showMessage(
                _(
                    "A new campaign from its first turn, in {file}. The campaign already under way is kept "
                    "as it was in {kept} (File ▸ Open recent)."
                ).format(file=path.name, kept=under_way.name),
                20000,
            )
        return True

    def open_example(self) -> bool:
        """The finished example campaign, read-only (a copy in the app's cache folder)."""
        try:
            path = finished_example()
            self.session.open(path, readonly=True)
        except UserError as exc:
            self.report(_("Could not open the example campaign: {error}").format(error=exc))
            return False
        self.statusBar().showMessage(
            _("The example campaign, read-only: see the Battles tab, the map at each turn's end, and File ▸ Print"),
            15000,
        )
        return True

    def show_welcome(self) -> WelcomePage:
        """The welcome page (first start, Help ▸ Welcome): not modal, its choices the window's own."""
        page = WelcomePage(
            WelcomeChoices(
                start_bundled=self.start_afresh,
                explore_example=self.open_example,
                new_wargame=self.wargame_actions.new_wargame,
                open_file=self.file_menu.ask_and_open,
                open_shared=self.file_menu.ask_and_open_shared,
                open_recent=self.open_campaign,
            ),
            self,
            open_now=self.session.path.resolve() if self.session.path is not None else self.session.where,
        )
        page.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        page.open()
        self.welcome = page
        return page

    def new_campaign(self) -> None:
        self.file_menu.new_campaign()

    def undo(self) -> None:
        self._step_back_or_forth(self.session.undo, back=True)

    def redo(self) -> None:
        self._step_back_or_forth(self.session.redo, back=False)

    def _assist_step(self, back: bool) -> str | None:
        """Edit ▸ Undo's (or Redo's) words for the assist game whose tab is shown ("" when it has
        nothing to take back or put back), or None on the campaign's tabs."""
        box = shown_results(self.tabs, self.assist_pages, self.assist_tabs)
        return (step_words(box, back) or "") if box is not None else None

    def _can_step(self, back: bool, campaign_can: bool) -> bool:
        """On an assist tab only the assist game's step counts: the campaign's, out of sight, is
        never taken back by a Ctrl+Z pressed once too often at the table."""
        words = self._assist_step(back)
        return campaign_can if words is None else bool(words)

    def _assist_changed(self, *_args: object) -> None:
        self.menu_actions.refresh(only=(MenuAction.UNDO, MenuAction.REDO))
        self.refresh()

    def _step_back_or_forth(self, step: Callable[[], object], back: bool) -> None:
        box = shown_results(self.tabs, self.assist_pages, self.assist_tabs)
        if box is not None:  # the assist game's, while its tab is shown; never the campaign's
            if step_words(box, back) is not None:
                box.step(back)
            return
        if self.campaign is None:
            return
        try:
            step()
        except UserError as exc:
            self.report(str(exc))

    def _say(self, words: str) -> None:
        """What an action did, in the status bar for a while (wrapped, whole: status_bar.py), and
        always in the Log tab."""
        self.statusBar().showMessage(words, 8000)

    def _tell(self, words: str, milliseconds: int) -> None:
        self.statusBar().showMessage(words, milliseconds)

    def report(self, message: str) -> None:
        """Tell the user what went wrong, without blocking (tests read the status bar)."""
        self.statusBar().showMessage(message)
        box = message_box(QMessageBox.Icon.Warning, APPLICATION, message, parent=self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    # -- showing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Edit ▸ Undo and Redo name what they take back and put back; the title names the campaign (the menus' items,
        the map and the panels follow the session themselves)."""
        undo = self.menu_actions[MenuAction.UNDO]
        undo.setText(undo_words(self.session, self.session.can_undo()))
        undo.setIconText(_("Undo"))  # its name in the list of shortcuts
        redo = self.menu_actions[MenuAction.REDO]
        redo.setText(redo_words(self.session))
        redo.setIconText(_("Redo"))
        for action, back in ((undo, True), (redo, False)):  # the assist game's, while its tab is shown
            words = self._assist_step(back)
            if words is not None:
                action.setText(words or (_("&Undo") if back else _("&Redo")))
        self.setWindowTitle(window_title(self.session, self.fixed_title))

    def move_troop(self, troop: str, area: str) -> None:
        """A troop dropped on an area (or chosen from its menu): place it if it waits to be
        placed, else redeploy it. The engine decides; a refusal is shown and nothing recorded."""
        if not self.session.is_open:
            return
        action = Place(troop, area) if troop in self.session.state.waiting_zone else Redeploy(troop, area)
        problem = self.session.try_record([action])
        if problem:
            self.report(problem)

    # -- assist panels -------------------------------------------------------------------------

    def open_assist(self, code: str) -> QWidget:
        """The module's panel in a tab of its own, shown. The panel scrolls inside its tab: a
        panel taller or wider than the window (A Greek Tragedy's) never stretches the window past
        the screen, where the Commanders tab's buttons and the status bar would be out of reach."""
        from campaign_manager.ui.assist import make_panel  # each panel loads when first opened

        panel = self.assist_tabs.get(code)
        if panel is None:
            panel = make_panel(code, self)
            page = ScrolledPage(panel, self)
            self.assist_tabs[code] = panel
            self.assist_pages[code] = page
            title = next(m.title for m in MODULES if m.code == code)
            self.tabs.addTab(page, title)
            box = results_of(panel)
            if box is not None:  # the Edit menu follows what the panel keeps
                box.changed.connect(self._assist_changed)
        self.tabs.setCurrentWidget(self.assist_pages[code])
        return panel

    def _close_tab(self, index: int) -> None:
        widget = self.tabs.widget(index)
        for code, page in list(self.assist_pages.items()):
            if page is widget:
                panel = self.assist_tabs.pop(code)
                del self.assist_pages[code]
                self.tabs.removeTab(index)
                panel.close()
                page.deleteLater()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = dropped_files(event.mimeData())
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.file_menu.open_dropped(paths)

    def changeEvent(self, event: QEvent) -> None:
        """Coming back to the window: show what another program wrote to the file meanwhile.
        Into or out of full screen (by F11 or by the window manager): View ▸ Full screen says so."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange:
            self.menu_actions.refresh_checks()
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self.check_for_outside_changes()

    def check_for_outside_changes(self) -> None:
        try:
            changed = self.session.reload_if_changed()
        except UserError as exc:  # the file is busy, or its medium has gone: say so, keep what is shown
            self.statusBar().showMessage(str(exc))
            return
        if changed:
            self.statusBar().showMessage(
                _("The campaign file was changed by another program: it has been read again"), 8000
            )

    def quit(self) -> None:
        """File ▸ Quit: a close by hand, as the window's close button is."""
        self._by_hand = True
        try:
            self.close()
        finally:
            self._by_hand = False

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closed by hand (the close button, File ▸ Quit) while a battle is being entered: first
        say what becomes of it (the window closes once that is answered)."""
        by_hand = event.spontaneous() or self._by_hand
        if by_hand and self.battle_menu.ask_before_closing(self.close):
            event.ignore()
            return
        if self.remember:
            window_layout.save(self, self.view)
        for panel in self.assist_tabs.values():
            panel.close()
        self.session.close()
        super().closeEvent(event)
