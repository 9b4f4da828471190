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
``order_forms(request)``               the order forms the request's seat may write now
                                       (:class:`OrderForm`: syntax, meaning, an example)
``private_text(view)``                 what only that seat sees, in the game's words,
                                       where the board text does not show it already
``whole_request(request)``             why a request is taken all or nothing (``""``, the
                                       default: a bad line is left out, the good lines of
                                       the same text are kept)
=====================================  ==============================================

Two optional parts serve a referee running a real campaign (see ``adjudicator/table/adjustments.py``);
a ruleset declares them with ``accepts_scenarios`` / ``accepts_adjustments``:

=====================================  ==============================================
``with_scenario(options, text)``       options carrying a starting position read from a
                                       scenario file (raises :class:`ScenarioError`);
                                       ``setup`` then starts from it
``parse_adjustment(text)``             a referee's adjustment file as JSON-able data
                                       (raises :class:`AdjustmentError`)
``adjust(state, adjustment)``          ``(new state, [Event])``, pure; raises
                                       :class:`AdjustmentError` when it cannot apply
=====================================  ==============================================

States are plain JSON data (dicts, lists, str, int, float, bool, None): the
engine stores them as JSON and hands each call a fresh copy, so a ruleset may
mutate what it is given.
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar, Literal, Protocol, runtime_checkable

from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, N_, NO_GLOSSARY, Glossary, Language

State = dict[str, Any]
ProblemKind = Literal["invalid", "illegal", "ambiguous", "warning"]

#: The seat name under which the referee answers sealed requests (e.g. table battles).
REFEREE = "referee"

#: Where a mail sends a player for more than it says: a player has a mailbox, not the repository.
HELP_HINT = N_("reply `help` for the full order page")


class OptionError(ValueError):
    """A game option is unknown or has a bad value; the message says what is valid."""


class ScenarioError(ValueError):
    """A scenario file is not valid for this game; the message says where and what is valid."""


class AdjustmentError(ValueError):
    """A referee's adjustment file is not valid, or cannot apply to the state; the message says why."""


@dataclass(frozen=True)
class Problem:
    """Something wrong with one line of orders.

    ``kind`` follows python-chess: ``invalid`` (not well formed), ``illegal``
    (well formed, not allowed now), ``ambiguous`` (matches several things);
    a ``warning`` (legal, but probably not what the player wants) is shown in the
    acknowledgement and does not reject the orders.
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
class OrderForm:
    """One form of order line a request accepts, as a player is shown it.

    ``syntax`` is the line's shape (``<unit> move <place>``), ``meaning`` what it does in a few
    words, ``example`` a line the game's parser reads without a problem (each game's tests parse
    every example, so the summary a mail prints cannot drift from the parser). ``kinds`` are the
    request kinds the form answers (empty: every kind of the game).
    """

    syntax: str
    meaning: str
    example: str
    kinds: tuple[str, ...] = ()

    def answers(self, kind: str) -> bool:
        return not self.kinds or kind in self.kinds


def forms_for(forms: tuple[OrderForm, ...], kind: str) -> tuple[OrderForm, ...]:
    """The forms of a game's table that answer a request of ``kind``."""
    return tuple(f for f in forms if f.answers(kind))


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

    def board_text(self, view: State, lang: Language = ENGLISH) -> str: ...

    def board_svg(self, view: State, lang: Language = ENGLISH) -> str | None: ...

    def order_forms(self, request: OrderRequest, lang: Language = ENGLISH) -> tuple[OrderForm, ...]: ...

    def private_text(self, view: State, lang: Language = ENGLISH) -> str: ...


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
    #: whether ``pbem game new --scenario FILE`` and ``pbem referee adjust`` work for this game
    accepts_scenarios: ClassVar[bool] = False
    accepts_adjustments: ClassVar[bool] = False

    def with_scenario(self, options: dict[str, Any], text: str) -> dict[str, Any]:
        raise ScenarioError(f"{self.name} does not start from scenario files")

    def parse_adjustment(self, text: str) -> dict[str, Any]:
        raise AdjustmentError(f"{self.name} takes no referee adjustments")

    def adjust(self, state: State, adjustment: dict[str, Any]) -> tuple[State, list[Event]]:
        raise AdjustmentError(f"{self.name} takes no referee adjustments")

    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]:
        unknown = sorted(set(raw) - set(self.options))
        if unknown:
            valid = ", ".join(sorted(self.options)) or "none"
            raise OptionError(f"unknown option {unknown[0]!r} for {self.name}; valid options: {valid}")
        return {k: raw.get(k, default) for k, (default, _) in self.options.items()}

    def check(self, state: State, request: OrderRequest, orders: Any) -> list[Problem]:
        return []

    def whole_request(self, request: OrderRequest) -> str:
        """Why this request is taken all or nothing, as the game's page says (``""``: a bad line is
        left out and the good lines of the same text are kept)."""
        return ""

    def view(self, state: State, seat: str | None) -> State:
        return state

    def board_text(self, view: State, lang: Language = ENGLISH) -> str:
        return ""

    def board_svg(self, view: State, lang: Language = ENGLISH) -> str | None:
        """The board as an SVG picture, its words in ``lang`` (``None``: the game draws none)."""
        return None

    def order_forms(self, request: OrderRequest, lang: Language = ENGLISH) -> tuple[OrderForm, ...]:
        """The order forms ``request`` accepts, in ``lang`` (none known: the mail says only ``help``)."""
        return ()

    def private_text(self, view: State, lang: Language = ENGLISH) -> str:
        """What ``view``'s seat alone sees that its board text does not show, in plain lines."""
        return ""

    # -- the reader's language: what the record holds in English, said in ``lang`` ------------
    #: The game's terms in each language, as its rule book names them; the reports and the order
    #: parser read the same table.
    glossary: ClassVar[Glossary] = NO_GLOSSARY
    #: The rulesets of this protocol take a reader's language (the frozen ones of past releases do not).
    multilingual: ClassVar[bool] = True

    def event_text(self, event: Event, lang: Language) -> str:
        """``event`` as ``lang`` says it (the record keeps the English ``event.text``)."""
        return event.text

    def problem_text(self, problem: Problem, lang: Language) -> str:
        """One problem of a line, framed and said in ``lang``."""
        return problem_text(problem, lang, problem.message, problem.suggestion)

    def prompt_text(self, request: OrderRequest, lang: Language) -> str:
        """What ``request`` asks, in ``lang`` (the record keeps the English ``request.prompt``)."""
        return request.prompt

    def label_text(self, label: str, lang: Language) -> str:
        """A turn's label (``Spring 3``) in ``lang``."""
        return label

    def canonical_text(self, request: OrderRequest, canonical: str, lang: Language) -> str:
        """A canonical order text echoed in ``lang`` (the receipt seals the English canonical form;
        the game's parser reads both)."""
        return canonical

    def outcome_text(self, outcome: Outcome, lang: Language) -> str:
        """How the game ended, in ``lang``."""
        return outcome_text(outcome, lang, outcome.reason)


