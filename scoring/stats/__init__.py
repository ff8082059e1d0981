"""A player's figures, ratings, the club leaderboard and their charts."""
