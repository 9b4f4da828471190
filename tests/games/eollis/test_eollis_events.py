"""Resolution of the Events: the Vigie, the Bosco, balloon damage and the ship's destruction, the
resolution procedure, success, failure, deaths, ghosts, special Events, the kitty."""

from __future__ import annotations

from eollis_helpers import RULES, at_event, play, problems, request, scene, table, texts_of

from adjudicator.games.eollis import adventure
from adjudicator.games.eollis.rules import next_event

CREWS = {"rouge": ["P01", "P02", "P07"], "bleu": ["P03", "P04", "P08"], "vert": ["P05", "P06", "P09"]}


def crewed(**posts: str) -> dict:
    return scene(crews=CREWS, posts={"capitaine": "P01", **posts})


def test_the_vigie_draws_in_secret_and_only_its_clan_is_asked() -> None:
    state = crewed(vigie="P03")
    state["piles"]["events"] = [
        "E02",
        "E03",
        *[u for u in state["piles"]["events"] if u not in ("E02", "E03")],
    ]
    t = table(state)
    assert next_event(t) is None
    assert [r.key for r in RULES.requests(state)] == ["lookout:bleu"]
    private = [e for e in t.events if e.kind == "lookout-private"]
    assert private[0].seats == ("bleu",) and "Galion du Roi" in private[0].text
    assert "Galion du Roi" not in "\n".join(e.text for e in t.events if e.seats is None)
    assert RULES.view(state, "rouge")["event"] == {"uid": None, "revealed": False}
    assert RULES.view(state, "bleu")["you"]["lookout"]["name"] == "Galion du Roi"


def test_the_vigie_refuses_the_event_goes_under_the_pile_and_the_next_is_played_at_once() -> None:
    state = crewed(vigie="P03")
    state["piles"]["events"] = ["E02", "E03", "E04"]
    table(state)
    next_event(table(state))
    state, events = play(state, {"lookout:bleu": "refuse"})
    assert state["piles"]["events"] == ["E04", "E02"]
    assert state["event"]["uid"] == "E03" and "Courants Traitres" in texts_of(events)
    assert RULES.requests(state)[0].kind == "test"


def test_without_a_vigie_the_capitaine_draws_and_the_event_is_played_at_once() -> None:
    state = crewed()
    state["piles"]["events"] = ["E05", "E06"]
    t = table(state)
    next_event(t)
    assert state["event"]["uid"] == "E05" and state["event"]["revealed"]
    assert {r.kind for r in RULES.requests(state)} == {"test"}


def test_the_alti_maitre_may_try_a_repair_and_by_default_does_not_in_the_last_zone() -> None:
    """ "il peut tenter un jet de reparation": by default he tries up to cell 6, not on cells 7-8
    where a failure (1-2) is twice as likely as a repair (6)."""
    state = crewed(**{"alti-maitre": "P02"})
    state["ship"]["balloon"] = 6
    state["event"] = {"uid": "E04", "revealed": False}  # 1 damage: cell 7
    t = table(state, {"repair:E04": 1})
    adventure.play_event(t)
    assert state["ship"]["balloon"] == 7 and not any(r.key.startswith("repair") for r in t.dice.log)
    assert "does not try a repair on cell 7" in texts_of(t.events)


def test_the_alti_maitres_standing_answer_says_up_to_which_cell_he_tries() -> None:
    state = at_event(crewed(**{"alti-maitre": "P02"}), "E05")
    r = request(state, "test:rouge")
    parsed = RULES.parse(r, "repair roll never\nrepair roll up to cell 4\nrepair roll always")
    assert [o["upto"] for o in parsed.orders] == [-1, 4, 8] and not problems(
        state, "test:rouge", "repair roll never"
    )
    assert RULES.parse(r, RULES.canonical(r, parsed.orders)).orders == parsed.orders
    adventure.apply_standing(table(state), "rouge", parsed.orders[:1])
    state["event"] = {"uid": "E09", "revealed": False}  # 3 damage: cell 3
    t = table(state, {"repair:E09": 6})
    adventure.play_event(t)
    assert state["ship"]["balloon"] == 3  # never tries, even where a repair was likely


