"""Mail on the wire: reading mail in (files, Maildir, IMAP, the SMTP listener), the commands it
carries, and sending the outbox."""

import adjudicator.publish  # noqa: F401  (registers the report hooks every Referee here uses)
