"""One roster player's page for organisers: rename a guest, or merge two players
of one person (the confirmation shows what would move, or why it cannot, before
anything moves)."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from pitchclub import selectors
from pitchclub.clubs.forms import MergeForm, PlayerRenameForm
from pitchclub.clubs.views.roster import moved_words, withdrawn_words
from pitchclub.models import Club, Player, RosterChange
from pitchclub.pages import T, add_refusal, club_for, forbidden
from pitchclub.permissions import ClubAccess
from pitchclub.refusals import Refusal
from pitchclub.services import players as player_services


def _player_of(club: Club, player_id: int) -> Player:
    player = selectors.club_player(club=club, player_id=player_id)
    if player is None:
        raise Http404("No such player on the club's roster.")
    return player


def _roster_url(club: Club, player: Player | None = None) -> str:
    anchor = f"#player-{player.pk}" if player is not None else ""
    return reverse("clubs:roster", args=[club.slug]) + anchor


def _merge_form(
    request: HttpRequest, club: Club, player: Player, data: Any = None
) -> MergeForm:
    """The roster's other players; for a guest, also the organiser's own players
    of games outside clubs (the same person, named there too)."""
    others = (
        club.players.exclude(pk=player.pk)
        .annotate(game_count=Count("seats"))
        .order_by("name", "id")
    )
    clubless = (
        selectors.clubless_players_created_by(request.user) if player.is_guest else []
    )
    return MergeForm(data, players=others, clubless=clubless)


def _player_page(
    request: HttpRequest,
    club: Club,
    access: ClubAccess,
    player: Player,
    *,
    rename_form: PlayerRenameForm | None = None,
    merge_form: MergeForm | None = None,
    status: int = 200,
) -> HttpResponse:
    counts = club.players.filter(pk=player.pk).aggregate(
        games=Count("seats", distinct=True), awards=Count("awards", distinct=True)
    )
    context = {
        "club": club,
        "access": access,
        "tab": "roster",
        "player": player,
        "counts": counts,
        "rename_form": rename_form or PlayerRenameForm(initial={"name": player.name}),
        "merge_form": merge_form or _merge_form(request, club, player),
    }
    return render(request, f"{T}player.html", context, status=status)


def _not_an_organiser(
    request: HttpRequest, club: Club, access: ClubAccess
) -> HttpResponse | None:
    """The refusal of a roster player's rename and merge pages to whoever is not
    one of the club's organisers (None: they may)."""
    if access.can_manage:
        return None
    return forbidden(
        request,
        club,
        access,
        _("Only the club's organisers can rename and merge players."),
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def player_edit(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """An organiser's page for one roster player: rename a guest (POST), or pick
    the other player of the same person to merge with (leads to the merge's
    confirmation)."""
    club, access = club_for(request, slug)
    refused = _not_an_organiser(request, club, access)
    if refused is not None:
        return refused
    player = _player_of(club, player_id)
    if request.method != "POST":
        return _player_page(request, club, access, player)
    form = PlayerRenameForm(request.POST)
    if form.is_valid():
        old_name = player.name
        try:
            player = player_services.player_rename(
                club=club,
                player_id=player.pk,
                name=form.cleaned_data["name"],
                by=request.user,
            )
        except Refusal as refusal:
            add_refusal(form, refusal, {})
        else:
            if player.name != old_name:
                messages.success(
                    request,
                    _("%(old)s is now called %(name)s.")
                    % {"old": old_name, "name": player.name},
                )
            return redirect(_roster_url(club, player))
    return _player_page(request, club, access, player, rename_form=form, status=400)


def _merged_or_refused(
    request: HttpRequest, club: Club, player: Player, into: Player | int
) -> tuple[RosterChange | None, Refusal | None]:
    """The merge done (POST) or shown (GET: done and rolled back), or its
    refusal. ``into``: a roster player's id, or a clubless player of the
    organiser's (merged into ``player``, who stays)."""
    done = request.method == "POST"
    try:
        if isinstance(into, Player):
            merge = (
                player_services.clubless_merge
                if done
                else player_services.clubless_merge_preview
            )
            change = merge(
                club=club, player_id=player.pk, clubless_id=into.pk, by=request.user
            )
        else:
            merge = (
                player_services.players_merge
                if done
                else player_services.players_merge_preview
            )
            change = merge(
                club=club, player_id=player.pk, into_id=into, by=request.user
            )
    except Refusal as refusal:
        return None, refusal
    return change, None


def _merge_page(
    request: HttpRequest,
    club: Club,
    access: ClubAccess,
    player: Player,
    into: Player | int,
    outcome: tuple[RosterChange | None, Refusal | None],
) -> HttpResponse:
    """The merge's confirmation: who stays, what moves; or why it cannot be."""
    change, refusal = outcome
    clubless = isinstance(into, Player)
    context = {
        "club": club,
        "access": access,
        "tab": "roster",
        "player": player,
        "into": into if clubless else _player_of(club, into),
        "clubless": clubless,
        "change": change,
        "refusal": refusal,
        "moved": moved_words(change.details["moved"]) if change else "",
        "withdrawn": withdrawn_words(change).strip() if change else "",
        # The player chosen to stay may be the other: the one with an account.
        "swapped": not clubless and change is not None and change.player == player,
    }
    status = 409 if refusal else 200
    return render(request, f"{T}merge.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def player_merge(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """Merge two roster players of one person: GET ?into= shows what would move
    (or why it cannot), POST does it."""
    club, access = club_for(request, slug)
    refused = _not_an_organiser(request, club, access)
    if refused is not None:
        return refused
    player = _player_of(club, player_id)
    form = _merge_form(request, club, player, request.POST or request.GET)
    if not form.is_valid():
        return _player_page(request, club, access, player, merge_form=form, status=400)
    into = form.clubless.get(form.cleaned_data["into"], form.cleaned_data["into"])
    change, refusal = _merged_or_refused(request, club, player, into)
    if request.method == "POST" and change is not None:
        moved = moved_words(change.details["moved"])
        params = {"old": change.old_name, "name": change.name, "moved": moved}
        if isinstance(into, Player):
            # Translators: moved says what moved ("2 games and 7 points taken").
            message = _(
                "%(old)s (outside clubs) was merged into %(name)s: %(moved)s moved."
            )
        else:
            message = _("%(old)s was merged into %(name)s: %(moved)s moved.")
        message %= params
        messages.success(request, message + withdrawn_words(change))
        return redirect(_roster_url(club, change.player))
    return _merge_page(request, club, access, player, into, (change, refusal))
