"""The organiser's tournament pages: create one, a match's page (its table link and
QR code, "Start game at table N", the paper result), the table link itself, and
drawing a Swiss's next round.

Who may do what is the API's (tournaments.api.access): anyone who may read the club's
games reads its tournaments and matches (a private club's are 404 to outsiders);
its organisers and scorekeepers create tournaments, start match games and draw
rounds; its organisers enter results played on paper. A game is never started on
a GET: the table link shows a one-tap button.
"""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models.functions import Lower
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from pitchclub import permissions
from pitchclub import selectors as club_selectors
from pitchclub.models import Club
from pitchclub.permissions import ClubAccess
from scoring.engine import RuleViolation
from scoring.models import Status as GameStatus
from scoring.models import Variant
from scoring.table.forms import OPTIONS_FORMS, OptionsForm
from tournaments import pages, selectors
from tournaments.brackets import services
from tournaments.brackets.forms import PaperResultForm, TournamentForm
from tournaments.models import Match, MatchGame, Tournament
from tournaments.nights import board as night_board
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import MATCH_STATUS_LABELS, PROGRESSIVE
from tournaments.words import unit

NO_MATCH = "No such match in this tournament."
KEEPERS_ONLY = "Only {club}'s organisers and scorekeepers can {what}."
ORGANISERS_ONLY = "Only {club}'s organisers can enter a result played on paper."


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
        return services.tournament_create(
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
    club, access = pages.club_for(request, slug)
    if not access.can_keep_score:
        why = KEEPERS_ONLY.format(club=club.name, what="run its tournaments")
        return pages.forbidden(request, club, access, why)
    form, options_forms = _new_forms(request, club)
    if request.method == "POST":
        tournament = _create(request, club, form, options_forms)
        if tournament is not None:
            messages.success(request, f"{tournament.name} is drawn: good luck!")
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


# --- A match's page --------------------------------------------------------------


def _games(match_id: int) -> list[dict[str, Any]]:
    """The match's games in order, abandoned ones too (the table's history), each
    with its points per entrant (1 query)."""
    links = (
        MatchGame.objects.filter(match_id=match_id)
        .select_related("game")
        .order_by("number")
    )
    return [
        {
            "number": link.number,
            "id": link.game_id,
            "abandoned": link.abandoned or link.game.status == GameStatus.ABANDONED,
            "playing": link.game.status == GameStatus.IN_PROGRESS,
            "scores": link.game.scores,
            "winner": link.game.winner,
            "hands": link.game.hand_count,
        }
        for link in links
    ]


def _match_of(data: dict[str, Any], match_id: int) -> dict[str, Any]:
    for round_ in data["rounds"]:
        for match in round_["matches"]:
            if match["id"] == match_id:
                return {**match, "round": round_}
    raise Http404(NO_MATCH)


def _next_match(
    data: dict[str, Any], entrant: int, match_id: int
) -> dict[str, Any] | None:
    """The entrant's match still to play after this one, if it is drawn."""
    for round_ in data["rounds"]:
        for match in round_["matches"]:
            if (
                match["id"] != match_id
                and entrant in match["entrants"]
                and match["status"] != "completed"
            ):
                return {**match, "status_label": MATCH_STATUS_LABELS[match["status"]]}
    return None


def match_page(
    request: HttpRequest, tournament: Tournament, match_id: int, access: ClubAccess
) -> dict[str, Any]:
    """What a match's page shows: the match (round, table, status, result), its
    entrants with seeds, players, wins and what each plays next, its games with
    their points, the table link and its QR code (6 queries, whatever the size)."""
    data = selectors.tournament_read(tournament)
    match = _match_of(data, match_id)
    entrants = {entrant["id"]: entrant for entrant in data["entrants"]}
    games = _games(match_id)
    sides = []
    # A progressive table: a line per seat, its side's score (partners share).
    table = tournament.format == PROGRESSIVE
    pairs = table and len(match["entrants"]) == 4
    for index, entrant_id in enumerate(match["entrants"]):
        side = index % 2 if pairs else index
        sides.append(
            {
                "entrant": entrants.get(entrant_id),
                "wins": 0 if table else match["wins"][index],
                "won": entrant_id is not None
                and (entrant_id == match["winner"] or entrant_id in match["winners"]),
                "score": (match["scores"] or [None] * 5)[side],
                "next": _next_match(data, entrant_id, match_id)
                if entrant_id is not None and match["status"] == "completed"
                else None,
            }
        )
    for game in games:
        game["sides"] = [
            {
                "name": side["entrant"]["name"],
                "score": score,
                "won": game["winner"] == i,
            }
            for i, (side, score) in enumerate(zip(sides, game["scores"], strict=False))
        ]
    # A night's table read as partners ("Ann & Cy" v "Bob & Di"), or each player
    # at a solo table.
    table_sides = (
        [
            {"names": names, "score": score, "up": up}
            for names, score, up in night_board.side_lines(
                match, {pk: entrant["name"] for pk, entrant in entrants.items()}
            )
        ]
        if table
        else []
    )
    can_start = access.can_keep_score and (
        match["status"] == "ready"
        or (match["status"] == "running" and match["game_in_progress"] is None)
    )
    table_url = request.build_absolute_uri(
        reverse("tournaments:match_table", args=[tournament.pk, match_id])
    )
    return {
        "tournament": tournament,
        "data": data,
        "match": match,
        "status_label": MATCH_STATUS_LABELS[match["status"]],
        "sides": sides,
        "table_sides": table_sides,
        "table_versus": (" v " if pairs else ", ").join(
            side["names"] for side in table_sides
        ),
        "games": games,
        "next_game": len([g for g in games if not g["abandoned"]]) + 1,
        "access": access,
        "can_start": can_start,
        # A progressive table's paper scores are typed on the night's board.
        "can_enter": access.can_manage
        and not table
        and match["status"] in ("ready", "running"),
        "table_url": table_url,
        "table_qr": pages.table_qr(table_url, match["table"])
        if access.can_keep_score and match["status"] != "completed"
        else None,
    }


def _paper_form(context: dict[str, Any], data: Any = None) -> PaperResultForm:
    entrants = [
        (side["entrant"]["id"], side["entrant"]["name"])
        for side in context["sides"]
        if side["entrant"] is not None
    ]
    return PaperResultForm(data, entrants=entrants)


def _match_response(
    request: HttpRequest,
    tournament: Tournament,
    match_id: int,
    *,
    paper: PaperResultForm | None = None,
    status: int = 200,
) -> HttpResponse:
    access = permissions.club_access(club=tournament.club, user=request.user)
    context = match_page(request, tournament, match_id, access)
    # A refused paper result shows again (with its refusal) whatever the status.
    if context["can_enter"] or paper is not None:
        context["paper"] = paper or _paper_form(context)
    return render(request, "tournaments/match.html", context, status=status)


@require_safe
def match_detail(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """A match: its round, table, entrants, games and result; for the club's
    scorekeepers "Start game at table N" and the table link with its QR code;
    for its organisers the paper result."""
    tournament = pages.tournament_for(request, tournament_id)
    return _match_response(request, tournament, match_id)


# --- Starting a match's game -----------------------------------------------------


def _start(request: HttpRequest, tournament: Tournament, match_id: int) -> HttpResponse:
    """Start the match's next game (a keeper's POST): the game's table page, or
    the match's page with the refusal in words."""
    club = tournament.club
    access = permissions.club_access(club=club, user=request.user)
    if not access.can_keep_score:
        why = KEEPERS_ONLY.format(club=club.name, what="start its matches' games")
        return pages.forbidden(request, club, access, why)
    try:
        game, _ = services.match_game_start(
            tournament_id=tournament.pk, match_id=match_id, by=request.user
        )
    except Match.DoesNotExist as missing:
        raise Http404(NO_MATCH) from missing
    except (TournamentRefusal, RuleViolation) as refusal:
        messages.error(request, refusal.message)
        return redirect(
            "tournaments:match", tournament_id=tournament.pk, match_id=match_id
        )
    return redirect("scoring:game", game_id=game.pk)


@login_required
@require_POST
def match_start(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """ "Start game at table N": the game, its players seated, on its table page."""
    return _start(request, pages.tournament_for(request, tournament_id), match_id)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def match_table(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """The table link (its QR code), opened on the table's scorekeeper's phone:
    the match's game if one is being played; else, for a scorekeeper, a one-tap
    "Start game at table N" (POST); else what the match waits for."""
    tournament = pages.tournament_for(request, tournament_id)
    if request.method == "POST":
        return _start(request, tournament, match_id)
    access = permissions.club_access(club=tournament.club, user=request.user)
    context = match_page(request, tournament, match_id, access)
    playing = context["match"]["game_in_progress"]
    if playing is not None:
        return redirect("scoring:game", game_id=playing)
    context["at_table"] = _now_at_table(context)
    waiting_keeper = (
        context["match"]["status"] != "completed" and not access.can_keep_score
    )
    return render(
        request,
        "tournaments/match_table.html",
        context,
        status=403 if waiting_keeper else 200,
    )


def _now_at_table(context: dict[str, Any]) -> dict[str, Any] | None:
    """Once the match is over: the match its table plays now, if any."""
    match = context["match"]
    if match["status"] != "completed" or match["table"] is None:
        return None
    for round_ in context["data"]["rounds"]:
        for other in round_["matches"]:
            if other["table"] == match["table"] and other["status"] in (
                "ready",
                "running",
            ):
                return other
    return None


# --- The organisers' actions -----------------------------------------------------


@login_required
@require_POST
def match_result(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """A result played on paper (organisers): the winner and maybe the points.
    A refusal comes back on the match's page, next to the form's field."""
    tournament = pages.tournament_for(request, tournament_id)
    club = tournament.club
    access = permissions.club_access(club=club, user=request.user)
    if not access.can_manage:
        return pages.forbidden(
            request, club, access, ORGANISERS_ONLY.format(club=club.name)
        )
    context = match_page(request, tournament, match_id, access)
    form = _paper_form(context, request.POST)
    if form.is_valid():
        try:
            services.match_result_enter(
                tournament_id=tournament.pk,
                match_id=match_id,
                winner=form.cleaned_data["winner"],
                scores=form.cleaned_data["scores"],
                by=request.user,
            )
        except TournamentRefusal as refusal:
            form.add_refusal(refusal)
        else:
            messages.success(request, f"{context['match']['label']}: result saved.")
            return redirect(
                "tournaments:match", tournament_id=tournament.pk, match_id=match_id
            )
    return _match_response(request, tournament, match_id, paper=form, status=400)


@login_required
@require_POST
def round_draw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Draw a Swiss's next round; back to the tournament's page with a message."""
    tournament = pages.tournament_for(request, tournament_id)
    club = tournament.club
    access = permissions.club_access(club=club, user=request.user)
    if not access.can_keep_score:
        why = KEEPERS_ONLY.format(club=club.name, what="draw its tournaments' rounds")
        return pages.forbidden(request, club, access, why)
    try:
        services.round_draw(tournament_id=tournament.pk, by=request.user)
    except TournamentRefusal as refusal:
        messages.error(request, refusal.message)
    else:
        rounds = tournament.rounds.count()
        matches = unit(tournament.format, plural=True)
        messages.success(request, f"Round {rounds} is drawn: its {matches} are ready.")
    return redirect("tournaments:detail", tournament_id=tournament.pk)
