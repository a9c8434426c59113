"""The example campaign the app ships: a finished four-turn campaign kept as an exported log
(resources/examples/finished-campaign.json, made by installer/make_example.py) and imported on
first use into a read-only campaign file in the app's cache folder, to explore without risk."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from campaign_manager.paths import EXAMPLES, app_cache_folder
from campaign_manager.store.transfer import import_log

FINISHED = EXAMPLES / "finished-campaign.json"


def finished_example(cache: Path | None = None) -> Path:
    """The example campaign as a read-only campaign file (made again when the shipped log changes).
    Raises UserError if the cache folder cannot be written."""
    data = FINISHED.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:12]
    folder = (cache if cache is not None else app_cache_folder()) / "examples"
    target = folder / f"finished-campaign-{digest}.campaign"
    if not target.exists():
        folder.mkdir(parents=True, exist_ok=True)
        import_log(FINISHED, target).close()
        os.chmod(target, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)  # opened read-only: explored, never changed
    return target
