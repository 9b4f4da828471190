"""The commands a seat's verified mail may carry, one module each.

The mail handler looks the command word up in :data:`COMMANDS` and runs what it finds with the
handler's desk (the database, the referee, the count of replies queued, the refusal), the parsed
mail, the seat and the moment it was handled. A command returns the line the handler records.
Adding a command is adding a module and a row here; the handler itself does not change. The words
of every language that name a command are in :mod:`adjudicator.mail.words`: the parser gives the
command's English word, the one this table knows.
"""

from __future__ import annotations

from adjudicator.mail.commands import help, history, lang, my_orders, report, seat_actions, status
from adjudicator.mail.commands.desk import Command, Desk

#: command word -> what answers it
COMMANDS: dict[str, Command] = {
    "report": report.run,
    "status": status.run,
    "history": history.run,
    "orders": my_orders.run,
    "help": help.run,
    "lang": lang.run,
    **{word: seat_actions.run for word in seat_actions.WORDS},
}

__all__ = ["COMMANDS", "Command", "Desk"]
