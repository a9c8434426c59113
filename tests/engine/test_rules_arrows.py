"""RULES.md 1.4: battle arrows and committing troops, with entered dice.

Most positions are turn 2 in the battle phase (Greeks +1 on initiative, one Italian sortie);
a Greek attack enters initiative dice [6, 1] and an Italian attack [6, 1] (6 against 2).
"""

from __future__ import annotations

from campaign_manager.errors import UserError
from tests.engine.positions import attack, play, position, refused

GREEK_FIRST = (6, 1)
AXIS_FIRST = (6, 1)


def test_attack_from_held_area_into_adjacent_enemy_area_places_an_open_arrow():
    st = position(2)
    applied = play(st, attack("C1", "B1", ["GR-INF-1"], ["IT-INF-1"], initiative=GREEK_FIRST))
    (arrow,) = applied.state.open_arrows
    assert (arrow.origin, arrow.target, arrow.attacker_side) == ("C1", "B1", "allied")
    assert arrow.attacker.troops == ("GR-INF-1",) and arrow.defender.troops == ("IT-INF-1",)
    # An open arrow moves nothing and changes no control.
    assert applied.state.control == st.control and applied.state.where == st.where
    assert applied.record["initiative_dice"] == [6, 1]


def test_areas_that_are_not_linked_are_refused():
    st = position(2)  # C2 Kastoria and B1 Vlore share no border
    refused(st, attack("C2", "B1", ["GR-INF-2"], initiative=GREEK_FIRST), "1.4", "B1", "C2", "not linked")


def test_attacking_an_area_your_own_side_holds_is_refused():
    st = position(2)
    refused(st, attack("C1", "C2", ["GR-INF-1"], initiative=GREEK_FIRST), "1.4", "C2")


def test_attacking_from_an_area_nobody_holds_is_refused():
    st = position(2)
    refused(st, attack("C3", "B2", [], initiative=GREEK_FIRST), "1.4", "C3")


def test_the_attacker_must_commit_a_ground_troop_from_the_area_attacked_from():
    st = position(2, clear=("C2",))  # C2 is Greek-held but empty
    refused(st, attack("C2", "B2", [], initiative=GREEK_FIRST), "1.4", "C2")
    # A troop from another area does not count.
    refused(st, attack("C2", "B2", ["GR-INF-1"], initiative=GREEK_FIRST), "1.4", "GR-INF-1")


def test_an_aircraft_alone_cannot_make_an_attack():
    st = position(2)
    refused(st, attack("B1", "C1", [], sortie="italian", initiative=AXIS_FIRST), "1.4", "B1")


def test_an_enemy_troop_cannot_be_committed_by_the_attacker():
    st = position(2, where={"IT-INF-1": "C1"})  # even standing in the area attacked from
    refused(st, attack("C1", "B1", ["IT-INF-1"], initiative=GREEK_FIRST), "1.4", "IT-INF-1")


def test_the_defender_commits_only_troops_in_the_area_attacked():
    st = position(2)
    refused(st, attack("C1", "B1", ["GR-INF-1"], ["IT-INF-3"], initiative=GREEK_FIRST), "1.4", "IT-INF-3")


def test_the_attacker_commits_at_most_two_troops():
    st = position(2)
    three = attack("B1", "C1", ["IT-INF-1", "IT-INF-2", "IT-CARRI"], initiative=AXIS_FIRST)
    refused(st, three, "1.4", "attacker")
    assert play(st, attack("B1", "C1", ["IT-INF-1", "IT-INF-2"], initiative=AXIS_FIRST)).state.open_arrows


def test_an_aircraft_counts_towards_the_two_troops():
    st = position(2)
    refused(
        st, attack("B1", "C1", ["IT-INF-1", "IT-INF-2"], sortie="italian", initiative=AXIS_FIRST), "1.4", "attacker"
    )


def test_the_defender_commits_at_most_two_troops_aircraft_included():
    st = position(4, where={"DE-INF-3": "A4", "GR-INF-8": "B3", "GR-INF-9": "B3"})
    action = attack("A4", "B3", ["DE-INF-3"], ["GR-INF-3", "GR-INF-8", "GR-INF-9"], initiative=(1, 1))
    refused(st, action, "1.4", "defender")
    action = attack(
        "A4",
        "B3",
        ["DE-INF-3"],
        ["GR-INF-3", "GR-INF-8"],
        sortie="german",
        defender_sortie="british",
        initiative=(1, 1),
    )
    refused(st, action, "1.4", "defender")


def test_the_attackers_sortie_may_be_his_second_troop():
    st = position(2)
    applied = play(st, attack("B1", "C1", ["IT-INF-1"], sortie="italian", initiative=AXIS_FIRST))
    (arrow,) = applied.state.open_arrows
    assert arrow.attacker.sortie == "italian"
    assert applied.state.sorties["italian"] == 0


def test_an_italian_attack_may_take_a_german_stuka_sortie():
    """RULES.md 1.4 and 1.5 (the book: a sortie may support any battle): sorties are the side's,
    counted per nation; an Italian attack on turn 4 may take the Stuka, which adds its bonus."""
    st = position(4)
    # C1 Ioannina is rough: 3 + 1 (Fucilieri) + 2 (Stuka) against 3 + 2: the Axis win by 1, all on 6.
    applied = play(
        st,
        attack(
            "B1",
            "C1",
            ["IT-INF-1"],
            ["GR-INF-1"],
            sortie="german",
            initiative=(1, 1),
            wargame=(3, 3),
            destroy={"IT-INF-1": 1, "GR-INF-1": 1},
            retreat_to="D1",
        ),
    )
    assert applied.state.sorties["german"] == 2 and applied.state.sorties["italian"] == 1
    assert applied.state.control["C1"] == "axis", "the Stuka's +2 decided it: without it 4 against 5"
    assert any("Ju 87B Stuka flies for the Axis" in line for line in applied.events)


