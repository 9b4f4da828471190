"""The Capitaine's decision, mutiny, the Taverne (kitty, draw, brawls, fame), missions, the winner."""

from __future__ import annotations

from eollis_helpers import RULES, new_game, play, problems, scene, table, texts_of

from adjudicator.games.eollis import tavern
from adjudicator.games.eollis.rules import ask, enter_tavern, next_event

CREWS = {"rouge": ["P01", "P02", "P07"], "bleu": ["P03", "P04", "P08"], "vert": ["P05", "P06", "P09"]}
POSTS = {
    "capitaine": "P01",
    "second": "P03",
    "vigie": "P05",
    "bosco": "P02",
    "armurier": "P04",
    "pretre": "P06",
}


def deciding(**posts: str) -> dict:
    state = scene(crews=CREWS, posts={**POSTS, **posts})
    ask(state, "decision", state["seats"])
    return state


def test_the_capitaine_returns_to_port_by_default_and_the_taverne_begins() -> None:
    state = deciding()
    assert {r.seat: r.default for r in RULES.requests(state)}["rouge"] == "return"
    state, events = play(state, {})
    assert [r.kind for r in RULES.requests(state)] == ["tavern"] * 3
    assert "decides to return to port" in texts_of(events)


def test_the_capitaine_continues_and_a_new_event_is_drawn() -> None:
    state = deciding()
    state, _ = play(state, {"decision:rouge": "continue"})
    assert [r.key for r in RULES.requests(state)] == ["lookout:vert"]


def test_only_the_capitaines_clan_decides_and_the_capitaine_cannot_mutiny() -> None:
    state = deciding()
    assert "only the Capitaine's clan" in problems(state, "decision:bleu", "continue")[0].message
    assert (
        "cannot mutiny" in problems(state, "decision:rouge", "mutiny if return with barbe-grise")[0].message
    )


def test_mutiny_won_by_the_mutineer_capitaine_and_one_pirate_of_each_loyal_clan_die_leader_is_capitaine() -> (
    None
):
    state = deciding(**{"marin-1": "P08", "marin-2": "P09"})
    state["pirates"]["P01"]["gold"] = 3
    texts = {
        "decision:rouge": "return",
        "decision:bleu": "mutiny if return with mirelle la rousse",
        "decision:vert": "side captain\nsacrifice lison douce-lame",
    }
    # strengths: rouge 2 + vert 3 = 5 (the captain), bleu 3 + the Armurier 2 = 5 (the mutineer)
    state, events = play(state, texts, pins={"mutiny:captain": 1, "mutiny:mutineer": 6})
    log = texts_of(events)
    assert "captain 1+5+0 = 6, mutineer 6+5+0 = 11" in log
    assert "P01" not in state["pirates"] and "P09" not in state["pirates"]
    assert state["ship"]["posts"]["capitaine"] == "P03"
    assert state["ship"]["kitty"] == 3  # the dead Capitaine's gold goes to the kitty
    assert RULES.requests(state)[0].kind == "lookout"  # the mutineer's choice: continue


def test_mutiny_won_by_the_capitaine_the_leader_and_one_pirate_of_each_mutinous_clan_die() -> None:
    state = deciding(**{"marin-1": "P08", "marin-2": "P09"})
    state["clans"]["rouge"]["hand"] = ["A10"]
    texts = {
        "decision:rouge": "continue\nplay exploit heroique",
        "decision:bleu": "mutiny if always with gros nestor",
        "decision:vert": "side mutineer",
    }
    state, events = play(state, texts, pins={"mutiny:captain": 6, "mutiny:mutineer": 1})
    assert "captain 6+2+3 = 11, mutineer 1+8+0 = 9" in texts_of(events)  # the Armurier is bleu's: +2
    assert "P04" not in state["pirates"]  # the leader
    assert sum(1 for u in CREWS["vert"] if u in state["pirates"]) == 2
    assert state["ship"]["posts"]["capitaine"] == "P01"
    assert RULES.requests(state)[0].kind in ("lookout", "test")  # the Capitaine's choice: continue


