"""What a turn publishes: reports, board pictures, the archive, its site, verification, rollback.

Importing this package registers the report hooks the engine calls inside a close and an open
(:func:`adjudicator.core.engine.register_turn_hooks`): the engine records, this layer renders and
queues, and the engine never imports it."""

from adjudicator.core.engine import TurnHooks, register_turn_hooks
from adjudicator.publish import reports

register_turn_hooks(TurnHooks(reports.on_close, reports.on_open, reports.on_civil_disorder))
