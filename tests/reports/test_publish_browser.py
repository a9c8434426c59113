"""The published page in a real browser (Debian's chromium, headless, started here; installer/
bootstrap.py installs it for the tests): screenshots at 390 px (a phone) and 1920 px (a wall
screen), light and dark, and none of the four wider than its window. The width is measured by
a probe page beside the published one (a copy of nothing: it frames the page itself at each
width and writes what it measured into its title, read back with --dump-dom). The published
page runs no script; only the probe does."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from campaign_manager.reports.publish import publish
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS

WIDTHS = (390, 1920)
SCHEMES = {"light": "--blink-settings=preferredColorScheme=1", "dark": "--blink-settings=preferredColorScheme=0"}
PROBE = """<!DOCTYPE html><html><body style="margin:0">{frames}<script>
window.onload = () => {{
  const found = [...document.querySelectorAll("iframe")].map(f => {{
    const doc = f.contentDocument.documentElement;
    return {{frame: f.width | 0, wide: doc.scrollWidth, inner: f.contentWindow.innerWidth,
            dark: f.contentWindow.matchMedia("(prefers-color-scheme: dark)").matches}};
  }});
  document.title = JSON.stringify(found);
}};
</script></body></html>"""


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "chromium is not installed: installer/bootstrap.py test installs Debian's chromium package"
    return found


def browse(tmp: Path, *args: str) -> str:
    command = [
        chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={tmp / 'profile'}",
        *args,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("browser")
    path = folder / "shop.campaign"
    data = FULL_CAMPAIGN_WITH_COMMANDERS
    with CampaignFile.create(path, name="Thessaloniki Wargames Club — the long campaign") as made:
        made.apply(made.read_actions(data["turn 1"] + data["turn 2"] + data["turn 3"] + data["turn 4"][:9]))
        publish(made, folder / "site")
    return folder / "site"


@pytest.mark.slow
@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_the_page_fits_a_phone_and_a_wall_screen_light_and_dark(site, tmp_path, scheme):
    frames = "".join(
        f'<iframe src="{(site / "index.html").as_uri()}" width="{w}" height="1600" style="border:0;display:block">'
        "</iframe>"
        for w in WIDTHS
    )
    probe = site.parent / f"probe-{scheme}.html"
    probe.write_text(PROBE.format(frames=frames), encoding="utf-8")
    dom = browse(
        tmp_path,
        SCHEMES[scheme],
        "--allow-file-access-from-files",
        "--window-size=2000,3400",
        "--dump-dom",
        probe.as_uri(),
    )
    title = re.search(r"<title>(.*?)</title>", dom, re.S)
    assert title, dom[:500]
    measured = json.loads(title.group(1))
    assert [m["frame"] for m in measured] == list(WIDTHS)
    for m in measured:
        assert m["inner"] == m["frame"], m
        assert m["wide"] <= m["frame"], f"the page is {m['wide']} px wide in a {m['frame']} px window ({scheme})"
        assert m["dark"] is (scheme == "dark")
    shots = Path(os.environ.get("PUBLISH_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    for width in WIDTHS:
        shot = shots / f"publish-{width}-{scheme}.png"
        browse(
            tmp_path,
            SCHEMES[scheme],
            f"--window-size={width},2400",
            f"--screenshot={shot}",
            (site / "index.html").as_uri(),
        )
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_page_too_wide_is_found(site, tmp_path):
    """The probe can fail: a page with a line wider than a phone is measured wider than its frame."""
    wide = site.parent / "wide.html"
    wide.write_text('<!DOCTYPE html><body><div style="width:700px">a table too wide</div></body>', encoding="utf-8")
    frame = f'<iframe src="{wide.as_uri()}" width="390" height="300"></iframe>'
    probe = site.parent / "probe-wide.html"
    probe.write_text(PROBE.format(frames=frame), encoding="utf-8")
    dom = browse(tmp_path, "--allow-file-access-from-files", "--window-size=800,600", "--dump-dom", probe.as_uri())
    measured = json.loads(re.search(r"<title>(.*?)</title>", dom, re.S).group(1))
    assert measured[0]["wide"] > 390
