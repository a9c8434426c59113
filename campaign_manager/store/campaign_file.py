"""A campaign file: the scenario it was made from, plus the action log; the state is rebuilt
from the log. Every action (or batch of actions) is one transaction."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from campaign_manager.dice import Roller
from campaign_manager.engine import Applied, CampaignState, apply_action, initial_state, replay
from campaign_manager.engine.actions import Action
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.scenario import Scenario, ScenarioError, load_scenario, parse_scenario
from campaign_manager.store.backups import make_backup
from campaign_manager.store.faults import storage_faults
from campaign_manager.store.logfile import LogFile
from campaign_manager.store.logged_document import LoggedDocument

KIND = "campaign"


class ActionRefused(UserError):
    """One action of a batch was refused; nothing of the batch was recorded."""

    def __init__(self, index: int, kind: str, error: UserError) -> None:
        self.index, self.kind, self.error = index, kind, error
        super().__init__(f"action {index} ({kind}) refused, nothing was recorded: {error}")


class CampaignFile(LoggedDocument[CampaignState]):
    """An open campaign: its scenario, its logged actions and the state they lead to."""

    KIND = KIND

    def __init__(self, log: LogFile, scenario: Scenario, records: list[dict]) -> None:
        self.scenario = scenario
        self._history: list[Applied] | None = None  # filled on first use
        self._settings: dict[str, str] | None = None
        self.backup_problem: str | None = None  # why the last end-of-turn backup failed, if it did
        super().__init__(log, records)

    def replay(self, records: list[dict]) -> CampaignState:
        return replay(self.scenario, records)

    def _replayed(self, records: list[dict]) -> CampaignState:
        self._history = None
        try:
            return self.replay(records)
        except UserError as exc:
            raise FileRefused(f"{self.log.path}: is damaged: {exc}") from None

    @property
    def name(self) -> str:
        return self.settings.get("name", self.path.stem)

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
    def computer_side(self) -> str | None:
        """The side the computer plays in a General's Wargame against the computer (or None)."""
        return self.settings.get("computer") or None

    @classmethod
    def create(
        cls,
        path: Path | str,
        scenario: str | Path = "firestorm-greece",
        name: str | None = None,
        play: str = "campaign",
        computer: str | None = None,
    ) -> CampaignFile:
        """A new campaign file; `play="wargame"` for the General's Wargame (dice only), where the
        computer may play one side (`computer`)."""
        sc = load_scenario(scenario)
        if computer is not None and computer not in sc.sides:
            raise UserError(f"no side '{computer}' for the computer to play (sides: {', '.join(sc.sides)})")
        meta = {"name": name or Path(path).stem, "scenario": sc.id}
        if play == "wargame":
            meta.update(play="wargame", computer=computer or "")
        log = LogFile.create(Path(path), KIND, sc.name, sc.source, meta=meta)
        return cls(log, sc, [])

    @classmethod
    def open(cls, path: Path | str, readonly: bool = False) -> CampaignFile:
        log = cls._open_log(path, readonly)
        try:
            with storage_faults(Path(path), "reading"):
                document, records = log.document(), log.actions()
            try:
                sc = parse_scenario(document.source, f"the scenario stored in {Path(path).name}")
            except ScenarioError as exc:
                raise FileRefused(f"{path}: is damaged: {exc}") from None
            return cls(log, sc, records)
        except BaseException:
            log.close()
            raise

    def preview(self, actions: Iterable[Action | dict], roller: Roller | None = None) -> list[Applied]:
        """Apply actions in memory only; raises ActionRefused naming the first refused one."""
        state: CampaignState = self.state
        done = []
        for index, action in enumerate(actions, start=1):
            kind = action.get("type", "?") if isinstance(action, dict) else action.to_json()["type"]
            try:
                applied = apply_action(self.scenario, state, action, roller)
            except UserError as exc:
                raise ActionRefused(index, str(kind), exc) from None
            done.append(applied)
            state = applied.state
        return done

    def apply(self, actions: Iterable[Action | dict], roller: Roller | None = None) -> list[Applied]:
        """Apply and record actions, all or nothing, in one transaction.

        If another program wrote to the file since it was read here, nothing is written: the
        campaign is read again and FileChanged asks the user to check it and try again.
        """
        done = self.preview(actions, roller)
        if done:
            history = self._history
            self._record([applied.record for applied in done], done[-1].state)
            if history is not None:
                self._history = history + done
            if any(applied.record.get("type") == "end_turn" for applied in done):
                self._back_up()
        return done

    def _back_up(self) -> None:
        """Copy the file into backups/ at the end of a turn. The turn is already recorded, so a
        backup that fails does not undo it: `backup_problem` says why, for the user to be told."""
        self.backup_problem = None
        try:
            make_backup(self.path, self.state.turn)
        except UserError as exc:
            self.backup_problem = f"the end-of-turn backup was not made: {exc}"

    def undo(self) -> dict | None:
        history = self._history
        record = super().undo()
        if record is not None and history is not None:
            self._history = history[:-1]  # the rest of the history still stands
        return record

    def history(self) -> list[Applied]:
        """Every logged action with what it did in words (replayed once, then kept up to date)."""
        if self._history is None:
            state = initial_state(self.scenario)
            self._history = []
            for record in self.records:
                applied = apply_action(self.scenario, state, record)
                self._history.append(applied)
                state = applied.state
        return list(self._history)
