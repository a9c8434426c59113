"""The Scenario menu: open a scenario in the scenario editor — a bundled one or the user's (by
name), a scenario file, or the open campaign's own copy of its scenario. Choosers are passed in,
so tests need no dialogs; the editor itself is loaded when first opened."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtWidgets import QFileDialog, QWidget

from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.scenario.loader import known_scenarios, read_scenario_file, read_scenario_text
from campaign_manager.ui.file_menu import ScenarioChooser, ask_scenario
from campaign_manager.ui.settings import chosen, start_folder
from campaign_manager.ui.window_services import WindowServices

if TYPE_CHECKING:
    from campaign_manager.ui.editor.window import ScenarioEditor

FileChooser = Callable[[QWidget, str], "Path | None"]


def ask_scenario_file(parent: QWidget, title: str) -> Path | None:
    name, _kind = QFileDialog.getOpenFileName(
        parent, title, start_folder(), _("Scenario files (*.toml);;All files (*)")
    )
    return Path(chosen(name)) if name else None


def ask_scenario_to_edit(parent: QWidget, names: list[str]) -> str | None:
    return ask_scenario(parent, names, _("Edit a scenario"))


class ScenarioActions:
    """What Scenario ▸ Edit a scenario, Edit a scenario file and Edit this campaign's scenario do.
    The editors open are in `editors` (each closes on its own)."""

    def __init__(
        self,
        services: WindowServices,
        choose_scenario: ScenarioChooser = ask_scenario_to_edit,
        choose_file: FileChooser = ask_scenario_file,
    ) -> None:
        self.services = services
        self.choose_scenario, self.choose_file = choose_scenario, choose_file
        self._editors: list[ScenarioEditor] = []

    @property
    def editors(self) -> list[ScenarioEditor]:
        """The editors open now (one closed is deleted, and forgotten here)."""
        self._editors = [editor for editor in self._editors if shiboken6.isValid(editor)]
        return self._editors

    def edit_scenario(self) -> ScenarioEditor | None:
        known = known_scenarios()
        name = self.choose_scenario(self.services.parent, list(known))
        if name is None:
            return None
        return self._open(lambda: read_scenario_text(known[name]), name, known[name])

    def edit_file(self) -> ScenarioEditor | None:
        path = self.choose_file(self.services.parent, _("Edit a scenario file"))
        if path is None:
            return None
        return self._open(lambda: read_scenario_text(path), path.name, path)

    def edit_campaign_scenario(self) -> ScenarioEditor | None:
        session = self.services.session
        if not session.is_open:
            return None
        source = session.scenario.source
        return self._open(lambda: source, _("the scenario kept in {campaign}").format(campaign=session.name), None)

    def _open(self, text: Callable[[], str], source: str, path: Path | None) -> ScenarioEditor | None:
        from campaign_manager.scenario.loader import user_scenarios
        from campaign_manager.ui.editor.document import ScenarioDocument
        from campaign_manager.ui.editor.window import ScenarioEditor

        try:
            data, faults = read_scenario_file(text(), source)
        except UserError as exc:
            self.services.report(_("Could not open the scenario: {error}").format(error=exc))
            return None
        document = ScenarioDocument(data, faults, source)
        if path is not None and path.parent.resolve() == user_scenarios().resolve():
            document.saved_as = path  # the user's own: Save writes it again
        editor = ScenarioEditor(document)
        document.setParent(editor)
        self._editors.append(editor)
        editor.place_beside(self.services.parent)
        editor.show()
        return editor
