"""The campaign archive: ``pbem archive export GAME_ID [--to DIR]`` writes ``DIR/GAME_ID/``.

Layout (``docs/archive.md`` tells the whole story)::

    turns/GAME_ID/
      game.json              ruleset, version, options, seats (no secrets, no addresses), setup,
                             the list of turns with their record hashes, the open turn, branches
      index.html             the static site: every turn, its public report and board
      001/record.json        the turn record (full, or public while a hidden-information game runs)
      001/report.txt|html    the public report as it was rendered at the close
      001/reports/SEAT.*     every seat's report (only when everything is published)
      001/board.svg|png      the public board after the turn
      001/press.json         the turn's press (checked against the record's press_hash), once published
      001/index.html         the turn's page in the site, with links to the turns around it
      branches/1/branch.json a referee's rollback: the turns taken off the main line, kept whole
      branches/1/004/...     its turns: record.json, report.txt|html, press.json (when published)
      adjustments/0001.json  a referee's adjustment between turns (``pbem referee adjust``), chained
                             between the turn before it and the turn after it
      001/manifest.json      the SHA-256 of every file published for the turn, and its record hash
      manifest.json          the SHA-256 of every other file and of each turn's manifest

The archive is append-only and hash-chained: each record carries ``prev_record_hash``, the hash
of the record before it. Export refuses to replace a published turn by a different one unless a
recorded branch holds the old one (a rollback), and never writes outside ``DIR/GAME_ID``: the
game id is checked, every path is built from checked parts, no symlink is followed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import shutil
from pathlib import Path
from typing import Any

from sqlmodel import Session, select

from adjudicator.core import progress
from adjudicator.core.disclosure import Disclosure, disclosure
from adjudicator.core.engine import RefereeError, check_game_id
from adjudicator.core.readers import game_language
from adjudicator.core.record import RECORD_FORMAT, turn_record
from adjudicator.core.seal import canonical_json
from adjudicator.core.store import Branch, Database, Game, Report, Seat, Turn, as_utc, dumps, loads
from adjudicator.games import UnknownRuleset, get_ruleset
from adjudicator.games.base import Event, Ruleset, Spoken
from adjudicator.games.language import Language
from adjudicator.publish.pictures import clean_svg, svg_to_png

ARCHIVE_FORMAT = 1
DEFAULT_ARCHIVE = Path("turns")
_PART = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")
_SEAT_FILE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")


class ArchiveError(RefereeError):
    """The archive cannot be written as asked; the message says why and what to do."""

    exit_code = 4


def turn_folder(number: int) -> str:
    return f"{number:03d}"


def state_commitment(secret: str | None, state: Any) -> str | None:
    """HMAC-SHA256(secret, canonical state): commits to a hidden state without letting anyone
    test guesses against it (a plain SHA-256 of a state whose unknown part is small, one card
    of five, would be brute-forced); checkable once the secret is published."""
    if not secret:
        return None
    return hmac.new(bytes.fromhex(secret), canonical_json(state), hashlib.sha256).hexdigest()


# -- writing safely ----------------------------------------------------------
class SafeWriter:
    """Writes files under ``root`` only: checked path parts, no symlink followed, atomic replace."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: list[Path] = []

    def path(self, *parts: str) -> Path:
        for part in parts:
            if not isinstance(part, str) or not _PART.match(part) or ".." in part:
                raise ArchiveError(f"refusing an unsafe archive path part {part!r}")
        path = self.root.joinpath(*parts)
        step = self.root
        for part in parts:
            step = step / part
            if step.is_symlink():
                raise ArchiveError(f"{step} is a symbolic link; the archive follows none")
        if not path.resolve().is_relative_to(self.root.resolve()):
            raise ArchiveError(f"refusing to write outside {self.root}: {path}")
        return path

    def _folder(self, *parts: str) -> Path:
        folder = self.root
        for part in parts:
            folder = folder / part
            if folder.is_symlink():
                raise ArchiveError(f"{folder} is a symbolic link; the archive follows none")
            if folder.exists() and not folder.is_dir():
                raise ArchiveError(f"{folder} is in the way: it is not a folder")
            folder.mkdir(exist_ok=True)
        return folder

    def write(self, *parts: str, data: bytes | str) -> Path:
        target = self.path(*parts)
        folder = self._folder(*parts[:-1])
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise ArchiveError(f"{target} is not a plain file; the archive follows no links")
        raw = data.encode() if isinstance(data, str) else data
        temp = folder / f".tmp-{secrets.token_hex(8)}"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(raw)
            os.replace(temp, target)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
        self.written.append(target)
        return target

    def write_json(self, *parts: str, value: Any) -> Path:
        text = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        return self.write(*parts, data=text)

    def remove_file(self, *parts: str) -> None:
        target = self.path(*parts)  # refuses a symbolic link on the way, like write
        if target.is_file():
            target.unlink()

    def remove_folder(self, *parts: str) -> None:
        folder = self.path(*parts)
        if folder.is_symlink():
            folder.unlink()
        elif folder.is_dir():
            shutil.rmtree(folder)


