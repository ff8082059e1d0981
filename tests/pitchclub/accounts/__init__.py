"""Tests for pitchclub.accounts, mirroring its modules."""