def problem_text(problem: Problem, lang: Language, message: str, suggestion: str = "") -> str:
    """A problem framed in ``lang`` around its ``message`` and ``suggestion`` (already in ``lang``).

    >>> from adjudicator.games.language import language
    >>> problem_text(Problem(2, "invalid", "x"), language("fr"), "province inconnue 'Galia'", "Gallia ?")
    "ligne 2 : province inconnue 'Galia' (Gallia ?)"
    """
    where = lang._("line %(line)s: ", line=problem.line) if problem.line else ""
    hint = lang._(" (%(suggestion)s)", suggestion=suggestion) if suggestion else ""
    rule = lang._(" [rule %(rule)s]", rule=problem.rule) if problem.rule else ""
    return f"{where}{message}{hint}{rule}"


def outcome_text(outcome: Outcome, lang: Language, reason: str) -> str:
    """An outcome in ``lang`` around its ``reason`` (already in ``lang``)."""
    if not outcome.winners:
        return lang._("draw (%(reason)s)", reason=reason)
    return lang._("won by %(winners)s (%(reason)s)", winners=", ".join(outcome.winners), reason=reason)


@cache
def _takes_language(kind: type, name: str) -> bool:
    """Whether the method ``name`` of the ruleset class ``kind`` takes a reader's language."""
    method = getattr(kind, name, None)
    if method is None:
        return False
    try:
        return "lang" in inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False


class Spoken:
    """What a ruleset says to one reader, in the reader's language.

    A ruleset of a past release (frozen before languages) speaks English and has only the methods
    it had: the board and private text without a language, no order forms if it had none. A method
    of a current ruleset that takes no language (a game not translated yet, or one a club wrote)
    gives its English words in every language instead of failing the mail.
    """

    def __init__(self, ruleset: Any, lang: Language = ENGLISH) -> None:
        self.ruleset = ruleset
        self.lang = lang
        self.current = bool(getattr(ruleset, "multilingual", False))

    def _english(self) -> bool:
        return not self.current

    def _speaks(self, name: str) -> bool:
        return self.current and _takes_language(type(self.ruleset), name)

    def board_text(self, view: State) -> str:
        if not self._speaks("board_text"):
            return self.ruleset.board_text(view)
        return self.ruleset.board_text(view, self.lang)

    def board_svg(self, view: State) -> str | None:
        if not self._speaks("board_svg"):
            return self.ruleset.board_svg(view)
        return self.ruleset.board_svg(view, self.lang)

    def draws_in_language(self) -> bool:
        """Whether the board picture has words in the reader's language (else one for every reader)."""
        return self._speaks("board_svg") and self.lang.code != "en"

    def private_text(self, view: State) -> str:
        words = getattr(self.ruleset, "private_text", None)
        if words is None:
            return ""
        return words(view, self.lang) if self._speaks("private_text") else words(view)

    def order_forms(self, request: OrderRequest) -> tuple[OrderForm, ...]:
        forms = getattr(self.ruleset, "order_forms", None)
        if forms is None:
            return ()
        return forms(request, self.lang) if self._speaks("order_forms") else forms(request)

    def event(self, event: Event) -> str:
        return event.text if self._english() else self.ruleset.event_text(event, self.lang)

    def problem(self, problem: Problem) -> str:
        if self._english():
            return problem_text(problem, self.lang, problem.message, problem.suggestion)
        return self.ruleset.problem_text(problem, self.lang)

    def prompt(self, request: OrderRequest) -> str:
        return request.prompt if self._english() else self.ruleset.prompt_text(request, self.lang)

    def label(self, label: str) -> str:
        return label if self._english() else self.ruleset.label_text(label, self.lang)

    def canonical(self, request: OrderRequest, canonical: str) -> str:
        return canonical if self._english() else self.ruleset.canonical_text(request, canonical, self.lang)

    def outcome(self, outcome: Outcome) -> str:
        if self._english():
            return outcome_text(outcome, self.lang, outcome.reason)
        return self.ruleset.outcome_text(outcome, self.lang)


def problems_text(problems: list[Problem]) -> str:
    """All problems, one per line, for a reply or an error message."""
    return "\n".join(str(p) for p in problems)
