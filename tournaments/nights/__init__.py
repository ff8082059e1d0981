"""Progressive Pitch nights: check-in, tables, arrivals and leavers, cards."""
