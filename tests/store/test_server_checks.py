"""The server refuses what the app would refuse (store/server_checks.py): SQL typed by a recorder
cannot write a row the app cannot read or may not record; a row planted anyway (by a superuser,
or an action the rules refuse) is named by the app, which opens the campaign up to it read-only,
and `server repair` takes it out."""

from __future__ import annotations

import io
import json

import psycopg
import pytest
from pypdf import PdfReader

from campaign_manager.reports.render import render_pdf, report_inputs
from campaign_manager.store.address import parse_address
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.server_faults import RoleRefused
from tests.pg_server import campaign_name
from tests.shared import FULL_CAMPAIGN, run

TURN_ONE = [{"type": "start_turn"}, {"type": "note", "text": "first evening"}]
NEXT_REVISION = "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'revision'"


@pytest.fixture
def shared(pg_server):
    url = pg_server.url("alice", campaign_name("checked"))
    with CampaignFile.create(url, name="Checked") as made:
        made.apply(made.read_actions(TURN_ONE))
    return url


def as_user(url: str, user: str) -> str:
    return url.replace("postgresql://alice@", f"postgresql://{user}@", 1)


def raw(url: str, user: str, *statements: str, replica: bool = False) -> list[tuple]:
    """SQL typed by `user` into the campaign's tables in one transaction (`replica`: the
    superuser's triggers off), as psql would send it; the last statement's rows."""
    address = parse_address(as_user(url, user))
    conn = psycopg.connect(address.conninfo, options=f"-c search_path={address.schema}")
    try:  # committed here, not on leaving a `with`: a check deferred to the commit refuses there
        if replica:
            conn.execute(b"SET session_replication_role = replica")
        rows: list[tuple] = []
        for statement in statements:
            cursor = conn.execute(statement.encode())
            rows = cursor.fetchall() if cursor.description else []
        conn.commit()
        return rows
    finally:
        conn.close()


def inserted(seq: int, kind: str, payload: str, recorded_by: str | None = None) -> str:
    who = "" if recorded_by is None else ", recorded_by"
    value = "" if recorded_by is None else f", '{recorded_by}'"
    words = payload.replace("'", "''")
    return f"INSERT INTO action (seq, kind, payload, recorded_at{who}) VALUES ({seq}, '{kind}', '{words}', 'x'{value})"


@pytest.mark.parametrize(
    ("statements", "refusal"),
    [
        ((inserted(3, "note", '{"type":"start_turn"}'), NEXT_REVISION), "its kind is 'note' but its action is of type"),
        (("UPDATE meta SET value = 'junk' WHERE key = 'revision'",), "the revision is a count of writes"),
        (("UPDATE meta SET value = '99' WHERE key = 'revision'",), "moves on by one"),
        ((inserted(3, "note", "garbage{"), NEXT_REVISION), "its action is not JSON"),
        ((inserted(3, "note", "[1, 2]"),), "not a JSON object"),
        ((inserted(3, "note", '{"type":"note","text":"unannounced"}'),), "revision moved on by one in the same write"),
        ((inserted(9, "note", '{"type":"note","text":"x"}'), NEXT_REVISION), "the next row is number 3, not 9"),
        ((inserted(3, "note", json.dumps({"type": "note", "text": "n" * 200_000})),), "larger than 128 kB"),
        ((inserted(3, "note", json.dumps({"type": "note", "text": "n" * 20_000})),), "at most 10000 characters"),
    ],
    ids=[
        "type-differs",
        "junk-revision",
        "revision-jump",
        "garbage",
        "array",
        "unannounced",
        "seq-gap",
        "huge-note",
        "long-note",
    ],
)
def test_a_recorders_own_sql_cannot_write_a_row_the_app_would_refuse(shared, statements, refusal):
    with pytest.raises(psycopg.errors.CheckViolation, match=refusal):
        raw(shared, "bob", *statements)
    with CampaignFile.open(shared) as alice:
        assert len(alice.records) == 2 and alice.log.stored_revision() == 1 and alice.wrong_row is None


