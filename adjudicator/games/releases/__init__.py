"""Released ruleset versions kept frozen: one package per release, named ``v<major>_<minor>_<patch>``."""
