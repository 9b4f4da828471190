"""``orders``: the seat's own submissions for the open turn, with their receipts."""

from __future__ import annotations

from datetime import datetime

from adjudicator.core.store import Game, Seat, Submission, as_utc, loads
from adjudicator.games.base import OrderRequest, Problem, Spoken
from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.commands.reply import answer
from adjudicator.mail.inbound import ParsedMail

#: a submission's status, as the ``orders`` answer names it
STATUS = {"accepted": N_("accepted"), "rejected": N_("rejected"), "superseded": N_("superseded")}
#: where a submission came from, as the ``orders`` answer names it
SOURCES = {"mail": N_("mail"), "referee": N_("referee"), "bot": N_("bot")}


def orders_text(desk: Desk, game_id: str, seat: Seat, secret: str | None, lang: Language = ENGLISH) -> str:
    """The seat's submissions of the open turn, in ``lang``: the canonical orders in the reader's
    words (the record keeps them in English), each with its receipt."""
    rows: list[Submission] = desk.referee.my_orders(game_id, seat.name, secret)
    if not rows:
        return lang._("You have sent no orders for the open turn yet.")
    with desk.db.session() as session:
        game = session.get(Game, game_id)
        spoken = Spoken(desk.referee.ruleset_of(game), lang) if game is not None else None
    requests = _requests(desk, game_id)
    lines = []
    for row in rows:
        when = as_utc(row.created_at)
        stamp = f"{when:%Y-%m-%d %H:%M} UTC" if when else ""
        final = lang._(", final") if row.final else ""
        status = lang.gettext(STATUS[row.status]) if row.status in STATUS else row.status
        lines.append(
            lang._(
                "--- %(request)s: %(status)s%(final)s, %(stamp)s via %(source)s",
                request=row.request_key,
                status=status,
                final=final,
                stamp=stamp,
                source=lang.gettext(SOURCES[row.source]) if row.source in SOURCES else row.source,
            )
        )
        canonical = row.canonical
        request = requests.get(row.request_key)
        if canonical and spoken is not None and request is not None:
            try:
                canonical = spoken.canonical(request, canonical)
            except Exception:  # a ruleset that cannot say it in the reader's words: the record's
                canonical = row.canonical
        lines.append(canonical if row.status == "accepted" or row.canonical else row.text)
        if row.status == "accepted":  # the lines of that mail left out beside the ones taken
            for problem in loads(row.problems_json or "[]"):
                if problem.get("kind") == "warning":
                    continue
                if spoken is not None and lang.code != ENGLISH.code:  # the game's words for it
                    said = spoken.problem(Problem.from_json(problem))
                    lines.append(lang._("    not taken: %(problem)s", problem=said))
                    continue
                lines.append(
                    lang._(
                        "    not taken: line %(line)s: %(message)s",
                        line=problem.get("line"),
                        message=problem.get("message"),
                    )
                )
        if row.receipt:
            lines.append(lang._("    receipt %(receipt)s", receipt=row.receipt))
        lines.append("")
    return "\n".join(lines).rstrip()


def _requests(desk: Desk, game_id: str) -> dict[str, OrderRequest]:
    """The open turn's requests by key (what a canonical text is said against)."""
    with desk.db.session() as session:
        turn = desk.referee.turn(session, game_id)
        return {r.key: r for r in desk.referee.requests_of(turn)}


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    lang = desk.lang(seat)
    with desk.db.session() as session:
        game = desk.referee.game(session, seat.game_id)
    text = orders_text(desk, game.id, seat, parsed.secret, lang)
    return answer(desk, parsed, game, seat, lang._("Your orders this turn"), text)
