"""Eollis, Pirates des vents: 3 to 5 clans of sky pirates, three Expeditions, refereed by email.

``state["pending"]`` says which sealed moment the game waits for (see orders/eollis.md):

=========  ==============================================  =============================================
kind       who answers                                     what it resolves
=========  ==============================================  =============================================
muster     every clan, Expeditions 2-3                     Action draw, releases, recruitment dealt
election   every clan                                      picks among the face-up, election, boarding
lookout    the Vigie's clan (``lookout ask``)              reveal or refuse the Event it drew in secret
test       every clan (optional for those not testing)     the Event's tests, from the Capitaine on
decision   every clan (the Capitaine's ``plan ask``)       the Capitaine's decision, a mutiny
tavern     every clan                                      the Taverne's Action draw
brawl      every clan                                      the two rounds of brawls, then fame
=========  ==============================================  =============================================

``resolve`` applies the answers, then carries the game on until the next sealed moment.
"""

from __future__ import annotations

import json
import random
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
from adjudicator.games.eollis import adventure, speech, tavern, telling, words
from adjudicator.games.eollis import bot as bots
from adjudicator.games.eollis import orders as grammar
from adjudicator.games.eollis.cards import REPAIR_UP_TO, catalogue, effect_name, find
from adjudicator.games.eollis.glossary import GLOSSARY
from adjudicator.games.eollis.orders import POSTS, slug
from adjudicator.games.eollis.picture import board_svg, board_text
from adjudicator.games.eollis.speech import LABELS, PROMPTS
from adjudicator.games.eollis.table import Table
from adjudicator.games.language import ENGLISH, N_, Glossary, Language

DEFAULT_CLANS = ("rouge", "bleu", "vert", "jaune", "violet")
#: the standing answers a clan starts with (see orders/eollis.md, "Rounds of mail")
DEFAULT_LOOKOUT = {"mode": "reveal", "above": 0}
DEFAULT_PLAN = {"balloon": 6, "events": 4}
EXPEDITIONS = 3


