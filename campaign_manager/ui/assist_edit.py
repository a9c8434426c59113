"""Edit ▸ Undo and Redo while an assist panel's tab is shown: Ctrl+Z and Ctrl+Shift+Z take back
and put back the assist game's last step (the open game file's last action, or the panel's own
last result) instead of the campaign's, and the menu says which it will take back. On any other
tab they are the campaign's, as before."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QTabWidget, QWidget

from campaign_manager.i18n import _
from campaign_manager.ui.assist.results_box import ResultsBox


def shown_results(tabs: QTabWidget, pages: Mapping[str, QWidget], panels: Mapping[str, QWidget]) -> ResultsBox | None:
    """The results of the assist panel whose tab is shown, or None (a campaign tab is shown)."""
    shown = tabs.currentWidget()
    for code, page in pages.items():
        if page is shown:
            return results_of(panels.get(code))
    return None


def results_of(panel: QWidget | None) -> ResultsBox | None:
    """The results box of an assist panel (every panel has one; None for anything else)."""
    box = getattr(panel, "results", None)
    return box if isinstance(box, ResultsBox) else None


def step_words(box: ResultsBox, back: bool) -> str | None:
    """The Edit menu's item for the shown panel ("&Undo the result “Fire” in Opa Opa"), or None
    when there is nothing to take back (or put back) there."""
    title = box.kept.undo_title() if back else box.kept.redo_title()
    if title is None:
        return None
    if back:
        return _("&Undo {step} in {game}").format(step=title, game=box.game)
    return _("&Redo {step} in {game}").format(step=title, game=box.game)