def _prepare_root(to: Path, game_id: str) -> Path:
    target = Path(to)
    if target.exists() and not target.is_dir():
        raise ArchiveError(f"{target} is not a folder")
    target.mkdir(parents=True, exist_ok=True)
    root = target / game_id
    if root.is_symlink():
        raise ArchiveError(f"{root} is a symbolic link; export to a real folder")
    if not root.resolve().is_relative_to(target.resolve()):
        raise ArchiveError(f"refusing to write outside {target}")
    root.mkdir(exist_ok=True)
    return root


def _read_json(path: Path) -> Any:
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > 64 * 1024 * 1024:
            return None
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


# -- what a record publishes -------------------------------------------------
def public_record(record: dict[str, Any], ruleset: Ruleset, shown: Disclosure) -> dict[str, Any]:
    """The record as the public may see it now (the full record when everything is published)."""
    if shown.complete:
        return dict(record)
    public: dict[str, Any] = {
        key: record[key]
        for key in (
            "format",
            "game",
            "ruleset",
            "ruleset_version",
            "turn",
            "label",
            "requests",
            "commitment",
            "prev_record_hash",
            "record_hash",
        )
    }
    public["public"] = True
    if "press_hash" in record:  # the turn's press, published when the game ends (verify checks it)
        public["press_hash"] = record["press_hash"]
    public["withheld"] = shown.withheld()
    subs = []
    for sub in record["submissions"]:
        row = {k: sub[k] for k in ("request", "seat", "receipt", "default")}
        if shown.orders:
            row["text"], row["salt"] = sub["text"], sub["salt"]
        subs.append(row)
    public["submissions"] = subs
    public["events"] = [e for e in record["events"] if e.get("seats") is None]
    if shown.dice:
        public["dice"] = record["dice"]
        public["turn_secret"] = record["turn_secret"]
        public["seed"] = record["seed"]
    public["view_before"] = ruleset.view(loads(dumps(record["state_before"])), None)
    public["view_after"] = ruleset.view(loads(dumps(record["state_after"])), None)
    public["state_after_commitment"] = state_commitment(record["turn_secret"], record["state_after"])
    return public


def full_record(session: Session, game: Game, turn: Turn) -> dict[str, Any]:
    record = turn_record(session, game, turn)
    record["record_hash"] = turn.record_hash
    return record


def _stored_reports(session: Session, game_id: str, number: int) -> dict[str, dict[str, str]]:
    rows = session.exec(select(Report).where(Report.game_id == game_id, Report.turn_number == number)).all()
    reports: dict[str, dict[str, str]] = {}
    from adjudicator.publish.report_mail import expand_boards  # the board kept once per turn, put back

    for row in rows:
        reports.setdefault(row.seat, {})[row.format] = expand_boards(session, game_id, number, row.body)
    return reports


def _public_board(ruleset: Ruleset, state: Any) -> str | None:
    try:
        return clean_svg(ruleset.board_svg(ruleset.view(loads(dumps(state)), None)))
    except Exception:  # a ruleset that cannot draw this state still gets its archive
        return None


def kept_picture(db: Database, game_id: str, number: int, svg: str) -> bytes | None:
    """The PNG of this board if a report mail made it already (kept with the turn), else ``None``."""
    from adjudicator.core.store import TurnPicture
    from adjudicator.publish.pictures import digest

    with db.session() as session:
        row = session.exec(
            select(TurnPicture.png).where(
                TurnPicture.game_id == game_id,
                TurnPicture.turn_number == number,
                TurnPicture.digest == digest(svg),
            )
        ).first()
    return bytes(row) if row else None


