"""The one-folder app's entry point (PyInstaller builds it into dist/campaign-manager/).

`campaign-manager` is the command line (the window with no command, or on a FILE), as the
installed console script; `campaign-manager-window` (a second executable on Windows and macOS,
a link to the first on Linux) is the window alone, as the installed gui-script.
"""

import os
import sys
from pathlib import Path

from campaign_manager.launcher import main, window

if __name__ == "__main__":
    if sys.platform.startswith("linux") and not any(os.environ.get(v) for v in ("LC_ALL", "LC_CTYPE", "LANG")):
        os.environ["LC_CTYPE"] = "C.UTF-8"  # as Python itself does in the bare C locale (PEP 538); Qt wants UTF-8
    if Path(sys.argv[0]).stem == "campaign-manager-window":
        sys.exit(window())
    sys.exit(main())  # it starts What if's worker processes too (multiprocessing.freeze_support)
