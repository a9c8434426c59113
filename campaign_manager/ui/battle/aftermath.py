"""The battle wizard's later steps, once the arrow and its troops are known: the result
(tabletop VP per game or General's Wargame dice), each roll to destroy with its target shown
first, the retreat when the engine asks for one, the advance, and recording the battle."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from campaign_manager.engine import apply_action, legal
from campaign_manager.engine.actions import Battle, WargameRoll
from campaign_manager.engine.battle import fortification_words
from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.resolve import destroys, fighting_troops, forecast, surviving_attackers
from campaign_manager.engine.state import Arrow
from campaign_manager.errors import ChoiceNeeded, UserError
from campaign_manager.scenario.model import enemy_of
from campaign_manager.ui.plain import escape

if TYPE_CHECKING:
    from campaign_manager.ui.battle.wizard import BattleWizard


class AftermathSteps:
    """Mixed into BattleWizard: the steps from the result to the record."""

    # -- the result ---------------------------------------------------------------------------

    def _the_arrow(self: BattleWizard) -> Arrow:
        if self.open_arrow is not None:
            return self.open_arrow
        origin, target = self._arrow_ends()
        attacker, defender = self._commitments()
        assert self.side is not None
        return Arrow(origin, target, self.side, attacker, defender)

    def _enter_result(self: BattleWizard) -> None:
        arrow = self._the_arrow()
        page = self.pages["result"]
        if self.dice_only:
            page.wargame.setChecked(True)
            page.tabletop.setEnabled(False)
        fort = legal.fortification_name(self.sc, self.session.state, arrow.origin, arrow.target, arrow.attacker_side)
        tabletop = (
            ""
            if self.dice_only
            else f"Rule 1.6: in a tabletop game a side is defeated when the other scored at least "
            f"{self.sc.defeat_min_vp} VP and more than it (several games: totals decide, averages count for "
            f"the rest). "
        )
        page.say(
            f"{label(self.sc, arrow.origin)} → {label(self.sc, arrow.target)}. {tabletop}Rule 1.7: in the "
            f"General's Wargame the higher total wins (equal totals: a draw)."
            + (f" {fortification_words(self.sc, fort)}." if fort else "")
        )

    def _result(self: BattleWizard) -> dict | None:
        page = self.pages["result"]
        if page.tabletop.isChecked():
            return {"games": page.game_scores()}
        a, d = page.attacker_die.value(), page.defender_die.value()
        if a is None or d is None:
            return None
        return {"wargame": WargameRoll(a, d, page.attacker_mod.value(), page.defender_mod.value())}

    def _forecast(self: BattleWizard):
        result = self._result()
        if result is None:
            return None
        return forecast(
            self.sc, self.session.state, self._the_arrow(), games=result.get("games"), wargame=result.get("wargame")
        )

    def _show_result(self: BattleWizard) -> None:
        page = self.pages["result"]
        found = self._forecast()
        if found is None:
            dice_words = self._before_the_dice() if page.wargame.isChecked() else "Type both dice, or roll them."
            page.outcome.setText(dice_words)
            return
        result = found[0]
        arrow = self._the_arrow()
        winner = {"attacker": arrow.attacker_side, "defender": enemy_of(arrow.attacker_side)}.get(result.winner or "")
        who = f" — the {side_name(self.sc, winner)} win" if winner else ""
        page.outcome.setText(f"<b>Result</b>: {escape(result.describe() + who)}.")

    def _before_the_dice(self: BattleWizard) -> str:
        """Who fights (the computer's choice said) and the exact odds, before any die is typed."""
        arrow = self._the_arrow()
        defender = enemy_of(arrow.attacker_side)
        chosen = " (the computer's choice)" if self.computer == defender and self.open_arrow is None else ""

        def troops(c):
            return ", ".join([*c.troops, *([f"{self.sc.aircraft[c.sortie].name} sortie"] if c.sortie else [])])

        committed = (
            f"Committed: the {side_name(self.sc, arrow.attacker_side)} {troops(arrow.attacker) or 'nothing'}; "
            f"the {side_name(self.sc, defender)} {troops(arrow.defender) or 'nothing'}{chosen}."
        )
        return (
            f"{escape(committed)}<br>{self._odds_words(arrow.attacker, arrow.defender)}<br>"
            f"Type both dice, or roll them."
        )

    def _leave_result(self: BattleWizard) -> str | None:
        if self._forecast() is None:
            return "Type both General's Wargame dice (or press Roll)."
        self._go("destroy")
        return None

    # -- roll to destroy ----------------------------------------------------------------------

    def _enter_destroy(self: BattleWizard) -> None:
        found = self._forecast()
        assert found is not None
        _, targets = found
        page = self.pages["destroy"]
        page.say(
            "Rules 1.6 and 1.7: the enemy rolls a d6 for every committed Firestorm troop (never aircraft); "
            "it is destroyed on the score shown. Destroyed troops go to the reinforcement pool."
        )
        attackers, defenders = fighting_troops(self.session.state, self._the_arrow())
        spared = [t for t in attackers + defenders if t not in targets]
        page.fill(
            [(t, f"{self._troop_words(t)}: destroyed on {target}+") for t, target in targets.items()],
            lambda troop, die: destroys(die, targets[troop]),
            f"Not rolled for: {', '.join(spared)} — this result needs no roll against "
            f"{'them' if len(spared) > 1 else 'it'}."
            if spared and targets
            else "",
        )

    def _battle_action(self: BattleWizard) -> Battle:
        result = self._result() or {}
        dice = {t: die.value() for t, die in self.pages["destroy"].dice.items()}
        extra = dict(destroy_dice=dice, retreat_to=self.retreat, **result)  # type: ignore[arg-type]
        if self.open_arrow is not None:
            return Battle(self.open_arrow.origin, self.open_arrow.target, **extra)
        return self._new_arrow_action(**extra)

    def _leave_destroy(self: BattleWizard) -> str | None:
        if any(die.value() is None for die in self.pages["destroy"].dice.values()):
            return "Type every roll to destroy (or press Roll)."
        self.retreat = None
        return self._try_preview()

    def _try_preview(self: BattleWizard) -> str | None:
        """Work out the battle without recording it; ask for a retreat or an advance if needed."""
        try:
            self.preview = apply_action(self.sc, self.session.state, self._battle_action())
        except ChoiceNeeded as choice:
            self._choice = choice
            self._go("retreat")
            return None
        except UserError as exc:
            return str(exc)
        arrow = self._the_arrow()
        before, after = self.session.state, self.preview.state
        if before.control.get(arrow.target) != after.control.get(arrow.target):
            self._go("advance")
        else:
            self._go("summary")
        return None

    # -- retreat and advance ------------------------------------------------------------------

    def _enter_retreat(self: BattleWizard) -> None:
        choice = self._choice
        page = self.pages["retreat"]
        page.say(
            "Rule 1.8: the defeated defender moves all its troops from the area to an adjacent area it "
            "holds; where no one area takes them all, each troop goes where its nation may enter, and "
            "troops with nowhere to go are captured."
        )
        page.fill(choice.options, choice.troop_options, lambda code: label(self.sc, code))
        defender = enemy_of(self._the_arrow().attacker_side)
        if self.computer == defender:
            question = self.driver.retreat_question(self.session.state, self._the_arrow().target, choice)
            answer = self.driver.decide(self.session.state, question).reply
            for troop, combo in page.choices.items():
                combo.setCurrentIndex(combo.findData(answer if isinstance(answer, str) else answer[troop]))
                combo.setEnabled(False)
            page.problem.inform("The computer chose where its troops retreat. Press Next.")

    def _leave_retreat(self: BattleWizard) -> str | None:
        self.retreat = self.pages["retreat"].answer()
        return self._try_preview()

    def _survivors(self: BattleWizard) -> list[str]:
        assert self.preview is not None
        return surviving_attackers(self.session.state, self.preview.state, self._the_arrow())

    def _enter_advance(self: BattleWizard) -> None:
        assert self.preview is not None
        arrow = self._the_arrow()
        page = self.pages["advance"]
        page.say(
            f"Rule 1.8: the {side_name(self.sc, arrow.attacker_side)} now hold {label(self.sc, arrow.target)} "
            f"and may move up to {self.sc.advance_limit} troops into it from adjacent areas they hold; the "
            f"surviving attackers move first."
        )
        candidates = legal.advance_candidates(self.sc, self.preview.state, arrow.target, arrow.attacker_side)
        self.survivors = self._survivors()  # before any advance moves them
        page.fill(
            [(t, f"{self._troop_words(t)} (in {self.preview.state.where[t]})") for t in candidates], self.survivors
        )
        if self.computer == arrow.attacker_side:  # its choice, as the rules accept it
            moving = self.driver.fought(self.session.state, self._battle_action(), arrow.attacker_side).action
            assert isinstance(moving, Battle)
            for troop, box in page.boxes.items():
                box.setChecked(troop in (moving.advance or ()))
                box.setEnabled(False)
            page.problem.inform("The computer chose who advances. Press Next.")

    def _final_action(self: BattleWizard) -> Battle:
        action = self._battle_action()
        if self.page_name == "advance" or "advance" in self.history:
            moving = self.pages["advance"].moving(self.survivors)
            if moving:
                return replace(action, advance=moving)
        return action

    def _leave_advance(self: BattleWizard) -> str | None:
        try:
            self.preview = apply_action(self.sc, self.session.state, self._final_action())
        except UserError as exc:
            return str(exc)
        self._go("summary")
        return None

    # -- recording ----------------------------------------------------------------------------

    def _enter_summary(self: BattleWizard) -> None:
        page = self.pages["summary"]
        page.say("Nothing is recorded until you press Record the battle; Back changes any choice.")
        page.text.setText("\n".join(self.preview.events) if self.preview else "")

    def _leave_summary(self: BattleWizard) -> str | None:
        return None

    def record(self: BattleWizard) -> None:
        self._recording = True
        try:
            self.session.record([self._final_action()])
        except UserError as exc:
            self.pages["summary"].problem.setText(str(exc))
            return
        finally:
            self._recording = False
        self.accept()