def test_a_well_formed_row_by_hand_is_kept_with_who_wrote_it_whatever_it_claims(shared, pg_server):
    pg_server.sql("INSERT INTO firestorm.shop (username, name) VALUES ('bob', 'Corinth Games') ON CONFLICT DO NOTHING")
    raw(shared, "bob", inserted(3, "note", '{"type":"note","text":"by hand"}', recorded_by="alice"), NEXT_REVISION)
    assert raw(shared, "alice", "SELECT recorded_by, shop FROM action WHERE seq = 3") == [("bob", "Corinth Games")]
    with CampaignFile.open(shared) as alice:
        assert alice.records[-1] == {"type": "note", "text": "by hand"} and alice.wrong_row is None


def test_a_planted_row_is_named_and_the_campaign_opens_up_to_it_until_the_organiser_repairs_it(shared, capsys):
    raw(shared, "postgres", inserted(3, "note", "not json at all"), replica=True)
    with CampaignFile.open(as_user(shared, "bob")) as bob:
        assert bob.log.readonly and len(bob.records) == 2
        assert 'row 3 of its action log ("note"), recorded by postgres, cannot be used' in (bob.wrong_row or "")
        assert "open read-only up to row 2" in (bob.wrong_row or "")
        with pytest.raises(RoleRefused, match="read-only"):
            bob.apply(bob.read_actions([{"type": "note", "text": "may I?"}]))
    code, out, err = run(capsys, "show", as_user(shared, "carol"))
    assert code == 0 and "row 3 of its action log" in out + err, err
    code, _out, err = run(capsys, "server", "repair", as_user(shared, "bob"))
    assert code == 2 and "only the campaign's organiser repairs it" in err
    code, out, err = run(capsys, "server", "repair", shared)
    assert code == 0 and 'row 3 ("note", recorded by postgres) was taken out' in out, err
    with CampaignFile.open(as_user(shared, "bob")) as bob:
        assert not bob.log.readonly and bob.wrong_row is None and len(bob.records) == 2
        bob.apply(bob.read_actions([{"type": "note", "text": "recording again"}]))
    assert raw(shared, "alice", "SELECT seq, payload, removed_by FROM repaired") == [(3, "not json at all", "alice")]
    assert run(capsys, "server", "repair", shared)[1].count("nothing was changed") == 1


def test_an_action_the_rules_refuse_is_named_with_the_rule_and_who_recorded_it(shared, pg_server, capsys):
    pg_server.sql("DELETE FROM firestorm.shop WHERE username = 'bob'")
    battle = {"type": "battle", "from": "B1", "to": "C1", "attacker": {"troops": []}, "defender": {"troops": []}}
    raw(shared, "bob", inserted(3, "battle", json.dumps(battle)), NEXT_REVISION)
    raw(shared, "bob", inserted(4, "note", '{"type":"note","text":"after it"}'), NEXT_REVISION)
    with CampaignFile.open(shared) as alice:
        said = alice.wrong_row or ""
        assert alice.log.readonly and len(alice.records) == 2
        assert 'row 3 of its action log ("battle"), recorded by bob, cannot be used: Rule 1.4' in said, said
    code, out, err = run(capsys, "server", "repair", shared)
    assert code == 0 and 'row 3 ("battle", recorded by bob) was taken out' in out, err
    with CampaignFile.open(shared) as alice:
        assert alice.records[-1] == {"type": "note", "text": "after it"} and len(alice.records) == 3
    assert raw(shared, "alice", "SELECT max(seq) FROM action") == [(3,)]


