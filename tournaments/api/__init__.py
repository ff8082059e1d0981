"""The REST API v1 of tournaments, matches and progressive nights
(../shared/EVENTS.md): one view per operation, Input/Output serializers. The views
call the same services as the pages; refusals reach the API's one exception handler
(pitchclub.api.errors): 400s that name the field, 409s `{detail, code, field}` for
conflicts with the tournament as it stands.

serializers.py holds the tournament as the API shows it; access.py what every view
does first (who may do what); tournaments.py, matches.py and nights.py the views of
tournaments, of their matches and rounds, and of a progressive night's players.
"""