def test_the_bosco_gives_to_another_clan_by_default_the_next_clockwise_which_pays_one_gold() -> None:
    """The book's exchange is between two clans: the card for 1 gold paid to the Bosco. A Bosco
    who gave to his own clan took a free card every Event."""
    state = crewed(bosco="P04")  # bleu's Bosco; vert is next clockwise
    state["pirates"]["P05"]["gold"] = 2
    state["piles"]["actions"] = ["A06", *state["piles"]["actions"]]
    state["event"] = {"uid": "E05", "revealed": False}
    t = table(state)
    assert adventure.play_event(t)
    assert state["clans"]["vert"]["hand"] == ["A06"] and state["clans"]["bleu"]["hand"] == []
    assert state["pirates"]["P04"]["gold"] == 1
    state = at_event(crewed(bosco="P04"), "E05")
    assert problems(state, "test:bleu", "gift self")[0].suggestion == "gift next"
    assert problems(state, "test:bleu", "gift bleu") and not problems(state, "test:bleu", "gift rouge")


def test_the_bosco_gives_after_the_balloon_damage_and_not_when_it_destroys_the_ship() -> None:
    """The resolution procedure ("Tout d'abord, ... le Bosco") follows the balloon damage."""
    state = crewed(bosco="P04", **{"alti-maitre": "P02"})
    state["ship"]["balloon"] = 7
    state["event"] = {"uid": "E09", "revealed": False}  # 3 damage: 10 > 8
    top = state["piles"]["actions"][0]
    t = table(state)
    assert not adventure.play_event(t)
    assert state["piles"]["actions"][0] == top and "gives the top Action card" not in texts_of(t.events)
    state = crewed(bosco="P04")
    state["event"] = {"uid": "E09", "revealed": False}
    t = table(state)
    adventure.play_event(t)
    kinds = [e.kind for e in t.events]
    assert kinds.index("balloon") < kinds.index("bosco")


def test_the_bosco_gives_the_top_action_card_unseen_and_takes_one_gold() -> None:
    state = crewed(bosco="P04", second="P05")
    state["clans"]["vert"]["standing"]["gift"] = "bleu"
    state["clans"]["bleu"]["standing"]["gift"] = "vert"
    state["pirates"]["P05"]["gold"] = 2
    state["piles"]["actions"] = ["A06", *state["piles"]["actions"]]
    state["event"] = {"uid": "E05", "revealed": False}
    t = table(state)
    assert adventure.play_event(t)
    assert state["clans"]["vert"]["hand"] == ["A06"]
    assert state["pirates"]["P04"]["gold"] == 1 and state["pirates"]["P05"]["gold"] == 1


def test_balloon_damage_moves_the_marker_and_the_alti_maitre_repairs_on_the_zone_number() -> None:
    state = crewed(**{"alti-maitre": "P02"})
    state["event"] = {"uid": "E09", "revealed": False}  # 3 damage: cell 3, first zone: 4+ repairs
    t = table(state, {"repair:E09": 4})
    adventure.play_event(t)
    assert state["ship"]["balloon"] == 2
    state["ship"]["balloon"] = 5
    state["event"] = {"uid": "E06", "revealed": False}  # 1 damage: cell 6, second zone: 5+
    t = table(state, {"repair:E06": 4})
    adventure.play_event(t)
    assert state["ship"]["balloon"] == 6
    state["event"] = {"uid": "E04", "revealed": False}  # 1 damage: cell 7, third zone: fails on 1-2
    state["clans"]["rouge"]["standing"]["repair"] = 8  # repair roll always
    t = table(state, {"repair:E04": 2})
    adventure.play_event(t)
    assert state["ship"]["balloon"] == 8


def test_without_an_alti_maitre_the_balloons_cannot_be_repaired() -> None:
    state = crewed()
    state["event"] = {"uid": "E09", "revealed": False}
    t = table(state)
    adventure.play_event(t)
    assert state["ship"]["balloon"] == 3 and not any(r.key.startswith("repair") for r in t.dice.log)


def test_ship_destroyed_beyond_the_last_cell_kitty_lost_capitaine_dies_pretre_saves_the_payers() -> None:
    state = crewed(pretre="P03", second="P05", vigie="P06", bosco="P02")
    state["ship"]["balloon"] = 7
    state["ship"]["kitty"] = 9
    state["pirates"]["P05"]["gold"] = 2
    state["event"] = {"uid": "E09", "revealed": False}  # 3 damage: 10 > 8
    t = table(state)
    assert not adventure.play_event(t)
    assert state["ship"]["destroyed"] and state["ship"]["kitty"] == 0
    assert "P01" not in state["pirates"]  # the Capitaine died
    assert state["pirates"]["P05"]["gold"] == 1 and state["pirates"]["P03"]["gold"] == 1  # paid the Pretre
    assert "P06" not in state["pirates"] and "P02" not in state["pirates"]  # no gold: lost


