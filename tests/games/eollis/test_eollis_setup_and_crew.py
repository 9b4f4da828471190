"""Preparation, the Action draw, recruitment, the election of the Capitaine and boarding."""

from __future__ import annotations

from eollis_helpers import RULES, new_game, play, scene, table, texts_of

from adjudicator.games.dice import Dice
from adjudicator.games.eollis import adventure
from adjudicator.games.eollis.cards import ACTION_COUNT, catalogue


def test_preparation_three_action_cards_each_fame_zero_balloon_at_start_and_shuffled_piles() -> None:
    dice = Dice(b"setup", pins={"youngest-player": 2})
    options = RULES.parse_options({"players": "4"})
    state = RULES.setup(options, RULES.seat_names(options), dice)
    assert {"shuffle:pirates", "shuffle:events", "shuffle:actions", "youngest-player"} <= {
        r.key for r in dice.log
    }
    assert state["first"] == "bleu"
    for c in state["clans"].values():
        assert len(c["hand"]) + len(c["missions"]) == 3 and c["fame"] == 0
    assert state["ship"]["balloon"] == 0 and state["ship"]["kitty"] == 0
    assert all(v is None for v in state["ship"]["posts"].values())
    held = sum(len(c["hand"]) + len(c["missions"]) for c in state["clans"].values())
    assert held + len(state["piles"]["actions"]) == ACTION_COUNT + 5  # the missions are in the Action pile
    again = RULES.setup(options, RULES.seat_names(options), Dice(b"setup", pins={"youngest-player": 2}))
    assert again == state
    # the first Expedition has nothing to discard or release: its recruitment is dealt at once, 3
    # pirates face up, and the first exchange is the election's (with the pick among them)
    assert [r.kind for r in RULES.requests(state)] == ["election"] * 4
    assert all(len(c["pirates"]) == 3 for c in state["clans"].values()) and len(state["market"]) == 3


def test_card_counts_are_the_books_21_events_43_actions_5_missions_21_pirates() -> None:
    cards = catalogue()
    kinds = [c["kind"] for c in cards.values()]
    assert kinds.count("pirate") == 21 and kinds.count("event") == 21 and kinds.count("mission") == 5
    assert kinds.count("exploit") + kinds.count("bagarre") == 43
    assert kinds.count("exploit") > 0 and kinds.count("bagarre") > 0


def test_secret_mission_drawn_is_a_card_in_hand_and_the_table_sees_one_card_drawn() -> None:
    """A Secret Mission comes from the Action pile like any card: one card drawn, counted in the hand
    (for the draw back to 3 and the limit of 5); only its holder learns what it is."""
    state = scene()
    state["piles"]["actions"] = ["A44", "A01", *state["piles"]["actions"]]
    t = table(state)
    t.receive_action("rouge", "test")
    assert state["clans"]["rouge"]["missions"] == ["A44"] and state["clans"]["rouge"]["hand"] == []
    assert state["piles"]["actions"][0] == "A01"  # no second card drawn in its place
    private = [e for e in t.events if e.kind == "mission"]
    assert private and private[0].seats == ("rouge",)
    public = [e.text for e in t.events if e.seats is None]
    assert public == ["rouge draws a card from the Action pile (test)."]
    assert RULES.view(state, "bleu")["clans"]["rouge"]["hand"] == 1


def test_secret_mission_counts_for_the_draw_back_to_three() -> None:
    state = scene(hands={"rouge": ["A02", "A03"]})
    state["clans"]["rouge"]["missions"] = ["A44"]
    state["piles"]["actions"] = ["A01", *[u for u in state["piles"]["actions"] if u != "A01"]]
    adventure.draw_actions(table(state), {}, "test")
    assert state["clans"]["rouge"]["hand"] == ["A02", "A03"]  # 2 cards and a mission: 3 held already


