"""Tournaments' template tags: a tournament's life on its pages."""
