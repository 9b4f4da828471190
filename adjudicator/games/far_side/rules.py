"""Master & Commander: Far Side of the World, as a ruleset.

Each engine turn is one player's game turn of the book's TURN SEQUENCE (see
:mod:`adjudicator.games.far_side.turn` and :mod:`~adjudicator.games.far_side.combat`),
or one sealed moment of it:

* ``drift:<enemy>`` (required) before the turn, when the enemy's standing order is
  ``drift ask`` and engagement tokens are in play: his choice of your ship to drift;
* ``turn:<seat>``, the player's whole turn, written knowing the wind published the turn
  before (:mod:`~adjudicator.games.far_side.wind`), with the enemy's optional
  ``standing:<enemy>`` (drift, and how his ships fire during your turn);
* ``continue:<seat>`` when a sail ordered with ``if move > path: ask`` has MOVE left;
* with option ``reactions=live``, after your movement when a fight is possible, one sealed round
  of two requests: ``attack:<seat>`` (your attacks, grapples and repels) and ``reaction:<enemy>``
  (how his ships fire this round), each asked of a side with a ship in range; neither is
  written knowing the other ("all attacks are simultaneous").
"""

from __future__ import annotations

import random
import re
import tomllib
from dataclasses import replace
from importlib.resources import files
from typing import Any, ClassVar

