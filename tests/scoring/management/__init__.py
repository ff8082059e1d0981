"""Tests for scoring.management (the commands)."""