def test_mutiny_the_armurier_adds_two_to_its_camp_and_pirates_in_the_hold_count_for_nothing() -> None:
    state = scene(crews=CREWS, posts={"capitaine": "P01", "armurier": "P04"}, hold=["P03", "P08"])
    ask(state, "decision", state["seats"])
    state, events = play(
        state,
        {"decision:bleu": "mutiny if return with gros nestor"},
        pins={"mutiny:captain": 3, "mutiny:mutineer": 3},
    )
    assert "captain 3+1+0 = 4, mutineer 3+3+0 = 6" in texts_of(events)


def test_the_capitaine_swaps_two_pirates_once_per_expedition_hold_included() -> None:
    state = scene(crews=CREWS, posts={"capitaine": "P01", "second": "P03"}, hold=["P05"])
    ask(state, "decision", state["seats"])
    state, _ = play(state, {"decision:rouge": "swap mirelle la rousse and anouk coeur-de-vent\nreturn"})
    assert state["ship"]["posts"]["second"] == "P05" and state["ship"]["hold"] == ["P03"]
    assert state["swap_used"]


def test_kitty_shared_down_the_list_round_after_round_until_empty() -> None:
    state = scene(crews=CREWS, posts={"capitaine": "P01", "second": "P03", "pretre": "P05", "vigie": "P02"})
    state["ship"]["kitty"] = 13
    tavern.share_kitty(table(state))
    gold = {u: state["pirates"][u]["gold"] for u in ("P01", "P03", "P05", "P02")}
    assert gold == {"P01": 4 + 4, "P03": 3 + 1, "P05": 0, "P02": 1}  # 8 the first round, 5 the second
    assert state["ship"]["kitty"] == 0 and sum(gold.values()) == 13


def test_the_second_hides_three_gold_counted_after_the_kitty_is_shared() -> None:
    """A Second whose clan had no gold still hides the 3 it receives from the kitty."""
    state = scene(crews=CREWS, posts={"capitaine": "P01", "second": "P03"})
    state["ship"]["kitty"] = 7  # 4 to the Capitaine, 3 to the Second
    t = table(state)
    enter_tavern(t)
    assert state["pirates"]["P03"]["gold"] == 3 and state["clans"]["bleu"]["hidden"] == 3


def test_brawl_lasts_two_rounds_and_a_clan_that_passes_cannot_play_in_the_second() -> None:
    state = scene(crews=CREWS, hands={"rouge": ["A24", "A25"], "bleu": ["A40", "A41"], "vert": []})
    for u in ("P03", "P04"):
        state["pirates"][u]["gold"] = 3
    state["pirates"]["P05"]["gold"] = 2
    ask(state, "brawl", state["seats"])
    texts = {
        "brawl:rouge": "brawl vol a la tire on bleu\nbrawl vol a la tire on vert",
        "brawl:bleu": "brawl magot deterre on self\nbrawl magot deterre on self",
    }
    state, events = play(state, texts)
    log = texts_of(events)
    assert (
        "round 1: rouge plays Vol a la Tire on bleu" in log
        and "round 2: rouge plays Vol a la Tire on vert" in log
    )
    assert "round 2: bleu plays Magot Deterre" in log


def test_brawl_steal_never_takes_the_seconds_hidden_gold() -> None:
    state = scene(crews=CREWS, hands={"rouge": ["A24"]})
    state["pirates"]["P03"]["gold"] = 4
    state["clans"]["bleu"]["hidden"] = 3
    t = table(state)
    tavern.brawls(t, {"rouge": [{"verb": "brawl", "card": "vol-a-la-tire", "seat": "bleu", "line": 1}]})
    assert t.clan_gold("bleu") == 3 and t.clan_gold("rouge") == 1


