"""Creating a tournament, drawing its rounds, its board, wall and prints."""
