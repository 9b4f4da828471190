"""The table's features around the turns: press, sign-up, absence, resignation, proposals,
observers, adjustments."""
