"""A campaign on a PostgreSQL server (the real one tests/pg_server.py starts): addresses, roles
enforced by the server itself, several campaigns in one database, moving a campaign between a
file and a server, and a server that cannot be reached, each told in one sentence."""

from __future__ import annotations

import json

import psycopg
import pytest

from campaign_manager.errors import UserError
from campaign_manager.store.address import AddressRefused, parse_address, shown
from campaign_manager.store.campaign_file import ActionRefused, CampaignFile
from campaign_manager.store.server_faults import RoleRefused
from campaign_manager.store.transfer import export_log
from tests.pg_server import campaign_name, free_port
from tests.shared import FULL_CAMPAIGN, run

TURN_ONE = [{"type": "start_turn"}, {"type": "note", "text": "first evening"}]


@pytest.fixture
def shared(pg_server):
    """A new campaign on the server, made by alice (an organiser), turn 1 started."""
    url = pg_server.url("alice", campaign_name("shared"))
    with CampaignFile.create(url, name="Four shops") as made:
        made.apply(made.read_actions(TURN_ONE))
    return url


def as_user(url: str, user: str) -> str:
    return url.replace("postgresql://alice@", f"postgresql://{user}@", 1)


def raw(url: str, user: str, statement: str) -> None:
    """SQL typed by `user` into the campaign's tables, as psql would send it."""
    address = parse_address(as_user(url, user))
    with psycopg.connect(address.conninfo, options=f"-c search_path={address.schema}") as conn:
        conn.execute(statement.encode())


# -- addresses --------------------------------------------------------------------------------------


def test_the_campaign_is_taken_out_of_the_address_and_libpq_gets_the_rest():
    address = parse_address("postgresql://alice:pw%21@db.example:6543/shops?sslmode=require&campaign=Greece_1941")
    assert address.campaign == "greece_1941" and address.schema == "campaign_greece_1941"
    assert "campaign" not in address.conninfo and "sslmode=require" in address.conninfo
    assert "pw%21" in address.conninfo, "a password given in the address is used for that connection"
    assert address.shown == "postgresql://alice@db.example:6543/shops?sslmode=require&campaign=greece_1941"
    assert "pw" not in shown("postgresql://alice:pw@h/db?campaign=x")
    with pytest.raises(AddressRefused, match="1 to 40 letters, digits or _"):
        parse_address("postgresql://h/db?campaign=no spaces; DROP")
    with pytest.raises(AddressRefused, match="more than one campaign"):
        parse_address("postgresql://h/db?campaign=a&campaign=b")
    with pytest.raises(AddressRefused, match="names no campaign"):
        parse_address("postgresql://h/db").need_campaign()


# -- roles, enforced by the server ---------------------------------------------------------------


def test_a_viewer_reads_and_the_server_refuses_her_own_sql(shared):
    with CampaignFile.open(as_user(shared, "carol")) as viewer:
        assert viewer.log.readonly and len(viewer.records) == 2
        with pytest.raises(RoleRefused, match="carol is a viewer .*read only"):
            viewer.apply(viewer.read_actions([{"type": "note", "text": "may I?"}]))
    statements = [
        "INSERT INTO action (seq, kind, payload, recorded_at) VALUES (3, 'note', '{\"type\":\"note\"}', 'now')",
        'UPDATE action SET payload = \'{"type":"note","text":"rewritten"}\' WHERE seq = 2',
        "DELETE FROM action WHERE seq = 2",
        "UPDATE meta SET value = '99' WHERE key = 'revision'",
        "DELETE FROM redo",
    ]
    for statement in statements:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw(shared, "carol", statement)
    with CampaignFile.open(shared, readonly=True) as reader:
        assert reader.records == [{"type": "start_turn", "dice": []}, {"type": "note", "text": "first evening"}]
        assert reader.log.stored_revision() == 1


