"""One strict set-up for every test: Qt offscreen, fresh files under tmp_path."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
# Checked scenarios are cached between runs (scenario/cache.py): the tests' own cache, not the user's.
os.environ.setdefault("FIRESTORM_CACHE_DIR", tempfile.mkdtemp(prefix="firestorm-test-cache-"))
# The user's data folder (their campaign, their own scenarios) is the tests' own too.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="firestorm-test-data-")