# -- export ------------------------------------------------------------------
def export_game(
    db: Database,
    game_id: str,
    to: Path = DEFAULT_ARCHIVE,
    *,
    full: bool = False,
    lang: Language | None = None,
) -> Path:
    """Write the archive of ``game_id`` under ``to/game_id`` and return that folder.

    ``full`` publishes everything although the game runs and has hidden information (the
    referee's deliberate choice); otherwise such a game's records are public records.
    ``lang``: the language of the site's pages (by default the game's); the records, the reports
    as rendered at each close and every hash are the same in any language.
    """
    check_game_id(game_id)
    with db.session() as session:
        game = session.get(Game, game_id)
        if game is None:
            raise ArchiveError(f"no game {game_id!r}; `pbem game list` shows the games")
        try:
            ruleset = get_ruleset(game.ruleset, game.ruleset_version)
        except UnknownRuleset as exc:
            raise ArchiveError(str(exc)) from exc
        shown = disclosure(ruleset, game_over=game.status == "over", full=full)
        spoken = Spoken(ruleset, lang or game_language(game))
        by_referee = full and not disclosure(ruleset, game_over=game.status == "over").complete
        seats = list(session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.position)).all())  # type: ignore[arg-type]
        turns = list(session.exec(select(Turn).where(Turn.game_id == game_id).order_by(Turn.number)).all())  # type: ignore[arg-type]
        closed = [t for t in turns if t.status == "closed" and t.record_hash]
        open_turns = [t for t in turns if t.status == "open"]
        branches = list(
            session.exec(select(Branch).where(Branch.game_id == game_id).order_by(Branch.number)).all()
        )  # type: ignore[arg-type]
        records = [full_record(session, game, t) for t in closed]
        reports = {t.number: _stored_reports(session, game_id, t.number) for t in closed}
        for t in closed:
            if "" not in reports[t.number]:
                from adjudicator.publish.reports import render_report

                reports[t.number][""] = {
                    f: render_report(session, game, t, None, f) for f in ("text", "html")
                }
        branch_data = [(b, loads(b.data_json)) for b in branches]
        from adjudicator.table.adjustments import entries as adjustment_entries

        adjustments = adjustment_entries(session, game_id)
        from adjudicator.core.press_record import press_entries

        press = {t.number: press_entries(session, game_id, t.number) for t in closed}
        branch_turns = [  # the turns a rollback abandoned that had press, by branch
            (b.number, item["record"]["turn"])
            for b, data in branch_data
            for item in data.get("turns", [])
            if "press_hash" in item["record"]
        ]
        branch_press = {(b, n): press_entries(session, game_id, n, b) for b, n in branch_turns}
        from adjudicator.table.proposals import agreement_of

        agreement = agreement_of(session, game_id) if game.status == "over" else None

    root = _prepare_root(to, game_id)
    writer = SafeWriter(root)
    _check_append_only(root, game, records, branch_data)
    _check_adjustments_append_only(root, adjustments, branch_data)

    # game.json
    setup_state = loads(game.setup_state_json)
    setup: dict[str, Any] = {"commitment": game.setup_commitment}
    if setup_state is not None:
        if shown.state:
            setup["secret"] = game.setup_secret
            setup["state"] = setup_state
        else:
            setup["view"] = ruleset.view(loads(dumps(setup_state)), None)
            setup["state_commitment"] = state_commitment(game.setup_secret, setup_state)
    game_json: dict[str, Any] = {
        "format": ARCHIVE_FORMAT,
        "record_format": RECORD_FORMAT,
        "game": game.id,
        "ruleset": game.ruleset,
        "ruleset_version": game.ruleset_version,
        "title": ruleset.title,
        "hidden_information": bool(ruleset.has_hidden_information),
        "options": loads(game.options_json),
        "status": game.status,
        "outcome": loads(game.outcome_json) if game.status == "over" else None,
        "seats": [
            {
                "name": s.name,
                "position": s.position,
                "player": s.player_name,
                "bot": s.is_bot,
                "status": s.status,
            }
            for s in seats
        ],
        "published": {"complete": shown.complete, "withheld": shown.withheld(), "by_referee": by_referee},
        "setup": setup,
        "turns": [
            {
                "number": r["turn"],
                "label": r["label"],
                "folder": turn_folder(r["turn"]),
                "record_hash": r["record_hash"],
            }
            for r in records
        ],
        "open_turn": (
            {
                "number": open_turns[0].number,
                "label": open_turns[0].label,
                "commitment": open_turns[0].commitment,
                "deadline": (d.isoformat() if (d := as_utc(open_turns[0].deadline_at)) else None),
                "prev_record_hash": open_turns[0].prev_record_hash,
            }
            if open_turns
            else None
        ),
        "branches": [
            {
                "number": b.number,
                "after_turn": b.after_turn,
                "folder": f"branches/{b.number}",
                "turns": [t["record"]["turn"] for t in data.get("turns", [])],
                "head_record_hash": b.head_record_hash,
                "anchor_record_hash": branch_anchor(data),
            }
            for b, data in branch_data
        ],
        "adjustments": [
            {
                "number": a["number"],
                "after_turn": a["after_turn"],
                "file": f"adjustments/{adjustment_file(a['number'])}",
                "record_hash": a["record_hash"],
            }
            for a in adjustments
        ],
    }
    if agreement is not None:  # the game ended by a vote (adjudicator/table/proposals.py): verify checks it
        game_json["agreement"] = agreement
    for entry in adjustments:
        writer.write_json(
            "adjustments", adjustment_file(entry["number"]), value=public_adjustment(entry, shown)
        )
    pages: list[dict[str, Any]] = []
    # press is published when the game is over, at once under public press, or by the referee's --full
    press_published = game.status == "over" or game.press == "public" or full
    progress.expect(len(records))
    for record in records:
        number = record["turn"]
        progress.step(description=f"exporting turn {number:03d}")
        folder = turn_folder(number)
        writer.remove_folder(folder, "reports")  # seat reports are rewritten below, if published
        writer.write_json(folder, "record.json", value=public_record(record, ruleset, shown))
        # the turn's press: what press.json holds is what its page shows, nothing else
        published_press = press[number] if press_published else []
        if published_press:
            writer.write_json(folder, "press.json", value=published_press)  # checked against press_hash
        else:  # one an earlier --full export wrote is taken back, like the seat reports
            writer.remove_file(folder, "press.json")
        public = reports[number].get("", {})
        for fmt, name in (("text", "report.txt"), ("html", "report.html")):
            if fmt in public:
                writer.write(folder, name, data=public[fmt])
        if shown.complete:
            for seat in seats:
                stored = reports[number].get(seat.name, {})
                stem = seat.name if _SEAT_FILE.match(seat.name) else f"seat-{seat.position}"
                for fmt, ext in (("text", "txt"), ("html", "html")):
                    if fmt in stored:
                        writer.write(folder, "reports", f"{stem}.{ext}", data=stored[fmt])
        svg = _public_board(ruleset, record["state_after"])
        png = (kept_picture(db, game_id, number, svg) or svg_to_png(svg)) if svg else None
        if svg:
            writer.write(folder, "board.svg", data=svg)
        if png:
            writer.write(folder, "board.png", data=png)
        pages.append(
            {
                "number": number,
                "folder": folder,
                "label": spoken.label(record["label"]),
                "events": [
                    spoken.event(Event.from_json(e)) for e in record["events"] if e.get("seats") is None
                ],
                "board_svg": svg,
                "has_png": png is not None,
                "has_text": "text" in public,
                "has_html": "html" in public,
                "record_hash": record["record_hash"],
                "press": published_press,  # the page shows exactly the press.json written above
                "press_withheld": "press_hash" in record and not published_press,
                "adjustments": [  # the referee's adjustments made before this turn was resolved
                    {
                        "number": a["number"],
                        "by": a["by"],
                        "file": f"adjustments/{adjustment_file(a['number'])}",
                        "events": [
                            spoken.event(Event.from_json(e)) for e in a["events"] if e.get("seats") is None
                        ],
                    }
                    for a in adjustments
                    if a["after_turn"] == number - 1
                ],
            }
        )
    # turn folders that are no longer on the main line (after a rollback) live on in branches/
    keep = {turn_folder(r["turn"]) for r in records}
    for child in sorted(root.iterdir()) if root.is_dir() else []:
        if re.fullmatch(r"\d{3,}", child.name) and child.name not in keep:
            writer.remove_folder(child.name)

    for branch, data in branch_data:
        base = ("branches", str(branch.number))
        writer.remove_folder(*base)
        info = {
            "number": branch.number,
            "after_turn": branch.after_turn,
            "reason": branch.reason,
            "created_at": data.get("created_at"),
            "head_record_hash": branch.head_record_hash,
            "anchor_record_hash": branch_anchor(data),
            "turns": [t["record"]["turn"] for t in data.get("turns", [])],
            "open_turn": {
                k: v
                for k, v in (data.get("open_turn") or {}).items()
                if k in ("number", "label", "commitment")
            }
            or None,
            "adjustments": [
                {"number": a["number"], "after_turn": a["after_turn"], "record_hash": a["record_hash"]}
                for a in data.get("adjustments", [])
            ],
        }
        for entry in data.get("adjustments", []):
            writer.write_json(
                *base, "adjustments", adjustment_file(entry["number"]), value=public_adjustment(entry, shown)
            )
        writer.write_json(*base, "branch.json", value=info)
        for item in data.get("turns", []):
            record = item["record"]
            folder = turn_folder(record["turn"])
            writer.write_json(*base, folder, "record.json", value=public_record(record, ruleset, shown))
            public = (item.get("reports") or {}).get("", {})
            for fmt, name in (("text", "report.txt"), ("html", "report.html")):
                if fmt in public:
                    writer.write(*base, folder, name, data=public[fmt])
            # the abandoned turn's press, on the main line's terms (the folder was removed above,
            # so press withheld now leaves no press.json an earlier export wrote)
            abandoned = branch_press.get((branch.number, record["turn"]), []) if press_published else []
            if abandoned:
                writer.write_json(*base, folder, "press.json", value=abandoned)  # checked against press_hash

    writer.write_json("game.json", value=game_json)
    from adjudicator.publish.site import write_site

    write_site(writer, game_json, pages, shown, spoken.lang)
    write_manifests(writer, root, game.id)
    return root


