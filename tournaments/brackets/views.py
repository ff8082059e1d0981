"""The organiser's pages that make a tournament's draw: a new tournament (format and
settings, the game its matches play, entrants from the roster) and drawing a
Swiss's or a progressive night's next round.

Who may do what is the API's (tournaments.api.access): a club's organisers and
scorekeepers create its tournaments and draw their rounds."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models.functions import Lower
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from pitchclub import pages as club_pages
from pitchclub import permissions
from pitchclub import selectors as club_selectors
from pitchclub.models import Club
from scoring.engine import RuleViolation
from scoring.models import Variant
from scoring.start.forms import OPTIONS_FORMS, OptionsForm
from tournaments import pages
from tournaments.brackets import create, draw
from tournaments.brackets.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.refusals import TournamentRefusal


def _new_forms(
    request: HttpRequest, club: Club
) -> tuple[TournamentForm, dict[str, OptionsForm]]:
    data = request.POST if request.method == "POST" else None
    roster = club_selectors.roster(club=club).order_by(Lower("name"), "id")
    form = TournamentForm(data, roster=roster)
    options = {
        variant: form_class(data) for variant, form_class in OPTIONS_FORMS.items()
    }
    return form, options


def _create(
    request: HttpRequest,
    club: Club,
    form: TournamentForm,
    options_forms: dict[str, OptionsForm],
) -> Tournament | None:
    """The tournament the posted forms create, or None (their errors say why)."""
    # Only the chosen variant's options count; the other's boxes are ignored.
    chosen = options_forms.get(request.POST.get("variant", ""))
    valid = form.is_valid()
    if chosen is None or not chosen.is_valid() or not valid:
        return None
    data = form.cleaned_data
    try:
        return create.tournament_create(
            club=club,
            name=data["name"],
            format=data["format"],
            variant=data["variant"],
            team_size=data["team_size"],
            options=chosen.options,
            settings=form.settings(),
            entrants=form.entrants(),
            created_by=request.user,
        )
    except (TournamentRefusal, RuleViolation) as refusal:
        form.add_refusal(refusal, chosen)
        return None


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    """A new tournament of the club: format and settings, the game its matches
    play, entrants from the roster; a refusal comes back next to its field with
    everything kept. Created: the tournament's page."""
    club, access = club_pages.club_for(request, slug)
    if not access.can_keep_score:
        why = pages.KEEPERS_ONLY.format(club=club.name, what="run its tournaments")
        return club_pages.forbidden(request, club, access, why)
    form, options_forms = _new_forms(request, club)
    if request.method == "POST":
        tournament = _create(request, club, form, options_forms)
        if tournament is not None:
            messages.success(
                request, _("%(name)s is drawn: good luck!") % {"name": tournament.name}
            )
            return redirect("tournaments:detail", tournament_id=tournament.pk)
    context = {
        "club": club,
        "form": form,
        "auction": options_forms[Variant.AUCTION.value],
        "thirteen": options_forms[Variant.THIRTEEN.value],
        "refused": request.method == "POST",
        "more_open": any(
            name != "target"
            for options in options_forms.values()
            if options.is_bound
            for name in options.errors
        ),
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/new.html", context, status=status)


@login_required
@require_POST
def round_draw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Draw a Swiss's next round; back to the tournament's page with a message."""
    tournament = pages.tournament_for(request, tournament_id)
    club = tournament.club
    access = permissions.club_access(club=club, user=request.user)
    if not access.can_keep_score:
        why = pages.KEEPERS_ONLY.format(
            club=club.name, what="draw its tournaments' rounds"
        )
        return club_pages.forbidden(request, club, access, why)
    try:
        draw.round_draw(tournament_id=tournament.pk, by=request.user)
    except TournamentRefusal as refusal:
        messages.error(request, refusal.message)
    else:
        rounds = tournament.rounds.count()
        if tournament.format == "progressive":
            said = _("Round %(number)s is drawn: its tables are ready.")
        else:
            said = _("Round %(number)s is drawn: its matches are ready.")
        messages.success(request, said % {"number": rounds})
    return redirect("tournaments:detail", tournament_id=tournament.pk)
