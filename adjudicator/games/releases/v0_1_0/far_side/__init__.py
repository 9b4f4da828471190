"""Master & Commander: Far Side of the World, the 28-step naval combat game, refereed by email."""
