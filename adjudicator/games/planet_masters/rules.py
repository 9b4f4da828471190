"""Planet Masters (Toco), the ruleset ``planet-masters``: 2 to 8 players, a turn each in turn.

Each engine turn is one player's whole turn (``turn:<seat>``, the three phases written in one
mail with conditions on the dice), or a sealed moment inside it: the defender's Immunity
decision (``immunity:<seat>``) or every other player's ballot (``vote:<seat>``).
"""

from __future__ import annotations

import random
import tomllib
from typing import Any, ClassVar

from adjudicator.games.base import (
    HELP_HINT,
    AdjustmentError,
    BaseRuleset,
    Event,
    OptionError,
    OrderForm,
    OrderRequest,
    Outcome,
    Parsed,
    Problem,
    forms_for,
    outcome_text,
    problem_text,
)
from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, N_, Glossary, Language
from adjudicator.games.planet_masters import empire as E
from adjudicator.games.planet_masters import turn as T
from adjudicator.games.planet_masters.glossary import GLOSSARY
from adjudicator.games.planet_masters.orders import Orders, canonical, parse_orders
from adjudicator.games.planet_masters.tables import RACE_ORDER, RACES

State = dict[str, Any]
SWITCHES = ("technology", "politics", "exploration")
ON = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}


def _kind(request: OrderRequest) -> str:
    return request.key.split(":", 1)[0]


