"""Master & Commander (Sylvain Lopez), the card game, refereed turn by turn by email.

The whole state machine: ``state["pending"]`` says what the game waits for (the active player's
turn, a mulligan, rally bids, a referendum, a battle's engagement or manoeuvre round, a duel step,
a ransom), with one request per seat that must answer. ``resolve`` reveals the answers together,
then :func:`advance` carries the game on (the rest of the active player's orders, the battle, the
next turn) until it must wait again or the game is over.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, ClassVar

from adjudicator.games.base import (
    BaseRuleset,
    Event,
    OptionError,
    OrderForm,
    OrderRequest,
    Outcome,
    Parsed,
    Problem,
    State,
    forms_for,
    outcome_text,
    problem_text,
)
from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, N_, Glossary, Language
from adjudicator.games.master_commander import battle as battles
from adjudicator.games.master_commander import bot as bots
from adjudicator.games.master_commander import orders as grammar
from adjudicator.games.master_commander import phases, sealed, speech
from adjudicator.games.master_commander.abilities import apply_answer_uses, check_answer_uses
from adjudicator.games.master_commander.board import board_text
from adjudicator.games.master_commander.cards import (
    CardError,
    catalogue,
    deck_lists,
    deck_problems,
    prebuilt_decks,
    read_card_file,
)
from adjudicator.games.master_commander.glossary import GLOSSARY
from adjudicator.games.master_commander.icroe import COMPANY_BASE_GOLD, COMPANY_GOLD_PER_PLAYER, GOLD_TOKENS
from adjudicator.games.master_commander.picture import board_svg
from adjudicator.games.master_commander.standing import check_standing
from adjudicator.games.master_commander.standing import record as record_standing
from adjudicator.games.master_commander.supports import check_extra_standing, record_extra_standing
from adjudicator.games.master_commander.table import HAND_SIZE, TAVERN_SIZE, Refused, Table

STARTING_DOUBLONS = 5  # "Prenez 5 doublons pour commencer"
DEFAULT_DECKS = ("spanish", "english", "french", "brethren", "buccaneers")


class MasterCommander(BaseRuleset):
    """The ruleset ``master-commander``: 2 to 5 players, sealed bids, votes, battles and duels."""

    name: ClassVar[str] = "master-commander"
    title: ClassVar[str] = N_("Master & Commander (the card game)")
    # 2: cards numbered after the shuffle, battles in the book's order; 3: a player whose written
    # manoeuvres are spent while the others pass is asked again, and the requests say so
    version: ClassVar[str] = "3"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 5
    has_hidden_information: ClassVar[bool] = True
    glossary: ClassVar[Glossary] = GLOSSARY
    options: ClassVar[dict[str, tuple[str, str]]] = {
        "players": ("3", "number of players, 2 to 5 (ignored when decks is given)"),
        "decks": ("", "comma-separated prebuilt decks: spanish, english, french, brethren, buccaneers"),
        "turn_limit": ("0", "not in the book: after this many rounds the most gold wins (0: no limit)"),
        "deck.<seat>": (
            "",
            "path of a TOML deck file for that seat, checked against the deck-building rules",
        ),
    }

    # -- options and seats -------------------------------------------------------------------------
    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]:
        known = {"players", "decks", "turn_limit"}
        for key in raw:
            if key not in known and not key.startswith("deck."):
                raise OptionError(
                    f"unknown option {key!r} for {self.name}; "
                    "valid options: players, decks, turn_limit, deck.<seat>"
                )
        prebuilt = prebuilt_decks()
        decks_text = str(raw.get("decks", "")).strip()
        if decks_text:
            decks = [d.strip().lower() for d in decks_text.split(",") if d.strip()]
            for d in decks:
                if d not in prebuilt:
                    raise OptionError(f"unknown deck {d!r}; prebuilt decks: {', '.join(sorted(prebuilt))}")
        else:
            try:
                players = int(raw.get("players", "3"))
            except ValueError:
                raise OptionError("players must be a whole number from 2 to 5") from None
            if not self.min_seats <= players <= self.max_seats:
                raise OptionError("players must be from 2 to 5")
            decks = list(DEFAULT_DECKS[:players])
        if not self.min_seats <= len(decks) <= self.max_seats:
            raise OptionError(f"{len(decks)} decks: Master & Commander is for 2 to 5 players")
        try:
            limit = int(raw.get("turn_limit", "0"))
        except ValueError:
            raise OptionError("turn_limit must be a whole number of rounds (0: no limit)") from None
        if limit < 0:
            raise OptionError("turn_limit must be 0 (no limit) or more")
        options: dict[str, Any] = {"decks": decks, "turn_limit": limit, "custom": {}}
        seats = self.seat_names(options)
        for key, path in raw.items():
            if not key.startswith("deck."):
                continue
            seat = key[5:]
            if seat not in seats:
                raise OptionError(f"{key}: no seat {seat!r}; seats are {', '.join(seats)}")
            options["custom"][seat] = load_custom_deck(str(path))
        defined: dict[str, Any] = {}
        for seat, custom in options["custom"].items():
            for card_id, card in custom["cards"].items():
                if defined.setdefault(card_id, card) != card:
                    raise OptionError(f"deck.{seat}: card {card_id!r} differs from another deck file's")
        return options

    def seat_names(self, options: dict[str, Any]) -> list[str]:
        decks = options.get("decks") or list(DEFAULT_DECKS[: int(options.get("players", 3))])
        if isinstance(decks, str):
            decks = [d.strip().lower() for d in decks.split(",") if d.strip()]
        names: list[str] = []
        for d in decks:
            name, n = d, 2
            while name in names:
                name, n = f"{d}-{n}", n + 1
            names.append(name)
        return names

    # -- setup ---------------------------------------------------------------------------------------
    def setup(self, options: dict[str, Any], seats: list[str], dice: Dice) -> State:
        """ "Mise en place": havens, three shuffled piles each, a tavern of 3, 5 doublons, 6 cards."""
        if "decks" not in options or isinstance(options.get("decks"), str):
            options = self.parse_options({k: str(v) for k, v in options.items()})
        cards = catalogue()
        prebuilt = prebuilt_decks()
        decks = list(options["decks"])
        seat_decks: dict[str, dict[str, Any]] = {}
        for i, seat in enumerate(seats):
            custom = options.get("custom", {}).get(seat)
            if custom:
                cards.update(custom["cards"])
                seat_decks[seat] = custom["deck"]
            else:
                seat_decks[seat] = deck_lists(prebuilt[decks[i % len(decks)]])
        first = dice.choice(list(seats), "first-player")
        order = list(seats[seats.index(first) :]) + list(seats[: seats.index(first)])
        state: State = {
            "game": self.name,
            "options": {"turn_limit": int(options.get("turn_limit", 0))},
            "catalogue": cards,
            "order": order,
            "players": {},
            "cards": {},
            "next_uid": 0,
            "company_gold": COMPANY_BASE_GOLD + COMPANY_GOLD_PER_PLAYER * len(seats),
            "gold_reserve": GOLD_TOKENS - COMPANY_BASE_GOLD - COMPANY_GOLD_PER_PLAYER * len(seats),
            "active": None,
            "turn": 0,
            "round": 1,
            "turn_state": phases.fresh_turn_state(),
            "allied": {},
            "queue": [],
            "battle": None,
            "referendum": None,
            "standing": {},
            "pending": None,
            "outcome": None,
        }
        table = Table(state)
        for seat in seats:
            deck = seat_decks[seat]
            haven = cards[deck["haven"]]

            def make(ids: list[str], seat: str = seat) -> list[str]:
                return [table.new_instance(card_id, seat) for card_id in ids]

            # "Tous les personnages ont le même verso": the cards are shuffled first and numbered
            # after, in pile order, so a number tells where a card lay, never which card it is.
            # The dice are keyed by the seat's place in the seat list, never by its name.
            n = seats.index(seat) + 1
            crew = make(dice.shuffle(deck["characters"], f"shuffle:crew:{n}"))
            exploration = make(dice.shuffle(deck["territories"], f"shuffle:exploration:{n}"))
            adventure = make(dice.shuffle(deck["adventure"], f"shuffle:adventure:{n}"))
            state["players"][seat] = {
                "deck_name": deck.get("name", deck.get("id", "")),
                "faction": haven["faction"],
                "haven": make([deck["haven"]])[0],
                "doublons": STARTING_DOUBLONS,
                "gold": 0,
                "deck": adventure[HAND_SIZE:],
                "hand": adventure[:HAND_SIZE],
                "discard": [],
                "crew": crew[TAVERN_SIZE:],
                "tavern": crew[:TAVERN_SIZE],
                "exploration": exploration,
                "characters": [],
                "territories": [],
                "agreements": [],
                "captured": [],
                "dead": [],
                "event": None,
                "active_event": None,
            }
        sealed.open_mulligan(table)
        return state

    # -- requests and labels ---------------------------------------------------------------------------
    def requests(self, state: State) -> list[OrderRequest]:
        if state.get("outcome") or not state.get("pending"):
            return []
        pending = state["pending"]
        if pending["kind"] == "turn":
            seat = pending["seat"]
            if pending.get("follow_up"):
                return [
                    OrderRequest(
                        key=f"turn:{seat}",
                        seat=seat,
                        kind="turn",
                        label=f"Turn {state['turn']}, {seat}: the rest of your turn",
                        default=grammar.canonical(state["queue"]) or "pass",
                        prompt="You asked to decide after the outcome ('wait'): the rest of your turn, "
                        f"from the {phases.PHASE_NAMES[state['turn_state'].get('phase', 1)]} on. "
                        "The default is the orders you had written.",
                    )
                ]
            return [
                OrderRequest(
                    key=f"turn:{seat}",
                    seat=seat,
                    kind="turn",
                    label=f"Turn {state['turn']}, {seat}",
                    default="pass",
                    prompt="Your whole turn: attachments, actions, an event, explore or raid, "
                    "refute or propose an agreement, one gold transaction, a ransom, recruits and rallies, "
                    "a discard; 'wait' to decide the rest after a raid, vote, ransom or rally.",
                )
            ]
        return [
            OrderRequest(
                key=a["key"],
                seat=a["seat"],
                kind=a["kind"],
                label=a["label"],
                default=a["default"],
                prompt=a["prompt"],
                optional=bool(a.get("optional")),
            )
            for a in pending["asks"]
        ]

    def label(self, state: State) -> str:
        """The turn's name: ``Turn 7, english``, or ``Turn 7, english: referendum on Trade Treaty``."""
        if state.get("outcome"):
            return "Game over"
        pending = state.get("pending") or {}
        kind = pending.get("kind")
        if kind == "turn":
            return f"Turn {state['turn']}, {pending['seat']}"
        if kind == "mulligan":
            return "Opening hands: mulligan"
        table = Table(state)
        battle = state.get("battle") or {}
        title = str(kind)
        if kind == "rally":
            title = f"rally bids for {table.card(pending['card'])['name']}"
        elif kind == "vote":
            title = f"referendum on {table.card(pending['agreement'])['name']}"
        elif kind in ("engage", "manoeuvre", "duel") and battle:
            title = f"battle for {table.card(battle['target'])['name']}"
            if kind == "engage":
                title += {
                    "attacker": ": the attacker's allies",
                    "defend": ": the defence",
                    "defender": ": the defender's allies",
                }[pending["step"]]
            elif kind == "manoeuvre":
                segment = "engagement" if battle["stage"] == "engagement" else "manoeuvre"
                title += f": {segment} segment, {pending['asks'][0]['seat']}"
            elif battle.get("duel"):
                duel = battle["duel"]
                names = [table.card(duel[who])["name"] for who in ("challenger", "challenged")]
                title += f": duel, {names[0]} v {names[1]}"
        elif kind in ("ransom", "ransom-choice"):
            title = f"ransom of {table.card(pending['captive'])['name']}"
            if kind == "ransom-choice":
                title += ": the captor's choice"
        return f"Turn {state['turn']}, {state['active']}: {title}"

    # -- orders ----------------------------------------------------------------------------------------
    def order_forms(self, request: OrderRequest, lang: Language = ENGLISH) -> tuple[OrderForm, ...]:
        forms = grammar.ORDER_FORMS if lang.code == "en" else grammar.order_forms(lang)
        return forms_for(forms, request.kind)

    def canonical_text(self, request: OrderRequest, canonical: str, lang: Language) -> str:
        return grammar.canonical_in(request.kind, canonical, lang)

    def event_text(self, event: Event, lang: Language) -> str:
        return speech.event(event.text, lang)

    def prompt_text(self, request: OrderRequest, lang: Language) -> str:
        return speech.prompt(request.prompt, lang)

    def label_text(self, label: str, lang: Language) -> str:
        return speech.label(label, lang)

    def outcome_text(self, outcome: Outcome, lang: Language) -> str:
        return outcome_text(outcome, lang, speech.outcome(outcome.reason, lang))

    def problem_text(self, problem: Problem, lang: Language) -> str:
        message = speech.problem(problem.message, lang)
        return problem_text(problem, lang, message, speech.suggestion(problem.suggestion, lang))

    def private_text(self, view: State, lang: Language = ENGLISH) -> str:
        from adjudicator.games.master_commander.board import private_text

        return private_text(view, lang)

    def parse(self, request: OrderRequest, text: str) -> Parsed:
        return grammar.parse(request.kind, text)

    def canonical(self, request: OrderRequest, orders: Any) -> str:
        return grammar.canonical(list(orders or []))

    def check(self, state: State, request: OrderRequest, orders: Any) -> list[Problem]:
        orders = list(orders or [])
        pending = state.get("pending") or {}
        keys = [r.key for r in self.requests(state)]
        if request.key not in keys:
            return [Problem(None, "illegal", f"{request.key} is not asked now", "answer: " + ", ".join(keys))]
        table = Table(json.loads(json.dumps(state)), dry=True)
        seat = request.seat
        bad: list[tuple[dict[str, Any], Refused]] = []
        kind = request.kind
        for order in orders:
            try:
                if order["verb"] == "standing":
                    check_standing(table, order)
                elif order["verb"] in ("standing-use", "standing-supports"):
                    check_extra_standing(table, seat, order)
            except Refused as refused:
                bad.append((order, refused))
        early = bad + check_answer_uses(table, seat, kind, orders)  # « ou celui d'un adversaire »: first
        bad = []
        if kind == "turn":
            queue = phases.turn_queue(orders)
            for i, order in enumerate(queue):
                try:
                    phases.run_order(table, seat, order)
                except Refused as refused:
                    bad.append((order, phases.why_refused(queue[i + 1 :], order, refused)))
        elif kind == "mulligan":
            for order in orders:
                try:
                    sealed.mulligan_cards(table, seat, [order])
                except Refused as refused:
                    bad.append((order, refused))
        elif kind == "bid":
            for order in orders:
                if order["verb"] != "bid":  # a "use" line is checked as a use above; standing answers too
                    continue
                try:
                    sealed.check_bid(table, seat, order)
                except Refused as refused:
                    bad.append((order, refused))
        elif kind == "vote":
            voted: list[dict[str, Any]] = []
            for order in orders:
                try:
                    sealed.ballots(table, seat, [*voted, order])
                    sealed.reactions(table, seat, [*voted, order])
                    voted.append(order)
                except Refused as refused:
                    bad.append((order, refused))
        elif kind == "defend":
            bad = battles.check_defend(table, seat, orders)
        elif kind == "ally":
            bad = battles.check_ally(table, seat, orders)
        elif kind == "manoeuvre":
            plays = [o for o in orders if o["verb"] in ("play", "use")]
            passes = [o for o in orders if o["verb"] in ("pass", "later")]
            # the manoeuvre segment: a 'pass' after the plays written in advance says where they stop
            stops = (
                bool(plays)
                and (state.get("battle") or {}).get("stage") == "manoeuvres"
                and all(
                    o["verb"] == "pass" and o.get("line", 0) > max(p.get("line", 0) for p in plays)
                    for o in passes
                )
            )
            if plays and passes and not stops:
                bad.append((passes[0], Refused("'pass' with a play", "play, or pass", "ambiguous")))
            later = [o for o in orders if o["verb"] == "later"]
            if later and not request.optional:
                bad.append(
                    (
                        later[0],
                        Refused(
                            "'later' answers only a request for the case the players before you pass",
                            "play, or pass",
                        ),
                    )
                )
            if len(plays) > 1 and (table.state["battle"] or {}).get("stage") == "engagement":
                bad.append((plays[1], Refused("one engagement manoeuvre each", "drop this line")))
            for i, order in enumerate(plays):
                try:
                    if i and order["verb"] == "play":  # a later play: checked when its turn comes
                        table.find(order["card"], table.player(seat)["hand"], "a card in your hand")
                    elif i:
                        table.find(order["card"], table.in_play(seat), "a card of yours in play")
                    elif order["verb"] == "play":
                        battles.manoeuvre_card(table, seat, order)
                    else:
                        battles.ability_card(table, seat, order)
                except Refused as refused:
                    bad.append((order, refused))
        elif kind == "duel":
            bad = battles.check_duel(table, seat, orders)
        elif kind in ("ransom", "offer", "choice"):
            for order in orders:
                try:
                    if order["verb"] == "pay":
                        sealed.check_pay(table, seat, pending["captive"])
                    elif order["verb"] == "offer":
                        sealed.check_offer(table, seat, pending["captive"], order)
                    elif kind == "choice":
                        sealed.check_choice(table, order)
                except Refused as refused:
                    bad.append((order, refused))
        return [Problem(o.get("line"), r.kind, r.message, r.suggestion) for o, r in early + bad]  # type: ignore[arg-type]

    # -- resolution ------------------------------------------------------------------------------------
    def resolve(self, state: State, orders: dict[str, Any], dice: Dice) -> tuple[State, list[Event]]:
        table = Table(state)
        pending = state.get("pending")
        if state.get("outcome") or not pending:
            return state, []
        answers = {r.key: self._orders_of(r, orders.get(r.key)) for r in self.requests(state)}
        for r in self.requests(state):
            record_standing(table, r.seat, answers[r.key])
            record_extra_standing(table, r.seat, answers[r.key])
        kind = pending["kind"]
        state["pending"] = None
        if kind == "turn":
            turn_orders = answers.get(f"turn:{pending['seat']}", [])
            if any(o["verb"] == "wait" for o in turn_orders):
                state["turn_state"]["wait"] = True
            state["queue"] = phases.turn_queue(turn_orders)
        else:
            state["pending"] = pending  # the resolvers read it, and may replace it
            answers = apply_answer_uses(table, pending.get("asks", []), answers)
            resolver = {
                "mulligan": sealed.resolve_mulligan,
                "rally": sealed.resolve_rally,
                "vote": sealed.resolve_vote,
                "ransom": sealed.resolve_ransom,
                "ransom-choice": sealed.resolve_ransom_choice,
                "engage": battles.resolve_engagement,
                "manoeuvre": battles.resolve_manoeuvre,
                "duel": battles.resolve_duel_step,
            }[kind]
            resolver(table, answers)
            if state["pending"] is pending:
                state["pending"] = None
        advance(table)
        return state, table.events

    def _orders_of(self, request: OrderRequest, given: Any) -> list[dict[str, Any]]:
        if given is None:
            return list(grammar.parse(request.kind, request.default).orders)
        if isinstance(given, Parsed):
            return list(given.orders)
        if isinstance(given, str):
            return list(grammar.parse(request.kind, given).orders)
        return list(given)

    # -- what each seat sees -----------------------------------------------------------------------------
    def view(self, state: State, seat: str | None) -> State:
        """The public table, plus ``you``: what only ``seat`` may see (``None`` for the public).

        Every hand, deck, crew pile and exploration pile is a count on the public table; another
        player's face-down event shows its tokens; face-down duel cards are a count. ``you`` holds
        the seat's own hand, face-down event, duel cards and remaining turn orders, with their cards.
        """
        view = json.loads(json.dumps(state))
        full = view["cards"]
        hidden: set[str] = set()
        you: dict[str, Any] = {"seat": seat, "hand": [], "event": None, "duel_cards": [], "queue": []}
        for s, p in view["players"].items():
            for zone in ("deck", "crew", "exploration", "hand"):
                hidden.update(p[zone])
                if s == seat and zone == "hand":
                    you["hand"] = list(p[zone])
                p[zone] = len(p[zone])
            if p["event"]:
                hidden.add(p["event"]["uid"])
                if s == seat:
                    you["event"] = dict(p["event"])
                p["event"] = {"tokens": p["event"]["tokens"]}
        battle = view.get("battle")
        if battle:  # plays written in advance are their writer's secret until played
            written = battle.pop("written", {}) or {}
            mine = written.get(seat, []) if seat is not None else []
            you["written_plays"] = [o for o in mine if o["verb"] in ("play", "use")]
            conditional = battle.pop("conditional", {}) or {}
            you["conditional_answer"] = (conditional.get(seat) or {}).get("orders") if seat else None
        if battle and battle.get("duel"):
            ahead = battle["duel"].pop("ahead", {}) or {}
            you["written_duel_steps"] = list(ahead.get(seat, [])) if seat is not None else []
        if battle and battle.get("duel"):
            for s, played in battle["duel"]["played"].items():
                hidden.update(played)
                if s == seat:
                    you["duel_cards"] = list(played)
                battle["duel"]["played"][s] = len(played)
        if seat is not None and seat == view.get("active"):
            you["queue"] = list(view.get("queue", []))
        view["queue"] = len(view.get("queue", []))
        standing = view.pop("standing", {}) or {}  # standing answers are each seat's own secret
        you["standing"] = dict(standing.get(seat, {})) if seat is not None else {}
        view["cards"] = {u: _face(c) for u, c in full.items() if u not in hidden}
        if seat is None:
            view["you"] = None
            return view
        mine = [*you["hand"], *you["duel_cards"], *([you["event"]["uid"]] if you["event"] else [])]
        you["cards"] = {u: full[u] for u in mine}
        view["you"] = you
        return view

    def outcome(self, state: State) -> Outcome | None:
        done = state.get("outcome")
        if not done:
            return None
        return Outcome(tuple(done["winners"]), done["reason"])

    def bot(self, state: State, request: OrderRequest, rng: random.Random) -> str:
        return bots.play(self, state, request, rng)

    def board_text(self, view: State, lang: Language = ENGLISH) -> str:
        return board_text(view, lang)

    def board_svg(self, view: State, lang: Language = ENGLISH) -> str | None:
        return board_svg(view, lang)


