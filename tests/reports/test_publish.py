"""The published folder (reports/publish/): status.json says what `show --json` says and follows
its schema, the map's 17 areas carry their holders, each turn's page stays, the commanders'
names can be left out, nothing from a draft, a plan or a What if gets in, the text colours
read (contrast 4.5:1 and more, light and dark), and a folder the app may not write is refused
with nothing written."""

from __future__ import annotations

import json
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from campaign_manager.engine.entry import BattleEntry, Step
from campaign_manager.reports.publish import publish
from campaign_manager.reports.publish.folder import MANIFEST
from campaign_manager.reports.publish.page import BACKGROUNDS, TEXTS
from campaign_manager.schemas import DOCS
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS, run

DATA = FULL_CAMPAIGN_WITH_COMMANDERS
PUBLIC = "Shop <PUBLIC-7f3> & Αθήνα\u202e"  # the campaign's name: on the page as typed, its override shown
SECRETS = {
    "draft": "DRAFT-MARK-51c",  # a battle being entered, kept in the file
    "draft reason": "DRAFT-REASON-8e2",  # the computer's reason for a choice on a page being entered
    "plan": "PLAN-MARK-0a9",  # the computer general's reason recorded with its battle
    "note": "NOTE-MARK-3d4",  # the organiser's note
    "what-if": "WHATIF-MARK-77b",  # a plan tried on a scratch copy (What if follows its arrows)
}


def _turn_three() -> list[dict]:
    """Turn 3 up to its second battle, the first battle marked as the computer's, with its reason."""
    actions = [dict(a) for a in DATA["turn 3"]]
    first = next(i for i, a in enumerate(actions) if a["type"] == "battle")
    actions[first] = {**actions[first], "by_computer": True, "reason": f"attack here: {SECRETS['plan']}"}
    return actions[: first + 2]


