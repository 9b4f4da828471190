"""Master & Commander (Sylvain Lopez), the card game of 17th-century privateers, for 2 to 5 players.

``rules.MasterCommander`` is the ruleset; the order language is documented in
``orders/master-commander.md``; the original card set lives in ``data/*.toml``.
"""
