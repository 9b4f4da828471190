"""Mail both ways: composing, the outbox, sending, and reading orders from mail."""
