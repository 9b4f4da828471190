"""An attachment is added with the bytes the email package's ``add_attachment`` writes: its
headers are made by that method once per name and type, and only its body is encoded per mail."""

from __future__ import annotations

from email.message import EmailMessage

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.post.compose import as_bytes, attach, compose

KINDS = [
    "text/calendar; method=PUBLISH; charset=utf-8",
    "image/png",
    "text/plain",
    "application/octet-stream; name=x",
]
NAMES = st.text(
    alphabet=st.characters(blacklist_categories=["Cc", "Cs", "Zl", "Zp"], blacklist_characters='\\"'),
    min_size=1,
    max_size=40,
)


def by_the_email_package(msg: EmailMessage, filename: str, mime: str, data: bytes) -> None:
    kind, *options = (part.strip() for part in mime.split(";"))
    maintype, subtype = kind.split("/", 1)
    params = dict(option.split("=", 1) for option in options if "=" in option)
    msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename, params=params or None)


def bounded(msg: EmailMessage) -> bytes:
    for n, part in enumerate(p for p in msg.walk() if p.is_multipart()):
        part.set_boundary(f"=_boundary{n}")
    return as_bytes(msg)


@settings(max_examples=60, deadline=None)
@given(
    html=st.none() | st.just("<p>the board</p>"),
    attachments=st.lists(st.tuples(NAMES, st.sampled_from(KINDS), st.binary(max_size=300)), max_size=3),
)
def test_attach_writes_the_bytes_of_add_attachment(
    html: str | None, attachments: list[tuple[str, str, bytes]]
) -> None:
    ours = compose(to="a@example.org", subject="s", text="t", html=html, message_id="<m@pbem.invalid>")
    theirs = compose(to="a@example.org", subject="s", text="t", html=html, message_id="<m@pbem.invalid>")
    for filename, mime, data in attachments:
        attach(ours, filename, mime, data)
        by_the_email_package(theirs, filename, mime, data)
    assert bounded(ours) == bounded(theirs)


def test_two_mails_attaching_the_same_file_do_not_share_a_part() -> None:
    first = compose(to="a@example.org", subject="s", text="t", message_id="<a@pbem.invalid>")
    second = compose(to="b@example.org", subject="s", text="t", message_id="<b@pbem.invalid>")
    attach(first, "deadline.ics", "text/calendar; method=PUBLISH", b"one")
    attach(second, "deadline.ics", "text/calendar; method=PUBLISH", b"two")
    assert first.get_payload()[-1].get_content() != second.get_payload()[-1].get_content()
    assert first.get_payload()[-1] is not second.get_payload()[-1]


def test_headers_shared_by_mails_are_written_alike_in_each_and_as_the_email_package_writes_them() -> None:
    mails = [
        compose(to=f"seat{n}@example.org", subject="turn 1", text="t", html="<p>h</p>", message_id=f"<{n}@x>")
        for n in range(3)
    ]
    for msg in mails:
        attach(msg, "deadline.ics", "text/calendar; method=PUBLISH", b"BEGIN:VCALENDAR\r\n")
    for _ in range(2):  # the second time, every header's lines are the kept ones
        for msg in mails:
            assert as_bytes(msg) == msg.as_bytes()