def test_recruitment_three_players_five_pirates_four_or_five_players_four() -> None:
    for players, size in ((3, 5), (4, 4), (5, 4)):
        state = new_game(players)
        state, _ = play(state, {}, pins={"election:c0": 6, "election:c1": 1, "election:c2": 1})
        assert all(len(c["pirates"]) == size for c in state["clans"].values()), players


def test_recruitment_the_three_face_up_pirates_are_shown_and_named_by_the_clans() -> None:
    """The book's recruitment: each clan in turn takes one of the 3 face-up pirates, a new one laid
    after each pick. By email the face-up pirates are in every report, and each clan names its
    picks in order (then a skill for the cards laid later)."""
    state = new_game(4)  # bleu... no: the youngest is drawn by the dice
    first = state["first"]
    market = list(state["market"])
    names = [state["cards"][u]["name"] for u in market]
    assert all(n in RULES.board_text(RULES.view(state, None)) for n in names)
    clockwise = state["seats"][state["seats"].index(first) :] + state["seats"][: state["seats"].index(first)]
    second = clockwise[1]
    texts = {
        f"election:{first}": f"recruit {names[2]}",
        f"election:{second}": f"recruit {names[2]}, {names[0]}",
    }
    state, events = play(state, texts)
    assert market[2] in state["clans"][first]["pirates"]  # first to pick: its first name
    assert market[0] in state["clans"][second]["pirates"]  # its first name was taken: its second
    assert "named by the clan" in texts_of(events) and state["market"] == []
    assert all(not c["standing"]["recruit_names"] for c in state["clans"].values())  # for this recruitment


def test_recruitment_pick_among_three_face_up_follows_the_standing_skill() -> None:
    state = new_game(4)
    market = list(state["market"])
    first = state["first"]
    best = max(market, key=lambda u: (state["cards"][u]["combat"], -market.index(u)))
    state, events = play(state, {f"election:{first}": "recruit combat"})
    assert best in state["clans"][first]["pirates"]
    assert "by combat" in texts_of(events)


def test_no_action_draw_on_the_first_expedition_discard_and_refill_to_three_after() -> None:
    state = new_game(3)
    assert not any(e for e in RULES.requests(state) if e.kind == "muster")  # nothing asked before it
    t = table(state)
    card = state["clans"]["rouge"]["hand"][0]
    adventure.draw_actions(
        t, {"rouge": [{"verb": "discard", "name": "a" + card[1:].lower(), "line": 1}]}, "x"
    )
    rouge = state["clans"]["rouge"]
    assert card not in rouge["hand"] and len(rouge["hand"]) + len(rouge["missions"]) == 3
    assert card in state["piles"]["actions_discard"]


def test_hand_limit_of_five_a_card_drawn_beyond_is_discarded() -> None:
    state = scene(hands={"rouge": ["A01", "A02", "A03", "A04", "A05"]})
    state["piles"]["actions"] = ["A06", *state["piles"]["actions"]]
    t = table(state)
    t.receive_action("rouge", "the Bosco")
    assert len(state["clans"]["rouge"]["hand"]) == 5 and "A06" in state["piles"]["actions_discard"]


def test_second_expedition_survivors_kept_or_released_ghosts_discarded_clan_completed() -> None:
    state = scene(crews={"rouge": ["P01", "P02"], "bleu": ["P03"], "vert": ["P04", "P05", "P06"]})
    state["pirates"]["P03"]["ghost"] = True
    state["expedition"] = 2
    state["clans"]["rouge"]["stash"] = 3
    t = table(state)
    adventure.muster_recruits(t, {"rouge": [{"verb": "release", "name": "barbe-grise", "line": 1}]})
    assert len(state["market"]) == 3 and all(len(c["pirates"]) == 4 for c in state["clans"].values())
    adventure.pick_recruits(t)
    rouge = state["clans"]["rouge"]["pirates"]
    assert "P01" in rouge and "P02" not in rouge and len(rouge) == 5
    assert "P03" not in state["clans"]["bleu"]["pirates"] and len(state["clans"]["bleu"]["pirates"]) == 5
    assert state["clans"]["rouge"]["stash"] == 0 and t.clan_gold("rouge") == 3  # kept gold shared on pirates


