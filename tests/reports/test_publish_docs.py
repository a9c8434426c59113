"""The bundled example campaign's published page in docs/ (installer/make_published_example.py)
is what publishing the example gives today."""

from __future__ import annotations

from campaign_manager.reports.publish import folder_files
from campaign_manager.reports.render import report_inputs
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.example import finished_example
from tests.shared import ROOT


def test_the_example_page_in_the_docs_is_current(tmp_path):
    with CampaignFile.open(finished_example(tmp_path), readonly=True) as campaign:
        files = folder_files(report_inputs(campaign))
    folder = ROOT / "docs" / "published-example"
    for name in ("index.html", "status.json", "turn-1/index.html", "turn-4/index.html"):
        assert (folder / name).read_bytes() == files[name], f"run installer/make_published_example.py ({name} is stale)"
    assert (ROOT / "docs" / "published-wall.png").exists() and (ROOT / "docs" / "published-phone-dark.png").exists()
