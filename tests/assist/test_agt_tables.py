"""A Greek Tragedy data files: the book's tables load, a broken file is refused with a message
naming file, entry and fault, and the owner's charts save and load back."""

from __future__ import annotations

import pytest

from campaign_manager.assist.agt.book import load_book
from campaign_manager.assist.agt.charts import load_charts, save_charts
from campaign_manager.assist.agt.tables import BOOK_FILE, TableError


def test_random_events_tables_cover_every_roll():
    tables = load_book()
    assert tables.event_for("historical", 9).remove_greek == "half"
    assert tables.event_for("historical", 5).remove_greek == "one"
    assert tables.event_for("gamers", 7).code == tables.event_for("gamers", 8).code == "greek-supply-problems"
    assert tables.event_for("gamers", 1).remove_greek == "one"


def broken(tmp_path, old, new):
    text = BOOK_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "agt.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("Durazzo = 18", 'Durazzo = "x"', 'agt.toml: ports.start.Durazzo: should be a whole number, not "x"'),
        ("threshold = 9", 'threshold = "nine"', "anti_aircraft.threshold: should be a whole number"),
        (
            'dice = [8]\ncode = "greek-landing"',
            'dice = [8, 9]\ncode = "greek-landing"',
            "events.historical: the rows must cover each roll 0 to 9 exactly once",
        ),
        ('remove_greek = "half"', 'remove_greek = "all"', 'remove_greek: "all" is not one of: one, half'),
        ('first_month = "nov"', 'first_month = "may"', 'scenarios.historical.first_month: "may" is not one of'),
        ("dice = [0, 1]", "dice = [0, 10]", "events.historical[0].dice[1]: should be at most 9, not 10"),
        ("bomber_cut = 2", "bomber_cut = 2\nbomber_gain = 1", "ports.bomber_gain: unknown key"),
        ('kind = "int"', 'kind = "number"', 'charts.odds_drm.kind: "number" is not one of: int, text, weather'),
        ("step = 0.5", "step = [", "is not valid TOML"),
        (
            'attacker = ["aggressive/stand attacker"',
            'attacker = ["aggressive/stand gunner"',
            "charts.crt.older_columns.attacker: should name a column no longer used and list columns of the chart",
        ),
    ],
)
def test_a_broken_book_file_is_refused_naming_the_entry(tmp_path, old, new, message):
    with pytest.raises(TableError, match="agt.toml") as refused:
        load_book(broken(tmp_path, old, new))
    assert message in str(refused.value)


def test_owner_charts_are_written_whole_never_through_a_link(tmp_path):
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    path = tmp_path / "owner.toml"
    path.symlink_to(precious)
    charts = load_charts(tmp_path / "none.toml")
    charts.set("terrain_drm", "mountain", "DRM", "-2")
    save_charts(charts, path)
    assert precious.read_text() == "keep me" and not path.is_symlink()
    assert load_charts(path).value("terrain_drm", "mountain", "DRM") == -2


def test_owner_charts_round_trip(tmp_path):
    path = tmp_path / "owner.toml"
    charts = load_charts(path)
    charts.set("terrain_drm", "mountain", "DRM", "-2")
    charts.set("crt", "-1", "cautious/stand defender", "rd +1")
    charts.set("weather_gamers", "-2", "oct", "Clear")
    save_charts(charts, path)
    again = load_charts(path)
    assert again.value("terrain_drm", "mountain", "DRM") == -2
    assert again.value("crt", "-1", "cautious/stand defender") == "rd +1"
    assert again.value("weather_gamers", "-2", "oct") == "clear"
    again.set("terrain_drm", "mountain", "DRM", "")
    assert again.value("terrain_drm", "mountain", "DRM") is None


@pytest.mark.parametrize(
    "text, message",
    [
        (
            '[terrain_drm.mountain]\nDRM = "steep"\n',
            "agt_owner.toml: terrain_drm.mountain.DRM: expected a whole number such as -1 or 2, found 'steep' (line 2)",
        ),
        ("[terrain_drm.glacier]\nDRM = 1\n", "agt_owner.toml: terrain_drm.glacier: no such row (rows: clear"),
        ('[weather_historical."3"]\nnov = "fog"\n', "weather_historical.3.nov: expected one of clear, rain, snow"),
        ("[tec]\n", "agt_owner.toml: tec: no such chart"),
        ("[terrain_drm.mountain]\nDRM = 1.5\n", "terrain_drm.mountain.DRM: should be a whole number, not 1.5"),
        ("[terrain_drm.mountain]\nDRM = 1\nTEC = 2\n", "terrain_drm.mountain.TEC: no such column (columns: DRM)"),
    ],
)
def test_a_broken_owner_file_is_refused(tmp_path, text, message):
    path = tmp_path / "agt_owner.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TableError, match="agt_owner.toml") as refused:
        load_charts(path)
    assert message in str(refused.value)


def test_the_shipped_owner_file_loads():
    load_charts()


def test_an_older_crt_with_one_result_per_side_reads_it_for_every_option(tmp_path):
    """8.23/8.24: the CRT now holds a result per attack and defence option; an owner file from
    before, with one attacker and one defender result per line, still loads: each result is that
    side's under every pair of options, unless the same line gives an option's own result."""
    path = tmp_path / "agt_owner.toml"
    path.write_text('[crt."4"]\nattacker = "rd"\ndefender = "R"\n"cautious/stand defender" = "R2"\n', encoding="utf-8")
    charts = load_charts(path)
    for options in ("aggressive/stand", "aggressive/flexible", "cautious/stand", "cautious/flexible"):
        assert charts.value("crt", "4", f"{options} attacker") == "rd"
    assert charts.value("crt", "4", "aggressive/flexible defender") == "R"
    assert charts.value("crt", "4", "cautious/stand defender") == "R2"
    save_charts(charts, path)  # written back in the present shape, one result per option
    text = path.read_text(encoding="utf-8")
    assert "attacker =" not in text and '"cautious/flexible attacker" = "rd"' in text
    assert load_charts(path).cells == charts.cells
