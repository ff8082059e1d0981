"""One match: its page, its game at the table, its paper result."""