@pytest.fixture(scope="module")
def campaign_path(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("publish")
    path = folder / "shop.campaign"
    with CampaignFile.create(path, name=PUBLIC) as made:
        made.apply(made.read_actions(DATA["turn 1"] + DATA["turn 2"]))
        made.apply(made.read_actions([{"type": "note", "text": f"Axis plan: {SECRETS['note']}"}]))
        made.apply(made.read_actions(_turn_three()))
        made.save_copy(folder / "scratch.campaign")
        made.keep_entry(
            BattleEntry(
                log_length=len(made.records),
                page=Step.RESULT,
                side="allied",
                arrow=("C2", "B2"),
                players=((SECRETS["draft"], None),),
                computer_reasons={Step.ARROW: SECRETS["draft reason"]},
            )
        )
    with CampaignFile.open(folder / "scratch.campaign") as scratch:
        scratch.apply(scratch.read_actions([{"type": "note", "text": SECRETS["what-if"]}]))
    return path


@pytest.fixture(scope="module")
def published(campaign_path, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    with CampaignFile.open(campaign_path, readonly=True) as campaign:
        publish(campaign, out)
    return out


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_the_folder_holds_the_page_the_pictures_the_facts_and_each_turns_page(published):
    names = set(_files(published))
    assert {"index.html", "map.png", "map@2x.png", "status.json", "feed.xml", MANIFEST} <= names
    assert {"turn-1/index.html", "turn-2/index.html", "turn-3/index.html"} <= names
    assert "turn-4/index.html" not in names, "a turn not started has no page"
    page = (published / "index.html").read_text(encoding="utf-8")
    for turn in (1, 2, 3):
        assert f'href="turn-{turn}/index.html"' in page
    assert 'href="../index.html"' in (published / "turn-2" / "index.html").read_text(encoding="utf-8")
    widths = [struct.unpack(">II", (published / n).read_bytes()[16:24]) for n in ("map.png", "map@2x.png")]
    assert (published / "map.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert widths[1][0] == 2 * widths[0][0] and widths[0][0] >= 1000


def test_the_page_needs_no_script_and_no_other_site(published):
    for name, data in _files(published).items():
        if name.endswith(".html"):
            page = data.decode()
            assert "<script" not in page.lower()
            assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), f"{name} asks another site for something"
            assert "<main>" in page and "<header>" in page and "<footer>" in page and "<nav " in page
    assert "Shop &lt;PUBLIC-7f3&gt; &amp; Αθήνα\\u202e" in (published / "index.html").read_text(encoding="utf-8")
    for name, data in _files(published).items():
        if name.endswith((".html", ".xml")):
            assert "\u202e" not in data.decode(), f"a bidirectional override reached {name} as it is"


def _same(published: object, shown: object, where: str = "") -> list[str]:
    """Where the two say different things, on what both say (keys both have)."""
    if isinstance(published, dict) and isinstance(shown, dict):
        return [
            f for key in published.keys() & shown.keys() for f in _same(published[key], shown[key], f"{where}.{key}")
        ]
    if isinstance(published, list) and isinstance(shown, list):
        if len(published) != len(shown):
            return [f"{where}: {len(published)} items, show says {len(shown)}"]
        return [f for n, (a, b) in enumerate(zip(published, shown)) for f in _same(a, b, f"{where}[{n}]")]
    return [] if published == shown else [f"{where}: {published!r}, show says {shown!r}"]


def test_status_json_says_what_show_json_says_and_follows_its_schema(published, campaign_path, capsys):
    status = json.loads((published / "status.json").read_text(encoding="utf-8"))
    code, out, _ = run(capsys, "show", campaign_path, "--json")
    shown = json.loads(out)
    assert code == 0
    shared = status.keys() & shown.keys()
    assert {"turn", "areas", "vp", "vp_breakdown", "outcome", "battles", "open_arrows", "phase", "name"} <= shared
    assert _same(status, shown) == []
    assert len(status["areas"]) == 17 and status["areas"]["B4"]["troops"] == shown["areas"]["B4"]["troops"]
    schema = json.loads((DOCS / "status.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(status)
    assert list(jsonschema.Draft202012Validator(schema).iter_errors({**status, "turn": "three"}))


def _map(page: str) -> ET.Element:
    svg = re.search(r'<svg class="map".*?</svg>', page, re.S)
    assert svg is not None
    return ET.fromstring(svg.group(0))


def test_the_maps_17_areas_carry_the_holders_of_show_json(published, campaign_path, capsys):
    _, out, _ = run(capsys, "show", campaign_path, "--json")
    shown = json.loads(out)["areas"]
    ns = "{http://www.w3.org/2000/svg}"
    areas = {
        g.get("data-area"): g
        for g in _map((published / "index.html").read_text(encoding="utf-8")).iter(f"{ns}g")
        if g.get("class") == "area"
    }
    assert sorted(areas) == sorted(shown) and len(areas) == 17
    for code, g in areas.items():
        assert g.get("data-holder") == shown[code]["controller"], code
        title = g.find(f"{ns}title")
        assert title is not None and title.text is not None and shown[code]["name"] in title.text
        for troop in shown[code]["troops"]:
            assert troop["id"] in title.text


def test_the_map_has_a_text_alternative(published):
    svg = _map((published / "index.html").read_text(encoding="utf-8"))
    assert svg.get("role") == "img" and "Axis hold" in (svg.get("aria-label") or "")


def test_nothing_from_a_draft_a_plan_or_a_what_if_reaches_the_folder(published, campaign_path):
    with CampaignFile.open(campaign_path, readonly=True) as campaign:
        kept = campaign.kept_entry()
        assert kept is not None and SECRETS["draft"] in kept.model_dump_json(), "the draft is there to be left out"
        assert any(SECRETS["plan"] in json.dumps(r) for r in campaign.log.actions()), "so is the plan"
    scratch = (campaign_path.parent / "scratch.campaign").read_bytes()
    assert SECRETS["what-if"].encode() in scratch
    everything = b"".join(_files(published).values())
    assert PUBLIC.split()[1].strip("<>").encode() in everything, "the search would see a marker"
    for what, marker in SECRETS.items():
        assert marker.encode() not in everything, f"the {what} reached the folder"


def test_the_commanders_names_can_be_left_out(campaign_path, published, tmp_path, capsys):
    assert run(capsys, "publish", campaign_path, "-o", tmp_path / "nameless", "--no-names")[0] == 0
    named = (published / "index.html").read_text(encoding="utf-8")
    assert "Marco" in named and "Giulia" in named
    for name, data in _files(tmp_path / "nameless").items():
        for commander in ("Marco", "Giulia", "Anna", "Nicos", "Ben"):
            assert commander.encode() not in data, f"{commander} in {name}"
    status = json.loads((tmp_path / "nameless" / "status.json").read_text(encoding="utf-8"))
    assert status["names_shown"] is False and status["league"] and status["league"][0]["name"] is None


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_helper_can_fail():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#888888") < 4.5


def test_every_text_colour_of_the_page_reads_on_its_backgrounds_light_and_dark(published):
    page = (published / "index.html").read_text(encoding="utf-8")
    light = re.search(r":root\{color-scheme:light dark;([^}]*)\}", page)
    dark = re.search(r"prefers-color-scheme:dark\)\{:root\{([^}]*)\}", page)
    assert light and dark
    for scheme in (light.group(1), dark.group(1)):
        colours = dict(part.split(":") for part in scheme.split(";"))
        for text in TEXTS:
            for back in BACKGROUNDS:
                assert contrast(colours[text], colours[back]) >= 4.5, (text, back, scheme)
    used = set(re.findall(r"color:(#[0-9a-fA-F]{6})", page))
    assert not used, f"text colours outside the declared ones: {used}"


def test_the_vp_chart_reads_on_its_own_plate_light_and_dark(published):
    """The sides' inks are dark: the chart has a white plate in both schemes, its words and lines read on it."""
    page = (published / "index.html").read_text(encoding="utf-8")
    assert re.search(r"svg\.chart\{[^}]*background:#fff[;}]", page), "the chart's plate"
    chart = re.search(r'<svg class="chart".*?</svg>', page, re.S)
    assert chart is not None
    words = re.match(r'<svg[^>]*fill="(#[0-9a-fA-F]{6})"', chart.group(0))
    assert words and contrast(words.group(1), "#ffffff") >= 4.5
    lines = re.findall(r'<polyline[^>]*stroke="(#[0-9a-fA-F]{6})"', chart.group(0))
    assert len(lines) == 2 and all(contrast(ink, "#ffffff") >= 3 for ink in lines), lines


def test_a_folder_with_files_the_app_did_not_write_is_refused_and_left_alone(campaign_path, tmp_path, capsys):
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    code, out, err = run(capsys, "publish", campaign_path, "-o", folder)
    assert code == 2 and err.count("\n") == 1 and "did not write" in err and "notes.txt" in err
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"], "nothing written beside it"


def test_publishing_again_replaces_its_own_files_and_no_others(campaign_path, tmp_path, capsys):
    folder = tmp_path / "site"
    assert run(capsys, "publish", campaign_path, "-o", folder)[0] == 0
    (folder / "turn-9").mkdir()  # as if an earlier publish had written a later turn's page
    (folder / "turn-9" / "index.html").write_text("old")
    listed = json.loads((folder / MANIFEST).read_text())
    (folder / MANIFEST).write_text(json.dumps([*listed, "turn-9/index.html"]))
    assert run(capsys, "publish", campaign_path, "-o", folder)[0] == 0
    assert not (folder / "turn-9").exists(), "a file it wrote and no longer writes goes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"], "no folder left over from the swap"
    (folder / "index.html.bak").write_text("the shop's own")
    code, _, err = run(capsys, "publish", campaign_path, "-o", folder)
    assert code == 2 and "index.html.bak" in err and (folder / "index.html.bak").read_text() == "the shop's own"


def test_the_folder_one_is_in_can_be_published_into(campaign_path, tmp_path, monkeypatch, capsys):
    """`-o .` in an empty folder: written beside it and swapped like any other (not a rename of '.')."""
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.chdir(site)
    code, _, err = run(capsys, "publish", campaign_path, "-o", ".")
    assert code == 0, err
    assert (site / "index.html").is_file() and (site / "status.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"], "no folder left over from the swap"


@pytest.mark.parametrize("where", ["a file", "no parent", "unwritable"])
def test_a_folder_that_cannot_be_published_into_is_refused_in_a_sentence(campaign_path, tmp_path, capsys, where):
    target = {
        "a file": tmp_path / "site",
        "no parent": tmp_path / "missing" / "site",
        "unwritable": Path("/proc/campaign-site"),  # not even root writes there
    }[where]
    if where == "a file":
        target.write_text("a page of the shop's own")
    code, out, err = run(capsys, "publish", campaign_path, "-o", target)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert str(target) in err
    if where == "a file":
        assert target.read_text() == "a page of the shop's own"
    assert not target.is_dir()
    assert not list(tmp_path.glob(".*publishing*"))


def test_the_vp_each_battle_scored_add_up_to_what_the_sides_scored_beside_their_objectives(published):
    status = json.loads((published / "status.json").read_text(encoding="utf-8"))
    for side, parts in status["vp_breakdown"].items():
        beside = sum(p["vp"] for p in parts if not p["reason"].endswith("held (objective)"))
        assert sum(b["vp_scored"].get(side, 0) for b in status["fought_battles"]) == beside, side
    assert any(b["vp_scored"] for b in status["fought_battles"]), "some battle scored: the sum is tested"
    page = (published / "index.html").read_text(encoding="utf-8")
    assert "VP to the" in page and "Battles: 2 fought of the" in page


def test_a_file_put_in_the_folder_while_it_is_written_is_not_deleted(campaign_path, tmp_path, monkeypatch, capsys):
    from campaign_manager.reports.publish import folder as folder_module

    site = tmp_path / "site"
    assert run(capsys, "publish", campaign_path, "-o", site)[0] == 0
    real = folder_module._swap

    def late(made, folder):
        (folder / "late.txt").write_text("put there meanwhile")  # after the folder was looked at
        real(made, folder)

    monkeypatch.setattr(folder_module, "_swap", late)
    assert run(capsys, "publish", campaign_path, "-o", site)[0] == 0
    kept = list(tmp_path.rglob("late.txt"))
    assert kept and kept[0].read_text() == "put there meanwhile" and kept[0].parent != site
    assert sorted(p.name for p in kept[0].parent.iterdir()) == ["late.txt"], "only what the app wrote went"


def test_the_feed_has_an_entry_for_each_battle_newest_first(published):
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ET.fromstring((published / "feed.xml").read_bytes())
    status = json.loads((published / "status.json").read_text(encoding="utf-8"))
    entries = feed.findall(f"{atom}entry")
    assert len(entries) == len(status["fought_battles"]) > 0
    last = status["fought_battles"][-1]
    assert entries[0].findtext(f"{atom}title", "").startswith(f"Turn {last['turn']}, battle {last['order']}:")
    assert len({e.findtext(f"{atom}id") for e in entries}) == len(entries)
    for stamp in [feed.findtext(f"{atom}updated", "")] + [e.findtext(f"{atom}updated", "") for e in entries]:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)", stamp), stamp
    assert 'href="feed.xml"' in (published / "index.html").read_text(encoding="utf-8")


def test_an_ended_turns_page_is_made_once_while_its_history_stays(tmp_path, monkeypatch):
    """Publishing again after a battle (as --watch does) makes the pages of the turns under way and
    now, and reuses those of ended turns: the same bytes a fresh publish makes."""
    import campaign_manager.reports.publish as publishing

    path = tmp_path / "shop.campaign"
    third = DATA["turn 3"]
    first = next(i for i, a in enumerate(third) if a["type"] == "battle")
    with CampaignFile.create(path, name="Shop") as made:
        made.apply(made.read_actions(DATA["turn 1"] + DATA["turn 2"] + third[:first]))
    made_pages: list[int] = []
    real = publishing.page_html
    monkeypatch.setattr(publishing, "page_html", lambda *a, **k: made_pages.append(a[0].turn) or real(*a, **k))
    with CampaignFile.open(path, readonly=True) as watched:
        publish(watched, tmp_path / "before")
        with CampaignFile.open(path) as other:
            other.apply(other.read_actions([third[first]]))
        assert watched.catch_up() is not None
        made_pages.clear()
        publish(watched, tmp_path / "after")
    assert sorted(made_pages) == [3, 3], "the page now and turn 3's; turns 1 and 2 ended and are kept"
    with CampaignFile.open(path, readonly=True) as fresh:
        publish(fresh, tmp_path / "fresh")
    assert _files(tmp_path / "after") == _files(tmp_path / "fresh")
