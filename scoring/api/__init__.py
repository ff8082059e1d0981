"""The REST API v1 of games and hands; the serializers other apps use."""
