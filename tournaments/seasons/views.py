"""League season pages: a season's standings (sortable, phone-readable) and its
nights; one player's nights; one night's results, games and tournaments; the
organisers' new season, new night and "Start playoffs"; the club page's
"Seasons" panel. Views parse a form, ask pitchclub.permissions who may do what, call
tournaments.seasons.services (or read its selectors, standings and overview) and
render or redirect; a refusal is shown next to the field it concerns. Everyone who
may read the club reads its seasons."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from pitchclub import pages as club_pages
from pitchclub import permissions
from pitchclub.language import speak_club_language
from pitchclub.permissions import ClubAccess
from pitchclub.replica import heavy_read
from scoring.engine import RuleViolation
from scoring.table.cards import game_cards
from tournaments.models import Night, Season
from tournaments.refusals import TournamentRefusal
from tournaments.seasons import exports, overview, selectors, services, standings
from tournaments.seasons.forms import NightForm, PlayoffsForm, SeasonForm
from tournaments.seasons.refusals import SeasonRefusal

T = "tournaments/"
NO_SEASON = "No such season, or its club is private."


def _season(request: HttpRequest, season_id: int) -> tuple[Season, ClubAccess]:
    """The season and what the user may do in its club (2 queries); 404 when a
    private club hides it."""
    try:
        season = selectors.season_get(season_id=season_id, user=request.user)
    except Season.DoesNotExist as missing:
        raise Http404(NO_SEASON) from missing
    # Its pages speak the club's language to a visitor who chose none.
    speak_club_language(request, season.club)
    return season, permissions.club_access(club=season.club, user=request.user)


def _add_refusal(
    form: Form, refusal: Exception, fields: dict[str, str] | None = None
) -> None:
    """A service's refusal next to the form field it names (options.target is the
    form's `target`), or above the form."""
    name = getattr(refusal, "field", "")
    name = (fields or {}).get(name, name)
    form.add_error(
        name if name in form.fields else None, getattr(refusal, "message", "")
    )


# --- A club's new season -------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = club_pages.club_for(request, slug)
    if not access.can_manage:
        return club_pages.forbidden(
            request, club, access, _("Only the club's organisers can start a season.")
        )
    if request.method == "POST":
        form = SeasonForm(request.POST)
        if form.is_valid():
            try:
                season = services.season_create(
                    club=club, created_by=request.user, **form.service_fields()
                )
            except (SeasonRefusal, RuleViolation) as refusal:
                _add_refusal(form, refusal, {"options.target": "target"})
            else:
                messages.success(
                    request, _("%(name)s has started.") % {"name": season.name}
                )
                return redirect("tournaments:season", season_id=season.pk)
        status = 400
    else:
        today = timezone.localdate()
        form = SeasonForm(initial={"starts": today})
        status = 200
    context = {"club": club, "access": access, "form": form}
    return render(request, f"{T}season_new.html", context, status=status)


# --- A season: standings and nights --------------------------------------------------


def _season_page(
    request: HttpRequest,
    season: Season,
    access: ClubAccess,
    *,
    night_form: NightForm | None = None,
    status: int = 200,
) -> HttpResponse:
    view = overview.season_read(season)
    sort = request.GET.get("sort", "rank")
    if sort not in standings.STANDINGS_SORTS:
        sort = "rank"
    qualified = [line for line in view.standings if line.qualified]
    others = [line for line in view.standings if not line.qualified]
    if night_form is None and access.can_manage:
        today = timezone.localdate()
        night_form = NightForm(
            initial={"date": today if season.starts <= today <= season.ends else None}
        )
    context = {
        "season": season,
        "club": season.club,
        "access": access,
        "sort": sort,
        "columns": COLUMNS,
        "qualified": standings.standings_sorted(qualified, sort),
        "others": standings.standings_sorted(others, sort),
        "nights": list(reversed(view.nights)),
        "night_form": night_form,
        "champion": view.champion,
    }
    return render(request, f"{T}season.html", context, status=status)


# The standings' columns after the player's: (sort key, heading, full name).
COLUMNS = [
    (
        "counted",
        pgettext_lazy("a season's total after the dropped nights", "Counted"),
        gettext_lazy("Counted total"),
    ),
    ("nights", gettext_lazy("Nights"), gettext_lazy("Nights played")),
    ("games", gettext_lazy("Games"), gettext_lazy("Games played")),
    ("wins", pgettext_lazy("a column: games won", "Won"), gettext_lazy("Games won")),
    ("points", gettext_lazy("Points"), gettext_lazy("Points scored")),
]


@require_safe
@heavy_read
def season_detail(request: HttpRequest, season_id: int) -> HttpResponse:
    season, access = _season(request, season_id)
    return _season_page(request, season, access)


