"""The battle being entered in a campaign on a server (the real one tests/pg_server.py starts):
each user keeps one of their own (a shop at its own table), enforced by the server (row-level
security); a viewer's stays in memory, and the server refuses a viewer's own SQL; keeping one is
no action, announces nothing and moves no revision; a recorder may throw one away with its dice
on record; a campaign made before the table existed opens as it is and its owner upgrades it."""

from __future__ import annotations

import psycopg
import pytest

from campaign_manager.engine.entry import BattleEntry, Step
from campaign_manager.store.address import parse_address
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.server import ServerLog
from campaign_manager.store.server_checks import SERVER_SCHEMA as SCHEMA_VERSION
from tests.pg_server import before_server_checks, campaign_name

ALICES = BattleEntry(log_length=1, page=Step.RESULT, side="axis", arrow=("B1", "C1"), games=((5, None),))
BOBS = BattleEntry(log_length=1, page=Step.COMMIT, side="axis", arrow=("B2", "C2"), dice={"mission_die": 4})


@pytest.fixture
def shared(pg_server):
    """A new campaign on the server, made by alice (an organiser), turn 1 started."""
    url = pg_server.url("alice", campaign_name("entry"))
    with CampaignFile.create(url, name="Four shops") as made:
        made.apply(made.read_actions([{"type": "start_turn"}]))
    return url


def as_user(url: str, user: str) -> str:
    return url.replace("postgresql://alice@", f"postgresql://{user}@", 1)


def raw(url: str, user: str, statement: str) -> int:
    """SQL typed by `user` into the campaign's tables, as psql would send it: the rows it touched."""
    address = parse_address(as_user(url, user))
    with psycopg.connect(address.conninfo, options=f"-c search_path={address.schema}") as conn:
        return conn.execute(statement.encode()).rowcount


def test_each_user_keeps_a_battle_being_entered_of_their_own(shared):
    with CampaignFile.open(shared) as alice, CampaignFile.open(as_user(shared, "bob")) as bob:
        assert alice.keep_entry(ALICES) is None and bob.keep_entry(BOBS) is None
    with CampaignFile.open(shared) as alice, CampaignFile.open(as_user(shared, "bob")) as bob:
        assert alice.kept_entry() == ALICES and bob.kept_entry() == BOBS
        assert bob.keep_entry(None) is None
    with CampaignFile.open(shared) as alice, CampaignFile.open(as_user(shared, "bob")) as bob:
        assert alice.kept_entry() == ALICES, "bob's entry thrown away is his alone"
        assert bob.kept_entry() is None


def test_the_server_keeps_each_users_row_their_own(shared):
    with CampaignFile.open(shared) as alice:
        alice.keep_entry(ALICES)
    assert raw(shared, "bob", "UPDATE draft SET payload = '{}' WHERE owner = 'alice'") == 0, "not his to see"
    assert raw(shared, "bob", "DELETE FROM draft") == 0
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
        raw(shared, "bob", "INSERT INTO draft (owner, payload, saved_at) VALUES ('dave', '{}', 'now')")
    with CampaignFile.open(shared) as alice:
        assert alice.kept_entry() == ALICES


def test_a_viewers_battle_being_entered_stays_in_memory_and_her_sql_is_refused(shared):
    with CampaignFile.open(as_user(shared, "carol")) as carol:
        revision = carol.log.stored_revision()
        said = carol.keep_entry(ALICES)
        assert said is not None and "carol is a viewer" in said and "only while the app is open" in said
        assert carol.kept_entry() == ALICES, "held in memory while the app is open"
        assert carol.log.stored_revision() == revision
    assert raw(shared, "alice", "SELECT 1 FROM draft") == 0, "nothing was written on the server"
    with CampaignFile.open(as_user(shared, "carol")) as carol:
        assert carol.kept_entry() is None
    for statement in (
        "INSERT INTO draft (owner, payload, saved_at) VALUES ('carol', '{}', 'now')",
        "DELETE FROM draft",
    ):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw(shared, "carol", statement)


def test_keeping_an_entry_announces_nothing_to_other_windows(shared):
    with CampaignFile.open(shared) as alice, CampaignFile.open(as_user(shared, "bob")) as bob:
        listener = alice.server_log.listen()
        try:
            bob.keep_entry(BOBS)
            assert not listener.heard(), "a battle being entered is no action: other shops are not told"
            bob.apply(bob.read_actions([{"type": "note", "text": "table 3 is playing"}]))
            assert listener.heard()
        finally:
            listener.close()


def test_a_recorder_throws_an_entry_away_with_its_dice_on_record(shared):
    with CampaignFile.open(as_user(shared, "bob")) as bob:
        bob.keep_entry(BOBS)
        bob.apply(bob.read_actions([{"type": "discard", "dice": {"mission_die": 4}, "battle": "B2 → C2"}]))
        bob.keep_entry(None)
    with CampaignFile.open(shared, readonly=True) as reader:
        assert reader.records[-1]["type"] == "discard"


def _as_made_by_an_earlier_version(pg_server, url: str) -> None:
    """The campaign as the version before the table draft made it (schema 2)."""
    schema = parse_address(url).schema
    kinds = "'place', 'redeploy', 'battle', 'initiative', 'abandon', 'note'"
    for statement in (
        *before_server_checks(schema, 2),
        f"DROP TABLE {schema}.draft",
        f"UPDATE {schema}.meta SET value = '2' WHERE key = 'schema'",
        f"DROP POLICY recording ON {schema}.action",
        f"CREATE POLICY recording ON {schema}.action FOR INSERT TO firestorm_recorder WITH CHECK (kind IN ({kinds}))",
    ):
        pg_server.sql(statement)


def test_a_campaign_of_schema_2_opens_as_it_is_and_its_owner_upgrades_it(pg_server, shared):
    _as_made_by_an_earlier_version(pg_server, shared)
    with CampaignFile.open(as_user(shared, "bob")) as bob:
        assert bob.log.schema == 2 and bob.kept_entry() is None
        said = bob.keep_entry(BOBS)
        assert said is not None and "earlier version" in said and "only while the app is open" in said
        bob.apply(bob.read_actions([{"type": "note", "text": "recorded all the same"}]))
    with CampaignFile.open(as_user(shared, "carol")) as carol:
        assert carol.log.schema == 2
    with CampaignFile.open(shared, readonly=True) as alice:
        assert alice.log.schema == 2, "read-only: left as it is"
    with CampaignFile.open(shared) as alice:
        assert alice.log.schema == SCHEMA_VERSION
        assert raw(shared, "alice", f"SELECT 1 FROM meta WHERE key = 'schema' AND value = '{SCHEMA_VERSION}'") == 1
    with CampaignFile.open(as_user(shared, "bob")) as bob:
        assert bob.keep_entry(BOBS) is None
        bob.apply(bob.read_actions([{"type": "discard", "dice": {"mission_die": 4}, "battle": "B2 → C2"}]))
    with CampaignFile.open(as_user(shared, "carol")) as carol:
        assert carol.log.schema == SCHEMA_VERSION and len(carol.records) == 3
    log = ServerLog.open(parse_address(as_user(shared, "bob")), "campaign")
    try:
        assert log.draft() == BOBS.to_text()
    finally:
        log.close()
