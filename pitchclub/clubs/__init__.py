"""The clubs: their pages (views/), forms and API (api/): a club, its members and roles,
its roster of players, invites and joining by code."""
