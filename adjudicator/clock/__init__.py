"""What time does: ticks, the `pbem serve` scheduler, reminders."""

import adjudicator.publish  # noqa: F401  (registers the report hooks every Referee here uses)
