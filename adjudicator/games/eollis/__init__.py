"""Eollis, Pirates des vents: the ruleset ``eollis`` (see rules.py and orders/eollis.md)."""
