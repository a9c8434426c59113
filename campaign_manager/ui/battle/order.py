"""The order of the battle wizard's pages: the turn driver's (engine/driver.py), not the pages'.

Each page is a view of one of the driver's questions about a battle (rules 1.4-1.8): the
initiative, the arrow, the commitments, the result, the rolls to destroy, the retreat, the
advance; the summary follows once the battle is fought. Which page comes next is asked of a
driver at a table of people that asks every step (`each_step`): the battle is replayed from its
start with the answers of the pages already passed (the driver is deterministic given the
answers and the dice), and the first question left unanswered names the page. So Next, Back and
a battle kept for later walk the same way, and a rule about the order (the initiative before the
arrow, the rolls to destroy before the retreat, the advance last) is written once, in the driver.
"""

from __future__ import annotations

from collections.abc import Collection

from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.driver import (
    BattleResult,
    ChooseAdvance,
    ChooseAttack,
    ChooseRetreat,
    CommitDefence,
    GiveResult,
    Question,
    RollInitiative,
    RollToDestroy,
    TurnDriver,
)
from campaign_manager.engine.entry import Step, step_of
from campaign_manager.engine.state import CampaignState
from campaign_manager.errors import UserError
from campaign_manager.ui.battle.draft import BattleDraft
from campaign_manager.ui.battle.pages import Refused


def next_page(draft: BattleDraft, answered: Collection[Step], leaving: Step | None = None) -> Step | Refused:
    """The page of the first question of the battle not among the `answered` pages (kept in
    `draft.question` for that page to show), the summary once the battle is fought; or the
    engine's refusal of an answer given on the way. `leaving`: the page left with Next; when
    the campaign changed under the wizard so that its question is no longer asked (a turn
    undone), the battle goes on as it began (`draft.begun`) and the pages say what the engine
    refuses."""
    found, passed = _replay(draft, _as_the_battle_finds_it(draft, answered), answered)
    draft.asked_now = True
    if leaving is not None and leaving not in passed and draft.begun not in (None, draft.st):
        found, _ = _replay(draft, draft.begun or draft.st, answered)
        draft.asked_now = False
    return found


def _replay(draft: BattleDraft, st: CampaignState, answered: Collection[Step]) -> tuple[Step | Refused, set[Step]]:
    """The battle from its first question at `st`, each answered page's question given the
    draft's answer: the first page left (or why the engine refuses), and the pages passed."""
    driver = TurnDriver(draft.sc, {}, 0, quiet=True, table=None, each_step=True)
    passed: set[Step] = set()
    try:
        found: Applied | Question | None = driver.battle_question(st, draft.open_arrow)
        while found is not None and not isinstance(found, Applied):
            page = step_of(found)
            if page is None:
                raise ValueError(f"no page of the battle wizard shows {found!r}")
            if page not in answered:
                draft.question = found
                return page, passed
            passed.add(page)
            found = _answered(driver, st, found, draft)
    except UserError as exc:
        return Refused(str(exc)), passed
    draft.question = None
    return Step.SUMMARY, passed


def _as_the_battle_finds_it(draft: BattleDraft, answered: Collection[Step]) -> CampaignState:
    """The campaign, with the commanders new to the roster who played the battle once its result
    is given (they are recorded with it)."""
    if Step.RESULT in answered:
        try:
            st, _ = draft.with_new_commanders()
        except UserError:
            return draft.st  # a name the roster refuses: the result page says so
        return st
    return draft.st


def _answered(
    driver: TurnDriver, st: CampaignState, question: Question, draft: BattleDraft
) -> Applied | Question | None:
    """The driver going on from the draft's answer to a question its page has answered."""
    if isinstance(question, RollInitiative):
        if draft.side is None or draft.initiative_dice is None:
            return driver.answer(st, question, None)
        attacker, defender = draft.initiative_dice
        return driver.answer(st, question, {draft.side: attacker, draft.sc.enemy_of(draft.side): defender})
    if isinstance(question, ChooseAttack):
        origin, target = draft.arrow_ends()
        return driver.answer(st, question, (origin, target, draft.attacker))
    if isinstance(question, CommitDefence):
        return driver.answer(st, question, draft.defender)
    if isinstance(question, GiveResult):
        return driver.answer(st, question, draft.outcome or BattleResult())
    if isinstance(question, RollToDestroy):
        return driver.answer(st, question, draft.destroy_dice)
    if isinstance(question, ChooseRetreat):
        assert draft.retreat is not None, "the retreat page gives one"
        return driver.answer(st, question, draft.retreat)
    if isinstance(question, ChooseAdvance):
        return driver.answer(st, question, draft.advance)
    raise ValueError(f"a battle does not ask {question!r}")
