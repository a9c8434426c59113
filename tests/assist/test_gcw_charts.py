"""The data files: broken charts are refused naming file, entry and fault; the owner-filled
charts are used once filled and named when not."""

from __future__ import annotations

import pytest

from campaign_manager.assist.gcw.charts import CHART_FILE, read_charts
from campaign_manager.assist.gcw.datafile import ChartError
from campaign_manager.assist.gcw.owner_charts import OWNER_FILE, read_owner_charts
from campaign_manager.assist.gcw.tracker import apply
from campaign_manager.assist.gcw.tracker_dice import prepare
from campaign_manager.assist.gcw.tracker_state import Setup, TrackerState
from campaign_manager.dice import NoRoller, ScriptedRoller
from campaign_manager.errors import RuleError, UserError

OWNER = """
[politics_table]
[[politics_table.rows]]
dice = 7
doctrine = "tight"
duration = 3
mobilization_limit = 12

[[politics_table.rows]]
dice = 9
doctrine = "aggressive"
duration = 2

[mobilization_dse]
[[mobilization_dse.rows]]
unit = "Cadre"
cost = 3
upgrade = 2

[regions]
[[regions.rows]]
name = "Arkadia"
kind = "R"
dse = 1
government = 2

[[regions.rows]]
name = "Athens"
kind = "U"
dse = 3
government = 5
"""


def broken_chart(tmp_path, old: str, new: str):
    text = CHART_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "gcw.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            '["MD", "50%A(-2)"',
            '["MD", "50%Q(-2)"',
            r'gcw.toml: conflict.tables.open.rows\[0\]\[1\]: "50%Q\(-2\)" is not a result code .* \(line 27\)',
        ),
        (
            '"50%D(+2)", "100%D(+1)", "50%A(-1)", "100%D(-1)", "100%A(+1)"]',
            '"50%D(+2)"]',
            r"conflict.tables.open.rows\[1\]: should have 5 results",
        ),
        (
            "government_start = 60",
            'government_start = "sixty"',
            "political_index.government_start: should be a whole number",
        ),
        ("cap = 99", "", "political_index.cap: is missing"),
        (
            'terror = "place"',
            'terror = "maybe"',
            'conflict.codes.MD.terror: "maybe" is not one of: place, remove, none',
        ),
        ("[conflict]", "[conflict", "gcw.toml: is not valid TOML"),
    ],
)
def test_broken_chart_names_file_entry_and_fault(tmp_path, old, new, message):
    with pytest.raises(ChartError, match=message):
        read_charts(broken_chart(tmp_path, old, new))


def test_shipped_owner_charts_are_empty_but_valid():
    owner = read_owner_charts(OWNER_FILE)
    assert owner.politics == () and owner.regions == ()


def test_broken_owner_chart_names_the_entry(tmp_path):
    path = tmp_path / "owner.toml"
    path.write_text(OWNER.replace('doctrine = "tight"', 'doctrine = "panic"'), encoding="utf-8")
    with pytest.raises(ChartError, match=r'owner.toml: politics_table.rows\[0\].doctrine: "panic" is not one of'):
        read_owner_charts(path)


@pytest.fixture
def owner(tmp_path):
    path = tmp_path / "owner.toml"
    path.write_text(OWNER, encoding="utf-8")
    return read_owner_charts(path)


def record(state, action, owner, roller=NoRoller()):
    rules = state_rules()
    return apply(state, prepare(state, action, rules, owner, roller), rules)


def state_rules():
    return read_charts(CHART_FILE).politics


def fresh() -> TrackerState:
    return TrackerState.start(Setup(), state_rules())


def test_politics_table_read_when_filled(owner):
    state = record(
        fresh(),
        {
            "type": "doctrine",
            "from_table": True,
            "doctrine_dice": [3, 4],
            "duration_dice": [4, 5],
            "limit_from_table": True,
            "limit_dice": [1, 6],
        },
        owner,
    )
    assert (state.doctrine, state.politics_roll_turn, state.limit_override) == ("tight", 3, 12)


def test_unfilled_politics_line_says_which_chart_to_read(owner):
    with pytest.raises(UserError, match="not filled in for 2d6 = 11: read that line of the Politics Table printed"):
        record(fresh(), {"type": "doctrine", "from_table": True}, owner, ScriptedRoller([5, 6]))


def test_region_points_come_from_the_owner_chart(owner):
    state = record(fresh(), {"type": "control", "side": "government", "region": "athens"}, owner)
    assert state.pi["government"] == 65
    with pytest.raises(UserError, match="Larissa's Political Points are not in the owner's region chart"):
        record(fresh(), {"type": "control", "side": "dse", "region": "Larissa"}, owner)


def test_urban_region_cannot_be_resettled(owner):
    with pytest.raises(RuleError, match="only Rural regions"):
        record(fresh(), {"type": "resettle", "region": "Athens", "dice": [3]}, owner)


def test_unit_cost_from_the_mobilization_chart(owner):
    state = fresh()
    state.turn = 3
    state = record(state, {"type": "mobilization", "side": "dse"}, owner)
    state = record(state, {"type": "spend", "side": "dse", "unit": "cadre", "upgrade": True}, owner)
    assert state.pi["dse"] == 48
    with pytest.raises(UserError, match="not in the owner's DSE Mobilization Chart"):
        record(state, {"type": "spend", "side": "dse", "unit": "Partisan Brigade"}, owner)