def test_at_most_one_sortie_per_side_per_battle():
    # Turn 4 grants three German sorties, but a battle takes one of them at most: a side names
    # one nation's sortie, never a list, and spends exactly one.
    st = position(4, where={"DE-INF-3": "A4"})
    applied = play(st, attack("A4", "B3", ["DE-INF-3"], sortie="german", initiative=(1, 1)))
    assert applied.state.sorties["german"] == 2
    two = attack("A4", "B3", ["DE-INF-3"], initiative=(1, 1))
    two["attacker"]["sortie"] = ["german", "german"]
    refused(st, two, None, "sortie", error=UserError)


def test_the_defender_may_commit_a_sortie_alone():
    st = position(2)
    applied = play(st, attack("C1", "B1", ["GR-INF-1"], [], defender_sortie="italian", initiative=GREEK_FIRST))
    (arrow,) = applied.state.open_arrows
    assert arrow.defender.troops == () and arrow.defender.sortie == "italian"


def test_the_defender_may_commit_nothing_and_an_empty_area_can_be_attacked():
    st = position(2, clear=("B2",))
    applied = play(st, attack("C2", "B2", ["GR-INF-2"], [], initiative=GREEK_FIRST))
    (arrow,) = applied.state.open_arrows
    assert arrow.target == "B2" and arrow.defender.troops == () and arrow.defender.sortie is None


def test_an_empty_area_defends_and_is_taken_when_beaten():
    st = position(2, clear=("B2",))
    applied = play(
        st, attack("C2", "B2", ["GR-INF-2"], [], initiative=GREEK_FIRST, wargame=(6, 1), advance=["GR-INF-2"])
    )
    # 6 + 2 = 8 against 1: difference 7, the winner is not rolled for.
    assert applied.state.control["B2"] == "allied"
    assert applied.state.where["GR-INF-2"] == "B2"


def test_impassable_pindus_is_never_attacked():
    st = position(2)
    refused(st, attack("C2", "C3", ["GR-INF-2"], initiative=GREEK_FIRST), "1.4", "C3")


def test_yugoslavia_and_bulgaria_are_never_attacked():
    st = position(4, where={"DE-INF-3": "A4", "DE-INF-1": "A5"})
    refused(st, attack("B3", "A4", ["GR-INF-3"], initiative=(6, 1)), "1.4", "A4")
    refused(st, attack("B4", "A5", ["GR-INF-4"], initiative=(6, 1)), "1.4", "A5")
    refused(st, attack("B5", "A5", ["GR-INF-6"], initiative=(6, 1)), "1.4", "A5")


def test_germans_attack_from_yugoslavia_and_bulgaria():
    st = position(4, where={"DE-INF-3": "A4", "DE-INF-1": "A5"})
    assert play(st, attack("A4", "B3", ["DE-INF-3"], initiative=(1, 1))).state.open_arrows
    assert play(st, attack("A5", "B5", ["DE-INF-1"], initiative=(1, 1))).state.open_arrows


def test_only_germans_enter_yugoslavia_and_bulgaria():
    st = position(2, "planning")  # the Italians redeploy first on turn 2
    refused(st, {"type": "redeploy", "troop": "IT-INF-1", "to": "A4"}, "1.4", "IT-INF-1", "A4", "only German")
    refused(st, {"type": "redeploy", "troop": "IT-INF-1", "to": "A5"}, "1.4", "IT-INF-1", "A5", "only German")
    st = position(1, "strategic", where={"IT-INF-1": "pool"})
    st = play(st, {"type": "start_turn", "dice": [1]}).state
    refused(st, {"type": "place", "troop": "IT-INF-1", "area": "A4"}, "1.4", "IT-INF-1", "A4", "only German")


def test_one_open_arrow_per_pair_of_areas():
    st = play(position(2), attack("C1", "B1", ["GR-INF-1"], initiative=GREEK_FIRST)).state
    # Not the other way either, even by the other side.
    refused(st, attack("B1", "C1", ["IT-INF-1"], initiative=AXIS_FIRST), "1.4", "C1→B1")
    # The same arrow again without a result is refused too: it is already open.
    refused(st, attack("C1", "B1", ["GR-INF-1"]), "1.4", "C1", "B1")
    # A later battle with a result resolves the open arrow: 6 + 2 against 1, Italians 4+.
    applied = play(
        st,
        {
            "type": "battle",
            "from": "C1",
            "to": "B1",
            "wargame": {"attacker_die": 6, "defender_die": 1},
            "retreat_to": "B2",
        },
    )
    assert applied.state.open_arrows == ()
    assert applied.state.battles_fought == 1


def test_tirane_can_be_attacked():
    st = position(2, control={"B1": "allied"}, clear=("B1",), where={"GR-INF-1": "B1", "IT-INF-1": "A1"})
    applied = play(st, attack("B1", "A1", ["GR-INF-1"], ["IT-INF-1"], initiative=GREEK_FIRST))
    (arrow,) = applied.state.open_arrows
    assert (arrow.origin, arrow.target) == ("B1", "A1")
