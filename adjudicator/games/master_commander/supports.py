"""Where the supports of a character leaving play go.

« Quand un personnage quitte le jeu, est capturé ou rallié par un adversaire, tous ses objets sont
défaussés et ses soutiens peuvent être réassignés à une cible légale en jeu – s'il n'y en a pas,
défaussez-les » (book, "Personnage mort, capturé, rallié par un adversaire").

The choice is the controller's. A character leaves play in a sealed moment (a battle, a duel, a rally)
often in another player's turn, so the choice is given in advance, as a standing answer in any
submission: ``standing supports of <character> to <holder>`` (a character or a place of yours). When
the character leaves play, each of its supports goes to that holder if it is still yours, may legally
hold the support (a character support on a character, a place support on a place) and has command to
spare; otherwise, and when no choice was given, the **default**: the first card of the same controller
that may legally hold it with command to spare, its characters in the order they came into play
(recruited, enlisted, freed), then its haven, then its territories in the order they were gained. The
default depends on game facts only, never on names or card numbers. No legal holder: discarded.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.master_commander.table import Refused, Table

Order = dict[str, Any]


def check_standing_supports(table: Table, seat: str, order: Order) -> tuple[str, str]:
    """The character and the holder a standing supports answer names (raises Refused)."""
    p = table.player(seat)
    char = table.find(order["character"], p["characters"], f"a character of {seat} in activity")
    holders = [u for u in [*p["characters"], *table.places(seat)] if u != char]
    holder = table.find(order["holder"], holders, "another character or a place you control")
    return char, holder


def record_standing_supports(table: Table, seat: str, order: Order) -> None:
    char, holder = check_standing_supports(table, seat, order)
    mine = table.state.setdefault("standing", {}).setdefault(seat, {})
    mine[f"supports:{char}"] = {"verb": "standing-supports", "character": char, "holder": holder}


def chosen_holder(table: Table, controller: str, leaving: str) -> str | None:
    """The holder ``controller`` chose for the supports of ``leaving``, if it gave one."""
    given = table.state.get("standing", {}).get(controller, {}).get(f"supports:{leaving}")
    return str(given["holder"]) if given else None


def support_holder(table: Table, controller: str, leaving: str, support: str) -> str | None:
    """Where one support of ``leaving`` goes: the chosen holder if legal, else the default, else None."""
    targets = table.card(support).get("targets")
    pool: list[str] = []
    if targets in ("character", "any"):
        pool += [c for c in table.player(controller)["characters"] if c != leaving]
    if targets in ("place", "any"):
        pool += table.places(controller)
    legal = [t for t in pool if len(table.inst(t)["attached"]) < table.command(t)]
    chosen = chosen_holder(table, controller, leaving)
    if chosen in legal:
        return chosen
    if chosen is not None:
        table.tell(
            f"{controller}'s chosen holder {table.name(chosen)} cannot take {table.name(support)}: "
            "the first legal holder takes it.",
            "order-skipped",
        )
    return legal[0] if legal else None


def check_extra_standing(table: Table, seat: str, order: Order) -> None:
    """Check a ``standing use`` or ``standing supports`` line (raises Refused)."""
    from adjudicator.games.master_commander.abilities import check_standing_use

    if order["verb"] == "standing-use":
        check_standing_use(table, seat, order)
    elif order["verb"] == "standing-supports":
        check_standing_supports(table, seat, order)


def record_extra_standing(table: Table, seat: str, orders: list[Order]) -> None:
    """Keep the ``standing use`` / ``standing supports`` lines of a resolved submission (a line before a
    ``standing clear`` of the same submission is forgotten with the rest; a bad one is reported)."""
    from adjudicator.games.master_commander.abilities import record_standing_use
    from adjudicator.games.master_commander.orders import order_text

    clears = [int(o.get("line", 0)) for o in orders if o["verb"] == "standing" and o.get("what") == "clear"]
    last_clear = max(clears, default=-1)
    for order in orders:
        if order["verb"] not in ("standing-use", "standing-supports"):
            continue
        if int(order.get("line", 0)) < last_clear:
            continue
        try:
            if order["verb"] == "standing-use":
                record_standing_use(table, seat, order)
            else:
                record_standing_supports(table, seat, order)
        except Refused as refused:
            table.tell(f"{seat}'s standing answer is dropped: {refused.message}.", "order-skipped", (seat,))
            continue
        table.tell(f"{seat} gives the standing answer '{order_text(order)}'.", "standing", (seat,))