def test_election_die_plus_bagou_the_books_example_toure_with_8_is_capitaine() -> None:
    state = scene(crews={"rouge": ["P01", "P02"], "bleu": ["P03", "P04"], "vert": ["P05", "P06"]})
    state["pending"] = {"kind": "election", "seats": state["seats"], "optional": []}
    pins = {"election:c0": 5, "election:c1": 4, "election:c2": 6}
    texts = {"election:rouge": "candidate Touré l'Éventreuse", "election:bleu": "candidate mirelle la rousse"}
    state, events = play(state, texts, pins=pins)
    log = texts_of(events)
    assert "die 5 + Bagou 3+0 = 8" in log  # Toure l'Eventreuse: Bagou 3, a 5: 8
    assert "die 4 + Bagou 3+0 = 7" in log and "die 6 + Bagou 1+0 = 7" in log  # vert's default: best Bagou
    assert state["ship"]["posts"]["capitaine"] == "P01"
    assert "Toure l'Eventreuse (rouge) is elected Capitaine" in log


def test_election_tie_new_dice_between_the_finalists_only() -> None:
    state = scene(crews={"rouge": ["P01"], "bleu": ["P03"], "vert": ["P05"]})
    state["pending"] = {"kind": "election", "seats": state["seats"], "optional": []}
    pins = {
        "election:c0": 4,
        "election:c1": 4,
        "election:c2": 1,
        "election-tie:c0": [3, 6],
        "election-tie:c1": [3, 2],
    }
    state, events = play(state, {}, pins=pins)
    assert state["ship"]["posts"]["capitaine"] == "P01"
    assert "election-tie:c2" not in texts_of(events)


def test_election_one_card_each_exploit_bonus_or_bagarre_minus_one_on_a_rival() -> None:
    state = scene(
        crews={"rouge": ["P01"], "bleu": ["P03"], "vert": ["P05"]}, hands={"rouge": ["A06"], "bleu": ["A24"]}
    )
    state["pending"] = {"kind": "election", "seats": state["seats"], "optional": []}
    pins = {"election:c0": 3, "election:c1": 4, "election:c2": 1}
    texts = {"election:rouge": "play bravoure", "election:bleu": "hinder rouge with vol a la tire"}
    state, events = play(state, texts, pins=pins)
    assert "die 3 + Bagou 3+1 = 7" in texts_of(events)  # +2 Bravoure, -1 the Bagarre card
    assert state["piles"]["actions_discard"] == ["A06", "A24"]


def test_boarding_the_capitaine_first_then_each_clan_in_turn_then_the_hold() -> None:
    crews = {"rouge": ["P01", "P02", "P07", "P08", "P09"], "bleu": ["P03", "P04", "P10", "P11", "P12"]}
    crews["vert"] = ["P05", "P06", "P13", "P14", "P15"]
    state = scene(crews=crews, posts={"capitaine": "P03"})
    state["clans"]["rouge"]["standing"]["posts"] = ["pretre", "marin"]
    state["clans"]["rouge"]["standing"]["order"] = ["barbe-grise"]
    t = table(state)
    adventure.board(t)
    posts = state["ship"]["posts"]
    assert posts["capitaine"] == "P03"
    assert posts["second"] in crews["vert"]  # vert plays after bleu, the Capitaine's clan
    assert posts["pretre"] == "P02"  # rouge's first wish, with its first pirate
    assert {posts["marin-1"], posts["marin-2"]} <= set(crews["rouge"])
    assert len(state["ship"]["hold"]) == 2 and all(v for v in posts.values())
    first_in_hold = state["ship"]["hold"][0]
    assert state["pirates"][first_in_hold]["post"] == "hold"
