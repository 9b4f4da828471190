"""Planet Masters (Toco): the dice game of conquest, 2 to 8 players, refereed by email."""