def adjustment_file(number: int) -> str:
    return f"{number:04d}.json"


def public_adjustment(entry: dict[str, Any], shown: Disclosure) -> dict[str, Any]:
    """A referee's adjustment as the public may see it now (whole when everything is published)."""
    if shown.complete:
        return dict(entry)
    public = {
        k: entry[k]
        for k in (
            "format",
            "kind",
            "game",
            "number",
            "after_turn",
            "by",
            "at",
            "prev_record_hash",
            "record_hash",
        )
    }
    public["public"] = True
    public["events"] = [e for e in entry["events"] if e.get("seats") is None]
    return public


def _check_adjustments_append_only(
    root: Path, adjustments: list[dict[str, Any]], branch_data: list[Any]
) -> None:
    """A published adjustment is never replaced by another one; one a rollback took off the main
    line is removed from ``adjustments/`` (its branch publishes it)."""
    known = {adjustment_file(a["number"]): a["record_hash"] for a in adjustments}
    kept = {a["record_hash"] for _, data in branch_data for a in data.get("adjustments", [])}
    folder = root / "adjustments"
    if folder.is_symlink() or not folder.is_dir():
        return
    for child in sorted(folder.iterdir()):
        old = _read_json(child)
        old_hash = old.get("record_hash") if isinstance(old, dict) else None
        if old_hash is not None and known.get(child.name) != old_hash:
            if old_hash in kept and child.name not in known:
                SafeWriter(root).path("adjustments", child.name).unlink()
                continue
            raise ArchiveError(
                f"{child} holds a different adjustment (record hash {str(old_hash)[:16]}...) than the "
                "database, and no recorded branch accounts for it; the archive is append-only: "
                "export to another folder with --to"
            )


