"""A tournament's life for its organisers: renamed, closed early, archived, deleted."""
