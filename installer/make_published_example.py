"""Publish the example campaign the app ships (resources/examples/finished-campaign.json) into
docs/published-example/, as a shop would put it on the web, and take the README's screenshots of
its page (docs/published-wall.png at 1920 px, light; docs/published-phone-dark.png at 390 px,
dark) with Debian's chromium.

    .venv/bin/python installer/make_published_example.py

tests/reports/test_publish_docs.py checks that the page and status.json in docs/ are current.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from campaign_manager.reports.publish import publish  # noqa: E402
from campaign_manager.store.campaign_file import CampaignFile  # noqa: E402
from campaign_manager.store.example import finished_example  # noqa: E402

FOLDER = ROOT / "docs" / "published-example"
SHOTS = {"published-wall.png": (1920, 2300, "1"), "published-phone-dark.png": (390, 2200, "0")}


def main() -> None:
    with tempfile.TemporaryDirectory() as cache, CampaignFile.open(finished_example(Path(cache)), readonly=True) as c:
        publish(c, FOLDER)
    for name, (width, height, scheme) in SHOTS.items():
        with tempfile.TemporaryDirectory() as profile:
            subprocess.run(
                [
                    shutil.which("chromium") or "chromium",
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--hide-scrollbars",
                    f"--user-data-dir={profile}",
                    f"--blink-settings=preferredColorScheme={scheme}",
                    f"--window-size={width},{height}",
                    f"--screenshot={ROOT / 'docs' / name}",
                    (FOLDER / "index.html").as_uri(),
                ],
                check=True,
                capture_output=True,
            )
    print(f"wrote {FOLDER.relative_to(ROOT)}/ and docs/{', docs/'.join(SHOTS)}")


if __name__ == "__main__":
    main()
