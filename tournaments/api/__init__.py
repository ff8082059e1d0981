"""The REST API v1 of tournaments, matches and progressive nights."""