def test_a_recorder_records_battles_and_notes_but_undo_is_refused(shared, capsys):
    recorder = as_user(shared, "bob")
    with CampaignFile.open(recorder) as bob:
        assert bob.log.role == "recorder" and bob.may("note") and not bob.may("end_turn") and not bob.may("undo")
        bob.apply(bob.read_actions([{"type": "note", "text": "table 3 ready"}]))
        with pytest.raises(RoleRefused, match="undo is for the campaign's organiser; bob is a recorder"):
            bob.undo()
        with pytest.raises(RoleRefused, match="end turn is for the campaign's organiser"):
            bob.apply(bob.read_actions([{"type": "end_turn"}]))
    code, out, err = run(capsys, "undo", recorder)
    assert code == 2 and err.count("\n") == 1 and "undo is for the campaign's organiser" in err
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        raw(shared, "bob", "DELETE FROM action WHERE seq = 3")  # the server refuses an undo by hand
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
        raw(
            shared,
            "bob",
            "INSERT INTO action (seq, kind, payload, recorded_at) "
            "VALUES (4, 'end_turn', '{\"type\":\"end_turn\"}', 'x')",
        )
    with CampaignFile.open(shared) as alice:
        assert alice.records[-1] == {"type": "note", "text": "table 3 ready"}
        assert alice.undo() == {"type": "note", "text": "table 3 ready"}, "the organiser undoes whoever recorded it"


def test_no_role_no_campaign_and_a_server_not_set_up_are_told_in_one_sentence(shared, pg_server, capsys):
    code, _out, err = run(capsys, "show", as_user(shared, "dave"))
    assert (
        code == 2
        and "dave has no role in this campaign, nor on every campaign of that database" in err
        and err.count("\n") == 1
    )
    code, _out, err = run(capsys, "show", pg_server.url("alice", "never_made"))
    assert code == 2 and "there is no campaign 'never_made' in that database" in err
    pg_server.sql("CREATE DATABASE bare", database="postgres")
    code, _out, err = run(capsys, "new", pg_server.url("alice", "x", database="bare"))
    assert code == 2 and "not set up for campaigns yet" in err and "server init" in err
    code, _out, err = run(capsys, "new", as_user(pg_server.url("alice", "bobs"), "bob"))
    assert code == 2 and "bob may not make campaigns in that database" in err


def test_several_campaigns_live_in_one_database(pg_server, capsys):
    first, second = pg_server.url("alice", "north"), pg_server.url("alice", "south")
    assert run(capsys, "new", first, "--name", "Northern shops")[0] == 0
    assert run(capsys, "new", second, "--name", "Southern shops")[0] == 0
    with CampaignFile.open(second) as south:
        south.apply(south.read_actions(TURN_ONE))
    with CampaignFile.open(first, readonly=True) as north:
        assert north.name == "Northern shops" and north.records == []
    code, out, err = run(capsys, "server", "list", pg_server.url("carol"))
    assert code == 0, err
    assert "campaign=north  'Northern shops', 0 actions" in out and "campaign=south  'Southern shops', 2 actions" in out
    code, _out, err = run(capsys, "new", first)
    assert code == 2 and "that campaign already exists" in err


# -- many writers --------------------------------------------------------------------------------


def test_another_shops_action_makes_a_stale_one_illegal_and_it_is_refused_with_the_rule(shared):
    with CampaignFile.open(shared) as alice, CampaignFile.open(as_user(shared, "bob")) as bob:
        battle = FULL_CAMPAIGN["turn 1"][1]  # B1 attacks C1: the Greek defender is destroyed, C1 taken
        alice.apply(alice.read_actions([battle]))
        refusal = "Rule 1.4: C1 Ioannina is held by the Axis.*1 action was recorded elsewhere"
        with pytest.raises(ActionRefused, match=refusal):
            bob.apply(bob.read_actions([battle]))  # the same battle, entered at another table from bob's stale view
        assert bob.records == alice.records and bob.state == alice.state
        bob.apply(bob.read_actions([{"type": "note", "text": "seen"}]))
        alice.apply(alice.read_actions([{"type": "note", "text": "and so"}]))
        assert [r.get("text") for r in alice.records[-2:]] == ["seen", "and so"]