# -- manifests ---------------------------------------------------------------
MANIFEST = "manifest.json"
MANIFEST_FORMAT = 1
_TURN = re.compile(r"\d{3,}")
_TEMP = re.compile(r"\.tmp-[0-9a-f]{16}")  # SafeWriter's temporary files


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def turn_folder_of(rel: str) -> tuple[str, str] | None:
    """``("003", "reports/north.txt")`` for a file of a turn folder (main line or branch), else ``None``."""
    parts = rel.split("/")
    if len(parts) > 1 and _TURN.fullmatch(parts[0]):
        return parts[0], "/".join(parts[1:])
    if len(parts) > 3 and parts[0] == "branches" and _TURN.fullmatch(parts[2]):
        return "/".join(parts[:3]), "/".join(parts[3:])
    return None


def write_manifests(writer: SafeWriter, root: Path, game_id: str) -> str:
    """Write the manifests of everything this export published; returns the archive digest.

    Each turn folder gets ``manifest.json``: the SHA-256 of every file published for that turn
    (record, reports, boards, page), tied to the turn's record hash, so a manifest belongs to
    one record of the hash chain. The root ``manifest.json`` lists every other file (game.json,
    the index, each branch.json) and the SHA-256 of each turn's manifest. ``pbem verify`` checks
    every file of the archive against them and flags a file no manifest lists. The archive
    digest, the SHA-256 of the root manifest, names this exact archive: two copies with the same
    digest hold the same bytes.
    """
    for folder, _dirs, names in os.walk(root, followlinks=False):  # temp files of an interrupted export
        for name in names:
            if _TEMP.fullmatch(name):
                (Path(folder) / name).unlink(missing_ok=True)
    top: dict[str, str] = {}
    turns: dict[str, dict[str, str]] = {}
    for path in sorted(set(writer.written)):
        if not path.is_file() or path.is_symlink():
            continue  # written, then its folder was replaced (a branch rewritten)
        rel = path.relative_to(root).as_posix()
        if rel == MANIFEST:
            continue
        found = turn_folder_of(rel)
        if found is None:
            top[rel] = file_sha256(path)
        elif found[1] != MANIFEST:
            turns.setdefault(found[0], {})[found[1]] = file_sha256(path)
    for folder, files in sorted(turns.items()):
        record = _read_json(root / folder / "record.json")
        manifest = {
            "format": MANIFEST_FORMAT,
            "turn": record.get("turn") if isinstance(record, dict) else None,
            "record_hash": record.get("record_hash") if isinstance(record, dict) else None,
            "files": files,
        }
        path = writer.write_json(*folder.split("/"), MANIFEST, value=manifest)
        top[f"{folder}/{MANIFEST}"] = file_sha256(path)
    path = writer.write_json(
        MANIFEST, value={"format": MANIFEST_FORMAT, "game": game_id, "files": dict(sorted(top.items()))}
    )
    return file_sha256(path)


