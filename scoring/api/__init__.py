"""The REST API v1 of games and hands (../shared/API.md): one view per operation,
Input/Output serializers; the serializers other apps use.

The views call the same services as the HTML pages; their refusals reach the API's one
exception handler (pitchclub.api.errors): 400s that name the field, or 409s for
conflicts with the game's state.

serializers.py holds the game as the API shows it (scoring's public face to the apps
above); access.py what every view does first; games.py, hands.py and log.py the views
of games, of their hands, and of their revisions and deleted games.
"""
