"""The referee's letters: templates rendered, mail composed and queued in the outbox."""
