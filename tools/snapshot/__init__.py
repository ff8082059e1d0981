"""tools/page_snapshot.py's parts: the club it builds through HTTP (world.py) and
the pages and API answers it fetches (captures.py)."""
