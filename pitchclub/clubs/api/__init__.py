"""Clubs, members, rosters, invites and joining by code at the API edge, by area.

The views ask pitchclub.permissions who may see and do what, and call
pitchclub.services for every write, as the pages do. Order of refusals, as for games:
a club the caller may not see is a 404, then an anonymous write is a 401, then a
write the caller's role does not allow is a 403. Refusals of the services reach the
API's one exception handler (pitchclub.api.errors).
"""
