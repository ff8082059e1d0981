"""REST API v1 for clubs, members, rosters, invites and joining, end to end through
HTTP; and games started in a club. Who may do what, role by role, is the table of
tests/pitchclub/test_permissions.py; here each operation's answers are checked."""
