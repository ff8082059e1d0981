"""A tournament of any format: creating it, drawing its rounds (progressive nights'
too), what its page shows (the board, its boxes and standings), the new-tournament
page. The pages of every tournament (bracket or rounds, wall, prints) are
tournaments/views.py."""
