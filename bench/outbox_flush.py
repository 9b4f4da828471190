"""Benchmark: the outbox flush over SMTP against a raw aiosmtplib loop, same server, same bytes.

Not a timed test: run it by hand::

    .venv/bin/python bench/outbox_flush.py [--messages 300] [--parallel 3] [--profile]

``--messages`` report-sized messages (text, HTML and a 60 KB attachment, as a Mare Nostrum
report mail) are queued in a SQLite outbox and flushed with ``flush_smtp`` (claims, ``sending``
and ``sent`` recorded per message) to an aiosmtpd sink on loopback. Anchor, measured in the
same run: the same bytes sent by one aiosmtplib connection in a plain loop to the same sink
(an aiosmtpd server in a process of its own).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiosmtplib

from adjudicator.mail.compose import compose
from adjudicator.mail.outbound import SmtpConfig, flush_smtp
from adjudicator.mail.outbox import queue_message
from adjudicator.store import Database

#: The sink runs in a process of its own, as a real server would: its work does not share this
#: process's interpreter lock with the flusher (nor with the raw loop). It prints how many
#: messages it took when its standard input closes.
SINK = """
import sys
from aiosmtpd.controller import Controller

class Sink:
    count = 0

    async def handle_DATA(self, server, session, envelope):
        Sink.count += 1
        return "250 OK"

controller = Controller(Sink(), hostname="127.0.0.1", port=int(sys.argv[1]))
controller.start()
print("ready", flush=True)
sys.stdin.read()
controller.stop()
print(Sink.count, flush=True)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def messages(n: int) -> list[Any]:
    picture = os.urandom(60_000)
    return [
        compose(
            to=f"seat{i % 6}@bench.invalid",
            subject=f"[bench] Report: turn {i}",
            text="The report.\n" * 200,
            html="<p>The report.</p>\n" * 200,
            message_id=f"<bench.{i}@bench.invalid>",
            attachments=[("board.png", "image/png", picture)],
        )
        for i in range(n)
    ]


async def raw_loop(port: int, raws: list[tuple[str, bytes]]) -> None:
    client = aiosmtplib.SMTP(hostname="127.0.0.1", port=port, start_tls=False)
    await client.connect()
    for to_addr, raw in raws:
        await client.sendmail("referee@pbem.invalid", [to_addr], raw)
    await client.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--parallel", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    port = free_port()
    sink = subprocess.Popen(
        [sys.executable, "-c", SINK, str(port)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert sink.stdout is not None and sink.stdout.readline().strip() == "ready"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            db = Database(f"sqlite:///{Path(tmp) / 'bench.db'}")
            db.migrate()
            msgs = messages(args.messages)
            with db.session() as session:
                for msg in msgs:
                    queue_message(session, msg, kind="report")
            raws = [(str(m["To"]), m.as_bytes()) for m in msgs]
            config = SmtpConfig.from_url(f"smtp://127.0.0.1:{port}?starttls=0&timeout=30")
            profile = cProfile.Profile() if args.profile else None
            start = time.perf_counter()
            if profile is not None:
                profile.enable()
            result = flush_smtp(db, config, parallel=args.parallel)
            if profile is not None:
                profile.disable()
            flushed = time.perf_counter() - start
            assert result.sent == args.messages, result
            start = time.perf_counter()
            asyncio.run(raw_loop(port, raws))
            raw = time.perf_counter() - start
            db.dispose()
    finally:
        taken, _ = sink.communicate("", timeout=60)
    assert int(taken.strip()) == 2 * args.messages, taken
    size = sum(len(r) for _, r in raws) / len(raws)
    print(f"{args.messages} messages of {size / 1024:.0f} KiB to an aiosmtpd sink on loopback")
    print(f"  outbox flush ({args.parallel} connections)      {args.messages / flushed:8.1f} messages/s")
    print(f"  raw aiosmtplib loop, 1 connection (anchor) {args.messages / raw:8.1f} messages/s")
    print(f"  ratio                                     {raw / flushed:8.2f}x")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
