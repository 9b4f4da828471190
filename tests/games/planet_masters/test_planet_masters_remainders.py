"""Rules the first reading left out: conditions on a Racial trait, rounds of mail that cannot change
the result, and the referee's recorded step out of a stalled game (dice pinned by key)."""

from __future__ import annotations

from pm_helpers import new_game, play, put


# -- conditions on the home die ----------------------------------------------------------------------
def test_home_condition_counts_a_racial_trait_as_the_face_it_acts_as() -> None:
    """Pacal's trait is an Influence, Mors' a Resource: a guard on those faces keeps the trait."""
    state = new_game(races="pacal,mors")
    put(state, "pacal", home=1, weapons=[1])
    put(state, "mors", weapons=[1])
    state, events = play(state, {"turn:pacal": "if home is not influence reroll home\nvote mors"})
    assert state["players"]["pacal"]["home"] == 1
    assert not [e for e in events if e.kind == "home"]
    assert state["active"] == "mors"  # pacal's 2 votes of 3 pass it alone: no ballot is asked
    put(state, "mors", home=1)
    state, events = play(
        state, {"turn:mors": "if home is not resource reroll home\nif home is ressource vote pacal"}
    )
    assert state["players"]["mors"]["home"] == 1
    assert [e.kind for e in events if e.kind == "vote-called"] == ["vote-called"]


def test_home_condition_on_the_trait_word_still_names_face_one() -> None:
    state = new_game(races="roach,terre")
    put(state, "roach", home=1)
    state, events = play(
        state,
        {"turn:roach": "if home is trait vote terre"},
    )
    assert [e.kind for e in events if e.kind == "vote-called"] == ["vote-called"]


def test_home_condition_counts_roach_trait_as_a_transporter_and_terre_trait_as_infantry() -> None:
    state = new_game(races="roach,terre")
    put(state, "roach", home=1, weapons=[1])
    put(state, "terre", weapons=[1])
    state, _ = play(
        state, {"turn:roach": "if home is transporter reroll home\nvote terre"}, {"reroll:roach:home": 3}
    )
    assert state["players"]["roach"]["home"] == 3
    state, _ = play(state, {"vote:terre": "against"})
    put(state, "terre", home=1)
    state, _ = play(state, {"turn:terre": "if home is not infantry reroll home\nvote roach"})
    assert state["players"]["terre"]["home"] == 1


def test_a_number_on_the_home_die_is_still_the_die_itself() -> None:
    state = new_game(races="pacal,mors")
    put(state, "pacal", home=1)
    state, _ = play(state, {"turn:pacal": "if home != 5 reroll home\nvote mors"}, {"reroll:pacal:home": 5})
    assert state["players"]["pacal"]["home"] == 5


# -- rounds of mail that cannot change the result ------------------------------------------------------
def test_a_vote_on_a_player_with_no_weapon_asks_no_ballot() -> None:
    """Passed or failed, the vote takes nothing from an unarmed target: no round of mail for it."""
    state = new_game(3)
    state, events = play(state, {"turn:terre": "vote roach"})
    assert state["pending"] is None and state["active"] == "mors"
    text = " ".join(e.text for e in events)
    assert "not asked: roach has no weapon to lose" in text
    assert "mors not asked (1)" in text and "it fails" in text


def test_a_vote_the_proposer_passes_alone_asks_no_ballot() -> None:
    """More than half of all the votes are the proposer's own: it passes whatever the others say."""
    state = new_game(4)
    put(state, "terre", planets=[5, 5, 5])  # 1 + 3 Influence = 4 votes of 7
    put(state, "roach", weapons=[2])
    state, events = play(state, {"turn:terre": "vote roach"})
    assert state["pending"] is None
    assert "terre's own 4 of 7 votes pass it" in " ".join(e.text for e in events)
    assert state["players"]["roach"]["weapons"] == []


def test_a_vote_the_others_can_defeat_asks_every_ballot() -> None:
    state = new_game(3)
    put(state, "roach", weapons=[2])
    state, _ = play(state, {"turn:terre": "vote roach"})
    assert state["pending"] == {"kind": "vote", "proposer": "terre", "target": "roach"}


def test_immunity_is_not_asked_against_an_attack_that_cannot_win() -> None:
    """Cancelled or fought, an attack no greater than the defence changes nothing: the battle is told."""
    state = new_game(2)
    put(state, "mors", home=5, weapons=[5])  # more Influence, and a Planetary Defence
    put(state, "terre", weapons=[1])
    state, events = play(state, {"turn:terre": "attack mors"})
    assert state["pending"] is None and state["active"] == "mors"
    assert [e.kind for e in events if e.kind.startswith("immunity")] == ["immunity-not-asked"]
    assert [e.data["won"] for e in events if e.kind == "battle"] == [False]


def test_immunity_is_asked_against_an_attack_that_may_win() -> None:
    state = new_game(2)
    put(state, "mors", home=5)
    put(state, "terre", weapons=[3])
    state, _ = play(state, {"turn:terre": "attack mors"})
    assert state["pending"] is not None and state["pending"]["kind"] == "immunity"


def test_unknown_sectors_count_before_immunity_is_skipped() -> None:
    """A Nebula rolled when the attack is declared (+2 in defence) can make the attack hopeless."""
    state = new_game(2, exploration="on")
    put(state, "mors", home=5)
    put(state, "terre", weapons=[1])  # a cruiser: 1 in attack against 0, or 2 in a Nebula
    state, events = play(state, {"turn:terre": "attack mors"}, {"unknown-sectors:terre": 4})
    assert next(e.text for e in events if e.kind == "unknown-sectors").endswith("nebula.")
    assert state["pending"] is None


# -- the board at any size of empire ---------------------------------------------------------------------
def test_board_svg_keeps_every_die_of_a_large_empire_inside_the_picture_and_its_panel() -> None:
    import re

    from adjudicator.games.planet_masters.svg import board_svg

    state = new_game(8, technology="on")
    put(state, "terre", planets=[2, 3, 4, 5, 2, 3, 4, 5], weapons=[1, 2, 3, 4, 5, 6, 1, 2, 3], tech=3)
    svg = board_svg(state)
    width = float(re.search(r'<svg[^>]* width="(\d+)"', svg).group(1))  # type: ignore[union-attr]
    height = float(re.search(r'<svg[^>]* height="(\d+)"', svg).group(1))  # type: ignore[union-attr]
    dice = [
        (float(x), float(y))
        for x, y in re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="30" height="30"', svg)
    ]
    assert len(dice) == 8 * 1 + 8 + 9 + 1  # every home, terre's planets, weapons and technology die
    for x, y in dice:
        assert x >= 0 and x + 30 <= width and y >= 0 and y + 30 + 12 <= height, (x, y)
    panels = [
        (float(y), float(h))
        for y, h in re.findall(r'<rect x="8" y="([\d.]+)" width="\d+" height="([\d.]+)" rx="8"', svg)
    ]
    for x, y in dice:
        assert any(top <= y and y + 30 + 12 <= top + h for top, h in panels), (x, y)
