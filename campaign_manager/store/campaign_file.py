"""A campaign file: the scenario it was made from, plus the action log; the state is rebuilt
from the log. Every action (or batch of actions) is one transaction."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from campaign_manager import bounds
from campaign_manager.dice import Roller
from campaign_manager.engine import Applied, CampaignState, Play, apply_action, initial_state, replay
from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import Action, Battle, EndTurn, StartTurn
from campaign_manager.engine.entry import BattleEntry, entry_from_battle
from campaign_manager.engine.spelling import read_action
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.i18n import _, ngettext
from campaign_manager.scenario import Scenario, ScenarioError, load_scenario, parse_scenario
from campaign_manager.store import integrity, writing
from campaign_manager.store.action_log import ActionLog, Changes, LogContent, Record
from campaign_manager.store.address import ServerAddress, locate
from campaign_manager.store.backups import backup_path, cut_off, make_backup
from campaign_manager.store.faults import StorageFault
from campaign_manager.store.integrity import DraftDamaged
from campaign_manager.store.kept_entry import KeptEntry
from campaign_manager.store.logfile import LogFile
from campaign_manager.store.logged_document import LoggedDocument

if TYPE_CHECKING:
    from campaign_manager.store.server import ServerLog

KIND = "campaign"


class ActionRefused(UserError):
    """One action of a batch was refused; nothing of the batch was recorded."""

    def __init__(self, index: int, kind: str, error: UserError) -> None:
        self.index, self.kind, self.error = index, kind, error
        # `kind` is the action's name, which stays as the file spells it (docs/translation.md)
        words = _("action {index} ({kind}) refused, nothing was recorded: {refusal}")
        super().__init__(words.format(index=index, kind=kind, refusal=error))


class CampaignFile(LoggedDocument[CampaignState], KeptEntry):
    """An open campaign: its scenario, its logged actions and the state they lead to."""

    KIND = KIND

    def __init__(self, log: ActionLog, scenario: Scenario, records: list[Record]) -> None:
        self.scenario = scenario
        self._history: list[Applied] | None = None  # filled on first use
        self._settings: dict[str, str] | None = None
        self.backup_problem: str | None = None  # why the last end-of-turn backup failed, if it did
        self.backup_notice: str | None = None  # a backup cut off earlier and made again on opening
        self._entry: BattleEntry | None = None  # the battle being entered, as this program holds it
        self._entry_held = False  # whether `_entry` stands for the campaign's (kept here at least once)
        self._entry_unsaved = False  # whether `_entry` is held only here (the campaign could not take it)
        self.restored_over: ServerAddress | None = None  # where a restore kept the server campaign it replaced
        self.pending_from: int | None = None  # records from here on wait to be sent (store/pending.py)
        super().__init__(log, records)

    def replay(self, records: list[Record]) -> CampaignState:
        return replay(self.scenario, records, play=self.play)

    def _replayed(self, records: list[Record]) -> CampaignState:
        self._history = None
        try:
            return self.replay(records)
        except UserError as exc:
            raise integrity.damaged_file(self.log.where, exc) from None

    def _advanced(self, records: list[Record]) -> CampaignState:
        """The state held with the actions another writer recorded applied to it, one by one
        (not the whole log replayed); the history grows with them."""
        state = self.state
        added = []
        for number, record in enumerate(records, start=len(self.records) + 1):
            try:
                applied = apply_action(self.scenario, state, parse_action(record))
            except UserError as exc:
                words = _("the campaign log cannot be replayed at action {number} ({kind}): {problem}")
                what = words.format(number=number, kind=integrity.shown(record.get("type")), problem=exc)
                raise integrity.damaged_file(self.log.where, what) from None
            added.append(applied)
            state = applied.state
        if self._history is not None:
            self._history = self._history + added
        return state

    @property
    def name(self) -> str:
        return self.settings.get("name") or (self.file.stem if self.file is not None else self.where)

    @property
    def settings(self) -> dict[str, str]:
        """What the file was made with (name, scenario, play settings); set once, never changed."""
        if self._settings is None:
            self._settings = self.log.meta()
        return self._settings

    @property
    def dice_only(self) -> bool:
        """A General's Wargame campaign: every battle fought with dice, none on the tabletop."""
        return self.settings.get("play") == "wargame"

    @property
    def play(self) -> Play:
        """How the campaign is fought, as the engine needs to know it (rule 1.5's battle count)."""
        return Play.WARGAME if self.dice_only else Play.TABLETOP

    def initial_state(self) -> CampaignState:
        """The campaign at set-up, as its settings make it."""
        return initial_state(self.scenario, self.play)

    @property
    def computer_side(self) -> str | None:
        """The side the computer plays in a General's Wargame against the computer (or None)."""
        return self.settings.get("computer") or None

    @property
    def file(self) -> Path | None:
        """The campaign's file (None for a campaign on a server)."""
        return self.log.path if isinstance(self.log, LogFile) else None

    @property
    def where(self) -> str:
        """Where the campaign is, as messages and the window name it (a path, or an address)."""
        return self.log.where

    @property
    def server_log(self) -> ServerLog | None:
        """The campaign's log on a server (None for a campaign in a file)."""
        from campaign_manager.store.server import ServerLog

        return self.log if isinstance(self.log, ServerLog) else None

    @property
    def wrong_row(self) -> str | None:
        """Why the campaign is open read-only up to a row the app cannot use (on a server), or None."""
        server = self.server_log
        return None if server is None or server.wrong is None else server.wrong.words(self.where)

    def may(self, kind: str) -> bool:
        """Whether an action of `kind` (or "undo", "redo") may be recorded here by this user:
        always in a file that can be written; on a server, as the user's role allows."""
        server = self.server_log
        if server is not None:
            return server.may(kind)
        return not self.log.readonly

    @classmethod
    def create(
        cls,
        path: Path | str | ServerAddress,
        scenario: str | Path = "firestorm-greece",
        name: str | None = None,
        play: str = "campaign",
        computer: str | None = None,
    ) -> CampaignFile:
        """A new campaign, in a file or on a server (`path` is an address); `play="wargame"` for
        the General's Wargame (dice only), where the computer may play one side (`computer`)."""
        location = locate(path)
        sc = load_scenario(scenario)
        if computer is not None and computer not in sc.sides:
            raise UserError(
                _("no side '{side}' for the computer to play (sides: {sides})").format(
                    side=computer, sides=", ".join(sc.sides)
                )
            )
        if name is None:
            name = location.need_campaign() if isinstance(location, ServerAddress) else location.stem
            name = name[: bounds.MAX_NAME]
        if not name.strip() or len(name) > bounds.MAX_NAME:
            raise UserError(
                _("a campaign's name has 1 to {max_name} characters (this one has {count})").format(
                    max_name=bounds.MAX_NAME, count=len(name)
                )
            )
        meta = {"name": name, "scenario": sc.id}
        if play == "wargame":
            meta.update(play="wargame", computer=computer or "")
        if isinstance(location, ServerAddress):
            from campaign_manager.store.server import ServerLog

            return cls(ServerLog.create(location, LogContent(KIND, sc.name, sc.source, meta)), sc, [])
        log = LogFile.create(location, KIND, sc.name, sc.source, meta=meta)
        return cls(log, sc, [])

    @classmethod
    def open(cls, path: Path | str | ServerAddress, readonly: bool = False) -> CampaignFile:
        """Open a campaign in a file, or on a server when `path` is an address."""
        location = locate(path)
        log: ActionLog
        if isinstance(location, ServerAddress):
            from campaign_manager.store.server import ServerLog

            log = ServerLog.open(location, KIND, readonly)
            name = location.shown
        else:
            log = cls._open_log(location, readonly)
            name = location.name
        try:
            with log._faults("reading"):
                document, settings = log.document(), log.meta()  # the window keeps what the file was made with
            try:
                sc = parse_scenario(document.source, _("the scenario stored in {name}").format(name=name))
            except ScenarioError as exc:
                raise integrity.damaged_file(log.where, exc) from None
            with log._faults("reading"):
                records = cls._readable(log, sc, settings)
            campaign = cls(log, sc, records)
        except BaseException:
            log.close()
            raise
        if not readonly and isinstance(log, LogFile):
            campaign._finish_cut_off_backups()
        return campaign

    @staticmethod
    def _readable(log: ActionLog, sc: Scenario, settings: dict[str, str]) -> list[Record]:
        """The logged actions; on a server, those up to the first row the app cannot use (the
        campaign then open read-only, the row named: ServerLog.wrong)."""
        from campaign_manager.store.server import ServerLog

        if not isinstance(log, ServerLog):
            return log.actions()
        play = Play.WARGAME if settings.get("play") == "wargame" else Play.TABLETOP
        return log.readable_actions(lambda records: replay(sc, records, play=play))

    def read_actions(self, records: Iterable[Record]) -> list[Action]:
        """Actions written as JSON (a file of actions, the command line), read once where they
        enter, in the scenario's spelling; refused with ActionRefused naming the first that does
        not read. The role is asked first, as `apply` asks it, before any action is read."""
        records = list(records)
        self.log.check_may("record", [_kind(record) for record in records])
        self.log.check_room(len(records))  # a batch too long for the log is refused from its count
        actions = []
        for index, record in enumerate(records, start=1):
            try:
                actions.append(read_action(self.scenario, record))
            except UserError as exc:
                raise ActionRefused(index, _kind(record), exc) from None
        return actions

    def preview(self, actions: Iterable[Action], roller: Roller | None = None) -> list[Applied]:
        """Apply actions in memory only; raises ActionRefused naming the first refused one."""
        state: CampaignState = self.state
        done = []
        for index, action in enumerate(actions, start=1):
            try:
                parse_action(action.to_json())  # made in the program: held to the same limits as JSON
                applied = apply_action(self.scenario, state, action, roller)
            except UserError as exc:
                raise ActionRefused(index, action.type, exc) from None
            done.append(applied)
            state = applied.state
        return done

    def apply(self, actions: Iterable[Action], roller: Roller | None = None) -> list[Applied]:
        """Apply and record actions, all or nothing, in one transaction.

        If another writer recorded actions since the campaign was read here, they are taken in
        first and these actions checked again against the campaign as it stands then (their
        dice kept): recorded if the rules still allow them, refused with the rule if not.
        """
        actions = list(actions)
        self.log.check_may("record", [action.type for action in actions])  # the role, before any rule
        self.log.check_room(len(actions))  # the log's limit, before any action is applied
        actions = self._keeping_undone_dice(actions)
        done = self.preview(actions, roller)
        if done:

            def revise(changes: Changes) -> list[Record]:
                self._absorb(changes)
                try:
                    done[:] = self.preview([applied.action for applied in done], roller)
                except ActionRefused as refused:
                    if changes.appended is None:
                        words = _(
                            "{refusal} — actions were taken back and recorded elsewhere since it was read here "
                            "(now shown)"
                        )
                    else:
                        words = ngettext(
                            "{refusal} — {n} action was recorded elsewhere since it was read here (now shown)",
                            "{refusal} — {n} actions were recorded elsewhere since it was read here (now shown)",
                            changes.count,
                        )
                    error = UserError(words.format(refusal=refused.error, n=changes.count))
                    raise ActionRefused(refused.index, refused.kind, error) from None
                return [applied.record for applied in done]

            self._written(lambda: self.log.append([applied.record for applied in done], revise=revise))
            history = self._history
            first = len(self.records) + 1
            self.records.extend(applied.record for applied in done)
            self.state = done[-1].state
            if history is not None:
                self._history = history + done
            ends = [
                (applied.state.turn, first + offset)
                for offset, applied in enumerate(done)
                if isinstance(applied.action, EndTurn)
            ]
            self._back_up(ends, last=first + len(done) - 1)
        return done

    def hold_pending(self, done: list[Applied]) -> None:
        """Show actions recorded while the server is away as if recorded (kept in the pending
        list: store/pending.py), from `pending_from` on."""
        if not done:
            return
        if self.pending_from is None:
            self.pending_from = len(self.records)
        history = self._history
        self.records.extend(applied.record for applied in done)
        self.state = done[-1].state
        if history is not None:
            self._history = history + done

    def drop_pending(self) -> None:
        """Show the campaign as its server holds it again, without the pending actions."""
        if self.pending_from is None:
            return
        self.records = self.records[: self.pending_from]
        self.pending_from = None
        self.state = self._replayed(self.records)

    def catch_up(self) -> Changes | None:
        self.drop_pending()  # what others recorded follows the server's log, never the pending actions
        try:
            return super().catch_up()
        except FileRefused as exc:
            if isinstance(exc, StorageFault) or self.server_log is None:
                raise
            return self._up_to_a_wrong_row(exc)

    def _up_to_a_wrong_row(self, refused: FileRefused) -> Changes:
        """Another writer's row cannot be used here: the campaign is shown up to it, read-only,
        the row named (`wrong_row`), as when it is opened."""
        server = self.server_log
        assert server is not None
        records = server.readable_actions(lambda found: replay(self.scenario, found, play=self.play))
        if server.wrong is None:
            raise refused
        self._history = None
        self.records, self.state = records, self._replayed(records)
        return Changes(server.revision, None, list(records), list(server.times))

    def _keeping_undone_dice(self, actions: list[Action]) -> list[Action]:
        """A turn started again after Undo took its start back keeps the battle-count dice the app
        rolled then (RULES.md, dice on record: Undo never gives the app a second roll). Started
        without dice, it takes them again, marked as the app's; started with other dice, it is
        refused (Redo puts the turn's start back as it was)."""
        given = actions[0] if actions else None
        if not isinstance(given, StartTurn):
            return actions
        top = self.log.next_redo()
        if top is None or top.get("type") != StartTurn.type or not top.get("rolled_by_app"):
            return actions
        undone = parse_action(top)
        assert isinstance(undone, StartTurn)
        if given.dice is None or given.dice == undone.dice:
            again = replace(given, dice=undone.dice, rolled_by_app=undone.rolled_by_app)
            return [again, *actions[1:]]
        faces = ", ".join(str(die) for die in undone.dice or ())
        raise UserError(
            _(
                "the battle-count dice of this turn were rolled by the app before its start was "
                "undone ({faces}); they stand: start the turn without dice to use them again, or Edit "
                "▸ Redo"
            ).format(faces=faces)
        )

    def _back_up(self, ends: list[tuple[int, int]], last: int) -> None:
        """Copy the file into backups/ at each end of a turn (turn, log entry), each cut at its own
        end of turn. The turns are already recorded, so a backup that fails does not undo them:
        `backup_problem` says why, for the user to be told."""
        self.backup_problem = None
        server = self.server_log
        if server is not None:
            self._back_up_shared(server, ends)
            return
        for turn, upto in ends:
            try:
                make_backup(self.path, turn, None if upto == last else upto)
            except UserError as exc:
                self.backup_problem = _("the end-of-turn backup was not made for turn {turn}: {problem}").format(
                    turn=turn, problem=exc
                )

    def _back_up_shared(self, server: ServerLog, ends: list[tuple[int, int]]) -> None:
        """The organiser's app keeps a campaign file of a shared campaign at each end of turn, on
        this computer (store/server_backups.py)."""
        from campaign_manager.store.server_backups import end_of_turn_backup

        if server.role != "organiser":
            return
        for turn, upto in ends:
            try:
                end_of_turn_backup(server.address, turn, self.image(upto=upto))
            except UserError as exc:
                self.backup_problem = _("the end-of-turn backup was not made for turn {turn}: {problem}").format(
                    turn=turn, problem=exc
                )

    def _finish_cut_off_backups(self) -> None:
        """Make again each end-of-turn backup that was cut off (its `.partial` left behind)."""
        try:
            unfinished = cut_off(self.path)
        except OSError:
            return
        made = []
        for turn, partial in unfinished:
            upto = _end_of_turn(self.records, turn)
            try:
                if upto is None:  # that end of turn was taken back meanwhile: nothing to keep
                    partial.unlink()
                    continue
                made.append(make_backup(self.path, turn, upto).name)
            except (UserError, OSError) as exc:
                words = _("the backup of turn {turn}, cut off earlier, could not be made again: {problem}")
                self.backup_problem = words.format(turn=turn, problem=exc)
        if made:
            self.backup_notice = ngettext(
                "the end-of-turn backup cut off last time was made again: {files}",
                "the end-of-turn backups cut off last time were made again: {files}",
                len(made),
            ).format(files=", ".join(made))
        self._make_missing_backup()

    def _make_missing_backup(self) -> None:
        """Make the backup of the last turn ended when there is none: a crash just after the end
        of turn was recorded, before its backup was begun, leaves no `.partial` to tell of it.
        Only the last one: older ones may have been pruned (backups.KEEP) on purpose. Made without
        a word (a campaign imported, or the example, has none yet either); a failure is told."""
        ended = sum(1 for record in self.records if record.get("type") == EndTurn.type)
        upto = _end_of_turn(self.records, ended) if ended else None
        if upto is None or os.path.lexists(backup_path(self.path, ended)):
            return
        try:
            make_backup(self.path, ended, upto)
        except (UserError, OSError) as exc:
            words = _("the end-of-turn backup of turn {turn}, missing, could not be made: {problem}")
            self.backup_problem = words.format(turn=ended, problem=exc)

    def save_copy(self, target: Path | str, name: str | None = None) -> None:
        """Write the campaign as this program holds it to `target` (replacing what is there),
        whole or not at all, named `name` if given (else as this one); the file itself is not
        read, so this works when it is gone."""
        target = Path(target)
        if name is not None and (not name.strip() or len(name) > bounds.MAX_NAME):
            raise UserError(
                _("a campaign's name has 1 to {max_name} characters (this one has {count})").format(
                    max_name=bounds.MAX_NAME, count=len(name)
                )
            )
        try:
            file = self.file
            itself = file is not None and target.exists() and file.exists() and os.path.samefile(target, file)
        except OSError:
            itself = False
        if itself:
            raise UserError(
                _("{target}: is the campaign itself; choose another name for the copy").format(target=target)
            )
        writing.write_whole(target, self.image(name), "copy")

    def image(self, name: str | None = None, upto: int | None = None) -> bytes:
        """The campaign as this program holds it (its scenario, settings and log), as the bytes
        of a campaign file, named `name` if given, cut after log entry `upto` if given: what
        File ▸ Save a copy writes, even when the file itself is gone."""
        document = self.log.document()
        settings = self.settings if name is None else {**self.settings, "name": name}
        count = len(self.records) if upto is None else upto
        times = self.log.times[:count] if len(self.log.times) >= count else None
        return LogFile.build(KIND, document.name, document.source, settings, self.records[:count], times)

    def undo_refusal(self) -> str | None:
        """Why the last action may not be taken back (None: it may). Against the computer the dice
        the app rolled are final (RULES.md, dice on record): an action holding them is not taken
        back, or they could be rolled again. Between people a battle holding the app's dice comes
        back to be entered again with those dice (`undo`), so no other battle may be kept for
        later meanwhile (it would be overwritten)."""
        if not self.records:
            return None
        if self.pending_from is not None:
            return _("the actions recorded while the server was away wait to be sent first")
        last = parse_action(self.records[-1])
        if self.computer_side and last.app_dice():
            words = _(
                "the last action ({action}) holds dice the app rolled, and against the computer those are "
                "final: it cannot be undone"
            )
            return words.format(action=last.title())
        if isinstance(last, Battle) and (last.app_dice() or last.corrections):
            try:
                kept = self.kept_entry()
            except DraftDamaged:
                return _(
                    "a battle entry kept with the campaign cannot be read: throw it away first (Battle ▸ New battle)"
                )
            if kept is not None:
                words = _(
                    "undoing {action} gives it back to be entered again with the dice the app rolled for it, "
                    "but another battle being entered is kept for later: record it or discard it first"
                )
                return words.format(action=last.title())
        return None

    def undo(self) -> Record | None:
        """Take back the last action, unless `undo_refusal` says why not (raised as a UserError). A
        battle holding dice the app rolled comes back as the battle being entered, with those
        dice final (nothing rolls them again; only a logged correction replaces one)."""
        refusal = self.undo_refusal()
        if refusal:
            raise UserError(refusal)
        history = self._history
        record = super().undo()
        if record is not None and history is not None:
            self._history = history[:-1]  # the rest of the history still stands
        if record is not None:
            taken = parse_action(record)
            if isinstance(taken, Battle):
                entry = entry_from_battle(self.scenario, self.state, taken, len(self.records))
                if entry is not None:
                    self.keep_entry(entry)
        return record

    def redo(self) -> Record | None:
        before, length = self.state, len(self.records)
        record = super().redo()
        if record is not None:
            self._history = None
            done = parse_action(record)
            if isinstance(done, Battle):
                self._forget_reentry(entry_from_battle(self.scenario, before, done, length))
        return record

    def _forget_reentry(self, made: BattleEntry | None) -> None:
        """The battle is back in the log: the entry Undo made of it to be entered again goes (one
        on the same arrow holding the same dice the app rolled; an entry given more since stays)."""
        if made is None:
            return
        try:
            kept = self.kept_entry()
        except DraftDamaged:
            return
        same_arrow = kept is not None and (kept.arrow, kept.open_arrow) == (made.arrow, made.open_arrow)
        if kept is not None and same_arrow and kept.app_dice() == made.app_dice():
            self.keep_entry(None)

    def history(self) -> list[Applied]:
        """Every logged action with what it did in words (replayed once, then kept up to date)."""
        if self._history is None:
            state = self.initial_state()
            self._history = []
            for record in self.records:
                applied = apply_action(self.scenario, state, parse_action(record))
                self._history.append(applied)
                state = applied.state
        return list(self._history)


def _kind(record: Record) -> str:
    """An action's type as written, in words for a refusal, whatever was given."""
    return str(record.get("type", "without a type"))[:40]


def _end_of_turn(records: list[Record], turn: int) -> int | None:
    """The log entry (from 1) of the action that ended `turn`, if it is in the log."""
    ended = 0
    for number, record in enumerate(records, start=1):
        if record.get("type") == EndTurn.type:
            ended += 1
            if ended == turn:
                return number
    return None