def test_every_clan_tries_the_event_even_after_one_succeeds_from_the_capitaine_clockwise() -> None:
    state = at_event(crewed(second="P03", vigie="P05"), "E12")  # navigation 7+
    pins = {"test:E12:c0": 6, "test:E12:c1": 6, "test:E12:c2": 1}
    state, events = play(state, {}, pins=pins)
    tests = [e for e in events if e.kind == "test"]
    assert [e.data["seat"] for e in tests] == ["rouge", "bleu", "vert"]
    assert [e.data["success"] for e in tests] == [True, True, False]
    assert [r.kind for r in RULES.requests(state)] == ["decision"] * 3


def test_crew_bonus_navigation_bosco_and_marins_combat_armurier_canonniers_bagou_second_plus_two() -> None:
    state = crewed(bosco="P02", **{"marin-1": "P03", "marin-2": "P04", "armurier": "P05", "second": "P06"})
    t = table(state)
    assert t.crew_bonus("navigation") == 3 and t.crew_bonus("combat") == 1 and t.crew_bonus("bagou") == 2


def test_success_gives_gold_to_pirates_not_in_the_hold_and_each_success_fills_the_kitty() -> None:
    state = scene(crews=CREWS, posts={"capitaine": "P01", "second": "P02", "vigie": "P04"}, hold=["P07"])
    at_event(state, "E08")  # combat 8+, 3 gold, kitty 3
    pins = {"test:E08:c0": 6, "test:E08:c1": 6}
    state, _ = play(state, {}, pins=pins)
    assert state["pirates"]["P07"]["gold"] == 0  # in the hold: no gold
    assert state["pirates"]["P01"]["gold"] + state["pirates"]["P02"]["gold"] == 3
    assert state["ship"]["kitty"] == 6  # two successes (vert has nobody aboard: it does not test)


def test_failure_loses_fame_never_below_zero() -> None:
    state = at_event(crewed(), "E01")
    state["clans"]["rouge"]["fame"] = 0
    state, _ = play(state, {}, pins={"test:E01:c0": 1})
    assert state["clans"]["rouge"]["fame"] == 0
    state = at_event(crewed(), "E01")
    state["clans"]["rouge"]["fame"] = 3
    state, _ = play(state, {}, pins={"test:E01:c0": 1})
    assert state["clans"]["rouge"]["fame"] == 2


def test_failure_kills_the_pirate_the_clan_chose_and_its_gold_goes_to_the_survivors() -> None:
    state = at_event(crewed(second="P02", vigie="P07"), "E02")  # combat 10+, 1 death
    state["pirates"]["P02"]["gold"] = 4
    state, _ = play(state, {"test:rouge": "sacrifice barbe-grise"}, pins={"test:E02:c0": 1})
    assert "P02" not in state["pirates"] and "P02" in state["piles"]["pirates_discard"]
    assert table(state).clan_gold("rouge") == 4


def test_a_death_by_another_clans_accident_pays_two_gold_to_that_clan() -> None:
    state = at_event(crewed(second="P02", vigie="P04"), "E05")
    state["pirates"]["P02"]["gold"] = 3
    state["clans"]["bleu"]["hand"] = ["A22"]
    texts = {"test:bleu": "accident barbe-grise with accident"}
    state, _ = play(state, texts, pins={"accident:P02": 5})
    assert "P02" not in state["pirates"]
    assert table(state).clan_gold("bleu") == 2 and table(state).clan_gold("rouge") == 1


def test_a_clans_last_pirate_becomes_a_ghost_and_cannot_die() -> None:
    state = scene(
        crews={"rouge": ["P01"], "bleu": ["P03"], "vert": ["P05"]},
        posts={"capitaine": "P03", "second": "P01"},
    )
    t = table(state)
    assert not t.kill("P01", "test")
    assert state["pirates"]["P01"]["ghost"]
    assert not t.kill("P01", "again") and "P01" in state["pirates"]


