"""The Ruleset protocol and the value types shared by every game.

A ruleset is pure: no I/O, no clock, no database, no global random state.
Given the same state, orders and dice seed it returns the same result, so a
turn can be re-run years later to check it.

The engine talks to a ruleset only through :class:`Ruleset`:

=====================================  ==============================================
``seat_names(options)``                the seats a game with these options has
``parse_options(raw)``                 validated options (raises :class:`OptionError`)
``setup(options, seats, dice)``        the starting state (JSON-able ``dict``)
``requests(state)``                    who owes which orders now (:class:`OrderRequest`)
``label(state)``                       the turn's name in the game's own words
``parse(request, text)``               :class:`Parsed`: orders understood + problems
``check(state, request, orders)``      legality problems against the current state
``canonical(request, orders)``         the one text form of orders (what the receipt seals)
``resolve(state, orders, dice)``       ``(new state, [Event])``
``view(state, seat)``                  what that seat (or the public, ``None``) may see
``outcome(state)``                     ``None`` or an :class:`Outcome`
``bot(state, request, rng)``           legal order text, for demos, fuzzing and load tests
``board_text(view)``                   the board as text, for every text report
``board_svg(view)``                    the board as SVG, or ``None``
=====================================  ==============================================

States are plain JSON data (dicts, lists, str, int, float, bool, None): the
engine stores them as JSON and hands each call a fresh copy, so a ruleset may
mutate what it is given.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Protocol, runtime_checkable

from adjudicator.games.releases.v0_1_0.dice import Dice

State = dict[str, Any]
ProblemKind = Literal["invalid", "illegal", "ambiguous"]

#: The seat name under which the referee answers sealed requests (e.g. table battles).
REFEREE = "referee"


class OptionError(ValueError):
    """A game option is unknown or has a bad value; the message says what is valid."""


@dataclass(frozen=True)
class Problem:
    """Something wrong with one line of orders.

    ``kind`` follows python-chess: ``invalid`` (not well formed), ``illegal``
    (well formed, not allowed now), ``ambiguous`` (matches several things).
    ``line`` is 1-based within the submitted text, ``None`` for the whole text.

    >>> str(Problem(3, "invalid", "unknown province 'Galia'", "did you mean Gallia?"))
    "line 3: unknown province 'Galia' (did you mean Gallia?)"
    """

    line: int | None
    kind: ProblemKind
    message: str
    suggestion: str = ""
    rule: str = ""

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        hint = f" ({self.suggestion})" if self.suggestion else ""
        rule = f" [rule {self.rule}]" if self.rule else ""
        return f"{where}{self.message}{hint}{rule}"

    def to_json(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "kind": self.kind,
            "message": self.message,
            "suggestion": self.suggestion,
            "rule": self.rule,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Problem:
        return cls(
            data.get("line"), data["kind"], data["message"], data.get("suggestion", ""), data.get("rule", "")
        )


@dataclass(frozen=True)
class OrderRequest:
    """One sealed request of a turn: ``seat`` owes orders of this ``kind``.

    ``key`` is unique within the turn (``orders:rome``, ``bid:ana``). ``default``
    is the canonical order text a missing submission becomes (no-move-received
    handling); ``""`` means "no orders". ``deadline`` may shorten the game's
    deadline rule for this request (a duration such as ``"24h"``); the turn
    closes at the earliest request deadline. ``prompt`` tells the player what is
    asked, in a sentence. An ``optional`` request (standing orders a seat *may*
    change while another seat plays) never holds up an early close and never
    counts as a missed turn; its default simply applies.
    """

    key: str
    seat: str
    kind: str = "orders"
    label: str = ""
    default: str = ""
    prompt: str = ""
    deadline: str | None = None
    optional: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "seat": self.seat,
            "kind": self.kind,
            "label": self.label,
            "default": self.default,
            "prompt": self.prompt,
            "deadline": self.deadline,
            "optional": self.optional,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OrderRequest:
        return cls(**data)


@dataclass
class Parsed:
    """What ``parse`` understood of a text.

    ``orders`` is the game's own order object built from the good lines,
    ``problems`` lists every bad line; ``lines`` echoes each understood line
    as ``(line number, canonical form)`` so an acknowledgement can show the
    orders as understood, line by line.
    """

    orders: Any
    problems: list[Problem] = field(default_factory=list)
    lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class Event:
    """Something that happened, in a plain sentence, in the order it was resolved.

    ``seats`` is ``None`` for a public event, or the seats that may see it
    (a card drawn into a hand is seen by its holder only).
    """

    text: str
    kind: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    seats: tuple[str, ...] | None = None

    def visible_to(self, seat: str | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "data": self.data,
            "seats": list(self.seats) if self.seats is not None else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        seats = data.get("seats")
        return cls(
            data["text"],
            data.get("kind", ""),
            data.get("data", {}),
            tuple(seats) if seats is not None else None,
        )


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winners`` (empty for a draw) and the rule that ended it."""

    winners: tuple[str, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(tuple(data["winners"]), data["reason"])

    def __str__(self) -> str:
        if not self.winners:
            return f"draw ({self.reason})"
        return f"won by {', '.join(self.winners)} ({self.reason})"


@runtime_checkable
class Ruleset(Protocol):
    """What the engine needs of a game. See the module docstring for the contract."""

    name: ClassVar[str]  # registry name, e.g. "mare-nostrum"
    title: ClassVar[str]  # "Mare Nostrum: military phase"
    version: ClassVar[str]  # bumped whenever resolution could change
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    has_hidden_information: ClassVar[bool]

    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]: ...

    def seat_names(self, options: dict[str, Any]) -> list[str]: ...

    def setup(self, options: dict[str, Any], seats: list[str], dice: Dice) -> State: ...

    def requests(self, state: State) -> list[OrderRequest]: ...

    def label(self, state: State) -> str: ...

    def parse(self, request: OrderRequest, text: str) -> Parsed: ...

    def check(self, state: State, request: OrderRequest, orders: Any) -> list[Problem]: ...

    def canonical(self, request: OrderRequest, orders: Any) -> str: ...

    def resolve(self, state: State, orders: dict[str, Any], dice: Dice) -> tuple[State, list[Event]]: ...

    def view(self, state: State, seat: str | None) -> State: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def bot(self, state: State, request: OrderRequest, rng: random.Random) -> str: ...

    def board_text(self, view: State) -> str: ...

    def board_svg(self, view: State) -> str | None: ...


class BaseRuleset:
    """Sensible defaults for the optional parts of :class:`Ruleset`; subclass it."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    version: ClassVar[str] = "1"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    has_hidden_information: ClassVar[bool] = False
    #: option name -> (default, one-line description); override in subclasses
    options: ClassVar[dict[str, tuple[str, str]]] = {}

    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]:
        unknown = sorted(set(raw) - set(self.options))
        if unknown:
            valid = ", ".join(sorted(self.options)) or "none"
            raise OptionError(f"unknown option {unknown[0]!r} for {self.name}; valid options: {valid}")
        return {k: raw.get(k, default) for k, (default, _) in self.options.items()}

    def check(self, state: State, request: OrderRequest, orders: Any) -> list[Problem]:
        return []

    def view(self, state: State, seat: str | None) -> State:
        return state

    def board_text(self, view: State) -> str:
        return ""

    def board_svg(self, view: State) -> str | None:
        return None


def problems_text(problems: list[Problem]) -> str:
    """All problems, one per line, for a reply or an error message."""
    return "\n".join(str(p) for p in problems)