class PlanetMasters(BaseRuleset):
    """The dice game of conquest, with the Technology, Politics and Exploration options."""

    name: ClassVar[str] = "planet-masters"
    title: ClassVar[str] = N_("Planet Masters")
    version: ClassVar[str] = "1"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    has_hidden_information: ClassVar[bool] = False
    glossary: ClassVar[Glossary] = GLOSSARY
    #: Skip the sealed rounds whose answers cannot change the result (Immunity against an attack
    #: that cannot win, ballots on a target with no weapon or a vote the proposer passes alone);
    #: ``bench/planet_masters_games.py`` measures a subclass that asks every one, as before.
    skip_idle_rounds: ClassVar[bool] = True
    #: ``pbem referee adjust``: the referee's recorded step out of a stalled game (a round limit)
    accepts_adjustments: ClassVar[bool] = True
    options: ClassVar[dict[str, tuple[str, str]]] = {
        "players": ("4", "number of players, 2 to 8 (ignored when races is given)"),
        "races": (
            "",
            "comma-separated races in seat order (terre, mors, roach, pacal, matriks, freebooters;"
            " a race may repeat); the seats are named after them",
        ),
        "technology": ("off", "the Technology option (Stars of Hope): on or off"),
        "politics": ("off", "the Politics option (Shattered Throne): on or off"),
        "exploration": ("off", "the Exploration option (Unknown Sectors, Deep Space): on or off"),
        "round-limit": (
            "0",
            "a club safety net, not in the book: after this many rounds the most planets win (0: none)",
        ),
    }
    #: What ``pbem demo planet-masters`` plays unless told otherwise: every option.
    demo_options: ClassVar[dict[str, str]] = {"technology": "on", "politics": "on", "exploration": "on"}

    # -- options and seats ------------------------------------------------------------------------
    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]:
        opts = super().parse_options(raw)
        races_text = str(opts["races"]).strip().lower()
        if races_text:
            races = [r.strip() for r in races_text.split(",") if r.strip()]
            for race in races:
                if race not in RACES:
                    raise OptionError(f"unknown race {race[:30]!r}; races: {', '.join(RACE_ORDER)}")
        else:
            try:
                players = int(str(opts["players"]).strip())
            except ValueError:
                raise OptionError("players must be a whole number from 2 to 8") from None
            if not self.min_seats <= players <= self.max_seats:
                raise OptionError("players must be from 2 to 8")
            races = [RACE_ORDER[i % len(RACE_ORDER)] for i in range(players)]
        if not self.min_seats <= len(races) <= self.max_seats:
            raise OptionError(f"{len(races)} races: Planet Masters is for 2 to 8 players")
        parsed: dict[str, Any] = {"races": races}
        for switch in SWITCHES:
            value = str(opts[switch]).strip().lower()
            if value not in ON:
                raise OptionError(f"option {switch}={value[:20]!r}: write on or off")
            parsed[switch] = ON[value]
        try:
            limit = int(str(opts["round-limit"]).strip())
        except ValueError:
            raise OptionError("round-limit must be a whole number of rounds (0: none)") from None
        if limit < 0:
            raise OptionError("round-limit must be 0 (none) or more")
        parsed["round-limit"] = limit
        return parsed

    def _options(self, options: dict[str, Any]) -> dict[str, Any]:
        if isinstance(options.get("races"), list):
            return options
        return self.parse_options({k: str(v) for k, v in options.items()})

    def seat_names(self, options: dict[str, Any]) -> list[str]:
        names: list[str] = []
        for race in self._options(options)["races"]:
            name, n = race, 2
            while name in names:
                name, n = f"{race}-{n}", n + 1
            names.append(name)
        return names

    # -- setup ------------------------------------------------------------------------------------------
    def setup(self, options: dict[str, Any], seats: list[str], dice: Dice) -> State:
        """Installation: the galaxy of one white die per player, races, every home die rolled."""
        options = self._options(options)
        races = dict(zip(seats, options["races"], strict=True))
        first = dice.roll(len(seats), "first-player") - 1
        order = seats[first:] + seats[:first]
        state: State = {
            "game": self.name,
            "options": options,
            "order": order,
            "players": {seat: E.new_player(races[seat]) for seat in seats},
            "galaxy": len(seats),
            "politics": None,
            "round": 1,
            "active": order[0],
            "again": False,
            "pending": None,
            "turns": 0,
            "over": None,
        }
        events: list[Event] = []
        for seat in order:
            T.roll_home(state, seat, dice, events, f"home:{seat}", transporter=True)
        for player in state["players"].values():
            for planet in player["planets"]:
                planet["fresh"] = False
            E.sort_dice(player)
        state["setup_events"] = [e.text for e in events]
        self._check_victory(state, events)
        state["label"] = self.label(state)
        return state

    # -- requests and labels ----------------------------------------------------------------------------
    def label(self, state: State) -> str:
        pending = state.get("pending")
        head = f"Round {state['round']}"
        if pending and pending["kind"] == "immunity":
            return f"{head}: {pending['defender']}'s Immunity against {pending['attacker']}"
        if pending and pending["kind"] == "vote":
            return f"{head}: the vote on {pending['target']} (called by {pending['proposer']})"
        return f"{head}, {state['active']}"

    def requests(self, state: State) -> list[OrderRequest]:
        if state.get("over"):
            return []
        label = self.label(state)
        pending = state.get("pending")
        if pending and pending["kind"] == "immunity":
            defender = pending["defender"]
            return [
                OrderRequest(
                    key=f"immunity:{defender}",
                    seat=defender,
                    kind="immunity",
                    label=label,
                    default="cancel\n",
                    prompt=(
                        f"{pending['attacker']} attacks you and you have more Influence: "
                        "'cancel' the attack (Immunity) or 'allow' it. Silence cancels it."
                    ),
                )
            ]
        if pending and pending["kind"] == "vote":
            return [
                OrderRequest(
                    key=f"vote:{seat}",
                    seat=seat,
                    kind="vote",
                    label=label,
                    default="against\n",
                    prompt=(
                        f"{pending['proposer']} calls a vote: shall {pending['target']} lose a weapon "
                        "of its choice? Answer 'for' or 'against'. Silence votes against."
                    ),
                )
                for seat in state["order"]
                if seat != pending["proposer"]
            ]
        seat = state["active"]
        return [
            OrderRequest(
                key=f"turn:{seat}",
                seat=seat,
                kind="turn",
                label=label,
                default="",
                prompt=(
                    "Your whole turn: Construction (build, rebuild), Management (reroll), then attack, "
                    "vote (or politics, deflect), with conditions on the dice. "
                    "Silence: nothing built or rerolled, and a vote on the leader."
                ),
            )
        ]

    # -- orders -----------------------------------------------------------------------------------------
    def order_forms(self, request: OrderRequest, lang: Language = ENGLISH) -> tuple[OrderForm, ...]:
        from adjudicator.games.planet_masters.orders import ORDER_FORMS, order_forms

        return order_forms(forms_for(ORDER_FORMS, _kind(request)), lang)

    # -- the reader's language: the record's English texts said again by their shape (french.py) ------
    def event_text(self, event: Event, lang: Language) -> str:
        from adjudicator.games.planet_masters.french import event_text

        return event_text(event.text, lang)

    def problem_text(self, problem: Problem, lang: Language) -> str:
        from adjudicator.games.planet_masters.french import PROBLEMS, SUGGESTIONS, said

        message, suggestion = (
            said(problem.message, PROBLEMS, lang),
            said(problem.suggestion, SUGGESTIONS, lang),
        )
        return problem_text(problem, lang, message, suggestion)

    def prompt_text(self, request: OrderRequest, lang: Language) -> str:
        from adjudicator.games.planet_masters.french import PROMPTS, said

        return said(request.prompt, PROMPTS, lang)

    def label_text(self, label: str, lang: Language) -> str:
        from adjudicator.games.planet_masters.french import LABELS, said

        return said(label, LABELS, lang)

    def outcome_text(self, outcome: Outcome, lang: Language) -> str:
        from adjudicator.games.planet_masters.french import REASONS, said

        return outcome_text(outcome, lang, said(outcome.reason, REASONS, lang))

    def canonical_text(self, request: OrderRequest, canonical: str, lang: Language) -> str:
        """The canonical text in ``lang``'s order words; the parser reads it back to the same orders."""
        from adjudicator.games.planet_masters.orders import order_text

        return order_text(canonical, lang)

    def parse(self, request: OrderRequest, text: str) -> Parsed:
        return parse_orders(_kind(request), text)

    def check(self, state: State, request: OrderRequest, orders: Any) -> list[Problem]:
        if not isinstance(orders, Orders):
            return [Problem(None, "invalid", "no orders understood", HELP_HINT)]
        from adjudicator.games.planet_masters.legality import check_orders

        return check_orders(state, request.seat, _kind(request), orders)

    def canonical(self, request: OrderRequest, orders: Any) -> str:
        return canonical(orders)

    # -- resolution ---------------------------------------------------------------------------------------
    def resolve(self, state: State, orders: dict[str, Any], dice: Dice) -> tuple[State, list[Event]]:
        events: list[Event] = []
        for key, o in sorted(orders.items(), key=lambda kv: state["order"].index(kv[0].split(":", 1)[1])):
            if isinstance(o, Orders) and o.sacrifice is not None:
                state["players"][key.split(":", 1)[1]]["sacrifice"] = list(o.sacrifice)
        pending = state.get("pending")
        state["pending"] = None
        if pending is None:
            seat = state["active"]
            turn_orders = orders.get(f"turn:{seat}")
            if not isinstance(turn_orders, Orders):
                turn_orders = Orders()
            pending = self._play_turn(state, seat, turn_orders, dice, events)
            if pending is not None:
                state["pending"] = pending
        elif pending["kind"] == "immunity":
            answer = orders.get(f"immunity:{pending['defender']}")
            choice = answer.answer if isinstance(answer, Orders) and answer.answer else "cancel"
            if choice == "cancel":
                events.append(
                    Event(f"{pending['defender']} invokes Immunity: the attack is cancelled.", "immunity")
                )
            else:
                events.append(Event(f"{pending['defender']} lets the attack go ahead.", "immunity"))
                T.battle(state, pending, dice, events)
        else:
            ballots = {}
            for seat in state["order"]:
                ballot = orders.get(f"vote:{seat}")
                if isinstance(ballot, Orders) and ballot.answer:
                    ballots[seat] = ballot.answer
            T.count_vote(state, pending, ballots, events)
        if state["pending"] is None:
            self._end_turn(state, events)
        if not self._check_victory(state, events):
            self._check_round_limit(state, events)
        state["label"] = self.label(state)
        return state, events

    def _play_turn(
        self, state: State, seat: str, orders: Orders, dice: Dice, events: list[Event]
    ) -> dict[str, Any] | None:
        """The three phases in order: Construction, Management, Conquest or Vote."""
        ctx = T.TurnContext(state, seat, dice, events, skip_idle_rounds=self.skip_idle_rounds)
        events.append(Event(f"{self.label(state)}: {seat} plays.", "turn", {"seat": seat}))
        T.construction_phase(ctx, orders.construction)
        if self._check_victory(state, events):
            return None
        T.management_phase(ctx, orders.management)
        if self._check_victory(state, events):
            return None
        return T.conquest_or_vote_phase(ctx, orders)

    def _end_turn(self, state: State, events: list[Event]) -> None:
        """The next player plays (the same one again after a Wormhole)."""
        for player in state["players"].values():
            for planet in player["planets"]:
                planet["fresh"] = False
            E.sort_dice(player)
        state["turns"] += 1
        if state.get("again"):
            state["again"] = False
            return
        order = state["order"]
        index = (order.index(state["active"]) + 1) % len(order)
        if index == 0:
            state["round"] += 1
        state["active"] = order[index]

    def _check_victory(self, state: State, events: list[Event]) -> bool:
        """Conditions de victoire, checked after every step: one player can hold every galaxy planet."""
        if state.get("over"):
            return True
        n = len(state["order"])
        start = state["order"].index(state["active"])
        for k in range(n):
            seat = state["order"][(start + k) % n]
            if E.is_victorious(state["players"][seat], n):
                outcome = Outcome((seat,), f"{n + 1} planets, home included, all on Influence or Resource")
                state["over"] = outcome.to_json()
                state["pending"] = None
                events.append(Event(f"The game is over: {outcome}.", "end"))
                return True
        return False

    def _check_round_limit(self, state: State, events: list[Event]) -> None:
        limit = state["options"].get("round-limit", 0)
        if not limit or state["round"] <= limit or state.get("pending"):
            return
        players = state["players"]
        best = max(E.planet_count(p) for p in players.values())
        winners = tuple(s for s in state["order"] if E.planet_count(players[s]) == best)
        outcome = Outcome(winners, f"round limit {limit} reached (club rule): most planets ({best})")
        state["over"] = outcome.to_json()
        events.append(Event(f"The game is over: {outcome}.", "end"))

    def outcome(self, state: State) -> Outcome | None:
        over = state.get("over")
        return Outcome.from_json(over) if over else None

    # -- the referee's way out of a stalled game ---------------------------------------------------------
    def parse_adjustment(self, text: str) -> dict[str, Any]:
        """A referee's adjustment: ``round-limit = N`` (0: none) or ``end = true``, and a ``note``.

        The book has no end but victory; a table whose game has stalled (see orders/planet-masters.md)
        limits it by this recorded step, which ``pbem verify`` replays like a turn.
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise AdjustmentError(f"not a TOML file: {exc}") from None
        unknown = sorted(set(data) - {"round-limit", "end", "note"})
        if unknown:
            raise AdjustmentError(f"unknown key {unknown[0][:30]!r}: write round-limit = N, end = true, note")
        note = data.get("note", "")
        if not isinstance(note, str) or len(note) > 500:
            raise AdjustmentError("note must be a text of at most 500 characters")
        end = data.get("end", False)
        if not isinstance(end, bool):
            raise AdjustmentError("end must be true or false")
        limit = data.get("round-limit")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
            raise AdjustmentError("round-limit must be a whole number of rounds, 0 for none")
        if end == (limit is not None):
            raise AdjustmentError("write exactly one of round-limit = N and end = true")
        return {"round-limit": limit, "end": end, "note": note}

    def adjust(self, state: State, adjustment: dict[str, Any]) -> tuple[State, list[Event]]:
        """Set the game's round limit; ``end`` ends it when the player turn under way is over."""
        if state.get("over"):
            raise AdjustmentError("the game is over")
        events: list[Event] = []
        note = str(adjustment.get("note") or "")
        if note:
            events.append(Event(f"Referee's note: {note}", "note"))
        if adjustment.get("end"):
            limit = state["round"] - 1
            if limit == 0:
                raise AdjustmentError("the first round is not over: a game cannot end before round 1 ends")
            events.append(
                Event(
                    f"The referee ends the game (club rule, not the book's): when {state['active']}'s turn"
                    " is over, the most planets win.",
                    "round-limit",
                    {"round-limit": limit},
                )
            )
        else:
            limit = int(adjustment["round-limit"])
            if limit and limit < state["round"]:
                raise AdjustmentError(
                    f"round {state['round']} is under way: a limit must be {state['round']} or more"
                    " (end = true ends the game after the turn under way)"
                )
            events.append(
                Event(
                    f"The referee sets the round limit to {limit} (club rule, not the book's): "
                    + (f"after round {limit} the most planets win." if limit else "no limit."),
                    "round-limit",
                    {"round-limit": limit},
                )
            )
        state["options"]["round-limit"] = limit
        return state, events

    # -- bots and boards ------------------------------------------------------------------------------
    def bot(self, state: State, request: OrderRequest, rng: random.Random) -> str:
        from adjudicator.games.planet_masters.bot import bot_orders

        return bot_orders(state, request, rng)

    def board_text(self, view: State, lang: Language = ENGLISH) -> str:
        from adjudicator.games.planet_masters.board import board_text_in

        return board_text_in(view, lang)

    def board_svg(self, view: State, lang: Language = ENGLISH) -> str | None:
        from adjudicator.games.planet_masters.svg import board_svg

        return board_svg(view, lang)