class Eollis(BaseRuleset):
    """The ruleset ``eollis``: 3 to 5 clans, three Expeditions, the fame track decides."""

    name: ClassVar[str] = "eollis"
    title: ClassVar[str] = N_("Eollis, Pirates des vents")
    version: ClassVar[str] = "1"
    min_seats: ClassVar[int] = 3
    max_seats: ClassVar[int] = 5
    has_hidden_information: ClassVar[bool] = True
    glossary: ClassVar[Glossary] = GLOSSARY
    options: ClassVar[dict[str, tuple[str, str]]] = {
        "players": ("4", "number of clans, 3 to 5 (ignored when clans is given)"),
        "clans": ("", "comma-separated clan names (3 to 5), clockwise"),
    }

    # -- options and seats ---------------------------------------------------------------------------
    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]:
        options = super().parse_options(raw)
        clans_text = str(options.get("clans") or "").strip()
        if clans_text:
            clans = [slug(c) for c in clans_text.split(",") if slug(c)]
            if len(set(clans)) != len(clans):
                raise OptionError("clan names must differ")
            if any(c in ("self", "next", "referee") for c in clans):
                raise OptionError("'self', 'next' and 'referee' cannot be clan names")
        else:
            try:
                n = int(options["players"])
            except ValueError:
                raise OptionError("players must be a whole number from 3 to 5") from None
            clans = list(DEFAULT_CLANS[: max(0, n)])
            if not 3 <= n <= 5:
                raise OptionError("players must be from 3 to 5")
        if not 3 <= len(clans) <= 5:
            raise OptionError(f"{len(clans)} clans: Eollis is for 3 to 5 clans")
        return {"clans": clans}

    def seat_names(self, options: dict[str, Any]) -> list[str]:
        clans = options.get("clans")
        if not clans:
            clans = self.parse_options({k: str(v) for k, v in options.items()})["clans"]
        return list(clans)

    # -- setup ---------------------------------------------------------------------------------------
    def setup(self, options: dict[str, Any], seats: list[str], dice: Dice) -> State:
        """ "Preparation": the ship, the Ballon at the start, every clan on Pirates Minables, three
        shuffled piles, 3 Action cards each (a Secret Mission drawn is set aside and replaced)."""
        cards = catalogue()
        order = list(cards)
        state: State = {
            "game": self.name,
            "seats": list(seats),
            "cards": cards,
            "expedition": 1,
            "first": dice.choice(list(seats), "youngest-player"),
            "last_captain": None,
            "clans": {
                s: {
                    "pirates": [],
                    "hand": [],
                    "missions": [],
                    "revealed": [],
                    "fame": 0,
                    "stash": 0,
                    "hidden": 0,
                    "safe": 0,
                    "lost": False,
                    "standing": {
                        "recruit": "total",
                        "recruit_names": [],
                        "posts": [],
                        "order": [],
                        "gift": "next",
                        "repair": REPAIR_UP_TO,
                        "sacrifice": [],
                        "condemn": [],
                        "side": "captain",
                        # a new clan's defaults ask no round of mail: the Vigie reveals what it
                        # draws, the Capitaine returns at damage 6 or after 4 Events (write
                        # `lookout ask` / `plan ask` to be asked each time)
                        "lookout": dict(DEFAULT_LOOKOUT),
                        "plan": dict(DEFAULT_PLAN),
                        "mutiny": None,
                    },
                }
                for s in seats
            },
            "pirates": {},
            "piles": {
                "pirates": dice.shuffle(
                    [u for u in order if cards[u]["kind"] == "pirate"], "shuffle:pirates"
                ),
                "pirates_discard": [],
                "events": dice.shuffle([u for u in order if cards[u]["kind"] == "event"], "shuffle:events"),
                "events_discard": [],
                "actions": dice.shuffle(
                    [u for u in order if cards[u]["kind"] in ("exploit", "bagarre", "mission")],
                    "shuffle:actions",
                ),
                "actions_discard": [],
            },
            "ship": {
                "posts": {p: None for p in POSTS},
                "hold": [],
                "balloon": 0,
                "kitty": 0,
                "destroyed": False,
            },
            "market": [],
            "event": None,
            "events_played": 0,
            "swap_used": False,
            "pending": None,
            "outcome": None,
            "exchanges": 0,
        }
        t = Table(state, dice)
        for seat in t.clockwise_from(state["first"]):
            for _ in range(3):
                t.receive_action(seat, "the opening hand")
        # the first Expedition has no Action draw and nobody to release: its recruitment is dealt at
        # once, and the clans name their pick among the face-up pirates in the election's exchange
        adventure.muster_recruits(t, {})
        state["pending"] = {"kind": "election", "seats": list(seats), "optional": []}
        return state

    # -- requests ---------------------------------------------------------------------------------------
    def requests(self, state: State) -> list[OrderRequest]:
        pending = state.get("pending")
        if state.get("outcome") or not pending:
            return []
        kind = pending["kind"]
        out = []
        captain = Table(state).captain_seat()
        for seat in pending["seats"]:
            default = "pass"
            if kind == "lookout":
                default = "reveal"
            elif kind == "decision" and seat == captain:
                default = "return"
            out.append(
                OrderRequest(
                    key=f"{kind}:{seat}",
                    seat=seat,
                    kind=kind,
                    label=self.label(state),
                    default=default,
                    prompt=PROMPTS[kind],
                    optional=seat in pending.get("optional", []),
                )
            )
        return out

    def label(self, state: State) -> str:
        if state.get("outcome"):
            return "Game over"
        pending = state.get("pending") or {}
        kind = pending.get("kind", "")
        text = f"Expedition {state['expedition']}, {LABELS.get(kind, kind)}"
        ev = state.get("event")
        if kind == "test" and ev:
            text += f" {state['events_played']}: {state['cards'][ev['uid']]['name']}"
        return text

    # -- orders -----------------------------------------------------------------------------------------
    def order_forms(self, request: OrderRequest, lang: Language = ENGLISH) -> tuple[OrderForm, ...]:
        return words.order_forms(forms_for(grammar.ORDER_FORMS, request.kind), lang)

    def canonical_text(self, request: OrderRequest, canonical: str, lang: Language) -> str:
        return words.canonical_text(request.kind, canonical, lang)

    def problem_text(self, problem: Problem, lang: Language) -> str:
        message = speech.problem_words(problem.message, lang)
        suggestion = speech.suggestion_words(problem.suggestion, lang)
        return problem_text(
            problem,
            lang,
            problem.message if message is None else message,
            problem.suggestion if suggestion is None else suggestion,
        )

    def event_text(self, event: Event, lang: Language) -> str:
        return telling.event_words(event, lang)

    def prompt_text(self, request: OrderRequest, lang: Language) -> str:
        return speech.prompt_words(request.prompt, lang)

    def label_text(self, label: str, lang: Language) -> str:
        return speech.label_words(label, lang)

    def outcome_text(self, outcome: Outcome, lang: Language) -> str:
        return outcome_text(outcome, lang, speech.reason_words(outcome.reason, lang))

    def private_text(self, view: State, lang: Language = ENGLISH) -> str:
        """The Event the Vigie drew in secret (the hand, missions and standing answers are on the board)."""
        seen = (view.get("you") or {}).get("lookout")
        if not seen:
            return ""
        return lang._("As Vigie you drew the Event %(name)s: reveal it, or refuse it.", name=seen["name"])

    def parse(self, request: OrderRequest, text: str) -> Parsed:
        return grammar.parse(request.kind, text)

    def canonical(self, request: OrderRequest, orders: Any) -> str:
        return grammar.canonical(list(orders or []))

    def check(self, state: State, request: OrderRequest, orders: Any) -> list[Problem]:
        from adjudicator.games.eollis.legality import check

        keys = [r.key for r in self.requests(state)]
        if request.key not in keys:
            return [Problem(None, "illegal", f"{request.key} is not asked now", "answer: " + ", ".join(keys))]
        return check(state, request.seat, request.kind, list(orders or []))

    # -- resolution -------------------------------------------------------------------------------------
    def resolve(self, state: State, orders: dict[str, Any], dice: Dice) -> tuple[State, list[Event]]:
        pending = state.get("pending")
        if state.get("outcome") or not pending:
            return state, []
        t = Table(state, dice)
        answers: dict[str, list[dict[str, Any]]] = {}
        for r in self.requests(state):
            given = orders.get(r.key)
            if given is None or isinstance(given, str):
                given = grammar.parse(r.kind, r.default if given is None else given).orders
            elif isinstance(given, Parsed):
                given = given.orders
            answers[r.seat] = list(given)
        for seat, given in answers.items():
            adventure.apply_standing(t, seat, given)
        state["pending"] = None
        state["exchanges"] = state.get("exchanges", 0) + 1
        kind = pending["kind"]
        if kind == "muster":
            if state["expedition"] > 1:
                adventure.draw_actions(t, answers, "the Expedition's draw")
            adventure.muster_recruits(t, answers)
            ask(state, "election", state["seats"])
        elif kind == "election":
            adventure.pick_recruits(t)
            adventure.elect_captain(t, answers)
            adventure.board(t)
            next_event(t)
        elif kind == "lookout":
            adventure.lookout_answer(t, answers.get(pending["seats"][0], []))
            start_event(t)
        elif kind == "test":
            adventure.resolve_tests(t, answers)
            state["piles"]["events_discard"].append(state["event"]["uid"])
            state["event"] = None
            planned = adventure.planned_decision(t)
            if planned is None:
                ask(state, "decision", state["seats"])
            else:
                captain = t.captain_seat()
                t.tell(f"The Capitaine's clan ({captain}) follows its standing plan.", "decision")
                decided = adventure.captain_decides(
                    t, {captain: [{"verb": planned, "line": 1}]} if captain else {}
                )
                if decided == "continue":
                    next_event(t)
                else:
                    enter_tavern(t)
        elif kind == "decision":
            if adventure.captain_decides(t, answers) == "continue":
                next_event(t)
            else:
                enter_tavern(t)
        elif kind == "tavern":
            adventure.draw_actions(t, answers, "the Taverne's draw")
            ask(state, "brawl", state["seats"])
        elif kind == "brawl":
            tavern.brawls(t, answers)
            tavern.buy_fame(t)
            end_of_expedition(t)
        return state, t.events

    # -- what each seat sees -----------------------------------------------------------------------------
    def view(self, state: State, seat: str | None) -> State:
        """The public table, plus ``you``: one's own hand, Secret Missions and the Vigie's secret card.

        A hand is a count on the public table (its Secret Missions are cards of it, drawn like any
        other, so nobody can tell a mission was drawn); the piles are counts; an Event drawn by
        the Vigie and not yet revealed is hidden from everyone else."""
        view = json.loads(json.dumps(state))
        cards = view["cards"]
        you: dict[str, Any] | None = None
        if seat is not None and seat in view["clans"]:
            c = view["clans"][seat]
            you = {
                "seat": seat,
                "hand": [{"uid": u, **cards[u]} for u in c["hand"]],
                "missions": [{"uid": u, **cards[u]} for u in c["missions"]],
                "lookout": None,
            }
        for s, c in view["clans"].items():
            c["hand"] = len(c["hand"]) + len(c.pop("missions"))  # Secret Missions held face down among them
            if s != seat:
                c.pop("standing", None)
        for pile, uids in view["piles"].items():
            if pile != "pirates_discard":
                view["piles"][pile] = len(uids)
        ev = view.get("event")
        if ev and not ev.get("revealed"):
            lookout = (state.get("pending") or {}).get("seats", [None])[0]
            if you is not None and seat == lookout and (state.get("pending") or {}).get("kind") == "lookout":
                you["lookout"] = {"uid": ev["uid"], **cards[ev["uid"]]}
            view["event"] = {"uid": None, "revealed": False}
        public_cards = {u: c for u, c in cards.items() if c["kind"] in ("pirate", "event")}
        view["cards"] = public_cards
        view["you"] = you
        return view

    def outcome(self, state: State) -> Outcome | None:
        done = state.get("outcome")
        return Outcome(tuple(done["winners"]), done["reason"]) if done else None

    def bot(self, state: State, request: OrderRequest, rng: random.Random) -> str:
        return bots.play(state, request, rng)

    def board_text(self, view: State, lang: Language = ENGLISH) -> str:
        return board_text(view, lang)

    def board_svg(self, view: State, lang: Language = ENGLISH) -> str | None:
        return board_svg(view, lang)


