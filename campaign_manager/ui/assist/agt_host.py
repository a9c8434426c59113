"""What the A Greek Tragedy tabs use of their panel: the book's tables, the owner's charts (and
their file), the dice, and recording into the open game file. The panel is passed to each tab
as this, so the tabs need not import the panel that imports them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtWidgets import QLabel

from campaign_manager.assist.agt.charts import OwnerCharts
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.assist.results import ResultEntry
from campaign_manager.dice import Roller


class AgtHost(Protocol):
    tables: BookTables
    charts: OwnerCharts
    charts_path: Path
    roller: Roller
    game: AgtGame | None

    def show_message(self, text: str) -> None:
        """Show a refusal under the tabs (or clear it with an empty text)."""
        ...

    def record(self, make_action: Callable[[AgtGame], dict[str, Any]], where: QLabel | None = None) -> bool:
        """Check and log one tracker action built from the open game's state; False if refused
        (the refusal said in `where`, beside the button pressed, or under the tabs)."""
        ...

    def refresh(self) -> None: ...

    def keep_result(self, entry: ResultEntry) -> None:
        """Put a calculator's result on the evening's record (the game file's, when one is open)."""
        ...
