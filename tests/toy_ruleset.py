"""A tiny game used only by the engine's tests (not shipped): "Closest Guess".

Each turn every seat writes ``guess N`` (1..6). A d6 keyed ``target`` is
rolled; every seat whose guess is closest scores a point. First to
``points`` (option, default 3) wins; a missed turn defaults to ``pass``.
It has hidden information in one place: ``secret N`` lines are kept in the
seat's private notes and shown only to that seat.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from adjudicator.games.base import BaseRuleset, Event, OptionError, OrderRequest, Outcome, Parsed, Problem
from adjudicator.games.dice import Dice

LINE = re.compile(r"^(guess|secret)\s+(\S+)$")


class ClosestGuess(BaseRuleset):
    name: ClassVar[str] = "toy-guess"
    title: ClassVar[str] = "Closest Guess (test game)"
    version: ClassVar[str] = "1"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    has_hidden_information: ClassVar[bool] = True
    options: ClassVar[dict[str, tuple[str, str]]] = {
        "seats": ("2", "number of seats, 2 to 4"),
        "points": ("3", "points needed to win"),
    }

    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]:
        options = super().parse_options(raw)
        try:
            seats, points = int(options["seats"]), int(options["points"])
        except ValueError as exc:
            raise OptionError("seats and points must be whole numbers") from exc
        if not 2 <= seats <= 4:
            raise OptionError("seats must be 2, 3 or 4")
        return {"seats": seats, "points": points}

    def seat_names(self, options: dict[str, Any]) -> list[str]:
        return ["north", "south", "east", "west"][: options["seats"]]

    def setup(self, options: dict[str, Any], seats: list[str], dice: Dice) -> dict[str, Any]:
        order = dice.shuffle(seats, "setup:order")
        return {
            "round": 1,
            "points": options["points"],
            "order": order,
            "score": dict.fromkeys(seats, 0),
            "notes": {s: [] for s in seats},
        }

    def requests(self, state: dict[str, Any]) -> list[OrderRequest]:
        return [
            OrderRequest(
                key=f"guess:{s}",
                seat=s,
                label=f"Round {state['round']}, {s}",
                default="pass",
                prompt="write: guess N (1 to 6)",
            )
            for s in state["order"]
        ]

    def label(self, state: dict[str, Any]) -> str:
        return f"Round {state['round']}"

    def parse(self, request: OrderRequest, text: str) -> Parsed:
        guess: int | None = None
        secrets: list[str] = []
        problems: list[Problem] = []
        lines: list[tuple[int, str]] = []
        for number, raw in enumerate(text.split("\n"), start=1):
            line = raw.strip().lower()
            if not line or line.startswith("#"):
                continue
            if line == "pass":
                lines.append((number, "pass"))
                continue
            match = LINE.match(line)
            if not match:
                problems.append(
                    Problem(
                        number,
                        "invalid",
                        f"cannot read {raw.strip()[:40]!r}",
                        "write 'guess N' with N from 1 to 6, or 'pass'",
                    )
                )
                continue
            word, value = match.groups()
            if word == "secret":
                secrets.append(value[:20])
                lines.append((number, f"secret {value[:20]}"))
                continue
            if not value.isdecimal() or not 1 <= int(value) <= 6:
                problems.append(Problem(number, "invalid", f"a guess must be 1 to 6, not {value[:10]!r}"))
                continue
            if guess is not None:
                problems.append(Problem(number, "illegal", "only one guess per round"))
                continue
            guess = int(value)
            lines.append((number, f"guess {guess}"))
        return Parsed({"guess": guess, "secrets": secrets}, problems, lines)

    def canonical(self, request: OrderRequest, orders: Any) -> str:
        out = [f"secret {s}" for s in orders["secrets"]]
        out.append(f"guess {orders['guess']}" if orders["guess"] is not None else "pass")
        return "\n".join(out)

    def resolve(self, state: dict[str, Any], orders: dict[str, Any], dice: Dice) -> tuple[dict, list[Event]]:
        target = dice.d6("target")
        events = [Event(f"The target is {target}.", "target", {"value": target})]
        guesses = {}
        for key, o in orders.items():
            seat = key.split(":", 1)[1]
            state["notes"][seat].extend(o["secrets"])
            if o["secrets"]:
                events.append(Event(f"{seat} noted {len(o['secrets'])} secret(s).", "note", seats=(seat,)))
            if o["guess"] is not None:
                guesses[seat] = o["guess"]
        if guesses:
            best = min(abs(g - target) for g in guesses.values())
            for seat in sorted(guesses):
                if abs(guesses[seat] - target) == best:
                    state["score"][seat] += 1
                    events.append(Event(f"{seat} guessed {guesses[seat]} and scores.", "score"))
        state["round"] += 1
        return state, events

    def view(self, state: dict[str, Any], seat: str | None) -> dict[str, Any]:
        shown = dict(state)
        shown["notes"] = {s: (n if s == seat else len(n)) for s, n in state["notes"].items()}
        return shown

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        top = max(state["score"].values())
        if top >= state["points"]:
            return Outcome(
                tuple(sorted(s for s, v in state["score"].items() if v == top)), "reached the points"
            )
        return None

    def bot(self, state: dict[str, Any], request: OrderRequest, rng: random.Random) -> str:
        return f"guess {rng.randint(1, 6)}"

    def private_text(self, view: dict[str, Any]) -> str:
        """The seat's own notes (the only list among them: the others' are counts)."""
        mine = [n for notes in view["notes"].values() if isinstance(notes, list) for n in notes]
        return f"Your private notes: {', '.join(mine)}" if mine else ""

    def board_text(self, view: dict[str, Any]) -> str:
        return "\n".join(f"{s:>6}: {'*' * v}" for s, v in view["score"].items())

    def board_svg(self, view: dict[str, Any]) -> str | None:
        """A scoreboard: one bar per seat (built with xml.etree, so every text is escaped)."""
        import xml.etree.ElementTree as ET

        seats = list(view["score"])
        svg = ET.Element(
            "svg",
            xmlns="http://www.w3.org/2000/svg",
            width="240",
            height=str(30 + 24 * len(seats)),
            viewBox=f"0 0 240 {30 + 24 * len(seats)}",
        )
        ET.SubElement(
            svg, "rect", x="0", y="0", width="240", height=str(30 + 24 * len(seats)), fill="#f4efe1"
        )
        title = ET.SubElement(svg, "text", x="8", y="18", fill="#222")
        title.set("font-size", "13")
        title.text = f"Round {view['round']}, first to {view['points']}"
        for i, seat in enumerate(seats):
            y = 28 + 24 * i
            label = ET.SubElement(svg, "text", x="8", y=str(y + 15), fill="#222")
            label.set("font-size", "12")
            label.text = seat
            width = 20 * int(view["score"][seat]) + 2
            ET.SubElement(svg, "rect", x="70", y=str(y + 3), width=str(width), height="14", fill="#7a3b2e")
        return ET.tostring(svg, encoding="unicode")
