"""The mail commands in French beside the English: one table (``mail/words.py``) gives each word of
either language its command, and each French word does what its English word does - the same
answer, the same state, the same record (a French vote is recorded ``yes``, a French proposal
``draw``)."""

from __future__ import annotations

import pytest
from between_kit import REFEREE_HOME, code_in, letters, plain_mail
from hypothesis import given
from hypothesis import strategies as st
from mailkit import orders_mail, outbox_rows
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Absence, Database, Proposal, Seat, Vote
from adjudicator.games.language import fold
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.inbound import parse_message
from adjudicator.mail.words import COMMAND_WORDS, PROPOSALS, VOTES, answer_of, command_of
from adjudicator.table.signup import set_terms

#: each French word of the table and the English word it stands for
FRENCH = {
    "état": "status",
    "statut": "status",
    "rapport": "report",
    "historique": "history",
    "ordres": "orders",
    "aide": "help",
    "langue": "lang",
    "rejoindre": "join",
    "inscription": "join",
    "confirmer": "confirm",
    "absent": "absence",
    "démission": "resign",
    "démissionner": "resign",
    "proposer": "propose",
    "proposition": "propose",
    "voter": "vote",
}


def test_the_table_holds_every_french_word_beside_its_english_word() -> None:
    for word, command in FRENCH.items():
        assert COMMAND_WORDS[fold(word)] == command
        assert COMMAND_WORDS[command] == command  # the English word is in the same table


@pytest.mark.parametrize("word", sorted(FRENCH))
def test_a_french_command_word_is_read_as_its_english_command(word: str) -> None:
    english = FRENCH[word]
    args = {"lang": " fr", "absence": " 2026-12-24 2026-12-27", "confirm": " CODE", "propose": " draw"}
    tail = args.get(english, "")
    french = parse_message(orders_mail(secret="s" * 22, body=word + tail))
    same = parse_message(orders_mail(secret="s" * 22, body=english + tail))
    assert french.command == same.command == english
    assert french.error is None and same.error is None
    shouted = parse_message(orders_mail(secret="s" * 22, body=word.upper() + tail))
    assert shouted.command == english  # case and accents do not matter


def test_a_command_line_in_french_names_the_command() -> None:
    parsed = parse_message(orders_mail(secret="s" * 22, body="command: aide"))
    assert parsed.command == "help"
    assert parsed.command_written


@given(st.text(max_size=30))
def test_a_word_names_a_command_only_when_the_table_has_it(word: str) -> None:
    found = command_of(word)
    assert found is None or found in COMMAND_WORDS.values()
    assert (found is not None) == (len(word) <= 40 and fold(word) in COMMAND_WORDS)


@pytest.mark.parametrize(
    ("french", "english"), [("oui", "yes"), ("OUI", "yes"), ("non", "no"), ("Non", "no")]
)
def test_the_french_vote_words_are_the_english_answers(french: str, english: str) -> None:
    assert answer_of(VOTES, french) == english


@pytest.mark.parametrize(
    ("french", "english"), [("nulle", "draw"), ("égalité", "draw"), ("abandon", "concede")]
)
def test_the_french_proposal_words_are_the_english_kinds(french: str, english: str) -> None:
    assert answer_of(PROPOSALS, french) == english


# -- end to end: the French word does what the English word does -----------------------------
def started(referee: Referee, db: Database, gid: str) -> dict[str, str]:
    """A started two-seat toy game ``gid`` with an absence allowance and a referee address."""
    referee.new_game("toy-guess", gid, {"points": "9"}, deadline="48h", referee_email=REFEREE_HOME)
    set_terms(db, gid, absence_days=10)
    secrets = {s: referee.join(gid, s, email=f"{s}.{gid}@example.org") for s in ("north", "south")}
    referee.start(gid)
    return secrets  # type: ignore[return-value]


def send(handler: MailHandler, secrets: dict[str, str], gid: str, seat: str, body: str) -> str:
    raw = orders_mail(
        sender=f"{seat}.{gid}@example.org", game=gid, seat=seat, secret=secrets[seat], body=body
    )
    return handler.handle(raw).status


def kinds(db: Database, gid: str) -> list[str]:
    return sorted(r.kind for r in outbox_rows(db) if r.game_id == gid)


@pytest.fixture
def both(db: Database, referee: Referee, monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[str, str]]:
    monkeypatch.setenv("PBEM_MAIL_RATE", "1000")
    return {"en": started(referee, db, "game-en"), "fr": started(referee, db, "game-fr")}


