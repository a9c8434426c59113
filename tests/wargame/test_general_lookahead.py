"""The careful general (engine/general_lookahead.py): at a battle it plays its best few choices out
and keeps the one that does best, and once the battle took an area it weighs its advance so too;
its playouts are seeded, so the same seed gives the same choice; it leaves the state it is asked
about as it was; the preference is quick or careful, nothing else.

The position is the one of tests/wargame/test_general_choices.py: turn 4, nine of eleven battles
fought, the Greeks in B2 surrounded; the rules of thumb throw the 28 % long shot on Korce for its
25 VP of captures."""

from __future__ import annotations

import pytest

from campaign_manager.engine.general import ComputerPolicy, state_key
from campaign_manager.engine.general_lookahead import CAREFUL, QUICK, Careful, CarefulPolicy, computer_general
from tests.wargame.test_general_choices import SC, _korce_surrounded


def test_the_careful_general_plays_out_the_long_shot_and_the_likelier_battle_and_takes_the_better():
    st, arrows = _korce_surrounded()
    quick = ComputerPolicy(0).attack(SC, st, "axis", arrows, True)
    assert quick.reply[:2] == ("B1", "B2"), "the rules of thumb throw the long shot"
    general = CarefulPolicy(0)
    shortlist = general.shortlist(SC, st, "axis", arrows, True)
    assert [(p.origin, p.target) for p in shortlist] == [("B1", "B2"), ("B4", "C4"), ("C2", "D2")], (
        "the rules of thumb's choice first, then the best on each other target"
    )
    margins = [general.expected_margin(SC, st, "axis", arrows, True, plan) for plan in shortlist]
    careful = general.attack(SC, st, "axis", arrows, True)
    chosen = [(p.origin, p.target) for p in shortlist].index(careful.reply[:2])
    assert margins[chosen] == max(margins) and careful.reply[:2] == ("B4", "C4")
    assert careful.reason.startswith("attacks C4 Olympus–Aliakmon from B4 with DE-PZ-1, DE-PZ-2: ")
    assert f"played out 8 times it leaves the Axis {margins[chosen]:.1f} VP ahead on average" in careful.reason


def test_the_careful_general_chooses_alike_from_one_seed_and_leaves_the_state_as_it_was():
    st, arrows = _korce_surrounded()
    before = state_key(st)
    first = CarefulPolicy(5).attack(SC, st, "axis", arrows, True)
    assert state_key(st) == before, "the playouts work on copies"
    assert CarefulPolicy(5).attack(SC, st, "axis", arrows, True) == first


def test_holding_is_a_candidate_when_no_battle_is_required():
    st, arrows = _korce_surrounded()
    st.battles_required = 9  # the required battles are fought: holding is allowed
    shortlist = CarefulPolicy(0, careful=Careful(candidates=4)).shortlist(SC, st, "axis", arrows, False)
    assert None in shortlist and len(shortlist) == 4


def test_the_preference_is_quick_or_careful():
    assert type(computer_general(1, QUICK)) is ComputerPolicy
    assert type(computer_general(1, CAREFUL)) is CarefulPolicy
    with pytest.raises(ValueError, match="quick or careful"):
        computer_general(1, "reckless")


def test_a_choice_not_surely_better_leaves_the_rules_of_thumb_s_and_the_reason_says_so():
    st, arrows = _korce_surrounded()
    unsure = CarefulPolicy(0, careful=Careful(sure=100.0))  # no candidate is ever sure enough
    decision = unsure.attack(SC, st, "axis", arrows, True)
    assert decision.reply[:2] == ("B1", "B2"), "the rules of thumb's choice stands"
    assert "another did a little better (" in decision.reason and "too little to be sure of" in decision.reason


def _careful_game(seed: int, side: str):
    from campaign_manager.engine import Play
    from campaign_manager.engine.campaign import initial_state
    from campaign_manager.engine.driver import TurnDriver
    from tests.wargame.reference_general import ReferenceGeneral

    players = {side: CarefulPolicy(seed), SC.enemy_of(side): ReferenceGeneral(seed + 1)}
    start = initial_state(SC, Play.WARGAME)
    final, done = TurnDriver(SC, players, seed).play(start)
    return start, final, done


def test_the_careful_general_weighs_its_advance_again_once_the_battle_is_known_and_the_record_holds():
    """Seed 1, the careful Axis against today's general: once a battle took the area, the advance
    the rules of thumb gave is played out against nobody advancing and every survivor; where
    another did surely better it is the one recorded, with its reason, and the campaign's record
    (the battles as fought, every die and advance) replays to the same end."""
    from campaign_manager.engine.campaign import apply_action

    start, final, done = _careful_game(1, "axis")
    rethought = [a.action for a in done if "for the usual advance" in (getattr(a.action, "reason", None) or "")]
    assert rethought, "the playouts overruled the rules of thumb's advance at least once"
    for battle in rethought:
        said = battle.reason.split("; ")
        words = next(part for part in said if "for the usual advance" in part)
        if battle.advance:
            assert words.startswith(f"{', '.join(battle.advance)} advance")
        else:
            assert words.startswith("nobody advances into")
    replayed = start
    for applied in done:
        replayed = apply_action(SC, replayed, applied.action).state
    assert state_key(replayed) == state_key(final)


def test_the_advance_is_weighed_only_when_asked_and_a_change_keeps_the_battle_s_dice():
    """Without `advances` the careful general keeps the rules of thumb's advance. Asked again about
    each battle its side won in that game, the careful general's other advance (where it finds a
    surely better one) is one the engine accepts for the very battle: every die as it was rolled,
    only the advance differs."""
    from dataclasses import replace

    from campaign_manager.engine import Play
    from campaign_manager.engine.actions import Battle
    from campaign_manager.engine.campaign import apply_action, initial_state
    from campaign_manager.engine.driver import TurnDriver, _arrow
    from tests.wargame.reference_general import ReferenceGeneral

    players = {"axis": CarefulPolicy(1, careful=Careful(advances=False)), "allied": ReferenceGeneral(2)}
    before = initial_state(SC, Play.WARGAME)
    _, done = TurnDriver(SC, players, 1).play(before)
    assert not any("for the usual advance" in (getattr(a.action, "reason", None) or "") for a in done)
    changed = 0
    for applied in done:
        battle = applied.action
        if isinstance(battle, Battle) and before.control.get(battle.origin) == "axis":
            taken = before.control.get(battle.target) != applied.state.control.get(battle.target)
            plain = replace(battle, by_computer=False, reason=None)
            arrow = _arrow(before, plain, "axis")
            again = (
                CarefulPolicy(1).rethink_advance(SC, before, arrow, replace(applied, action=plain)) if taken else None
            )
            if again is not None:
                changed += 1
                assert again.reply != tuple(battle.advance or ())
                other = apply_action(SC, before, replace(plain, advance=again.reply or None)).action
                assert (other.wargame, other.destroy_dice, other.retreat_to) == (
                    battle.wargame,
                    battle.destroy_dice,
                    battle.retreat_to,
                )
                # the battle wizard asks the same of a seated careful general (TurnDriver.fought)
                wizard = TurnDriver(SC, {"axis": CarefulPolicy(1)}, 0, table=None)
                fought = wizard.fought(before, replace(plain, advance=None), "axis").action
                assert fought.advance == (again.reply or None) and "for the usual advance" in fought.reason
        before = applied.state
    assert changed, "the playouts would have chosen another advance at least once in that game"
