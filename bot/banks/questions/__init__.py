"""Drafts and their checking: what every reader produces (`draft`), and each draft checked the same way,
whatever its format, into a question or a left-out entry with its line and reason (`build`)."""
