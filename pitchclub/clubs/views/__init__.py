"""Club pages, by area: the list and a club's page and settings (``clubs``), its
members and their roles (``members``), its roster and the roster's log
(``roster``), one roster player's rename and merge (``players``), its invites and
joining by code (``invites``); ``pages`` holds what every one of them needs.

Views parse a form, ask pitchclub.permissions who may do what, call a service and
redirect; a refusal is shown next to the field it concerns."""
