"""League seasons: nights, standings, playoffs; their pages and API."""