def test_the_log_and_report_of_a_campaign_open_up_to_a_row_it_cannot_use_read_the_rows_before(shared, tmp_path, capsys):
    deep = '{"type":"note","text":"x","deep":' + "[" * 40 + "]" * 40 + "}"  # the server's JSON takes it, the app not
    raw(shared, "bob", inserted(3, "note", deep), NEXT_REVISION)
    for json_too in ((), ("--json",)):
        code, out, err = run(capsys, "log", shared, *json_too)
        assert code == 0 and "row 3 of its action log" in err and "nested more than" in err, err
        assert "first evening" in out and "deep" not in out, out
    report = tmp_path / "turn.pdf"
    code, _out, err = run(capsys, "report", shared, "-o", report)
    assert code == 0 and report.stat().st_size > 0, err


def test_a_junk_revision_planted_by_the_superuser_opens_read_only_and_is_repaired(shared, capsys):
    raw(shared, "postgres", "UPDATE meta SET value = 'junk' WHERE key = 'revision'", replica=True)
    raw(
        shared,
        "postgres",
        "INSERT INTO redo (seq, kind, payload, recorded_at) VALUES (1, 'note', '{', 'x')",
        replica=True,
    )
    with CampaignFile.open(shared) as alice:
        assert alice.log.readonly and "revision (table meta) is not a count" in (alice.wrong_row or "")
        assert len(alice.records) == 2, "the log itself is read whole"
    code, out, err = run(capsys, "server", "repair", shared)
    assert code == 0 and "the revision, which was not a count of writes, was set to" in out, err
    assert "1 action waiting to be redone was taken out" in out and "not valid JSON" in out, out
    with CampaignFile.open(shared) as alice:
        assert not alice.log.readonly and len(alice.records) == 2 and not alice.can_redo()


# -- roles in one campaign -----------------------------------------------------------------------------


