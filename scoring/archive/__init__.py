"""The games archives: lists, filters (django-filter) and the scopes' titles."""