@pytest.mark.parametrize(
    ("french", "english"),
    [
        ("état", "status"),
        ("statut", "status"),
        ("rapport", "report"),
        ("historique", "history"),
        ("ordres", "orders"),
        ("langue fr", "lang fr"),
        ("absent 2026-12-24 2026-12-27", "absence 2026-12-24 2026-12-27"),
        ("démission", "resign"),
        ("démissionner", "resign"),
        ("proposer nulle", "propose draw"),
        ("proposition égalité", "propose draw"),
        ("proposer abandon south", "propose concede south"),
    ],
)
def test_a_french_command_does_what_the_english_does(
    french: str, english: str, db: Database, referee: Referee, both: dict[str, dict[str, str]]
) -> None:
    handler = MailHandler(db, referee)
    assert send(handler, both["en"], "game-en", "north", english) == "handled"
    assert send(handler, both["fr"], "game-fr", "north", french) == "handled"
    assert kinds(db, "game-fr") == kinds(db, "game-en")
    with db.session() as session:
        for table in (Absence, Proposal):
            rows = {
                gid: session.exec(select(table).where(table.game_id == gid)).all()
                for gid in ("game-en", "game-fr")
            }  # type: ignore[attr-defined]
            assert len(rows["game-fr"]) == len(rows["game-en"])
        proposals = {p.game_id: (p.kind, p.conceded_to) for p in session.exec(select(Proposal)).all()}
        assert proposals.get("game-fr") == proposals.get("game-en")


@pytest.mark.parametrize(("french", "english"), [("oui", "yes"), ("non", "no")])
@pytest.mark.parametrize("verb", ["vote", "voter"])
def test_a_french_vote_is_recorded_as_the_english_one(
    verb: str, french: str, english: str, db: Database, referee: Referee, both: dict[str, dict[str, str]]
) -> None:
    handler = MailHandler(db, referee)
    numbers = {}
    for gid, lang in (("game-en", "en"), ("game-fr", "fr")):
        assert send(handler, both[lang], gid, "north", "propose draw") == "handled"
        with db.session() as session:
            numbers[gid] = session.exec(select(Proposal).where(Proposal.game_id == gid)).one().id
    assert send(handler, both["en"], "game-en", "south", f"vote {english} {numbers['game-en']}") == "handled"
    assert send(handler, both["fr"], "game-fr", "south", f"{verb} {french} {numbers['game-fr']}") == "handled"
    with db.session() as session:
        votes = {
            gid: session.exec(select(Vote).where(Vote.proposal_id == numbers[gid], Vote.seat == "south"))
            .one()
            .vote
            for gid in numbers
        }
        status = {gid: session.get(Proposal, numbers[gid]).status for gid in numbers}  # type: ignore[union-attr]
    assert votes == {"game-en": english, "game-fr": english}
    assert status["game-fr"] == status["game-en"] == ("passed" if english == "yes" else "failed")
    assert kinds(db, "game-fr") == kinds(db, "game-en")


def test_confirmer_confirms_a_resignation_as_confirm_does(
    db: Database, referee: Referee, both: dict[str, dict[str, str]]
) -> None:
    handler = MailHandler(db, referee)
    for gid, lang, word in (("game-en", "en", "confirm"), ("game-fr", "fr", "confirmer")):
        assert send(handler, both[lang], gid, "north", "resign") == "handled"
        [code_mail] = letters(db, "resign-code", to=f"north.{gid}@example.org")
        assert send(handler, both[lang], gid, "north", f"{word} {code_in(code_mail)}") == "handled"
    with db.session() as session:
        states = {s.game_id: s.status for s in session.exec(select(Seat).where(Seat.name == "north")).all()}
    assert states == {"game-en": "civil_disorder", "game-fr": "civil_disorder"}
    assert kinds(db, "game-fr") == kinds(db, "game-en")


@pytest.mark.parametrize("word", ["rejoindre", "inscription"])
def test_rejoindre_asks_to_join_as_join_does(word: str, db: Database, referee: Referee) -> None:
    for gid in ("club-en", "club-fr"):
        referee.new_game("toy-guess", gid, {"points": "9"}, deadline="48h", referee_email=REFEREE_HOME)
        set_terms(db, gid, signup="open")
    handler = MailHandler(db, referee)
    assert handler.handle(plain_mail("ana@example.org", "join club-en")).status == "handled"
    assert handler.handle(plain_mail("ana@example.org", f"{word} club-fr")).status == "handled"
    assert kinds(db, "club-fr") == kinds(db, "club-en") == ["signup-code"]


def test_aide_answers_as_help_does(db: Database, referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_MAIL_RATE", "1000")
    _, seats, _ = referee.new_game("mare-nostrum", "mn", {}, deadline="48h")
    secrets = {seat: referee.join("mn", seat, email=f"{seat}@example.org") for seat in seats}
    referee.start("mn")
    seat = sorted(seats)[0]
    handler = MailHandler(db, referee)
    for word in ("help", "aide", "Aide"):
        raw = orders_mail(
            sender=f"{seat}@example.org", game="mn", seat=seat, secret=secrets[seat], turn=None, body=word
        )
        assert handler.handle(raw).status == "handled"
    replies = [r for r in outbox_rows(db, "reply") if r.game_id == "mn"]
    assert len(replies) == 3