def test_a_recorder_given_in_one_campaign_is_refused_by_the_server_in_another(pg_server, capsys):
    a, b = (pg_server.url("alice", campaign_name(name)) for name in ("spring", "autumn"))
    for url in (a, b):
        with CampaignFile.create(url) as made:
            made.apply(made.read_actions(TURN_ONE))
    code, _out, err = run(capsys, "server", "grant", as_user(a, "bob"), "erin", "recorder")
    assert code == 2 and "only the campaign's owner (who made it) or a superuser gives roles in it" in err
    code, out, err = run(capsys, "server", "grant", a, "erin", "recorder")
    assert code == 0 and "erin is a recorder (battles, placements and notes) in" in out and "only" in out, err
    note = inserted(3, "note", '{"type":"note","text":"erin was here"}')
    raw(a, "erin", note, NEXT_REVISION)  # her role holds in A ...
    in_b = parse_address(b).schema  # named in full: no search path reaches a schema he may not use
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        raw(b, "erin", note.replace("INTO action", f"INTO {in_b}.action"))  # ... and nowhere else
    for statement in (f"SELECT * FROM {in_b}.action", f"UPDATE {in_b}.meta SET value = '2' WHERE key = 'revision'"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw(b, "erin", statement)
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
        raw(a, "erin", inserted(4, "end_turn", '{"type":"end_turn"}'), NEXT_REVISION)
    with CampaignFile.open(as_user(a, "erin")) as erin:
        assert erin.log.role == "recorder" and erin.records[-1] == {"type": "note", "text": "erin was here"}
        erin.apply(erin.read_actions([{"type": "note", "text": "from the window"}]))
        assert erin.keep_entry(None) is None, "her own battle being entered is kept in A"
    code, _out, err = run(capsys, "show", as_user(b, "erin"))
    assert code == 2 and "erin has no role in this campaign" in err
    assert run(capsys, "server", "grant", a, "erin", "none")[0] == 0
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        raw(a, "erin", f"SELECT * FROM {parse_address(a).schema}.action")


# -- who did what ---------------------------------------------------------------------------------------


def test_the_log_and_the_history_name_who_recorded_each_action(shared, pg_server, capsys):
    code, out, err = run(capsys, "server", "name", as_user(shared, "carol"), "Corinth Games")
    assert code == 0 and "'Corinth Games'" in out, err
    pg_server.sql("GRANT firestorm_recorder TO carol")
    try:
        with CampaignFile.open(as_user(shared, "carol")) as carol:
            carol.apply(carol.read_actions([{"type": "note", "text": "table 2 done"}]))
    finally:
        pg_server.sql("REVOKE firestorm_recorder FROM carol")
    with CampaignFile.open(shared) as alice:
        authors = alice.log.authors()
        assert authors[1].user == authors[2].user == "alice" and authors[3].words == "Corinth Games (carol)"
        assert alice.log.authors(after=2) == {3: authors[3]}
        report = PdfReader(io.BytesIO(render_pdf(report_inputs(alice), "turn", 1)))
        words = " ".join(" ".join((page.extract_text() or "").split()) for page in report.pages)
        assert "Recorded by: alice, Corinth Games (carol)." in words
    code, out, err = run(capsys, "log", shared, "--json")
    assert code == 0, err
    logged = json.loads(out)
    assert [entry["recorded_by"]["user"] for entry in logged] == ["alice", "alice", "carol"]
    assert logged[2]["recorded_by"]["shop"] == "Corinth Games"
    code, out, err = run(capsys, "log", shared)
    assert code == 0 and "note  by Corinth Games (carol)" in out, out
    code, out, err = run(capsys, "server", "name", as_user(shared, "carol"), "")
    assert code == 0 and "under the user's name alone" in out
    code, _out, err = run(capsys, "server", "name", as_user(shared, "carol"), "x" * 81)
    assert code == 2 and "at most 80 printable characters" in err


def test_undo_and_redo_keep_who_recorded_the_action(shared):
    with CampaignFile.open(as_user(shared, "bob")) as bob:
        bob.apply(bob.read_actions([{"type": "note", "text": "bob's"}]))
    with CampaignFile.open(shared) as alice:
        alice.undo()
        assert raw(shared, "alice", "SELECT recorded_by FROM redo") == [("bob",)]
        alice.redo()
        assert alice.log.authors()[3].user == "bob", "the organiser put it back; bob recorded it"


# -- backups ---------------------------------------------------------------------------------------------


def test_a_backup_restored_over_the_campaign_gives_the_same_state_and_history(pg_server, tmp_path, capsys):
    url = pg_server.url("alice", campaign_name("kept"))
    with CampaignFile.create(url, name="Kept") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"]))  # its end of turn: a backup here
    with CampaignFile.open(as_user(url, "bob")) as bob:
        bob.apply(bob.read_actions([{"type": "note", "text": "recorded by bob"}]))
    code, out, err = run(capsys, "backups", url)
    assert code == 0 and "the end of turn 1" in out, out + err
    saved = tmp_path / "saved.campaign"
    code, out, err = run(capsys, "backup", as_user(url, "carol"), "-o", saved)  # a viewer may take one
    assert code == 0 and f"Wrote {saved}" in out, err
    assert run(capsys, "backup", url, "-o", saved)[0] == 2, "never over a file"
    shown, logged = (run(capsys, command, url, "--json")[1] for command in ("show", "log"))
    with CampaignFile.open(url) as alice:
        alice.apply(alice.read_actions(FULL_CAMPAIGN["turn 2"]))
    code, _out, err = run(capsys, "push", saved, url)
    assert code == 2 and "already exists" in err
    code, _out, err = run(capsys, "push", "--replace", saved, as_user(url, "bob"))
    assert code == 2 and "only the campaign's owner" in err
    code, out, err = run(capsys, "push", "--replace", saved, url)
    assert code == 0 and "The campaign it replaced is kept as" in out, err
    kept = out.rsplit("kept as ", 1)[1].strip()
    assert run(capsys, "show", url, "--json")[1] == shown
    assert run(capsys, "log", url, "--json")[1] == logged, "who recorded each action too, not the organiser restoring"
    assert '"user": "bob"' in logged
    with CampaignFile.open(kept, readonly=True) as before:
        recorded = FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"]
        assert before.state.turn == 2 and len(before.records) == len(recorded) + 1
    with CampaignFile.open(saved) as file, CampaignFile.open(url, readonly=True) as restored:
        assert file.state == restored.state and file.log.times == restored.log.times


# -- the pending list --------------------------------------------------------------------------------


def test_the_command_line_lists_sends_and_drops_a_pending_list(shared, capsys):
    from campaign_manager.store.pending import PendingList, record_offline

    recorder = as_user(shared, "bob")
    with CampaignFile.open(recorder) as bob:  # as the window keeps them while the server is away
        pending = PendingList.of(bob.server_log.address)
        notes = [{"type": "note", "text": "table 1"}, {"type": "note", "text": "table 2"}]
        record_offline(bob, pending, bob.read_actions(notes))
        record_offline(bob, pending, bob.read_actions([{"type": "note", "text": "mistake"}]))
        assert bob.pending_from == 2 and len(bob.records) == 5 and bob.undo_refusal() is not None
    code, out, err = run(capsys, "pending", recorder)
    assert code == 0 and out.count("waiting to be sent") == 3, err
    code, out, err = run(capsys, "pending", recorder, "--drop", "3")
    assert code == 0 and "Dropped from the pending list: note" in out
    code, out, err = run(capsys, "pending", recorder, "--send")
    assert code == 0 and "2 pending actions recorded on the server" in out and "The pending list is empty" in out, err
    with CampaignFile.open(shared) as alice:
        assert [record.get("text") for record in alice.records] == [None, "first evening", "table 1", "table 2"]
    code, out, _err = run(capsys, "pending", recorder, "--send")
    assert code == 0 and "Nothing was waiting to be sent" in out


def test_an_organiser_given_in_one_campaign_undoes_and_redoes_there(pg_server, capsys):
    url = pg_server.url("alice", campaign_name("own"))
    with CampaignFile.create(url) as made:
        made.apply(made.read_actions(TURN_ONE))
    assert run(capsys, "server", "grant", url, "erin", "organiser")[0] == 0
    try:
        with CampaignFile.open(as_user(url, "erin")) as erin:
            assert erin.log.role == "organiser"
            assert erin.undo() == {"type": "note", "text": "first evening"}
            assert erin.redo() == {"type": "note", "text": "first evening"}
            erin.apply(erin.read_actions([{"type": "note", "text": "by the organiser of this campaign"}]))
    finally:
        run(capsys, "server", "grant", url, "erin", "none")


def test_a_row_that_cannot_be_used_arriving_while_the_campaign_is_open_is_named_there(shared):
    with CampaignFile.open(shared) as alice:
        battle = {"type": "battle", "from": "B1", "to": "C1", "attacker": {"troops": []}, "defender": {"troops": []}}
        raw(shared, "bob", inserted(3, "battle", json.dumps(battle)), NEXT_REVISION)
        changes = alice.catch_up()
        assert changes is not None and alice.log.readonly and len(alice.records) == 2
        assert 'row 3 of its action log ("battle")' in (alice.wrong_row or "")
        assert alice.catch_up() is None, "nothing more is taken in until it is opened again"


def test_the_server_checks_refusals_are_told_in_the_users_language():
    from campaign_manager import i18n
    from campaign_manager.store.server_faults import told

    said = "action row 3: its kind is 'note' but its action is of type 'start_turn'"
    assert told(said) == said and told("something else") == "something else"
    i18n.use("de")
    try:
        assert told(said) == "action Zeile 3: ihre Art ist 'note', aber ihre Aktion hat den Typ 'start_turn'"
        assert told("action: the next row is number 3, not 9") == "action: die nächste Zeile hat die Nummer 3, nicht 9"
    finally:
        i18n.use(None)