# -- moving a campaign -------------------------------------------------------------------------------


def test_push_then_pull_gives_the_same_campaign(pg_server, tmp_path, capsys):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop <night> & Αθήνα") as made:
        for turn in ("turn 1", "turn 2"):
            made.apply(made.read_actions(FULL_CAMPAIGN[turn]))
    url = pg_server.url("alice", "pushed")
    code, out, err = run(capsys, "push", path, url)
    assert code == 0 and "turn 2" in out, err
    back = tmp_path / "pulled.campaign"
    code, out, err = run(capsys, "pull", as_user(url, "carol"), back)  # a viewer may take a copy home
    assert code == 0, err
    with CampaignFile.open(path) as a, CampaignFile.open(url) as b, CampaignFile.open(back) as c:
        assert export_log(a) == export_log(b) == export_log(c)
        assert a.state == b.state == c.state
        assert [x.events for x in a.history()] == [x.events for x in b.history()] == [x.events for x in c.history()]
    exported = tmp_path / "shop.json"
    assert run(capsys, "export", url, "-o", exported)[0] == 0
    again = pg_server.url("alice", "imported")
    code, out, err = run(capsys, "import", exported, "-o", again)
    assert code == 0, err
    with CampaignFile.open(again) as d, CampaignFile.open(path) as a:
        assert export_log(d) == export_log(a)
    assert json.loads(exported.read_text())["name"] == "Shop <night> & Αθήνα"
    code, _out, err = run(capsys, "push", path, url)
    assert code == 2 and "already exists" in err


# -- faults ---------------------------------------------------------------------------------------------


