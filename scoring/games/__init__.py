"""Games and hands: the writes (services: games; hands), the reads (selectors;
players; rows, the API's raw SQL), the game hook, rows <-> engine (convert), what a
game was started for (links), the scopes apps above supply (scopes), what a
confirmation page showed of a hand or a game (versions)."""
