"""Accounts: sign-up, log-in (with its lockout), the profile, API tokens; pages and
API (api/)."""
