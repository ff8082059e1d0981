"""The scorekeeper's table: the table page (entry, sheet, words, corrections, undo),
the offline data, the live view and its share link."""
