"""The one parser of incoming mail: what it reads, what it drops, and that it never raises."""

from __future__ import annotations

import base64
from email.message import EmailMessage

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mailkit import orders_mail

from adjudicator.mail.inbound import ParsedMail, parse_message, split_headers, strip_quotes_and_signature


def test_judge_header_lines_then_orders() -> None:
    parsed = parse_message(orders_mail(secret="s3cret", body="guess 3\nfinal", message_id="<m1@example.org>"))
    assert parsed.error is None
    assert (parsed.game, parsed.seat, parsed.secret) == ("toy", "north", "s3cret")
    assert parsed.orders == "guess 3\nfinal"
    assert parsed.message_id == "<m1@example.org>"
    assert parsed.sender == "north@example.org"
    assert parsed.command is None


def test_sender_is_lower_cased_and_display_name_dropped() -> None:
    parsed = parse_message(orders_mail(sender="Ana Lopez <North@Example.ORG>", secret="x"))
    assert parsed.sender == "north@example.org"


def test_quoted_reply_and_signature_are_dropped() -> None:
    body = (
        "guess 4\n"
        "\n"
        "On Sun, 22 Nov 2026 at 12:00, Referee <referee@pbem.test> wrote:\n"
        "> guess 6\n"
        "> secret: old\n"
        "-- \n"
        "Ana, who plays north\n"
        "guess 1\n"
    )
    parsed = parse_message(orders_mail(secret="s", body=body))
    assert parsed.orders == "guess 4"
    assert parsed.secret == "s"


def test_outlook_original_message_block_is_dropped() -> None:
    text = "guess 2\n\n-----Original Message-----\nFrom: Referee\nguess 5\n"
    assert strip_quotes_and_signature(text).strip() == "guess 2"


def test_end_line_stops_the_orders() -> None:
    headers, orders = split_headers("game: toy\nseat: north\nsecret: s\n\nguess 2\nend\nBest wishes, Ana\n")
    assert headers == {"game": "toy", "seat": "north", "secret": "s"}
    assert orders == "guess 2"


def test_html_only_mail_is_read_as_text() -> None:
    html = "<html><body><p>game: toy</p><p>seat: north</p><p>secret: abc</p><p>guess 5</p></body></html>"
    parsed = parse_message(orders_mail(game=None, seat=None, html=html))
    assert parsed.error is None, parsed
    assert (parsed.game, parsed.seat, parsed.secret) == ("toy", "north", "abc")
    assert parsed.orders.strip() == "guess 5"
    assert "HTML part read as text" in parsed.notes


def test_quoted_printable_and_latin1_charset() -> None:
    raw = (
        b"From: north@example.org\r\nSubject: x\r\nMIME-Version: 1.0\r\n"
        b"Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
        b"game: toy\r\nseat: north\r\nsecret: s=E9\r\n\r\nguess 3 =\r\n# caf=E9\r\n"
    )
    parsed = parse_message(raw)
    assert parsed.secret == "sé"
    assert parsed.orders == "guess 3 # café"


def test_base64_utf8_body() -> None:
    body = base64.b64encode("game: toy\nseat: north\nsecret: ü\n\nguess 1\n".encode()).decode()
    raw = (
        "From: north@example.org\nSubject: x\nMIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" + body + "\n"
    ).encode()
    parsed = parse_message(raw)
    assert (parsed.secret, parsed.orders) == ("ü", "guess 1")


def test_unknown_charset_is_read_as_utf8() -> None:
    raw = (
        b"From: north@example.org\nSubject: x\nContent-Type: text/plain; charset=x-klingon\n\n"
        b"game: toy\nseat: north\nsecret: s\n\nguess 2\n"
    )
    parsed = parse_message(raw)
    assert parsed.error is None
    assert parsed.orders == "guess 2"


def test_orders_attachment_is_accepted() -> None:
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["Subject"] = "orders attached"
    msg.set_content("game: toy\nseat: north\nsecret: s\n")
    msg.add_attachment(b"guess 6\nfinal\n", maintype="text", subtype="plain", filename="turn3.txt")
    parsed = parse_message(msg.as_bytes())
    assert parsed.error is None
    assert parsed.orders == "guess 6\nfinal"
    assert any("turn3.txt" in n for n in parsed.notes)


def test_commands_alone_or_as_header() -> None:
    assert parse_message(orders_mail(secret="s", body="status")).command == "status"
    assert parse_message(orders_mail(secret="s", body="command: history")).command == "history"
    assert parse_message(orders_mail(secret="s", body="  Orders \n")).command == "orders"
    bad = parse_message(orders_mail(secret="s", body="command: rm -rf"))
    assert bad.error is not None and "unknown command" in bad.error


