"""What the server itself checks in a campaign's tables (schema 4 on a server), so that no role
below organiser can write a row the app cannot read or may not record, whatever SQL it types:

- every row of the action log and of the redo stack is one JSON object within the app's limits
  (bounds.MAX_ACTION; a note's text within bounds.MAX_NOTE), whose `type` is the row's kind, and
  numbered one after the last (`well_formed`, a trigger on each);
- the revision is a count of writes, moved on by one (the organiser may set it to any count, to
  repair a campaign) (`counted`), and moved on in the very transaction that adds a row to the log
  or the redo stack (`announced`, checked at commit): a row added without it would leave every
  open copy of the campaign unaware of it, recording on as if it were not there;
- each row says who recorded it: the server's user (`recorded_by`, set by the server, never by the
  recorder) and the display name that user gave their shop (`shop`, from firestorm.shop, set with
  `campaign-manager server name`);
- roles given in this campaign only (`member`, `campaign-manager server grant URL?campaign=NAME`)
  weigh as the database's roles do (store/server_roles.py), in this campaign alone.

The triggers and functions belong to the campaign's owner (an organiser): a recorder can neither
drop nor change them. A superuser can still plant anything (triggers off): the app then names the
row (store/server_repair.py) and `server repair` takes it out.
"""

from __future__ import annotations

from campaign_manager import bounds
from campaign_manager.store.server_connect import quoted
from campaign_manager.store.server_roles import RECORDER_ACTIONS, SHOP_TABLE

SERVER_SCHEMA = 4  # a campaign on a server: schema 3's tables, who recorded each row, the checks
AUTHOR_COLUMNS = ("recorded_by", "shop")
MEMBER_ROLES = ("organiser", "recorder", "viewer")


def _fail(words: str) -> str:
    return f"RAISE EXCEPTION USING ERRCODE = 'check_violation', MESSAGE = {words}"


def _well_formed(s: str) -> str:
    # The server keeps these words in its schema (checked against what the app makes), so they are
    # the same whatever language the app that made it spoke: never the translated size_words.
    row = "format('%s row %s', TG_TABLE_NAME, NEW.seq)"
    return f"""CREATE FUNCTION {s}.well_formed() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
    body jsonb;
    top bigint;
BEGIN
    IF NEW.payload IS NULL OR octet_length(NEW.payload) > {bounds.MAX_ACTION} THEN
        {_fail(f"{row} || ': its action is missing or larger than {bounds.MAX_ACTION // bounds.KB} kB'")};
    END IF;
    BEGIN
        body := NEW.payload::jsonb;
    EXCEPTION WHEN others THEN
        {_fail(f"{row} || ': its action is not JSON'")};
    END;
    IF jsonb_typeof(body) <> 'object' THEN
        {_fail(f"{row} || ': its action is not a JSON object'")};
    END IF;
    IF (body ->> 'type') IS DISTINCT FROM NEW.kind THEN
        {_fail(f"{row} || format(': its kind is %L but its action is of type %L', NEW.kind, body ->> 'type')")};
    END IF;
    IF NEW.kind = 'note' AND length(body ->> 'text') > {bounds.MAX_NOTE} THEN
        {_fail(f"{row} || ': a note holds at most {bounds.MAX_NOTE} characters'")};
    END IF;
    IF NEW.recorded_at IS NULL OR length(NEW.recorded_at) > 64 THEN
        {_fail(f"{row} || ': its time is not a time'")};
    END IF;
    EXECUTE format('SELECT max(seq) FROM %I.%I', TG_TABLE_SCHEMA, TG_TABLE_NAME) INTO top;
    IF NEW.seq IS DISTINCT FROM coalesce(top, 0) + 1 THEN
        {_fail("format('%s: the next row is number %s, not %s', TG_TABLE_NAME, coalesce(top, 0) + 1, NEW.seq)")};
    END IF;
    IF NOT {s}.organising() OR NEW.recorded_by IS NULL THEN
        NEW.recorded_by := current_user;
        NEW.shop := NULL;
    END IF;
    IF NEW.shop IS NULL AND to_regclass('{SHOP_TABLE}') IS NOT NULL
            AND has_table_privilege('{SHOP_TABLE}', 'SELECT') THEN
        EXECUTE 'SELECT name FROM {SHOP_TABLE} WHERE username = $1' INTO NEW.shop USING NEW.recorded_by;
    END IF;
    RETURN NEW;
END
$body$"""


def _counted(s: str) -> str:
    count = "'^[0-9]{1,18}$'"
    return f"""CREATE FUNCTION {s}.counted() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF OLD.key = 'revision' OR NEW.key = 'revision' THEN
        IF NEW.key IS DISTINCT FROM OLD.key THEN
            {_fail("'meta: the revision keeps its row'")};
        END IF;
        IF NEW.value IS NULL OR NEW.value !~ {count} THEN
            {_fail("'meta: the revision is a count of writes'")};
        END IF;
        IF NOT {s}.organising() AND (OLD.value !~ {count} OR NEW.value::bigint <> OLD.value::bigint + 1) THEN
            {_fail("'meta: the revision moves on by one with each write'")};
        END IF;
    END IF;
    RETURN NEW;
END
$body$"""


