"""The table's sentences, marked for translation (gettext), one module per subject:
a hand saved, corrected or raced by another phone (hands), the flashes and notes of
the pages (flashes), the archives' titles (titles), the history of corrections
(history), the headings of a game's pages (headings), who wins and why (wins), the
CSV export's columns (export). The numbers and names come from their callers (the
views, scoring/table/sheet.py), never from a query here."""
