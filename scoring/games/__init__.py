"""Games and hands: the writes (services), the reads (selectors), the game
hook, rows <-> engine (convert), what a game was started for (links)."""
