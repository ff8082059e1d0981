"""A season's standings for the club's wall and a spreadsheet (issue 22, item 15):
the printed page's content (season_sheet: the standings in their two groups, the
date, the QR code back to the live season page) and the CSV (standings_csv:
UTF-8 with a byte order mark so that spreadsheets read accents, a header row,
one row per player). Both from tournaments.seasons.standings, as the page counts.
The headings and yes/no are in the reader's language; the numbers stay plain, for a
spreadsheet to read."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.safestring import SafeString
from django.utils.text import slugify
from django.utils.translation import gettext, pgettext, pgettext_lazy

from pitchclub.qr import qr_svg
from tournaments.models import Season
from tournaments.seasons.standings import Standing

# Translators: the header row of a season's standings as CSV (a spreadsheet's
# column names, lower case).
CSV_HEADER = (
    pgettext_lazy("a CSV column", "rank"),
    pgettext_lazy("a CSV column", "name"),
    pgettext_lazy("a CSV column", "nights"),
    pgettext_lazy("a CSV column", "games"),
    pgettext_lazy("a CSV column", "wins"),
    pgettext_lazy("a CSV column", "points"),
    pgettext_lazy("a CSV column", "counted"),
    pgettext_lazy("a CSV column", "qualified"),
)


@dataclass(frozen=True)
class SeasonSheet:
    qualified: list[Standing]
    others: list[Standing]
    qr: SafeString
    url: str


def season_sheet(lines: Sequence[Standing], url: str) -> SeasonSheet:
    """The printed standings: the qualified players, then the others; a QR code
    of the live season page's `url` (absolute)."""
    return SeasonSheet(
        qualified=[line for line in lines if line.qualified],
        others=[line for line in lines if not line.qualified],
        qr=qr_svg(
            url,
            gettext("QR code of the season's live standings, %(url)s") % {"url": url},
        ),
        url=url,
    )


def standings_csv(lines: Sequence[Standing]) -> str:
    """The standings as CSV text with a byte order mark: the header row, then
    one row per player in rank order; `qualified` is yes or no."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([str(heading) for heading in CSV_HEADER])
    yes = pgettext("qualified, in a CSV", "yes")
    no = pgettext("qualified, in a CSV", "no")
    for line in sorted(lines, key=lambda line: line.rank):
        writer.writerow(
            (
                line.rank,
                _safe_cell(line.name),
                line.nights,
                line.games,
                line.wins,
                line.points,
                line.counted,
                yes if line.qualified else no,
            )
        )
    return out.getvalue()


def _safe_cell(text: str) -> str:
    """A name a spreadsheet would read as a formula (=, +, -, @ first) is kept as
    text with a leading apostrophe."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_filename(season: Season) -> str:
    """`winter-2026-standings.csv`, its last word in the reader's language."""
    # Translators: the end of a CSV file's name: lower case, no spaces.
    words = slugify(pgettext("a file name", "standings")) or "standings"
    return f"{slugify(season.name) or 'season'}-{words}.csv"
