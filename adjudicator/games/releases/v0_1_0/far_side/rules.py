"""Master & Commander: Far Side of the World, as a ruleset.

Each engine turn is one player's game turn of the book's TURN SEQUENCE (see
:mod:`adjudicator.games.releases.v0_1_0.far_side.turn` and :mod:`~adjudicator.games.releases.v0_1_0.far_side.combat`).
The player in turn owes ``turn:<seat>``; the enemy may change his standing
orders (``standing:<seat>``, optional) which decide the drift of your ships and
his return fire. When a sail was ordered with ``if move > path: ask`` and the
wind gave more MOVE than the path, the next request is ``continue:<seat>``.
"""

from __future__ import annotations

import random
import tomllib
from importlib.resources import files
from typing import Any, ClassVar

from adjudicator.games.releases.v0_1_0.dice import Dice
from adjudicator.games.releases.v0_1_0.base import BaseRuleset, Event, OptionError, OrderRequest, Outcome, Parsed, Problem
from adjudicator.games.releases.v0_1_0.far_side import board as B
from adjudicator.games.releases.v0_1_0.far_side.legality import check_orders
from adjudicator.games.releases.v0_1_0.far_side.orders import Orders, canonical, parse_orders
from adjudicator.games.releases.v0_1_0.far_side.ships import new_ship
from adjudicator.games.releases.v0_1_0.far_side.turn import run_turn

State = dict[str, Any]


def load_fleet() -> list[dict[str, int]]:
    """The starting ships (data/fleets.toml, project data)."""
    text = files("adjudicator.games.releases.v0_1_0.far_side").joinpath("data/fleets.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)["ship"]


def _kind(request: OrderRequest) -> str:
    return request.key.split(":", 1)[0]


class FarSide(BaseRuleset):
    """Two players, British and French, 8 ships each on an 8x8 board, 28 steps a turn."""

    name: ClassVar[str] = "far-side"
    title: ClassVar[str] = "Master & Commander: Far Side of the World"
    version: ClassVar[str] = "1"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    has_hidden_information: ClassVar[bool] = False
    options: ClassVar[dict[str, tuple[str, str]]] = {
        "first": (
            "british",
            "the side that plays first (INITIATIVE: the youngest player): british or french",
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
        return {"first": first, "max-turns": limit}

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
            "standing": {side: {"drift": [], "fire": "return"} for side in B.SIDES},
            "grapples": [],
            "pending": None,
            "over": None,
        }
        state["label"] = self.label(state)
        return state

    # -- requests and labels -------------------------------------------------
    def label(self, state: State) -> str:
        text = f"Turn {state['turn']}, {state['active'].capitalize()}"
        if state.get("pending"):
            text += ": the rest of the sail"
        return text

    def default_turn(self, state: State) -> str:
        """A missing turn: anchor, fire at will, and try to repel every grappled ship."""
        seat = state["active"]
        lines = ["anchor", "fire at will"]
        grappled = sorted({b for _, b in state["grapples"] if state["ships"][b]["side"] == seat})
        lines += [f"repel {b}" for b in grappled]
        return "\n".join(lines) + "\n"

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
                f"(drift ignore | drift {B.PREFIX[seat]}3 {B.PREFIX[seat]}5; return fire | hold fire)."
            ),
            optional=True,
        )
        if state.get("pending"):
            pending = state["pending"]
            ask = OrderRequest(
                key=f"continue:{seat}",
                seat=seat,
                kind="continue",
                label=label,
                default="continue straight\n",
                prompt=(
                    f"{pending['chain'][0]} is at {state['ships'][pending['chain'][0]]['square']} with "
                    f"{pending['move_left']} MOVE left: "
                    "'continue <squares> [dock]', 'continue straight' or 'stop'."
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

    # -- orders -------------------------------------------------------------------
    def parse(self, request: OrderRequest, text: str) -> Parsed:
        return parse_orders(request.seat, _kind(request), text)

    def check(self, state: State, request: OrderRequest, orders: Any) -> list[Problem]:
        if not isinstance(orders, Orders):
            return [Problem(None, "invalid", "no orders understood", "see orders/far-side.md")]
        if _kind(request) in ("turn", "continue") and request.seat != state["active"]:
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
        seat = state["active"]
        events: list[Event] = []
        for key, o in orders.items():
            if isinstance(o, Orders):
                self._apply_standing(state, key.split(":", 1)[1], o, events)
        pending = state.get("pending")
        if pending:
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
        return state, events

    def _apply_standing(self, state: State, seat: str, o: Orders, events: list[Event]) -> None:
        standing = state["standing"][seat]
        if o.standing.drift is not None and o.standing.drift != standing["drift"]:
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
            events.append(
                Event(f"The {seat.capitalize()} standing orders now: {o.standing.fire} fire.", "standing")
            )

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
            return Outcome((winner,), f"{why}; most ships captured ({b['captured']} to {f['captured']})")
        if b["sunk"] != f["sunk"]:
            winner = "british" if b["sunk"] > f["sunk"] else "french"
            return Outcome(
                (winner,),
                f"{why}; captures tied at {b['captured']}, most ships sunk ({b['sunk']} to {f['sunk']})",
            )
        return Outcome((), f"{why}; captures ({b['captured']}) and sinkings ({b['sunk']}) tied")

    def outcome(self, state: State) -> Outcome | None:
        over = state.get("over")
        return Outcome.from_json(over) if over else None

    # -- views ------------------------------------------------------------------------------
    def view(self, state: State, seat: str | None) -> State:
        return state

    def bot(self, state: State, request: OrderRequest, rng: random.Random) -> str:
        from adjudicator.games.releases.v0_1_0.far_side.bot import bot_orders

        return bot_orders(self, state, request, rng)

    def board_text(self, view: State) -> str:
        return B.board_text(view)

    def board_svg(self, view: State) -> str | None:
        from adjudicator.games.releases.v0_1_0.far_side.svg import board_svg

        return board_svg(view)
