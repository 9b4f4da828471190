"""A play-by-email referee: sealed orders, committed dice, verifiable archives."""

__version__ = "0.1.0"
