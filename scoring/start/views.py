"""The new-game page: the table and its options, a club's roster offered for the
names, the season's night the game counts for; then the game's page. A refusal of
the rules comes back next to the field it names, with everything kept."""

import re
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from pitchclub.models import Club
from scoring.games import links as game_links
from scoring.games import services
from scoring.games.players import club_for_new_game, clubs_keeping_score
from scoring.models import Game, Variant
from scoring.refusals import RuleViolation
from scoring.start.forms import (
    NIGHT_BOX,
    NIGHT_NOT_OF_CLUB,
    NIGHT_WITHOUT_CLUB,
    OPTIONS_FORMS,
    SEATS_SHOWN,
    NewGameForm,
    OptionsForm,
)
from scoring.table.words import flashes
from scoring.vocabulary import MAX_SEATS

SLUG = re.compile(r"[-a-zA-Z0-9_]+")


def _club_asked_for(
    request: HttpRequest, form: NewGameForm, clubs: list[Club]
) -> str | None:
    """The club of ?club=<slug>, if the user keeps score there; else None."""
    slug = request.GET.get("club", "")
    if not slug or slug in form.clubs:
        return slug or None
    # Only a slug is looked up: no other text (a NUL, which PostgreSQL refuses)
    # reaches the database.
    if not SLUG.fullmatch(slug):
        return None
    club = club_for_new_game(slug=slug, user=request.user)
    if club is None:
        return None
    clubs.append(club)
    form.offer_club(club)
    return slug


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    """Start a game: the table and its options, then the game's page. A refusal of
    the rules comes back next to the field it names, with everything kept."""
    clubs = clubs_keeping_score(request.user)
    club_missing = None
    options_forms: dict[str, OptionsForm]
    if request.method == "POST":
        form = NewGameForm(request.POST, clubs=clubs, user=request.user)
        options_forms = {
            variant: form_class(request.POST)
            for variant, form_class in OPTIONS_FORMS.items()
        }
        game = _start_game(request, form, options_forms)
        if game is not None:
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
        elif request.GET.get("club"):
            club_missing = flashes.club_missing()
    form.use_roster(f"roster-{club_slug}" if club_slug else None)
    context = _new_game_context(request, form, options_forms)
    context.update(clubs=clubs, club_missing=club_missing)
    context.update(_night_box(request, form, club_slug))
    return render(request, "scoring/new_game.html", context)


def _night_box(
    request: HttpRequest, form: NewGameForm, club_slug: str | None
) -> dict[str, Any]:
    """The page's night: `night_offer`, the box saying what the game counts for,
    or `night_missing`, why it will not count for the night asked for."""
    if request.method == "POST":
        return {"night_offer": _night_posted(form, club_slug), "night_missing": None}
    offer, missing = _night_asked_for(request, form, club_slug)
    return {"night_offer": offer, "night_missing": missing}


def _night_asked_for(
    request: HttpRequest, form: NewGameForm, club_slug: str | None
) -> tuple[dict[str, Any] | None, str | None]:
    """?night=<id> (a season's night's "Start a game here"): the ticked box
    saying what the game counts for, with the season's variant chosen; or, for a
    night that is not one of the club's, why the game will not count for it."""
    value = request.GET.get("night", "").strip()
    if not value:
        return None, None
    club = form.clubs.get(club_slug) if club_slug else None
    if club is None:
        return None, NIGHT_WITHOUT_CLUB % {"night": value[:20]}
    described = game_links.describe("night", value, club)
    if described is None:
        return None, NIGHT_NOT_OF_CLUB % {"night": value[:20], "club": club.name}
    if described.variant and request.GET.get("variant") not in OPTIONS_FORMS:
        form.initial["variant"] = described.variant
    return {"value": value, "text": described.text, "checked": True}, None


def _night_posted(form: NewGameForm, club_slug: str | None) -> dict[str, Any] | None:
    """The night's box as posted (ticked or not), to show it again with the
    refusal: what it means when it is one of the club's nights."""
    ticked = (form.data.get("night") or "").strip()
    value = ticked or (form.data.get("night_offer") or "").strip()
    if not value:
        return None
    club = form.clubs.get(club_slug) if club_slug else None
    described = game_links.describe("night", value, club) if club else None
    text = described.text if described else NIGHT_BOX % {"night": value[:20]}
    return {"value": value[:20], "text": text, "checked": bool(ticked)}


def _start_game(
    request: HttpRequest, form: NewGameForm, options_forms: dict[str, OptionsForm]
) -> Game | None:
    """The game the posted forms start, or None (their errors say why)."""
    # Only the chosen variant's options count; the other's boxes are ignored.
    chosen = options_forms.get(request.POST.get("variant", ""))
    # Both forms are checked, so all their errors show at once.
    valid = form.is_valid()
    if chosen is None or not chosen.is_valid() or not valid:
        return None
    try:
        return services.game_start(
            variant=form.cleaned_data["variant"],
            players=form.cleaned_data["players"],
            partnership=form.partnership_value,
            first_dealer=form.cleaned_data["first_dealer"],
            options=chosen.options,
            club=form.cleaned_data["club"],
            created_by=request.user,
            links=None
            if form.cleaned_data["night"] is None
            else {"night": form.cleaned_data["night"]},
        )
    except RuleViolation as refusal:
        form.add_refusal(refusal, chosen)
        return None


def _new_game_context(
    request: HttpRequest, form: NewGameForm, options_forms: dict[str, OptionsForm]
) -> dict[str, Any]:
    return {
        "form": form,
        "auction": options_forms[Variant.AUCTION.value],
        "thirteen": options_forms[Variant.THIRTEEN.value],
        "seats": [
            {
                "name": form[f"player_{seat}"],
                "dealer": form["first_dealer"][seat],
                "extra": seat >= SEATS_SHOWN,
            }
            for seat in range(MAX_SEATS)
        ],
        "refused": request.method == "POST",
        # A refused house rule must not hide in the folded "More options" panel.
        "more_open": any(
            name != "target"
            for options in options_forms.values()
            if options.is_bound
            for name in options.errors
        ),
    }