def test_a_server_that_cannot_be_reached_is_one_sentence(tmp_path, capsys):
    url = f"postgresql://alice@127.0.0.1:{free_port()}/shops?campaign=greece"
    actions = tmp_path / "note.json"
    actions.write_text('{"type": "note", "text": "hello"}')
    for argv in (["show", url], ["apply", url, actions], ["new", url], ["undo", url], ["log", url]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1, argv
        assert "the server cannot be reached" in err and "Traceback" not in err, err


def test_a_typo_in_the_address_says_which_part_is_wrong_in_plain_words(shared, capsys):
    database = shared.replace("/shops?", "/shop?", 1)
    code, _out, err = run(capsys, "show", database)
    assert code == 2 and err.count("\n") == 1, err
    assert "that server has no database 'shop'" in err and "the database's name in the address" in err, err
    assert "FATAL" not in err and "connection to server at" not in err, err
    user = shared.replace("postgresql://alice@", "postgresql://alise@", 1)  # no password for that one
    code, _out, err = run(capsys, "show", user)
    assert code == 2 and err.count("\n") == 1, err
    assert "none was found — check the user's name in the address" in err and "fe_sendauth" not in err, err
    wrong = shared.replace("postgresql://alice@", "postgresql://alice:not-her-password@", 1)
    code, _out, err = run(capsys, "show", wrong)
    assert 'the server refused the sign-in (password authentication failed for user "alice")' in err, err


def test_sslmode_in_the_address_is_honoured(shared, capsys):
    code, _out, err = run(capsys, "show", shared + "&sslmode=require")
    assert code == 2 and "SSL" in err and err.count("\n") == 1


def test_a_password_in_the_address_is_never_shown(shared, capsys):
    wrong = shared.replace("postgresql://alice@", "postgresql://alice:not-her-password@", 1)
    code, _out, err = run(capsys, "show", wrong)
    assert code == 2 and "not-her-password" not in err and "refused the sign-in" in err
    assert "~/.pgpass" in err


def test_a_campaign_on_a_server_has_no_backup_files_until_a_turn_ends(shared, capsys):
    code, out, _err = run(capsys, "backups", shared)
    assert code == 0 and "no backups yet" in out and "by the organiser's app at every end of turn" in out
    with CampaignFile.open(shared) as campaign:
        assert campaign.file is None
        with pytest.raises(UserError, match="is on a server, not in a file"):
            _ = campaign.path


def test_a_shop_that_owns_its_database_sets_it_up_without_a_superuser(pg_server, capsys):
    pg_server.sql("ALTER ROLE keeper CREATEROLE")
    pg_server.sql("CREATE DATABASE keepers OWNER keeper", database="postgres")
    database = pg_server.url("keeper", database="keepers")
    code, out, err = run(capsys, "server", "init", database)
    assert code == 0 and "ready for shared campaigns" in out, err
    assert run(capsys, "server", "grant", database, "keeper", "organiser")[0] == 0
    code, out, err = run(capsys, "server", "grant", database, "dave", "recorder")
    assert code == 0 and "dave is a recorder" in out, err
    url = pg_server.url("keeper", "spring", database="keepers")
    assert run(capsys, "new", url, "--name", "Spring 1941")[0] == 0
    with CampaignFile.open(url.replace("keeper@", "dave@")) as dave:
        assert dave.log.role == "recorder"
    code, _out, err = run(capsys, "server", "grant", database, "nobody", "viewer")
    assert code == 2 and "there is no user 'nobody'" in err
    pg_server.sql("CREATE DATABASE keepers_too OWNER keeper", database="postgres")
    code, _out, err = run(capsys, "server", "init", pg_server.url("dave", database="keepers_too"))
    assert code == 2 and err.count("\n") == 1 and "dave may not set up the server" in err


def test_report_whatif_and_log_read_a_shared_campaign(shared, tmp_path, capsys):
    viewer = as_user(shared, "carol")
    code, out, err = run(capsys, "report", viewer, "-o", tmp_path / "turn.pdf", "--kind", "status")
    assert code == 0 and (tmp_path / "turn.pdf").read_bytes()[:5] == b"%PDF-", err
    code, out, err = run(capsys, "whatif", viewer, "--playouts", "4", "--seed", "3", "--to", "end-of-turn", "--json")
    assert code == 0 and json.loads(out), err
    code, out, err = run(capsys, "log", viewer, "--json")
    assert code == 0 and [entry["type"] for entry in json.loads(out)] == ["start_turn", "note"], err
    with CampaignFile.open(shared, readonly=True) as campaign:
        assert campaign.log.stored_revision() == 1, "reading wrote nothing"


def _commit_then_lose_the_connection(monkeypatch, commit_first: bool) -> None:
    """The connection drops as COMMIT is sent: after the server committed, or before."""
    from sqlalchemy.exc import OperationalError
    from sqlmodel import Session

    real = Session.commit

    def commit(self) -> None:
        if commit_first:
            real(self)
        else:
            self.rollback()
        lost = psycopg.OperationalError("server closed the connection unexpectedly")
        raise OperationalError("COMMIT", {}, lost, connection_invalidated=True)

    monkeypatch.setattr(Session, "commit", commit)


def test_a_connection_lost_while_committing_is_asked_again_which_it_was(shared, monkeypatch):
    with CampaignFile.open(shared) as campaign:
        _commit_then_lose_the_connection(monkeypatch, commit_first=True)
        campaign.apply(
            campaign.read_actions([{"type": "note", "text": "landed"}])
        )  # it was committed: told as recorded
        monkeypatch.undo()
        _commit_then_lose_the_connection(monkeypatch, commit_first=False)
        with pytest.raises(UserError, match="connection to the server was lost .*so the action was not recorded"):
            campaign.apply(campaign.read_actions([{"type": "note", "text": "lost"}]))
        monkeypatch.undo()
        campaign.apply(campaign.read_actions([{"type": "note", "text": "next"}]))
    with CampaignFile.open(shared, readonly=True) as kept:
        assert [r.get("text") for r in kept.records[1:]] == ["first evening", "landed", "next"]
