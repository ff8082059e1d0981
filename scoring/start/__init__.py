"""Starting a game: the new-game page and its form, with every option of RULES.md."""
