"""One match: its page, its game at the table, its paper result, its result
confirmed by the other side."""