def _face(inst: dict[str, Any]) -> dict[str, Any]:
    """A card as the table sees it: a new recruit or a barren island shows its verso only."""
    if inst.get("recruit"):
        return {**inst, "id": "new-recruit"}
    if inst.get("barren"):
        return {**inst, "id": "barren-island"}
    return inst


def advance(table: Table) -> None:
    """Carry the game on until it must wait for sealed orders or is over."""
    state = table.state
    while state["outcome"] is None and state["pending"] is None:
        if phases.victory_by_seven_seas(table):
            break
        if state["battle"] is not None:
            battles.play_next(table)
            continue
        if state["referendum"] is not None:
            sealed.referendum_next(table)
            continue
        turn_state = state["turn_state"]
        if turn_state.get("in_moment"):  # a sealed moment of the active player's turn is over
            turn_state["in_moment"] = False
            if turn_state.get("wait"):
                state["pending"] = {"kind": "turn", "seat": state["active"], "follow_up": True}
                continue
        if state["queue"]:
            order = state["queue"].pop(0)
            seat = state["active"]
            try:
                phases.run_order(table, seat, order)
            except Refused as refused:
                table.tell(
                    f"{seat}'s order '{grammar.order_text(order)}' is skipped: {refused.message}.",
                    "order-skipped",
                )
            if state["pending"] is not None or state["battle"] is not None or state["referendum"] is not None:
                turn_state["in_moment"] = True
            continue
        if state["active"] is None:
            phases.begin_turn(table, state["order"][0])
            continue
        active = state["active"]
        phases.end_of_turn(table, active)
        following = table.seats_from(active)[1]
        if following == state["order"][0]:
            state["round"] += 1
        phases.begin_turn(table, following)


def load_custom_deck(path: str) -> dict[str, Any]:
    """Read a club's deck file (the one place this ruleset reads a file outside its package)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise OptionError(f"cannot read the deck file {path!r}: {exc.strerror}") from None
    try:
        own_cards, decks = read_card_file(text, Path(path).name)
    except CardError as exc:
        raise OptionError(str(exc)) from None
    if len(decks) != 1:
        raise OptionError(f"{path}: a deck file needs exactly one [deck] table")
    deck = next(iter(decks.values()))
    cards = catalogue()
    clash = sorted(set(own_cards) & set(cards))
    if clash:
        raise OptionError(f"{path}: card ids already used by the packaged set: {', '.join(clash)}")
    cards.update(own_cards)
    try:
        problems = deck_problems(deck, cards)
    except CardError as exc:
        raise OptionError(str(exc)) from None
    if problems:
        raise OptionError(f"{path} breaks the deck-building rules: " + "; ".join(problems))
    lists = deck_lists(deck)
    used = {lists["haven"], *lists["characters"], *lists["territories"], *lists["adventure"]}
    return {"deck": lists, "cards": {k: v for k, v in own_cards.items() if k in used}}
