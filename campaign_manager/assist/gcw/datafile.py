"""How the module's TOML data files are refused.

A damaged file is refused with a message that names the file, the entry and the fault, so the
shop owner can fix a typo in a chart without reading Python (see `campaign_manager.datafile`).
"""

from __future__ import annotations

from campaign_manager.datafile import Refusal
from campaign_manager.errors import FileRefused


class ChartError(FileRefused):
    """A data file (chart or owner-filled table) that cannot be used as it is."""


CHART_REFUSAL = Refusal(ChartError)
