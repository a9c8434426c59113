"""The File menu's campaign items: new campaign (from a bundled scenario or one of the user's own),
open, recent campaigns, save a copy, record actions from a file. File choosers are passed in, so
tests need no dialogs."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu, QWidget

from campaign_manager import bounds
from campaign_manager.dice import RandomRoller
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.paths import app_data_folder
from campaign_manager.scenario.edits import tables_of
from campaign_manager.scenario.entries import entry_of
from campaign_manager.scenario.loader import (
    ScenarioError,
    bundled_scenarios,
    known_scenarios,
    load_scenario,
    read_scenario_file,
    read_scenario_text,
)
from campaign_manager.store.action_files import read_actions
from campaign_manager.store.address import is_server_address
from campaign_manager.ui import settings
from campaign_manager.ui.report_actions import safe_stem
from campaign_manager.ui.window_services import WindowServices

FileChooser = Callable[..., "Path | None"]  # (parent, title[, suggested path]) → the file chosen, or None
ScenarioChooser = Callable[[QWidget, list[str]], "str | None"]
CAMPAIGN_SUFFIX = ".campaign"
AddressChooser = Callable[[QWidget, str], "str | None"]
NameAsker = Callable[[QWidget, str, str, Callable[[str], None]], None]  # (parent, title, suggested, then)
CAMPAIGN_FILTER = N_("Campaign files (*.campaign);;All files (*)")  # the patterns are kept as they are


def menu_words(text: str) -> str:
    """Text from a file name shown as it is in a menu item ('&' is not a shortcut mark there)."""
    return text.replace("&", "&&")


def ask_open(parent: QWidget, title: str) -> Path | None:
    name, _kind = QFileDialog.getOpenFileName(parent, title, settings.start_folder(), _(CAMPAIGN_FILTER))
    return Path(settings.chosen(name)) if name else None


def ask_save(parent: QWidget, title: str, suggested: str | Path = "new.campaign") -> Path | None:
    """A file to create: a path `suggested` as it is (a copy: beside the campaign it copies), a
    name in the app's data folder (where the campaign started with no file is kept), never
    wherever the program happened to be started from."""
    if isinstance(suggested, str):
        folder = app_data_folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass  # the dialog then opens wherever the system puts it; the user can still choose
        suggested = folder / suggested
    name, _kind = QFileDialog.getSaveFileName(parent, title, str(suggested), _(CAMPAIGN_FILTER))
    if not name:
        return None
    path = Path(name)
    return path if path.suffix else path.with_suffix(".campaign")


def ask_name(parent: QWidget, title: str, suggested: str, then: Callable[[str], None]) -> None:
    """Ask a campaign's name in a box that does not block; `then(name)` once it is given."""
    box = QInputDialog(parent)
    box.setObjectName("campaignNameBox")
    box.setWindowTitle(title)
    box.setLabelText(_("The campaign's name (shown in the window and on every printed page):"))
    box.setTextValue(suggested)
    box.textValueSelected.connect(then)
    box.finished.connect(box.deleteLater)
    box.open()


def ask_actions(parent: QWidget, title: str) -> Path | None:
    name, _kind = QFileDialog.getOpenFileName(
        parent, title, settings.start_folder(), _("Action lists (*.json);;All files (*)")
    )
    return Path(settings.chosen(name)) if name else None


SHARED_WORDS = N_(
    "The shared campaign's address, as its organiser gave it:\n"
    "postgresql://USER@HOST:PORT/DATABASE?campaign=NAME\n\n"
    "The password is never typed here: the app signs in with libpq's own means (~/.pgpass, "
    "a service file, or PGPASSWORD)."
)


def ask_address(parent: QWidget, suggested: str) -> str | None:
    """A shared campaign's address (the last one opened offered first)."""
    text, ok = QInputDialog.getText(parent, _("Open a shared campaign"), _(SHARED_WORDS), text=suggested)
    return text.strip() if ok and text.strip() else None


def ask_scenario(parent: QWidget, names: list[str], title: str | None = None) -> str | None:
    """Which scenario a new campaign is made from (or, with another `title`, which is edited; no
    question when there is one): the bundled ones, then the user's, marked as such."""
    if len(names) == 1:
        return names[0]
    box, shown = scenario_box(parent, names, _("New campaign") if title is None else title)
    chosen = box.textValue() if box.exec() else None
    box.deleteLater()
    return names[shown.index(chosen)] if chosen in shown else None