def test_when_the_capitaine_dies_otherwise_than_by_mutiny_the_second_takes_the_post() -> None:
    state = crewed(second="P03", vigie="P05")
    t = table(state)
    t.kill("P01", "an Event failed")
    assert state["ship"]["posts"]["capitaine"] == "P03" and state["ship"]["posts"]["second"] is None


def test_at_the_end_of_the_event_the_hold_climbs_to_the_vacant_posts_top_first() -> None:
    state = scene(crews=CREWS, posts={"capitaine": "P01", "second": "P02"}, hold=["P07", "P08"])
    for post in list(state["ship"]["posts"])[2:]:
        if post not in ("vigie",):
            state["ship"]["posts"][post] = None
    state["clans"]["rouge"]["standing"]["posts"] = ["vigie"]
    t = table(state)
    t.hold_tops_up()
    assert state["ship"]["posts"]["vigie"] == "P07" and state["ship"]["posts"]["pretre"] == "P08"


def test_special_event_only_the_harponneur_tests_wins_one_fame_and_fills_the_kitty_once() -> None:
    state = at_event(crewed(harponneur="P04", second="P05"), "E16")  # Chasse au Dragon, combat 9+
    asked = {r.seat: r.optional for r in RULES.requests(state)}
    assert asked == {"rouge": True, "bleu": False, "vert": True}
    state, events = play(state, {}, pins={"test:E16:c1": 6})
    assert [e.data["seat"] for e in events if e.kind == "test"] == ["bleu"]
    assert state["clans"]["bleu"]["fame"] == 1 and state["ship"]["kitty"] == 4


def test_special_event_vacant_post_the_stand_in_comes_down_the_list_from_the_second() -> None:
    state = at_event(crewed(second="P05", vigie="P03"), "E18")  # Ile Sauvage: the Cuisinier is vacant
    state, events = play(state, {}, pins={"test:E18:c2": 6})
    assert [e.data["seat"] for e in events if e.kind == "test"] == ["vert"]
    assert state["ship"]["posts"]["second"] == "P05"  # keeps its post
    assert state["clans"]["vert"]["fame"] == 1


def test_special_event_failed_a_vacant_pretres_stand_in_chooses_who_dies() -> None:
    """ "Poste inoccupe": the Pretre's stand-in comes down the sharing list from the Second."""
    state = at_event(crewed(harponneur="P04", second="P05", vigie="P08"), "E16")  # no Pretre
    state["clans"]["bleu"]["standing"]["sacrifice"] = ["gros-nestor"]
    state["clans"]["vert"]["standing"]["condemn"] = ["pere-fouettard"]
    state, events = play(state, {}, pins={"test:E16:c1": 1})
    assert "P08" not in state["pirates"] and "P04" in state["pirates"]
    assert "standing in for the Pretre, (vert) chooses" in texts_of(events)


def test_special_event_every_clan_that_holds_a_card_is_waited_for_it_may_help_or_hinder() -> None:
    """Only the stand-in's clan tests; the others may still play a card on its roll, so the turn
    waits for them (a clan with no card in hand, a public count, cannot act and is not waited for)."""
    state = crewed(harponneur="P04", second="P05")
    state["clans"]["rouge"]["hand"] = ["A24"]
    state = at_event(state, "E16")
    asked = {r.seat: r.optional for r in RULES.requests(state)}
    assert asked == {"rouge": False, "bleu": False, "vert": True}


def test_special_event_failed_the_pretre_chooses_who_dies() -> None:
    state = at_event(crewed(harponneur="P04", pretre="P05", vigie="P08", second="P03"), "E16")
    state["clans"]["vert"]["standing"]["condemn"] = ["mirelle-la-rousse"]
    state, events = play(state, {}, pins={"test:E16:c1": 1})
    assert "P03" not in state["pirates"] and "The Pretre (vert) chooses" in texts_of(events)


def test_exploit_bonus_on_ones_roll_and_a_rivals_bagarre_card_is_minus_one() -> None:
    state = at_event(crewed(vigie="P03"), "E07")  # bagou 9+, no Second
    state["clans"]["rouge"]["hand"] = ["A10"]
    state["clans"]["bleu"]["hand"] = ["A24"]
    texts = {
        "test:rouge": "test toure l'eventreuse\nplay exploit heroique",
        "test:bleu": "hinder rouge with vol a la tire",
    }
    state, events = play(state, texts, pins={"test:E07:c0": 4})
    assert "die 4 + bagou 3, Exploit Heroique +3, bleu's Vol a la Tire -1 = 9 (needs 9): success" in texts_of(
        events
    )