def _announced(s: str) -> str:
    """At commit: a row added by a role below organiser came with the revision moved on in the
    same transaction (the meta row's xmin is this transaction's id). The schema is the table's as
    the commit finds it (an upgrade renames the campaign's schema in the transaction that fills it)."""
    this_transaction = "mod(pg_current_xact_id()::text::bigint, 4294967296)::text"
    return f"""CREATE FUNCTION {s}.announced() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
    organising boolean;
    moved boolean;
BEGIN
    EXECUTE format('SELECT %I.organising()', TG_TABLE_SCHEMA) INTO organising;
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.meta WHERE key = %L AND xmin::text = {this_transaction})',
                   TG_TABLE_SCHEMA, 'revision') INTO moved;
    IF NOT organising AND NOT moved THEN
        {
        _fail(
            "format('%s row %s: a row is added with the revision moved on by one in the same write', "
            "TG_TABLE_NAME, NEW.seq)"
        )
    };
    END IF;
    RETURN NULL;
END
$body$"""


def checks(schema: str) -> list[str]:
    """The statements that give a campaign of schema 3 (made, or upgraded) schema 4: who recorded
    each row, the roles given in it, the log of repairs, and the checks the server makes."""
    s = quoted(schema)
    kinds_of_member = ", ".join(f"'{role}'" for role in MEMBER_ROLES)
    statements = [
        f"CREATE TABLE {s}.member (name VARCHAR PRIMARY KEY, "
        f"role VARCHAR NOT NULL CHECK (role IN ({kinds_of_member})))",
        f"CREATE TABLE {s}.repaired (seq INTEGER NOT NULL, kind VARCHAR, payload VARCHAR, recorded_at VARCHAR, "
        f"recorded_by VARCHAR, shop VARCHAR, why VARCHAR NOT NULL, "
        f"removed_by VARCHAR NOT NULL DEFAULT current_user, removed_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        f"GRANT SELECT ON {s}.member TO PUBLIC",
        f"CREATE FUNCTION {s}.member_role() RETURNS VARCHAR LANGUAGE sql STABLE AS "
        f"$$ SELECT role FROM {s}.member WHERE name = current_user $$",
        f"CREATE FUNCTION {s}.organising() RETURNS boolean LANGUAGE sql STABLE AS $$ "
        f"SELECT r.rolsuper OR n.nspowner = r.oid OR pg_has_role(r.oid, 'firestorm_organiser', 'MEMBER') "
        f"OR {s}.member_role() IS NOT DISTINCT FROM 'organiser' "
        f"FROM pg_roles r JOIN pg_namespace n ON n.nspname = {_literal(schema)} WHERE r.rolname = current_user $$",
    ]
    for table in ("action", "redo"):
        statements += [  # rows already there were recorded by someone unknown: no default for them
            f"ALTER TABLE {s}.{table} ADD COLUMN recorded_by VARCHAR, ADD COLUMN shop VARCHAR",
            f"ALTER TABLE {s}.{table} ALTER COLUMN recorded_by SET DEFAULT current_user",
        ]
    statements += [_well_formed(s), _counted(s), _announced(s)]
    for table in ("action", "redo"):
        statements += [
            f"CREATE TRIGGER well_formed BEFORE INSERT ON {s}.{table} FOR EACH ROW EXECUTE FUNCTION {s}.well_formed()",
            f"CREATE CONSTRAINT TRIGGER announced AFTER INSERT ON {s}.{table} DEFERRABLE INITIALLY DEFERRED "
            f"FOR EACH ROW EXECUTE FUNCTION {s}.announced()",
        ]
    statements.append(f"CREATE TRIGGER counted BEFORE UPDATE ON {s}.meta FOR EACH ROW EXECUTE FUNCTION {s}.counted()")
    return statements + member_policies(schema)


def member_policies(schema: str) -> list[str]:
    """Row-level security for the roles given in this campaign only (table `member`): the same
    rights as the database's roles (store/server_roles.py), here alone. Each member's table
    privileges are given by `server grant` (store/campaign_roles.py)."""
    s = quoted(schema)
    role = f"{s}.member_role()"
    kinds = ", ".join(f"'{kind}'" for kind in RECORDER_ACTIONS)
    recording = f"{role} IN ('recorder', 'organiser')"
    statements = []
    for table in ("action", "meta"):
        statements += [
            f"CREATE POLICY member_reading ON {s}.{table} FOR SELECT TO PUBLIC USING ({role} IS NOT NULL)",
            f"CREATE POLICY member_organising ON {s}.{table} FOR ALL TO PUBLIC USING ({role} = 'organiser') "
            f"WITH CHECK ({role} = 'organiser')",
        ]
    return [
        *statements,
        f"CREATE POLICY member_recording ON {s}.action FOR INSERT TO PUBLIC "
        f"WITH CHECK ({recording} AND kind IN ({kinds}))",
        f"CREATE POLICY member_counting ON {s}.meta FOR UPDATE TO PUBLIC USING ({recording} AND key = 'revision') "
        f"WITH CHECK (key = 'revision')",
        f"CREATE POLICY member_entry ON {s}.draft FOR ALL TO PUBLIC USING ({recording} AND owner = current_user) "
        f"WITH CHECK ({recording} AND owner = current_user)",
    ]


def _literal(words: str) -> str:
    return "'" + words.replace("'", "''") + "'"