from adjudicator.games.base import (
    HELP_HINT,
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
from adjudicator.games.far_side import board as B
from adjudicator.games.far_side.glossary import GLOSSARY
from adjudicator.games.far_side.legality import check_orders
from adjudicator.games.far_side.orders import ORDER_FORMS, Orders, canonical, parse_orders, say, say_form
from adjudicator.games.far_side.ships import new_ship
from adjudicator.games.far_side.texts import EVENTS, LABELS, PROBLEMS, PROMPTS, REASONS, said
from adjudicator.games.far_side.turn import drift_before_the_turn, run_turn
from adjudicator.games.far_side.wind import roll_wind, wind_text
from adjudicator.games.language import ENGLISH, N_, Glossary, Language

State = dict[str, Any]


def load_fleet() -> list[dict[str, int]]:
    """The starting ships (data/fleets.toml, project data)."""
    text = files("adjudicator.games.far_side").joinpath("data/fleets.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)["ship"]


def new_standing() -> dict[str, Any]:
    """Standing orders at the start: ignore drift, return fire, no ship holds, no priorities."""
    return {"drift": [], "fire": "return", "hold": [], "priority": {}}


def _kind(request: OrderRequest | str) -> str:
    key = request if isinstance(request, str) else request.key
    return key.split(":", 1)[0]


def _kind_order(key: str) -> tuple[int, str]:
    """Standing orders of the optional request first, then the lines of the other emails:
    a seat's own turn email has the last word (never the order in which emails arrived)."""
    return (0 if _kind(key) == "standing" else 1, key)


class FarSide(BaseRuleset):
    """Two players, British and French, 8 ships each on an 8x8 board, 28 steps a turn."""

    name: ClassVar[str] = "far-side"
    title: ClassVar[str] = N_("Master & Commander: Far Side of the World")
    # 2: wind published the turn before, gusts per MOVE, step 12 rams; 3: events rolled at
    # resolution, a kedge keeps the events, must sail past a ram that cannot be made and a drift,
    # repairs cut (not dropped) by an event, the live round asks the attacks with the reaction
    version: ClassVar[str] = "3"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    has_hidden_information: ClassVar[bool] = False
    glossary: ClassVar[Glossary] = GLOSSARY
    options: ClassVar[dict[str, tuple[str, str]]] = {
        "first": (
            "british",
            "the side that plays first (INITIATIVE: the youngest player): british or french",
        ),
        "ram-opens": (
            "no",
            "house rule, not the book: yes lets a ram hit a ship without an engagement token"
            " (the book's step 12 allows that only to a ship with the weather gage)",
        ),
        "reactions": (
            "standing",
            "standing: the enemy's fire during your turn follows his standing fire orders;"
            " live: after your movement he is asked, in a short sealed request, how his ships fire",
        ),
        "max-turns": (
            "600",
            "a safety net: after this many player turns the game ends and the victory rule decides"
            " (0 = no limit)",
        ),
    }

    # -- options and seats ---------------------------------------------------
    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]:
        opts = super().parse_options(raw)
        first = str(opts["first"]).strip().lower()
        if first not in B.SIDES:
            raise OptionError(f"option first={opts['first']!r} is not valid; valid: british, french")
        try:
            limit = int(str(opts["max-turns"]).strip())
        except ValueError:
            raise OptionError(
                f"option max-turns={opts['max-turns']!r} is not a whole number (0 = no limit)"
            ) from None
        if limit < 0:
            raise OptionError("option max-turns must be 0 (no limit) or more")
        ram = str(opts["ram-opens"]).strip().lower()
        if ram not in ("yes", "no", "true", "false"):
            raise OptionError(f"option ram-opens={opts['ram-opens']!r} is not valid; valid: yes, no")
        reactions = str(opts["reactions"]).strip().lower()
        if reactions not in ("standing", "live"):
            raise OptionError(f"option reactions={opts['reactions']!r} is not valid; valid: standing, live")
        return {
            "first": first,
            "max-turns": limit,
            "ram-opens": ram in ("yes", "true"),
            "reactions": reactions,
        }

    def seat_names(self, options: dict[str, Any]) -> list[str]:
        return list(B.SIDES)

    # -- setup -----------------------------------------------------------------
    def setup(self, options: dict[str, Any], seats: list[str], dice: Dice) -> State:
        """GAME BOARD SETUP: British on rank 8, French on rank 1, ship n on file n."""
        options = (
            self.parse_options({k: str(v) for k, v in options.items()}) if options else self.parse_options({})
        )
        ships: dict[str, Any] = {}
        for side in B.SIDES:
            for entry in load_fleet():
                number = int(entry["number"])
                square = B.name(number - 1, B.HOME_Y[side])
                ship = new_ship(side, number, int(entry["class"]), square)
                ships[ship["id"]] = ship
        state: State = {
            "game": self.name,
            "options": options,
            "turn": 1,
            "active": options["first"],
            "ships": ships,
            "tally": {side: {"captured": 0, "sunk": 0} for side in B.SIDES},
            "standing": {side: new_standing() for side in B.SIDES},
            "drifted": None,
            "grapples": [],
            "pending": None,
            "over": None,
        }
        # 2 WIND of the first turn, from the setup seed (every later wind: at the close of the turn before)
        state["wind"] = roll_wind(dice, 1, options["first"])
        state["label"] = self.label(state)
        return state

    # -- requests and labels -------------------------------------------------
    def label(self, state: State) -> str:
        text = f"Turn {state['turn']}, {state['active'].capitalize()}"
        pending = state.get("pending") or {}
        stage = pending.get("stage")
        if stage == "continue":
            text += ": the rest of the sail"
        elif stage == "reaction" and not (pending.get("round") or {"reaction": True}).get("reaction"):
            text += f": the {state['active'].capitalize()} attacks"
        elif stage == "reaction":
            text += f": the {B.enemy_of(state['active']).capitalize()} reaction"
        elif self._drift_owed(state):
            text += f": the {B.enemy_of(state['active']).capitalize()} choice of drift"
        return text

    @staticmethod
    def _drift_owed(state: State) -> bool:
        """1 DRIFT & TIDES when the enemy's standing order is ``drift ask``: he is asked before the turn."""
        enemy = B.enemy_of(state["active"])
        return (
            state["standing"][enemy]["drift"] == "ask"
            and B.engagement_in_play(state)
            and state.get("drifted") != state["turn"]
            and not state.get("pending")
        )

    def default_turn(self, state: State) -> str:
        """A missing turn: anchor, fire at will, and try to repel every grappled ship (with
        ``reactions=live`` the attacks are asked after the movement: the turn is ``anchor``)."""
        if state["options"].get("reactions") == "live":
            return "anchor\n"
        return "anchor\n" + self.default_attacks(state)

    @staticmethod
    def default_attacks(state: State) -> str:
        """Missing attacks: fire at will, and try to repel every grappled ship."""
        seat = state["active"]
        grappled = sorted({b for _, b in state["grapples"] if state["ships"][b]["side"] == seat})
        return "\n".join(["fire at will", *(f"repel {b}" for b in grappled)]) + "\n"

    def requests(self, state: State) -> list[OrderRequest]:
        if self.outcome(state) is not None:
            return []
        seat = state["active"]
        enemy = B.enemy_of(seat)
        label = self.label(state)
        standing = OrderRequest(
            key=f"standing:{enemy}",
            seat=enemy,
            kind="standing",
            label=f"{label} (standing orders of the {enemy.capitalize()})",
            default="",
            prompt=(
                "Optional: change your standing orders "
                f"(drift ignore | drift ask | drift {B.PREFIX[seat]}3 {B.PREFIX[seat]}5;"
                f" return fire | hold fire | fire at will; hold fire {B.PREFIX[enemy]}3;"
                f" priority {B.PREFIX[enemy]}3 {B.PREFIX[seat]}4 {B.PREFIX[seat]}2)."
            ),
            optional=True,
        )
        pending = state.get("pending") or {}
        if pending.get("stage") == "reaction":
            asked = pending.get("round") or {"attack": False, "reaction": True}
            attack = OrderRequest(
                key=f"attack:{seat}",
                seat=seat,
                kind="attack",
                label=label,
                default=self.default_attacks(state),
                prompt=(
                    "Your ships have moved (see the board). Your attacks this round, sealed with the"
                    f" {enemy.capitalize()} reaction: fire {B.PREFIX[seat]}3 at {B.PREFIX[enemy]}2 |"
                    f" fire {B.PREFIX[seat]}3 at nearest | fire at will; grapple {B.PREFIX[seat]}3 at"
                    f" {B.PREFIX[enemy]}2; repel {B.PREFIX[seat]}4. Nothing sent: fire at will, and every"
                    " grappled ship repels."
                ),
            )
            return [attack] * bool(asked.get("attack")) + [
                OrderRequest(
                    key=f"reaction:{enemy}",
                    seat=enemy,
                    kind="reaction",
                    label=label,
                    default="",
                    prompt=(
                        f"The {seat.capitalize()} have moved (see the board). How do your ships fire this"
                        f" round? fire {B.PREFIX[enemy]}3 at {B.PREFIX[seat]}2 | fire {B.PREFIX[enemy]}3 at"
                        f" nearest | hold fire {B.PREFIX[enemy]}3 | fire at will | return fire | hold fire."
                        " Nothing sent: your standing fire orders apply."
                    ),
                )
            ] * bool(asked.get("reaction"))
        if self._drift_owed(state):
            mine = " ".join(s["id"] for s in B.afloat(state, seat))
            return [
                OrderRequest(
                    key=f"drift:{enemy}",
                    seat=enemy,
                    kind="drift",
                    label=label,
                    default="drift ignore\n",
                    prompt=(
                        f"1 Drift & Tides: select one {seat.capitalize()} ship to drift ({mine}),"
                        " or 'drift ignore'. Nothing sent: drift is ignored."
                    ),
                )
            ]
        if pending:
            ask = OrderRequest(
                key=f"continue:{seat}",
                seat=seat,
                kind="continue",
                label=label,
                default="continue straight\n",
                prompt=(
                    f"{pending['chain'][0]} is at {state['ships'][pending['chain'][0]]['square']} with "
                    f"{pending['move_left']} MOVE left: "
                    "'continue <squares> [dock]' or 'continue straight' (a ship sails its whole MOVE)."
                ),
            )
            return [ask, standing]
        turn = OrderRequest(
            key=f"turn:{seat}",
            seat=seat,
            kind="turn",
            label=label,
            default=self.default_turn(state),
            prompt="Your whole turn: movement (anchor, kedge or sail), repairs, attacks, grapple and repel.",
        )
        return [turn, standing]

    def order_forms(self, request: OrderRequest, lang: Language = ENGLISH) -> tuple[OrderForm, ...]:
        """The forms of ``request``, their examples in the seat's own ship letters, said in ``lang``."""
        forms = forms_for(ORDER_FORMS, _kind(request))
        if request.seat != "british":
            swap = str.maketrans("BF", "FB")
            forms = tuple(
                replace(f, example=re.sub(r"\b[BF]\d", lambda m: m[0].translate(swap), f.example))
                for f in forms
            )
        return tuple(say_form(f, lang) for f in forms)

    def event_text(self, event: Event, lang: Language) -> str:
        """An event in ``lang``, from its English text's shape (the record keeps the English)."""
        return said(event.text, lang, EVENTS)

    def prompt_text(self, request: OrderRequest, lang: Language) -> str:
        return said(request.prompt, lang, PROMPTS)

    def label_text(self, label: str, lang: Language) -> str:
        return said(label, lang, LABELS)

    def problem_text(self, problem: Problem, lang: Language) -> str:
        """A problem in ``lang`` (the rule keeps the book's English name of its section)."""
        message, suggestion = said(problem.message, lang, PROBLEMS), said(problem.suggestion, lang, PROBLEMS)
        return problem_text(problem, lang, message, suggestion)

    def outcome_text(self, outcome: Outcome, lang: Language) -> str:
        if lang.code == "en":
            return super().outcome_text(outcome, lang)
        winners = tuple(self.glossary.word(w, lang, 2) if w in B.SIDES else w for w in outcome.winners)
        return outcome_text(replace(outcome, winners=winners), lang, said(outcome.reason, lang, REASONS))

    def canonical_text(self, request: OrderRequest, canonical: str, lang: Language) -> str:
        """The canonical (English) order text with its order words in ``lang``; it parses back to
        the same canonical text."""
        return say(canonical, lang)

    # -- orders -------------------------------------------------------------------
    def parse(self, request: OrderRequest, text: str) -> Parsed:
        return parse_orders(request.seat, _kind(request), text)

    def check(self, state: State, request: OrderRequest, orders: Any) -> list[Problem]:
        if not isinstance(orders, Orders):
            return [Problem(None, "invalid", "no orders understood", HELP_HINT)]
        if _kind(request) in ("turn", "continue", "attack") and request.seat != state["active"]:
            return [
                Problem(
                    None, "illegal", f"it is not the {request.seat.capitalize()} turn", "wait for your turn"
                )
            ]
        if _kind(request) in ("drift", "reaction") and request.seat == state["active"]:
            return [
                Problem(
                    None, "illegal", f"it is not the {request.seat.capitalize()} turn", "wait for your turn"
                )
            ]
        return check_orders(state, request.seat, _kind(request), orders)

    def canonical(self, request: OrderRequest, orders: Any) -> str:
        return canonical(request.seat, _kind(request), orders)

    # -- resolution --------------------------------------------------------------------
    def resolve(self, state: State, orders: dict[str, Any], dice: Dice) -> tuple[State, list[Event]]:
        seat, enemy = state["active"], B.enemy_of(state["active"])
        events: list[Event] = []
        drift_owed = self._drift_owed(state)
        for key, o in sorted(orders.items(), key=lambda item: _kind_order(item[0])):
            if isinstance(o, Orders) and _kind(key) != "reaction":
                self._apply_standing(state, key.split(":", 1)[1], o, events, drift=_kind(key) != "drift")
        pending = state.get("pending")
        if drift_owed:
            chosen = orders.get(f"drift:{enemy}")
            drift = chosen.standing.drift if isinstance(chosen, Orders) else None
            events.extend(drift_before_the_turn(state, dice, drift or []))
            state["drifted"] = state["turn"]
            state["label"] = self.label(state)
            return state, events
        if pending and pending.get("stage") == "reaction":
            ctx = pending
            reaction = orders.get(f"reaction:{enemy}")
            ctx["reaction_text"] = (
                canonical(enemy, "reaction", reaction) if isinstance(reaction, Orders) else ""
            )
            if (ctx.get("round") or {}).get("attack"):
                attack = orders.get(f"attack:{seat}")
                if not isinstance(attack, Orders):
                    attack = parse_orders(seat, "attack", self.default_attacks(state)).orders
                ctx["attack_text"] = canonical(seat, "attack", attack)
        elif pending:
            ctx = pending
            cont = orders.get(f"continue:{seat}")
            ctx["continue_text"] = canonical(seat, "continue", cont) if isinstance(cont, Orders) else ""
        else:
            turn_orders = orders.get(f"turn:{seat}")
            if not isinstance(turn_orders, Orders):
                turn_orders = parse_orders(seat, "turn", self.default_turn(state)).orders
            ctx = {"seat": seat, "orders_text": canonical(seat, "turn", turn_orders)}
        turn, finished = run_turn(state, dice, ctx)
        events.extend(turn.events)
        if not finished:
            state["pending"] = ctx
            state["label"] = self.label(state)
            return state, events
        state["pending"] = None
        outcome = self._end_check(state)
        if outcome is not None:
            state["over"] = outcome.to_json()
            events.append(Event(f"The game is over: {outcome}.", "end"))
            state["label"] = self.label(state)
            return state, events
        state["turn"] += 1
        state["active"] = B.enemy_of(seat)
        state["label"] = self.label(state)
        self._publish_next_wind(state, dice, events)
        return state, events

    @staticmethod
    def _publish_next_wind(state: State, dice: Dice, events: list[Event]) -> None:
        """2 WIND of the next player's turn, rolled now from this turn's seed (fixed only after every
        order of this turn was sealed) and published, so that he writes his orders knowing it."""
        state["wind"] = roll_wind(dice, state["turn"], state["active"])
        events.append(Event(wind_text(state["wind"]), "wind", {"wind": state["wind"]}))

    def _apply_standing(
        self, state: State, seat: str, o: Orders, events: list[Event], *, drift: bool = True
    ) -> None:
        """Standing orders from any email; an answer to a drift request is not a standing order."""
        standing = state["standing"][seat]
        standing.setdefault("hold", [])  # states of version 1 had only drift and fire
        standing.setdefault("priority", {})
        if drift and o.standing.drift_ask and standing["drift"] != "ask":
            standing["drift"] = "ask"
            events.append(Event(f"The {seat.capitalize()} standing orders now: drift ask.", "standing"))
        if o.standing.hold is not None and o.standing.hold != standing["hold"]:
            standing["hold"] = list(o.standing.hold)
            what = ", ".join(B.ship_id(seat, n) for n in o.standing.hold) or "no ship"
            events.append(
                Event(f"The {seat.capitalize()} standing orders now: {what} hold fire.", "standing")
            )
        for number, targets in sorted(o.standing.priority.items()):
            if standing["priority"].get(str(number)) != targets:
                standing["priority"][str(number)] = list(targets)
                listed = ", ".join(B.ship_id(B.enemy_of(seat), t) for t in targets) or "none"
                events.append(
                    Event(
                        f"The {seat.capitalize()} standing orders now: {B.ship_id(seat, number)} fires at"
                        f" {listed} first.",
                        "standing",
                    )
                )
        if drift and o.standing.drift is not None and o.standing.drift != standing["drift"]:
            standing["drift"] = list(o.standing.drift)
            enemy = B.enemy_of(seat)
            what = (
                "ignore drift"
                if not o.standing.drift
                else "drift " + ", ".join(B.ship_id(enemy, n) for n in o.standing.drift)
            )
            events.append(Event(f"The {seat.capitalize()} standing orders now: {what}.", "standing"))
        if o.standing.fire is not None and o.standing.fire != standing["fire"]:
            standing["fire"] = o.standing.fire
            what = "fire at will" if o.standing.fire == "will" else f"{o.standing.fire} fire"
            events.append(Event(f"The {seat.capitalize()} standing orders now: {what}.", "standing"))

    # -- the end --------------------------------------------------------------------------
    def _end_check(self, state: State) -> Outcome | None:
        """END OF GAME: no ships left to capture or sink (one side has no ship on the board)."""
        if any(not B.afloat(state, side) for side in B.SIDES):
            return self._victory(state, "no ships left to capture or sink")
        limit = state["options"].get("max-turns", 0)
        if limit and state["turn"] >= limit:
            return self._victory(state, f"turn limit of {limit} player turns reached (option max-turns)")
        return None

    @staticmethod
    def _victory(state: State, why: str) -> Outcome:
        """VICTORY: the most captured ships; if tied, the most ships sunk; else a draw."""
        t = state["tally"]
        b, f = t["british"], t["french"]
        if b["captured"] != f["captured"]:
            winner = "british" if b["captured"] > f["captured"] else "french"
            most, fewer = sorted((b["captured"], f["captured"]), reverse=True)
            return Outcome((winner,), f"{why}; most ships captured ({most} to {fewer})")
        if b["sunk"] != f["sunk"]:
            winner = "british" if b["sunk"] > f["sunk"] else "french"
            most, fewer = sorted((b["sunk"], f["sunk"]), reverse=True)
            return Outcome(
                (winner,), f"{why}; captures tied at {b['captured']}, most ships sunk ({most} to {fewer})"
            )
        return Outcome((), f"{why}; captures ({b['captured']}) and sinkings ({b['sunk']}) tied")

    def outcome(self, state: State) -> Outcome | None:
        over = state.get("over")
        return Outcome.from_json(over) if over else None

    # -- views ------------------------------------------------------------------------------
    def view(self, state: State, seat: str | None) -> State:
        return state

    def bot(self, state: State, request: OrderRequest, rng: random.Random) -> str:
        from adjudicator.games.far_side.bot import bot_orders

        return bot_orders(self, state, request, rng)

    def board_text(self, view: State, lang: Language = ENGLISH) -> str:
        return B.board_text(view, lang)

    def board_svg(self, view: State, lang: Language = ENGLISH) -> str | None:
        from adjudicator.games.far_side.svg import board_svg

        return board_svg(view, lang)