def test_a_reroll_card_is_used_only_if_the_roll_failed() -> None:
    state = at_event(crewed(vigie="P03"), "E07")
    state["clans"]["rouge"]["hand"] = ["A12"]
    state, events = play(
        state, {"test:rouge": "play seconde chance"}, pins={"test:E07:c0": 1, "test-reroll:E07:c0": 6}
    )
    assert "Seconde Chance: a new die 6 = 9" in texts_of(events)


def test_reroll_card_is_kept_when_the_roll_succeeds() -> None:
    state = at_event(crewed(vigie="P03"), "E07")  # bagou 9+
    state["clans"]["rouge"]["hand"] = ["A12"]
    state, events = play(state, {"test:rouge": "play seconde chance"}, pins={"test:E07:c0": 6})
    assert "die 6 + bagou 3 = 9 (needs 9): success" in texts_of(events)
    assert state["clans"]["rouge"]["hand"] == ["A12"] and "A12" not in state["piles"]["actions_discard"]
    assert "Seconde Chance" not in "\n".join(e.text for e in events if e.seats is None)


def test_reroll_power_is_kept_when_the_roll_succeeds() -> None:
    state = at_event(crewed(vigie="P03"), "E07")  # bleu tests with Mirelle la Rousse (reroll)
    state, events = play(state, {"test:bleu": "power mirelle la rousse"}, pins={"test:E07:c1": 6})
    assert state["pirates"]["P03"]["used"] is False
    state["pirates"]["P03"]["used"] = False
    state = at_event(state, "E07")
    pins = {"test:E07:c1": 1, "test-reroll:E07:c1": 6}
    state, events = play(state, {"test:bleu": "power mirelle la rousse"}, pins=pins)
    assert state["pirates"]["P03"]["used"] is True and "power of Mirelle la Rousse: a new die 6" in texts_of(
        events
    )


def test_a_pirate_power_once_per_expedition_and_never_from_the_hold() -> None:
    state = at_event(scene(crews=CREWS, posts={"capitaine": "P01", "second": "P02"}, hold=["P07"]), "E05")
    assert problems(state, "test:rouge", "power sabine tord-cou")[0].message.startswith(
        "a pirate in the hold"
    )
    state["pirates"]["P02"]["used"] = True
    assert "already used" in problems(state, "test:rouge", "power barbe-grise")[0].message


def test_the_books_example_event_bal_du_gouverneur_bagou_with_the_second_three_gold_or_minus_one_fame() -> (
    None
):
    """p.8: 2 balloon damage, a Bagou test (+2 with the Second), 3 gold and 3 to the kitty, or -1 fame."""
    state = crewed(second="P03", vigie="P05")
    state["clans"]["rouge"]["fame"] = 2
    state["clans"]["vert"]["fame"] = 2
    state["event"] = {"uid": "E01", "revealed": False}
    t = table(state)
    assert adventure.play_event(t) and state["ship"]["balloon"] == 2
    at_event(state, "E01")
    pins = {
        "test:E01:c0": 4,
        "test:E01:c1": 5,
        "test:E01:c2": 2,
    }  # rouge 4+3+2=9, bleu 5+3+2=10, vert 2+1+2=5
    state, events = play(state, {"test:vert": "test anouk coeur-de-vent"}, pins=pins)
    assert [e.data["success"] for e in events if e.kind == "test"] == [True, True, False]
    gold = table(state)
    assert gold.clan_gold("rouge") == 3 and gold.clan_gold("bleu") == 3 and state["ship"]["kitty"] == 6
    assert state["clans"]["vert"]["fame"] == 1


def test_pirates_in_the_hold_neither_test_nor_win_gold_nor_suffer_a_failure() -> None:
    state = scene(
        crews=CREWS, posts={"capitaine": "P01", "second": "P02", "vigie": "P07"}, hold=["P03", "P04", "P08"]
    )
    at_event(state, "E02")  # Galion du Roi: combat 10+, 1 death on failure
    assert {r.seat: r.optional for r in RULES.requests(state)}["bleu"] is True
    state, events = play(state, {}, pins={"test:E02:c0": 6})
    assert all(e.data.get("seat") != "bleu" for e in events if e.kind == "test")
    assert all(u in state["pirates"] for u in ("P03", "P04", "P08"))