def test_brawl_assassination_kills_on_six_and_pays_two_gold_a_ghost_cannot_be_assassinated() -> None:
    state = scene(
        crews={"rouge": ["P04"], "bleu": ["P03", "P05"], "vert": ["P06"]}, hands={"rouge": ["A38", "A39"]}
    )
    state["pirates"]["P03"]["gold"] = 5
    t = table(state, {"assassinate:P03": 2})  # 2 + Combat 4 (Gros Nestor) + its power 2 = 8
    tavern.brawl(
        t, "rouge", {"verb": "brawl", "card": "assassinat", "seat": "bleu", "pirate": "mirelle-la-rousse"}, 1
    )
    assert "P03" not in state["pirates"] and t.clan_gold("rouge") == 2 and t.clan_gold("bleu") == 3
    state["pirates"]["P05"]["ghost"] = True
    tavern.brawl(t, "rouge", {"verb": "brawl", "card": "assassinat", "seat": "bleu", "pirate": ""}, 2)
    assert "P05" in state["pirates"] and "no pirate that can be" in texts_of(t.events)


def test_brawl_debauch_takes_a_rival_pirate_with_its_gold() -> None:
    state = scene(crews=CREWS, hands={"rouge": ["A36"]})
    state["pirates"]["P08"]["gold"] = 2
    t = table(state)
    tavern.brawl(
        t, "rouge", {"verb": "brawl", "card": "debauchage", "seat": "bleu", "pirate": "pere-fouettard"}, 1
    )
    assert "P08" in state["clans"]["rouge"]["pirates"] and t.clan_gold("rouge") == 2


def test_fame_bought_at_four_gold_then_five_in_the_second_section_then_six() -> None:
    state = scene(crews=CREWS)
    state["clans"]["rouge"]["fame"] = 8
    state["pirates"]["P01"]["gold"] = 4 + 4 + 5 + 3  # 8->9 (4), 9->10 (4), 10->11 (5), 3 left
    tavern.buy_fame(table(state))
    assert state["clans"]["rouge"]["fame"] == 11 and state["clans"]["rouge"]["stash"] == 3
    assert state["pirates"]["P01"]["gold"] == 0


def test_winner_most_fame_then_most_living_pirates_then_a_duel_of_bagou() -> None:
    state = scene(crews={"rouge": ["P01", "P02"], "bleu": ["P03"], "vert": ["P05", "P06"]})
    for s, f in (("rouge", 7), ("bleu", 7), ("vert", 5)):
        state["clans"][s]["fame"] = f
    assert tavern.winners(table(state))[0] == ["rouge"]
    state["clans"]["bleu"]["pirates"].append("P04")
    state["pirates"]["P04"] = {"owner": "bleu", "gold": 0, "post": None, "used": False, "ghost": False}
    winners, reason = tavern.winners(table(state, {"bagou-duel:c0": 1, "bagou-duel:c1": 6}))
    assert winners == ["bleu"] and "duel of Bagou" in reason


def test_secret_mission_revealed_as_soon_as_its_condition_is_met() -> None:
    state = scene(crews={"rouge": ["P01"], "bleu": ["P03"], "vert": ["P05"]})
    state["clans"]["rouge"]["missions"] = ["A44"]  # Le Capitaine, c'est Moi: +2
    state["pending"] = {"kind": "election", "seats": state["seats"], "optional": []}
    state, events = play(state, {}, pins={"election:c0": 6, "election:c1": 1, "election:c2": 1})
    assert state["clans"]["rouge"]["fame"] == 2 and state["clans"]["rouge"]["revealed"] == [
        {"name": "Le Capitaine, c'est Moi", "fame": 2}
    ]
    assert "reveals its Secret Mission" in texts_of(events)


def test_the_game_ends_after_the_third_expeditions_taverne() -> None:
    state = scene(crews=CREWS)
    state["expedition"] = 3
    state["clans"]["vert"]["fame"] = 4
    ask(state, "brawl", state["seats"])
    state, _ = play(state, {})
    assert RULES.outcome(state) is not None and RULES.outcome(state).winners == ("vert",)
    assert RULES.requests(state) == []


