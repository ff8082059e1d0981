"""HTML pages: the home page, starting a game, a game's score sheet."""

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Prefetch
from django.db.models.functions import Lower
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from pitchclub import selectors as club_selectors
from pitchclub.models import Club, Player
from scoring import engine, selectors, services
from scoring.engine import RuleViolation
from scoring.forms import (
    MAX_SEATS,
    OPTIONS_FORMS,
    SEATS_SHOWN,
    NewGameForm,
    OptionsForm,
)
from scoring.models import Game

RECENT_GAMES = 30


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = selectors.game_cards(
        selectors.game_list(user=request.user, limit=RECENT_GAMES)
    )
    return render(request, "scoring/home.html", {"games": games})


@require_GET
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = selectors.game_detail(game_id=game_id, user=request.user)
    except Game.DoesNotExist as missing:
        raise Http404("No such game.") from missing
    rules = services.rules_for(game)
    names = selectors.side_names(game)
    seat_names = {seat.number: seat.player.name for seat in game.seats.all()}
    hands = [
        {
            "hand": hand,
            "dealer": seat_names[hand.dealer],
            "pitcher": seat_names[hand.pitcher],
            "cells": list(zip(hand.deltas, hand.scores, strict=True)),
        }
        for hand in game.hands.all()
    ]
    waiting = engine.waiting_to_go_out(rules, services.state_of(game))
    context = {
        "game": game,
        "rules": rules,
        "sides": selectors.scoreboard(game),
        "side_names": names,
        "hands": hands,
        "waiting": [
            {"name": names[side], "score": game.scores[side]} for side in waiting
        ],
        "winner": names[game.winner] if game.winner is not None else None,
        "next_dealer": (
            seat_names[rules.dealer_of(game.hand_count + 1)]
            if game.winner is None
            else None
        ),
    }
    return render(request, "scoring/game.html", context)


def _clubs_keeping_score(user: AbstractBaseUser) -> list[Club]:
    """The clubs the user keeps score in, by name, each with its roster as
    `roster_players` (2 queries, whatever the rosters' sizes)."""
    memberships = (
        club_selectors.clubs_of(user)
        .filter(role__in=club_selectors.KEEPERS)
        .order_by("club__name", "club_id")
        .prefetch_related(
            Prefetch(
                "club__players",
                queryset=Player.objects.order_by(Lower("name"), "id"),
                to_attr="roster_players",
            )
        )
    )
    return [membership.club for membership in memberships]


def _club_asked_for(
    request: HttpRequest, form: NewGameForm, clubs: list[Club]
) -> str | None:
    """The club of ?club=<slug>, if the user keeps score there; else None."""
    slug = request.GET.get("club", "")
    if not slug or slug in form.clubs:
        return slug or None
    club = Club.objects.filter(slug=slug).first()
    if club is None or not club_selectors.club_scorekeeping_by(
        club=club, user=request.user
    ):
        return None
    club.roster_players = list(
        club_selectors.roster(club=club).order_by(Lower("name"), "id")
    )
    clubs.append(club)
    form.offer_club(club)
    return slug


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    """Start a game: the table and its options, then the game's page. A refusal of
    the rules comes back next to the field it names, with everything kept."""
    clubs = _clubs_keeping_score(request.user)
    options_forms: dict[str, OptionsForm]
    if request.method == "POST":
        form = NewGameForm(request.POST, clubs=clubs, user=request.user)
        options_forms = {
            variant: form_class(request.POST)
            for variant, form_class in OPTIONS_FORMS.items()
        }
        # Only the chosen variant's options count; the other's boxes are ignored.
        chosen = options_forms.get(request.POST.get("variant", ""))
        # `&`, not `and`: both forms are checked, so all their errors show at once.
        if form.is_valid() & (chosen is not None and chosen.is_valid()):
            try:
                game = services.game_start(
                    variant=form.cleaned_data["variant"],
                    players=form.cleaned_data["players"],
                    partnership=form.partnership_value,
                    first_dealer=form.cleaned_data["first_dealer"],
                    options=chosen.options,
                    club=form.cleaned_data["club"],
                    created_by=request.user,
                )
            except RuleViolation as refusal:
                form.add_refusal(refusal, chosen)
            else:
                return redirect("scoring:game", game_id=game.pk)
        club_slug = form.data.get("club") or None
        if club_slug not in form.clubs:
            club_slug = None
    else:
        form = NewGameForm(clubs=clubs, user=request.user)
        if request.GET.get("variant") in OPTIONS_FORMS:
            form.initial["variant"] = request.GET["variant"]
        options_forms = {
            variant: form_class() for variant, form_class in OPTIONS_FORMS.items()
        }
        club_slug = _club_asked_for(request, form, clubs)
        if club_slug:
            form.initial["club"] = club_slug
    form.use_roster(f"roster-{club_slug}" if club_slug else None)
    context = {
        "form": form,
        "auction": options_forms[engine.Variant.AUCTION.value],
        "thirteen": options_forms[engine.Variant.THIRTEEN.value],
        "seats": [
            {
                "name": form[f"player_{seat}"],
                "dealer": form["first_dealer"][seat],
                "extra": seat >= SEATS_SHOWN,
            }
            for seat in range(MAX_SEATS)
        ],
        "clubs": clubs,
        "refused": request.method == "POST",
        # A refused house rule must not hide in the folded "More options" panel.
        "more_open": any(
            name != "target"
            for options in options_forms.values()
            if options.is_bound
            for name in options.errors
        ),
    }
    return render(request, "scoring/new_game.html", context)
