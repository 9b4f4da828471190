"""The India Company and its rate of exchange, the ICROE (book p. 8, "Phase de négoce").

"Le transfert d'Or se fait toujours 1 Or après l'autre. A chaque transfert d'Or de la Compagnie
des Indes et à la fin de chaque transaction, mettez à jour l'ICROE." Reading: each gold is priced
at the ICROE shown before it moves, then the rate is updated; buying 3 gold from a stock of 13
costs 1 + 2 + 2 = 5 doublons.
"""

from __future__ import annotations

from adjudicator.games.releases.v0_1_0.master_commander.table import Refused, Table

#: Compagnie des Indes: OR en stock -> taux d'échange en doublons (lowest stock of each row first)
ICROE_TABLE: tuple[tuple[int, int], ...] = (
    (13, 1),  # 13+
    (10, 2),  # 10-12
    (7, 3),  # 7-9
    (4, 4),  # 4-6
    (1, 5),  # 1-3
    (0, 6),  # 0
)
MAX_TRANSACTION = 3  # "Annoncez le type de transaction et le nombre d'Or concerné (maximum 3)"
COMPANY_BASE_GOLD = 8  # "Placez 8 jetons Or dans les stocks de la Compagnie des Indes"
COMPANY_GOLD_PER_PLAYER = 1  # "et ajoutez 1 jeton Or par joueurs"


def icroe(stock: int) -> int:
    """The rate of exchange for the Company's current stock of gold."""
    for least, rate in ICROE_TABLE:
        if stock >= least:
            return rate
    return ICROE_TABLE[-1][1]


def buying_cost(stock: int, count: int) -> int:
    """What ``count`` gold cost bought one after the other from a stock of ``stock``."""
    return sum(icroe(stock - i) for i in range(count))


def selling_price(stock: int, count: int) -> int:
    """What ``count`` gold fetch sold one after the other to a stock of ``stock``."""
    return sum(icroe(stock + i) for i in range(count))


def buy_gold(table: Table, seat: str, count: int) -> None:
    """Transaction: buy ``count`` gold, one at a time, the ICROE updated after each."""
    stock = table.state["company_gold"]
    p = table.player(seat)
    if not 1 <= count <= MAX_TRANSACTION:
        raise Refused(f"a transaction is 1 to {MAX_TRANSACTION} gold, not {count}", "buy 1 gold")
    if count > stock:
        raise Refused(
            f"the India Company holds only {stock} gold, you cannot buy {count}",
            f"buy {stock} gold" if stock else "the Company has no gold to sell",
        )
    cost = buying_cost(stock, count)
    if cost > p["doublons"]:
        affordable = max((n for n in range(count) if buying_cost(stock, n) <= p["doublons"]), default=0)
        raise Refused(
            f"{count} gold cost {cost} doublons at the ICROE, {seat} holds {p['doublons']}",
            f"buy {affordable} gold" if affordable else "you cannot afford any gold now",
        )
    for _ in range(count):
        rate = icroe(table.state["company_gold"])
        p["doublons"] -= rate
        p["gold"] += 1
        table.state["company_gold"] -= 1
        table.tell(
            f"{seat} buys 1 gold for {rate} doublons; the ICROE is now {icroe(table.state['company_gold'])}.",
            "icroe",
            rate=rate,
            stock=table.state["company_gold"],
        )


def sell_gold(table: Table, seat: str, count: int) -> None:
    """Transaction: sell ``count`` gold to the Company, one at a time, the ICROE updated after each."""
    p = table.player(seat)
    if not 1 <= count <= MAX_TRANSACTION:
        raise Refused(f"a transaction is 1 to {MAX_TRANSACTION} gold, not {count}", "sell 1 gold")
    if count > p["gold"]:
        raise Refused(f"{seat} holds {p['gold']} gold, not {count}", f"sell {p['gold']} gold")
    for _ in range(count):
        rate = icroe(table.state["company_gold"])
        p["doublons"] += rate
        p["gold"] -= 1
        table.state["company_gold"] += 1
        table.tell(
            f"{seat} sells 1 gold for {rate} doublons; "
            f"the ICROE is now {icroe(table.state['company_gold'])}.",
            "icroe",
            rate=rate,
            stock=table.state["company_gold"],
        )