def scenario_box(parent: QWidget, names: list[str], title: str) -> tuple[QInputDialog, list[str]]:
    """The question, and each scenario as offered: its title and its name ("Firestorm: Greece
    (firestorm-greece)", "... — yours"), in a box wide enough for its own title."""
    bundled, known = bundled_scenarios(), known_scenarios()
    titles = [scenario_title(known[name]) if name in known else name for name in names]
    shown = [_scenario_offered(name, title, name in bundled) for name, title in zip(names, titles, strict=True)]
    box = QInputDialog(parent)
    box.setObjectName("scenarioChoiceBox")
    box.setWindowTitle(title)
    box.setLabelText(_("Scenario:"))
    box.setComboBoxItems(shown)
    box.setComboBoxEditable(False)
    box.setMinimumWidth(max(420, box.fontMetrics().horizontalAdvance(title) + 160))
    return box, shown


def _scenario_offered(name: str, title: str, bundled: bool) -> str:
    """A scenario as the list offers it: its title and name, and whether it is the user's own."""
    if title == name:
        return name if bundled else _("{name} — yours").format(name=name)
    if bundled:
        return _("{title} ({name})").format(title=title, name=name)
    return _("{title} ({name}) — yours").format(title=title, name=name)


def scenario_title(path: Path) -> str:
    """The title a scenario file gives itself ([scenario] name), or its file's name when the file
    cannot be read (it is refused, with its faults, when chosen)."""
    import tomllib

    try:
        name = tomllib.loads(read_scenario_text(path)).get("scenario", {}).get("name")
    except (UserError, OSError, ValueError, AttributeError):
        name = None
    return name.strip() if isinstance(name, str) and name.strip() else path.stem


def scenario_refusal(name: str) -> str | None:
    """Why a campaign cannot be made from the scenario `name` (its first fault, with the entry it
    concerns in words), or None."""
    try:
        load_scenario(name)
    except ScenarioError as exc:
        faults = getattr(exc, "faults", [])
        if not faults:
            return str(exc)
        entry, fault = _entry_words(name, faults[0].where), faults[0].what
        if len(faults) == 1:
            return _("the scenario {name} has a fault — {entry}: {fault}").format(name=name, entry=entry, fault=fault)
        return ngettext(
            "the scenario {name} has a fault — {entry}: {fault} (and {more} more: Scenario ▸ Edit lists them)",
            "the scenario {name} has a fault — {entry}: {fault} (and {more} more: Scenario ▸ Edit lists them)",
            len(faults) - 1,
        ).format(name=name, entry=entry, fault=fault, more=len(faults) - 1)
    return None


def _entry_words(name: str, where: str) -> str:
    """The entry at `where` in words ("troop GR-INF-4"), read from the scenario; the path if it cannot be."""
    try:
        data, _scenario = read_scenario_file(read_scenario_text(known_scenarios()[name]), name)
    except (ScenarioError, KeyError):
        return where
    return _("{entry} ({where})").format(entry=entry_of(tables_of(data), where).words, where=where)


