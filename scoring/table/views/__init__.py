"""The table's pages: the table itself and recording a hand (page), correcting and
undoing a hand (corrections), abandoning, resuming and deleting a game (lifecycle),
and what they share (shared). They never import the engine: scoring.table.sheet and
the services do (the `edges-no-engine` contract)."""
