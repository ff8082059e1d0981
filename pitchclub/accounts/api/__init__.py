"""The REST API v1 of accounts: a token for a user name and password."""