def test_standing_answer_the_vigie_refuses_above_a_threshold_without_being_asked() -> None:
    from adjudicator.games.eollis.rules import next_event

    state = scene(crews=CREWS, posts={"capitaine": "P01", "vigie": "P03"})
    state["clans"]["bleu"]["standing"]["lookout"] = {"mode": "refuse", "above": 9}
    state["piles"]["events"] = ["E11", "E12", "E13"]  # Fregate Royale 11+: refused; Vents Favorables 7+
    t = table(state)
    next_event(t)
    assert state["event"]["uid"] == "E12" and state["piles"]["events"] == ["E13", "E11"]
    assert {r.kind for r in RULES.requests(state)} == {"test"}


def test_a_new_clans_defaults_ask_no_round_of_mail_for_the_vigie_or_the_capitaines_decision() -> None:
    """A clan that never wrote a standing answer: its Vigie reveals what it draws and its Capitaine
    returns at balloon damage 6 or after 4 Events, without an exchange for either."""
    state = new_game(3)
    standing = state["clans"]["rouge"]["standing"]
    assert standing["lookout"] == {"mode": "reveal", "above": 0}
    assert standing["plan"] == {"balloon": 6, "events": 4}
    state = scene(crews=CREWS, posts=POSTS)
    for c in state["clans"].values():
        c["standing"]["lookout"], c["standing"]["plan"] = dict(standing["lookout"]), dict(standing["plan"])
    state["piles"]["events"] = [
        "E12",
        "E05",
        *[u for u in state["piles"]["events"] if u not in ("E12", "E05")],
    ]
    next_event(table(state))
    assert [r.kind for r in RULES.requests(state)] == ["test"] * 3  # the Vigie (vert) was not asked
    state, events = play(state, {})
    assert [r.kind for r in RULES.requests(state)] == ["test"] * 3  # nor the Capitaine: it continues
    assert "follows its standing plan" in texts_of(events)


def test_standing_plan_the_capitaine_returns_at_the_planned_damage_without_an_exchange() -> None:
    from eollis_helpers import at_event

    state = at_event(scene(crews=CREWS, posts={"capitaine": "P01", "vigie": "P03"}), "E05")
    state["clans"]["rouge"]["standing"]["plan"] = {"balloon": 6, "events": 9}
    state["ship"]["balloon"] = 6
    state, events = play(state, {})
    assert [r.kind for r in RULES.requests(state)] == ["tavern"] * 3
    assert "follows its standing plan" in texts_of(events)


def test_standing_mutiny_breaks_out_at_the_decision_and_is_spent() -> None:
    state = deciding()
    state, _ = play(
        state,
        {"decision:bleu": "mutiny if return with gros nestor"},
        pins={"mutiny:captain": 6, "mutiny:mutineer": 1},
    )
    assert state["clans"]["bleu"]["standing"]["mutiny"] is None


def test_a_destroyed_ship_shares_no_kitty_and_the_last_capitaines_clan_draws_first() -> None:
    from adjudicator.games.eollis.rules import enter_tavern

    state = scene(crews=CREWS, posts={"second": "P03"})
    state["ship"]["destroyed"] = True
    state["last_captain"] = "vert"
    t = table(state)
    enter_tavern(t)
    assert t.clan_gold("bleu") == 0 and "kitty" not in texts_of(t.events).lower()
    assert t.first_seat() == "vert"


def test_brawl_challenge_the_loser_pays_two_gold_to_the_winner() -> None:
    state = scene(crews={"rouge": ["P04"], "bleu": ["P03"], "vert": ["P05"]}, hands={"rouge": ["A29"]})
    state["pirates"]["P03"]["gold"] = 5
    t = table(state, {"challenge:c0:c1": 1, "challenged:c1:c0": 6})  # rouge 1+4+2 = 7, bleu 6+1 = 7: a tie
    tavern.brawl(t, "rouge", {"verb": "brawl", "card": "defi", "seat": "bleu"}, 1)
    assert t.clan_gold("bleu") == 5
    state["clans"]["rouge"]["hand"] = ["A30"]
    t = table(state, {"challenge:c0:c1": 3, "challenged:c1:c0": 1})
    tavern.brawl(t, "rouge", {"verb": "brawl", "card": "defi", "seat": "bleu"}, 1)
    assert t.clan_gold("bleu") == 3 and t.clan_gold("rouge") == 2


