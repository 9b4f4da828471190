"""The core: the turn loop, its storage, the record, seals, deadlines. Imports games only."""
