"""A progressive night's pages (organisers and scorekeepers): check players in
and seat round 1, the board of tables (which have finished, their scores, paper
results), "Next round" when all are done, late arrivals and leavers, the tally
in prize order, and printable table cards with each table's QR code."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models.functions import Lower
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from pitchclub import pages as club_pages
from pitchclub import permissions
from pitchclub.permissions import ClubAccess
from pitchclub.qr import qr_svg
from scoring.engine import RuleViolation
from tournaments import pages, pairing, selectors
from tournaments.brackets import create
from tournaments.matches.page import side_lines
from tournaments.models import Entrant, Match, Tournament
from tournaments.nights import board as night_board
from tournaments.nights import services
from tournaments.nights.forms import ArrivalForm, NightForm, TableScoresForm
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import PROGRESSIVE

T = "tournaments/progressive"


def _keepers_only(club_name: str) -> str:
    return _("Only %(club)s's organisers and scorekeepers can run its nights.") % {
        "club": club_name
    }


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Check players in (roster ticks, new guests) and seat round 1."""
    club, access = club_pages.club_for(request, slug)
    if not access.can_keep_score:
        return club_pages.forbidden(request, club, access, _keepers_only(club.name))
    roster = club.players.order_by(Lower("name"), "pk")
    form = NightForm(request.POST or None, roster=roster)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = create.tournament_create(
                club=club,
                name=data["name"],
                format=PROGRESSIVE,
                variant=data["variant"],
                settings=form.settings(),
                entrants=form.entrants(),
                created_by=request.user,
            )
        except (TournamentRefusal, RuleViolation) as refusal:
            form.add_refusal(refusal)
        else:
            return redirect("tournaments:detail", tournament_id=tournament.pk)
    status = 400 if request.method == "POST" else 200
    context = {"club": club, "access": access, "form": form}
    return render(request, f"{T}_new.html", context, status=status)


def _add_score_forms(
    night: night_board.Night, access: ClubAccess, bound: TableScoresForm | None
) -> None:
    """Each table still playing gets its paper scores' form, for an organiser;
    not while its game has hands (the service refuses a paper result then).
    `bound`: a table's form as it was sent, refused, its boxes as typed."""
    for card in night.tables:
        form = refused = None
        sent = bound is not None and bound.prefix == f"t{card.id}"
        if access.can_manage and card.status != "completed" and not card.hands:
            form = (
                bound
                if sent
                else TableScoresForm(
                    prefix=f"t{card.id}", sides=[name for name, _ in card.sides]
                )
            )
        elif sent:
            # Refused for a table that takes no paper result now (its game has
            # hands, or its result is in): the refusal at the table, no form.
            refused = bound.non_field_errors()  # type: ignore[union-attr]
        card.form = form  # type: ignore[attr-defined]
        card.refused = refused  # type: ignore[attr-defined]


def _leaving(night: night_board.Night, wanted_leave: str) -> dict[str, Any] | None:
    """Who is going home: "Goes home" asks first (?leave=<entrant>), and the
    confirmation names them."""
    return next(
        (
            player
            for player in night.players
            if str(player["id"]) == wanted_leave and not player["left"]
        ),
        None,
    )