def test_brawl_humiliation_costs_one_fame_dig_and_strongbox() -> None:
    state = scene(crews=CREWS, hands={"rouge": ["A33", "A40", "A42"]})
    state["clans"]["bleu"]["fame"] = 2
    t = table(state)
    tavern.brawl(t, "rouge", {"verb": "brawl", "card": "humiliation", "seat": "bleu"}, 1)
    tavern.brawl(t, "rouge", {"verb": "brawl", "card": "magot-deterre", "seat": "rouge"}, 2)
    tavern.brawl(t, "rouge", {"verb": "brawl", "card": "coffre-fort", "seat": "rouge"}, 2)
    assert (
        state["clans"]["bleu"]["fame"] == 1
        and t.clan_gold("rouge") == 3
        and state["clans"]["rouge"]["safe"] == 4
    )


def test_a_clan_debauched_of_its_last_pirate_plays_on_without_pirates() -> None:
    state = scene(
        crews={"rouge": ["P01"], "bleu": ["P03"], "vert": ["P05"]}, hands={"rouge": ["A36"], "bleu": ["A24"]}
    )
    t = table(state)
    tavern.brawl(t, "rouge", {"verb": "brawl", "card": "debauchage", "seat": "bleu"}, 1)
    assert state["clans"]["bleu"]["pirates"] == []
    assert tavern.brawl(t, "bleu", {"verb": "brawl", "card": "vol-a-la-tire", "seat": "rouge"}, 1)


def test_one_card_per_clan_on_each_other_clans_roll() -> None:
    from eollis_helpers import at_event

    state = at_event(scene(crews=CREWS, posts={"capitaine": "P01", "second": "P03"}), "E05")
    state["clans"]["bleu"]["hand"] = ["A16", "A24"]
    found = problems(state, "test:bleu", "hinder rouge with croc-en-jambe\nhinder rouge with vol a la tire")
    assert any("one card at most on rouge's roll" in p.message for p in found)


def test_the_taverne_draw_discards_then_fills_the_hand_to_three_from_the_capitaine() -> None:
    state = scene(
        crews=CREWS, posts={"capitaine": "P03"}, hands={"rouge": ["A01", "A02"], "bleu": [], "vert": []}
    )
    ask(state, "tavern", state["seats"])
    top = state["piles"]["actions"][:9]
    state, _ = play(state, {"tavern:rouge": "discard coup de chance"})
    assert [
        len(state["clans"][s]["hand"]) + len(state["clans"][s]["missions"]) >= 3 for s in state["seats"]
    ] == [True] * 3
    assert "A01" in state["piles"]["actions_discard"]
    drawn_first = next(u for u in top if state["cards"][u]["kind"] != "mission")
    assert drawn_first in state["clans"]["bleu"]["hand"]  # bleu holds the Capitaine: it draws first


def test_an_exploit_played_in_the_taverne_against_a_rivals_next_brawl_roll() -> None:
    crews = {"rouge": ["P04"], "bleu": ["P03", "P08"], "vert": ["P05"]}
    state = scene(crews=crews, hands={"rouge": ["A38"], "bleu": ["A16"]})
    ask(state, "brawl", state["seats"])
    texts = {
        "brawl:rouge": "brawl assassinat on bleu pirate mirelle la rousse",
        "brawl:bleu": "hinder rouge with croc-en-jambe",
    }
    state, events = play(state, texts, pins={"assassinate:P03": 3})  # 3 + Combat 4 + power 2 - 2 = 7
    assert "-2 on its next brawl roll" in texts_of(
        events
    ) and "Assassination of Mirelle la Rousse: 7" in texts_of(events)
    assert "P03" not in state["pirates"]