@require_POST
@login_required
def night_new(request: HttpRequest, season_id: int) -> HttpResponse:
    season, access = _season(request, season_id)
    if not access.can_manage:
        return club_pages.forbidden(
            request,
            season.club,
            access,
            _("Only the club's organisers can add a night to a season."),
        )
    form = NightForm(request.POST)
    if form.is_valid():
        try:
            night = services.night_add(
                season=season, date=form.cleaned_data["date"], by=request.user
            )
        except SeasonRefusal as refusal:
            _add_refusal(form, refusal)
        else:
            day = date_format(night.date, pgettext("date format", "D j M Y"))
            messages.success(
                request,
                _("Night of %(day)s added to %(season)s.")
                % {"day": day, "season": season.name},
            )
            return redirect("tournaments:season", season_id=season.pk)
    return _season_page(request, season, access, night_form=form, status=400)


# --- The standings on paper and as CSV -----------------------------------------------


@require_safe
def season_print(request: HttpRequest, season_id: int) -> HttpResponse:
    """The standings on one A4 page: dated, the club's name, a QR code back to
    the live season page."""
    season, access = _season(request, season_id)
    view = overview.season_read(season)
    live = request.build_absolute_uri(reverse("tournaments:season", args=[season.pk]))
    context = {
        "season": season,
        "club": season.club,
        "access": access,
        "champion": view.champion,
        "sheet": exports.season_sheet(view.standings, live),
        "today": timezone.localdate(),
    }
    return render(request, f"{T}season_print.html", context)


@require_safe
def season_csv(request: HttpRequest, season_id: int) -> HttpResponse:
    """The standings as CSV (UTF-8 with a byte order mark)."""
    season, _ = _season(request, season_id)
    answer = HttpResponse(
        exports.standings_csv(standings.season_standings(season)),
        content_type="text/csv; charset=utf-8",
    )
    name = exports.csv_filename(season)
    answer["Content-Disposition"] = f'attachment; filename="{name}"'
    return answer


# --- One player's season, one night --------------------------------------------------


@require_safe
def season_player(request: HttpRequest, season_id: int, player_id: int) -> HttpResponse:
    season, access = _season(request, season_id)
    line = next(
        (
            line
            for line in standings.season_standings(season)
            if line.player_id == player_id
        ),
        None,
    )
    if line is None:
        raise Http404("This player has played no game of the season.")
    nights = {night.date: night for night in Night.objects.filter(season=season)}
    context = {
        "season": season,
        "club": season.club,
        "access": access,
        "line": line,
        "nights": [(nights[night.date], night) for night in line.night_lines],
    }
    return render(request, f"{T}season_player.html", context)


@require_safe
def night_detail(request: HttpRequest, season_id: int, night_id: int) -> HttpResponse:
    season, access = _season(request, season_id)
    night = Night.objects.filter(season=season, pk=night_id).first()
    if night is None:
        raise Http404("No such night in this season.")
    context = {
        "season": season,
        "club": season.club,
        "access": access,
        "night": night,
        "results": standings.night_results(season, night),
        "games": game_cards(selectors.night_games(season, night)),
        "tournaments": selectors.season_tournaments(season, [night.date]),
    }
    return render(request, f"{T}night.html", context)


# --- Playoffs ------------------------------------------------------------------------


def _playoffs_start(
    request: HttpRequest, season: Season, form: PlayoffsForm
) -> HttpResponse | int:
    """Start the playoffs from a valid form: a redirect to them, or the refusal
    next to its field and the page's status (409 when they have started)."""
    try:
        tournament = services.playoffs_start(
            season=season,
            size=form.cleaned_data["size"],
            format=form.cleaned_data["format"],
            name=form.cleaned_data["name"] or None,
            by=request.user,
        )
    except (SeasonRefusal, TournamentRefusal, RuleViolation) as no:
        _add_refusal(form, no)
        return 409 if getattr(no, "conflict", False) else 400
    messages.success(request, _("%(name)s has started.") % {"name": tournament.name})
    return redirect("tournaments:detail", tournament_id=tournament.pk)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def season_playoffs(request: HttpRequest, season_id: int) -> HttpResponse:
    season, access = _season(request, season_id)
    if not access.can_manage:
        return club_pages.forbidden(
            request,
            season.club,
            access,
            _("Only the club's organisers can start a season's playoffs."),
        )
    qualified = [line for line in standings.season_standings(season) if line.qualified]
    status = 200
    if request.method == "POST":
        form = PlayoffsForm(request.POST)
        status = 400
        if form.is_valid():
            answer = _playoffs_start(request, season, form)
            if isinstance(answer, HttpResponse):
                return answer
            status = answer
            season.refresh_from_db(fields=["playoffs"])
    else:
        form = PlayoffsForm(initial={"size": min(len(qualified), 4) or None})
    context: dict[str, Any] = {
        "season": season,
        "club": season.club,
        "access": access,
        "form": form,
        "qualified": qualified,
    }
    return render(request, f"{T}season_playoffs.html", context, status=status)