def _night_response(
    request: HttpRequest,
    tournament: Tournament,
    access: ClubAccess,
    *,
    bound: TableScoresForm | None = None,
    arrival: ArrivalForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The night's board; after a refused form (`bound`, `arrival`) the same
    board with that form as typed and its refusal next to its boxes."""
    data = selectors.tournament_read(tournament)
    wanted = request.GET.get("round", "")
    night = night_board.build(data, int(wanted) if wanted.isdigit() else None)
    _add_score_forms(night, access, bound)
    if bound is not None and not any(
        c.id == int(bound.prefix[1:]) for c in night.tables
    ):
        # A table of a past round: its refusal at the top of the page.
        messages.error(request, " ".join(bound.non_field_errors()))
    leaving = _leaving(night, request.GET.get("leave", ""))
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "access": access,
        "night": night,
        "arrival": arrival or ArrivalForm(),
        "leaving": leaving if access.can_keep_score and not night.finished else None,
        "round_numbers": [r["number"] for r in data["rounds"]],
        "round_length": night_board.round_length(
            tournament.settings, tournament.options
        ),
        # EVENTS.md: with fewer than 3 tables a fixed movement repeats, and the
        # night says so.
        "movement_repeats": tournament.settings.get("movement") == "fixed"
        and pairing.fixed_movement_repeats(len(night.tables)),
    }
    return render(request, f"{T}.html", context, status=status)


def night_page(
    request: HttpRequest, tournament: Tournament, access: ClubAccess
) -> HttpResponse:
    """The night's board (the tournament page of a progressive night): 5
    queries, whatever the number of players."""
    if request.GET.get("wall") == "1":
        # The night's wall is the tournaments' wall (it refreshes by itself).
        return redirect("tournaments:wall", tournament_id=tournament.pk)
    return _night_response(request, tournament, access)


def _keeper(request: HttpRequest, tournament_id: int) -> tuple[Tournament, ClubAccess]:
    tournament = pages.tournament_for(request, tournament_id)
    access = permissions.club_access(club=tournament.club, user=request.user)
    return tournament, access


def _back(tournament: Tournament, anchor: str = "tables") -> HttpResponse:
    page = reverse("tournaments:detail", args=[tournament.pk])
    return redirect(f"{page}#{anchor}")


def _table_form(request: HttpRequest, match: Match) -> TableScoresForm:
    """The paper scores posted for `match`'s table, its sides named as its card."""
    names = dict(Entrant.objects.filter(pk__in=match.seats).values_list("pk", "name"))
    seats = {"entrants": match.seats, "scores": None, "winners": []}
    sides = [name for name, _side, _score in side_lines(seats, names)]
    return TableScoresForm(request.POST, prefix=f"t{match.pk}", sides=sides)


@login_required
@require_POST
def table_scores(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """A table's scores kept on paper (organisers). A refusal comes back on the
    night's board, at the table, every box as typed."""
    tournament, access = _keeper(request, tournament_id)
    club = tournament.club
    if not access.can_manage:
        why = _("Only %(club)s's organisers can enter a result played on paper.") % {
            "club": club.name
        }
        return club_pages.forbidden(request, club, access, why)
    match = Match.objects.filter(pk=match_id, tournament=tournament).first()
    if match is None or match.seats is None:
        messages.error(request, _("No such table tonight."))
        return _back(tournament)
    form = _table_form(request, match)
    if form.is_valid():
        try:
            services.table_result_enter(
                tournament_id=tournament.pk,
                match_id=match_id,
                scores=form.cleaned_data["scores"],
                by=request.user,
            )
        except TournamentRefusal as refusal:
            form.add_refusal(refusal)
        else:
            messages.success(
                request, _("Table %(table)s: scores saved.") % {"table": match.table}
            )
            return _back(tournament, f"table-{match.table}")
    return _night_response(request, tournament, access, bound=form, status=400)


@login_required
@require_POST
def night_arrive(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A late arrival: a new name (a guest) or a roster player's name. A
    refusal comes back next to the box, the name as typed."""
    tournament, access = _keeper(request, tournament_id)
    if not access.can_keep_score:
        why = _keepers_only(tournament.club.name)
        return club_pages.forbidden(request, tournament.club, access, why)
    form = ArrivalForm(request.POST)
    if form.is_valid():
        name = form.cleaned_data["name"]
        returning = tournament.entrants.filter(left=True, name__iexact=name).exists()
        try:
            entrant = services.night_player_add(
                tournament_id=tournament.pk,
                player=tournament.club.players.filter(name__iexact=name).first()
                or name,
                by=request.user,
            )
        except TournamentRefusal as refusal:
            if refusal.code == "no_round_left":
                # The box is not offered then: the refusal in words at the top.
                messages.error(request, refusal.message)
                return _back(tournament, "players")
            form.add_refusal(refusal)
        else:
            messages.success(request, _arrived(entrant.name, returning))
            return _back(tournament, "players")
    return _night_response(request, tournament, access, arrival=form, status=400)


def _arrived(name: str, returning: bool) -> str:
    if returning:
        return _("%(name)s is back: seated again from the next round (tally kept).") % {
            "name": name
        }
    return _("%(name)s joins at the last table next round.") % {"name": name}


@login_required
@require_POST
def night_leave(
    request: HttpRequest, tournament_id: int, entrant_id: int
) -> HttpResponse:
    """A player goes home: they keep their tally. Two steps: without
    `confirm` the night's page asks first, naming the player."""
    tournament, access = _keeper(request, tournament_id)
    if not access.can_keep_score:
        why = _keepers_only(tournament.club.name)
        return club_pages.forbidden(request, tournament.club, access, why)
    if request.POST.get("confirm") != "1":
        page = reverse("tournaments:detail", args=[tournament.pk])
        return redirect(f"{page}?leave={entrant_id}#players")
    try:
        entrant = services.night_player_leave(
            tournament_id=tournament.pk, entrant_id=entrant_id, by=request.user
        )
    except Entrant.DoesNotExist:
        messages.error(request, _("No such player tonight."))
    except TournamentRefusal as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request, _("%(name)s has gone home (tally kept).") % {"name": entrant.name}
        )
    return _back(tournament)


@login_required
@require_safe
def table_cards(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Printable table cards of the current round: table number, seats with
    names, the QR code of the table link (scorekeepers)."""
    tournament, access = _keeper(request, tournament_id)
    if tournament.format != PROGRESSIVE:
        raise Http404("Table cards are a progressive night's.")
    if not access.can_keep_score:
        why = _keepers_only(tournament.club.name)
        return club_pages.forbidden(request, tournament.club, access, why)
    night = night_board.build(selectors.tournament_read(tournament))
    cards = []
    for card in night.tables:
        url = request.build_absolute_uri(
            reverse("tournaments:match_table", args=[tournament.pk, card.id])
        )
        label = _("QR code of table %(table)s's link %(url)s") % {
            "table": card.table,
            "url": url,
        }
        cards.append({"card": card, "url": url, "qr": qr_svg(url, label)})
    context = {"tournament": tournament, "night": night, "cards": cards}
    return render(request, f"{T}_cards.html", context)