def test_game_taken_from_the_subject_of_a_reply() -> None:
    parsed = parse_message(orders_mail(game=None, secret="s", subject="Re: [toy] Report: turn 1, Round 1"))
    assert parsed.game == "toy"


def test_missing_pieces_are_named() -> None:
    assert "no 'game:' line" in (parse_message(orders_mail(game=None, secret="s")).error or "")
    assert "no 'seat:' line" in (parse_message(orders_mail(seat=None, secret="s")).error or "")
    assert "no orders" in (parse_message(orders_mail(secret="s", body="")).error or "")
    assert "no text" in (parse_message(b"From: a@b.org\nSubject: x\n\n").error or "")
    assert "no sender" in (parse_message(b"Subject: x\n\ngame: toy\n").error or "")


def test_no_text_part_at_all() -> None:
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg.set_content(b"\x89PNG...", maintype="image", subtype="png")
    assert parse_message(msg.as_bytes()).error is not None


def test_loops_are_recognised() -> None:
    def auto(**headers: str) -> str | None:
        return parse_message(orders_mail(secret="s", headers=headers)).automatic

    assert auto() is None
    assert auto(**{"Auto-Submitted": "no"}) is None
    assert auto(**{"Auto-Submitted": "auto-replied"})
    assert auto(Precedence="bulk")
    assert auto(Precedence="list")
    assert auto(**{"Return-Path": "<>"})
    assert parse_message(orders_mail(sender="MAILER-DAEMON@mx.example.org", secret="s")).automatic
    report = (
        b"From: postmaster@x.org\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\n"
    )
    report += b"\n--b--\n"
    assert parse_message(report).automatic


def test_hostile_message_id_is_replaced() -> None:
    parsed = parse_message(orders_mail(secret="s", headers={"Message-ID": "<a\tb@c> <d@e>"}))
    assert parsed.message_id.startswith("<") and "\t" not in parsed.message_id
    raw = b"From: a@b.org\nMessage-ID: <x\r\nBcc: victim@example.org>\n\nhello\n"
    assert "\n" not in parse_message(raw).message_id
    long_id = "<" + "a" * 200 + "@" + "b" * 200 + ">"
    assert len(parse_message(orders_mail(secret="s", message_id=long_id)).message_id) <= 250


def _check(parsed: ParsedMail) -> None:
    assert isinstance(parsed, ParsedMail)
    assert parsed.message_id.startswith("<") and parsed.message_id.endswith(">")
    assert all(c not in parsed.message_id for c in "\r\n\t ")
    assert parsed.error is None or isinstance(parsed.error, str)
    assert "\r" not in parsed.subject and "\n" not in parsed.subject
    assert len(parsed.orders) <= 64 * 1024


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_arbitrary_bytes_never_raise(raw: bytes) -> None:
    _check(parse_message(raw))


_header_names = st.sampled_from(
    [
        "From",
        "Subject",
        "Message-ID",
        "Content-Type",
        "Content-Transfer-Encoding",
        "Auto-Submitted",
        "To",
        "X-Y",
    ]
)
_values = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=80)
_content_types = st.sampled_from(
    [
        "text/plain; charset=utf-8",
        "text/plain; charset=bogus-42",
        "text/html",
        "multipart/alternative; boundary=XX",
        "multipart/mixed",  # no boundary: malformed
        "message/rfc822",
        'text/plain; charset="utf-16"',
    ]
)
_encodings = st.sampled_from(["base64", "quoted-printable", "7bit", "8bit", "x-uuencode", "garbage"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    headers=st.lists(st.tuples(_header_names, _values), max_size=8),
    ctype=_content_types,
    encoding=_encodings,
    body=st.one_of(_values, st.binary(max_size=300).map(lambda b: b.decode("latin-1"))),
    boundary_junk=st.booleans(),
)
def test_hostile_mime_never_raises(
    headers: list[tuple[str, str]], ctype: str, encoding: str, body: str, boundary_junk: bool
) -> None:
    lines = [f"{name}: {value}" for name, value in headers]
    lines += ["From: north@example.org", f"Content-Type: {ctype}", f"Content-Transfer-Encoding: {encoding}"]
    text = "\r\n".join(lines) + "\r\n\r\n"
    if boundary_junk:
        text += "--XX\r\nContent-Type: text/plain\r\n\r\ngame: toy\r\n--XX\r\n" + body + "\r\n--X"
    else:
        text += body
    _check(parse_message(text.encode("utf-8", "surrogateescape")))


@settings(max_examples=100, deadline=None)
@given(orders=_values, subject=_values)
def test_player_text_is_read_back_without_header_breakage(orders: str, subject: str) -> None:
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["Subject"] = " ".join(subject.splitlines())
    msg.set_content("game: toy\nseat: north\nsecret: s\n\n" + orders + "\n")
    parsed = parse_message(msg.as_bytes())
    _check(parsed)
    assert parsed.game == "toy"
