"""The India Company and its rate of exchange, the ICROE (book p. 8, "Phase de négoce").

"Le transfert d'Or se fait toujours 1 Or après l'autre. A chaque transfert d'Or de la Compagnie
des Indes et à la fin de chaque transaction, mettez à jour l'ICROE." Reading: each gold is priced
at the ICROE shown before it moves, then the rate is updated; buying 3 gold from a stock of 13
costs 1 + 2 + 2 = 5 doublons.

Gold outside the Company: the book's material is "une vingtaine de jetons Or"; the Company starts
with 8 + 1 per player, and the rest of the twenty tokens is the bank's reserve of gold, from which
the cards that give gold (treasure events, charters) pay while it lasts. Gold paid for recruits and
sold goes to the Company's stock, so the Company, the reserve and the players always hold 20.

Terms of trade: an agreement with ``icroe = n`` prices each gold its holder buys n doublons lower
(never below 1) and each gold it sells n doublons higher.
"""

from __future__ import annotations

from adjudicator.games.master_commander.table import Refused, Table

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
GOLD_TOKENS = 20  # "Une vingtaine de jetons Or": the Company's stock, the reserve and the players' gold


def icroe(stock: int) -> int:
    """The rate of exchange for the Company's current stock of gold."""
    for least, rate in ICROE_TABLE:
        if stock >= least:
            return rate
    return ICROE_TABLE[-1][1]


def buying_rate(stock: int, terms: int = 0) -> int:
    """The price of the next gold bought: the ICROE, less the buyer's terms of trade (at least 1)."""
    return max(1, icroe(stock) - terms)


def buying_cost(stock: int, count: int, terms: int = 0) -> int:
    """What ``count`` gold cost bought one after the other from a stock of ``stock``."""
    return sum(buying_rate(stock - i, terms) for i in range(count))


def selling_price(stock: int, count: int, terms: int = 0) -> int:
    """What ``count`` gold fetch sold one after the other to a stock of ``stock``."""
    return sum(icroe(stock + i) + terms for i in range(count))


def terms_of_trade(table: Table, seat: str) -> int:
    """The sum of the ``icroe`` terms of the agreements ``seat`` holds in play."""
    return sum(int(table.card(u).get("icroe", 0)) for u in table.player(seat)["agreements"])


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
    terms = terms_of_trade(table, seat)
    cost = buying_cost(stock, count, terms)
    if cost > p["doublons"]:
        affordable = max(
            (n for n in range(count) if buying_cost(stock, n, terms) <= p["doublons"]), default=0
        )
        raise Refused(
            f"{count} gold cost {cost} doublons at the ICROE, {seat} holds {p['doublons']}",
            f"buy {affordable} gold" if affordable else "you cannot afford any gold now",
        )
    for _ in range(count):
        rate = buying_rate(table.state["company_gold"], terms)
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
    terms = terms_of_trade(table, seat)
    for _ in range(count):
        rate = icroe(table.state["company_gold"]) + terms
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