def ask(state: State, kind: str, seats: list[str], optional: list[str] | None = None) -> None:
    state["pending"] = {"kind": kind, "seats": list(seats), "optional": list(optional or [])}


def next_event(t: Table) -> None:
    if t.state["ship"]["destroyed"]:
        enter_tavern(t)
        return
    if adventure.draw_event(t):
        return  # the Vigie's answer is awaited
    if t.state["event"] is None:
        enter_tavern(t)
        return
    start_event(t)


def start_event(t: Table) -> None:
    state = t.state
    if state["event"] is None or not adventure.play_event(t) or state["ship"]["destroyed"]:
        if state["event"] is not None:
            state["piles"]["events_discard"].append(state["event"]["uid"])
            state["event"] = None
        enter_tavern(t)
        return
    ask_tests(t)


def ask_tests(t: Table) -> None:
    """Every clan is asked for the Event's tests. A clan that does not test may still help or hinder
    the others: only a clan that holds no card (a public count) cannot act, and only its answer is
    not waited for."""
    who = adventure.testers(t)
    seats = t.state["seats"]
    ask(t.state, "test", seats, [s for s in seats if s not in who and t.held(s) == 0])


def enter_tavern(t: Table) -> None:
    state = t.state
    t.tell(f"Expedition {state['expedition']}: the ship returns to the Taverne.", "tavern")
    if not state["ship"]["destroyed"]:
        tavern.share_kitty(t)
    second = t.seat_at("second")
    if second and not state["ship"]["destroyed"]:  # its clan's gold counted after the kitty's share
        t.clan(second)["hidden"] = min(3, t.clan_gold(second))
        t.tell(f"The Second ({second}) hides {t.clan(second)['hidden']} gold that cannot be stolen.", "gold")
    state["last_captain"] = t.captain_seat() or state.get("last_captain")
    ask(state, "tavern", state["seats"])


def end_of_expedition(t: Table) -> None:
    state = t.state
    if state["expedition"] >= EXPEDITIONS:
        winners, reason = tavern.winners(t)
        state["outcome"] = {"winners": winners, "reason": reason}
        t.tell(f"The game is over: {', '.join(winners)} wins ({reason}).", "outcome")
        return
    state["expedition"] += 1
    for p in state["pirates"].values():
        p["post"] = None
        p["used"] = False
    state["ship"] = {
        "posts": {p: None for p in POSTS},
        "hold": [],
        "balloon": 0,
        "kitty": state["ship"]["kitty"],
        "destroyed": False,
    }
    state["swap_used"] = False
    state["events_played"] = 0
    for c in state["clans"].values():
        c["lost"] = False
    t.tell(f"Expedition {state['expedition']} begins; a repaired Arcadie waits at the port.", "expedition")
    ask(state, "muster", state["seats"])


__all__ = ["Eollis", "effect_name", "find"]