def archive_digest(root: Path) -> str | None:
    """The SHA-256 of the archive's root manifest (``None`` when there is none)."""
    path = root / MANIFEST
    return file_sha256(path) if path.is_file() and not path.is_symlink() else None


def branch_anchor(data: dict[str, Any]) -> str | None:
    """The record hash a branch leaves from (``None``: the setup).

    Recorded by the rollback; branches made before it was are read from their first record.
    """
    if "anchor_record_hash" in data:
        return data["anchor_record_hash"]
    turns = data.get("turns") or []
    if turns:
        return turns[0]["record"].get("prev_record_hash")
    return (data.get("open_turn") or {}).get("prev_record_hash")


def _check_append_only(root: Path, game: Game, records: list[dict[str, Any]], branch_data: list[Any]) -> None:
    """Refuse to replace a published turn by another one that no recorded branch accounts for."""
    existing = _read_json(root / "game.json")
    if isinstance(existing, dict):
        old = existing.get("setup", {}).get("commitment") if isinstance(existing.get("setup"), dict) else None
        if old is not None and old != game.setup_commitment:
            raise ArchiveError(
                f"{root} holds another game {existing.get('game')!r} (a different setup commitment); "
                "the archive is append-only: export to another folder with --to, or move it away"
            )
    known = {r["turn"]: r["record_hash"] for r in records}
    kept = {t["record"].get("record_hash") for _, data in branch_data for t in data.get("turns", [])}
    for child in sorted(root.iterdir()):
        if not re.fullmatch(r"\d{3,}", child.name):
            continue
        old = _read_json(child / "record.json")
        old_hash = old.get("record_hash") if isinstance(old, dict) else None
        number = int(child.name)
        if old_hash is None or known.get(number) == old_hash or old_hash in kept:
            continue
        raise ArchiveError(
            f"{child}/record.json holds a different turn {number} (record hash {str(old_hash)[:16]}...) "
            "than the database, and no recorded branch accounts for it; the archive is append-only: "
            "export to another folder with --to"
        )