class FileActions:
    """What File ▸ New, Open, Open recent, Save a copy and Record actions do."""

    def __init__(
        self,
        services: WindowServices,
        choose_open: FileChooser = ask_open,
        choose_new: FileChooser = ask_save,
        choose_actions: FileChooser = ask_actions,
        choose_scenario: ScenarioChooser = ask_scenario,
        choose_address: AddressChooser = ask_address,
        choose_name: NameAsker = ask_name,
    ) -> None:
        self.services = services
        self.choose_open, self.choose_new = choose_open, choose_new
        self.choose_actions, self.choose_scenario = choose_actions, choose_scenario
        self.choose_address = choose_address
        self.choose_name = choose_name

    def fill_recent(self, menu: QMenu) -> None:
        """The recent campaigns, newest first, numbered for the keyboard (&1 … &9): the file's
        name, then its folder; one no longer there is shown greyed; a shared campaign by its
        address (whether its server answers is told on opening). Then Clear the list."""
        recent = settings.recent_campaigns()
        for number, name in enumerate(recent, start=1):
            key = f"&{number} " if number < 10 else ""
            if is_server_address(name):
                action = menu.addAction(f"{key}{menu_words(name)}", partial(self.services.open_campaign, name))
                action.setStatusTip(_("The shared campaign at {address}").format(address=name))
                continue
            path = Path(name)
            shown = f"{key}{menu_words(path.name)}  ({menu_words(str(path.parent))})"  # untranslated: file, folder
            action = menu.addAction(shown, partial(self.services.open_campaign, path))
            action.setStatusTip(name if path.exists() else _("{file} is no longer there").format(file=name))
            action.setEnabled(path.exists())
        if not recent:
            menu.addAction(_("(none yet)")).setEnabled(False)
            return
        menu.addSeparator()
        clear = menu.addAction(_("&Clear the list"), self.clear_recent)
        clear.setStatusTip(_("Forget the campaigns listed here (the files are not touched)"))

    def clear_recent(self) -> None:
        settings.forget_recent_campaigns()
        self.services.tell(_("The list of recent campaigns is cleared"), 5000)

    def open_dropped(self, paths: list[Path]) -> bool:
        """Files dropped on the window: one campaign file is opened; anything else is refused in
        a sentence (and nothing is opened)."""
        if len(paths) != 1:
            self.services.report(
                ngettext(
                    "{count} file was dropped: drop one campaign file at a time to open it.",
                    "{count} files were dropped: drop one campaign file at a time to open it.",
                    len(paths),
                ).format(count=len(paths))
            )
            return False
        path = paths[0]
        if path.suffix.lower() != CAMPAIGN_SUFFIX:
            self.services.report(
                _(
                    "{file} is not a campaign file (a campaign file's name ends in {suffix}): nothing was opened."
                ).format(file=path.name, suffix=CAMPAIGN_SUFFIX)
            )
            return False
        return self.services.open_campaign(path)

    def ask_and_open_shared(self) -> None:
        recent = [name for name in settings.recent_campaigns() if is_server_address(name)]
        address = self.choose_address(self.services.parent, recent[0] if recent else "postgresql://")
        if address is not None:
            self.services.open_campaign(address)

    def ask_and_open(self) -> None:
        path = self.choose_open(self.services.parent, _("Open a campaign"))
        if path is not None:
            self.services.open_campaign(path)

    def new_campaign(self) -> None:
        scenarios = known_scenarios()
        scenario = self.choose_scenario(self.services.parent, list(scenarios))
        if scenario is None:
            return
        refused = scenario_refusal(scenario)
        if refused is not None:  # before a file is asked for: no campaign starts from a faulty scenario
            self.services.report(_("Could not create the campaign: {error}").format(error=refused))
            return
        path = self.choose_new(self.services.parent, _("Create a new campaign"))
        if path is None:
            return
        try:
            self.services.session.create(path, scenario=scenario)
        except UserError as exc:
            self.services.report(_("Could not create the campaign: {error}").format(error=exc))
            return
        settings.remember_campaign(path)

    def save_a_copy(self) -> None:
        """Offered beside the campaign as "NAME copy.campaign"; then its own name is asked
        (the file's name, to begin with), so the copy is not taken for the original."""
        session = self.services.session
        if not session.is_open:
            return
        here = session.path
        # a shared campaign has no file: its copy is offered in the app's folder, by the campaign's name
        stem = here.stem if here else safe_stem(session.name)
        copy = _("{name} copy.campaign").format(name=stem)
        suggested = here.with_name(copy) if here else copy
        path = self.choose_new(self.services.parent, _("Save a copy of the campaign"), suggested)
        if path is None:
            return
        self.choose_name(
            self.services.parent,
            _("The copy's name"),
            path.stem[: bounds.MAX_NAME],
            lambda name: self._copy(path, name),
        )

    def _copy(self, path: Path, name: str) -> None:
        try:
            self.services.session.save_copy(path, name.strip())  # what the window holds: the file itself may be gone
        except UserError as exc:
            self.services.report(str(exc))
            return
        self.services.tell(
            _("A copy of the campaign was saved as {file}, named {name}").format(file=path, name=name.strip()), 8000
        )

    def apply_actions_file(self) -> None:
        if not self.services.session.is_open:
            return
        path = self.choose_actions(self.services.parent, _("Record actions from a JSON file"))
        if path is None:
            return
        try:
            done = self.services.session.record_json(read_actions(str(path)), RandomRoller())
        except UserError as exc:
            self.services.report(str(exc))
            return
        self.services.tell(
            ngettext("Recorded {count} action from {file}", "Recorded {count} actions from {file}", len(done)).format(
                count=len(done), file=path.name
            ),
            5000,
        )
