"""Club pages: the list, a club's page, its members, roster and invites, and joining
by code. Views parse a form, ask pitchclub.selectors who may do what, call a service
and redirect; a refusal is shown next to the field it concerns."""

import io
from datetime import timedelta
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from pitchclub import panels, selectors, services, throttles
from pitchclub.clubs.forms import (
    ClubForm,
    GuestForm,
    InviteForm,
    JoinForm,
    MergeForm,
    PlayerRenameForm,
    RoleForm,
)
from pitchclub.models import Club, Invite, Membership, Player, Role, RosterChange
from pitchclub.refusals import Refusal
from pitchclub.selectors import ClubAccess
from pitchclub.text import UnsafeText, clean_name, unsafe_character
from pitchclub.vocabulary import ROLE_INVITE_TEXT, ROLE_RANK, ROLES_SUMMARY

T = "pitchclub/clubs/"
NOT_FOUND = "No such club, or it is private."


def _club(request: HttpRequest, slug: str) -> tuple[Club, ClubAccess]:
    """The club and what the user may do in it; 404 if the user may not see it
    (a private club does not exist for outsiders)."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404(NOT_FOUND)
    access = selectors.club_access(club=club, user=request.user)
    if not access.can_view:
        raise Http404(NOT_FOUND)
    return club, access


def _forbidden(
    request: HttpRequest, club: Club, access: ClubAccess, why: str
) -> HttpResponse:
    return render(
        request,
        f"{T}forbidden.html",
        {"club": club, "access": access, "why": why},
        status=403,
    )


def _add_refusal(form: Form, refusal: Refusal, fields: dict[str, str]) -> None:
    """Show a service's refusal next to the form field it concerns."""
    field = fields.get(refusal.field, refusal.field)
    form.add_error(field if field in form.fields else None, refusal.message)


def spaced(code: str) -> list[str]:
    """A code in groups of four, for reading aloud across a table."""
    return [code[i : i + 4] for i in range(0, len(code), 4)]


def _told_apart(clubs: list[Club]) -> None:
    """Give each club what tells it from others of its name on the page: its
    organisers (``organisers``, from selectors.with_organisers), and for a name
    shared on the page, when it started and its address (``shared_name``)."""
    hints = selectors.club_hints(clubs)
    for club in clubs:
        club.organisers = selectors.organiser_names(club)
        club.shared_name = bool(hints[club.pk])


@require_safe
def club_list(request: HttpRequest) -> HttpResponse:
    mine = (
        list(
            selectors.clubs_of(request.user)
            .annotate(member_count=Count("club__memberships"))
            .prefetch_related(selectors.organisers_prefetch("club__memberships"))
            .order_by("club__name", "club_id")
        )
        if request.user.is_authenticated
        else []
    )
    for membership in mine:
        membership.club.member_count = membership.member_count
    others = list(
        selectors.with_organisers(
            selectors.clubs_visible_to(request.user)
            .exclude(pk__in=[membership.club_id for membership in mine])
            .annotate(member_count=Count("memberships"))
            .order_by("name", "id")
        )
    )
    _told_apart([membership.club for membership in mine] + others)
    return render(request, f"{T}list.html", {"mine": mine, "others": others})


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        try:
            club, created = services.club_create_once(
                by=request.user, **form.cleaned_data
            )
        except Refusal as refusal:
            _add_refusal(form, refusal, {})
        else:
            if created:
                messages.success(
                    request,
                    f"{club.name} is ready and you are its organiser. Invite your "
                    "players next.",
                )
            else:
                messages.info(
                    request,
                    f"You created {club.name} a moment ago: here it is, made once. "
                    "Edit it to change anything.",
                )
            return redirect("clubs:detail", club.slug)
    return render(request, f"{T}form.html", {"form": form, "club": None})


@require_safe
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = _club(request, slug)
    # Other apps' sections (scoring: recent games), before the page's own queries.
    sections = panels.club_panels(request, club, access)
    sizes = club.players.aggregate(
        players=Count("id"), guests=Count("id", filter=Q(user__isnull=True))
    )
    context = {
        "club": club,
        "access": access,
        "tab": "detail",
        "panels": sections,
        "members": selectors.club_members(club=club),
        "sizes": sizes,
    }
    return render(request, f"{T}detail.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def club_edit(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = _club(request, slug)
    if not access.can_manage:
        return _forbidden(
            request, club, access, "Only the club's organisers can edit it."
        )
    initial = {
        "name": club.name,
        "location": club.location,
        "schedule": club.schedule,
        "description": club.description,
        "is_private": club.is_private,
    }
    form = ClubForm(request.POST if request.method == "POST" else None, initial=initial)
    if form.is_bound and form.is_valid():
        try:
            old_slug = club.slug
            services.club_update(club=club, **form.cleaned_data)
        except Refusal as refusal:
            _add_refusal(form, refusal, {})
        else:
            if club.slug != old_slug:
                address = reverse("clubs:detail", args=[club.slug])
                messages.success(
                    request,
                    f"Saved. The club is private now, so its address changed to "
                    f"{address}, which nobody can guess: share the new link with "
                    "your members.",
                )
            else:
                messages.success(request, "Saved.")
            return redirect("clubs:detail", club.slug)
    context = {"form": form, "club": club, "access": access, "tab": "edit"}
    return render(request, f"{T}form.html", context)


def _members_page(
    request: HttpRequest,
    club: Club,
    access: ClubAccess,
    errors: dict[int, str] | None = None,
) -> HttpResponse:
    errors = errors or {}
    memberships = list(selectors.club_members(club=club))
    organisers = sum(m.role == Role.ORGANISER for m in memberships)
    rows = [
        {
            "membership": membership,
            "only_organiser": membership.role == Role.ORGANISER and organisers == 1,
            "is_you": membership.user_id == request.user.pk,
            "error": errors.get(membership.user_id),
        }
        for membership in memberships
    ]
    context = {
        "club": club,
        "access": access,
        "tab": "members",
        "rows": rows,
        "roles": Role.choices,
        "roles_summary": ROLES_SUMMARY,
    }
    return render(request, f"{T}members.html", context)


@require_safe
def club_members(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = _club(request, slug)
    return _members_page(request, club, access)


@require_POST
@login_required
def member_role(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club, access = _club(request, slug)
    if not access.can_manage:
        return _forbidden(
            request, club, access, "Only the club's organisers can change roles."
        )
    form = RoleForm(request.POST)
    if not form.is_valid():
        return _members_page(request, club, access, {user_id: form.errors["role"][0]})
    try:
        membership = services.membership_set_role(
            club=club, user_id=user_id, role=form.cleaned_data["role"]
        )
    except Membership.DoesNotExist as missing:
        raise Http404("This person is not a member of the club.") from missing
    except Refusal as refusal:
        return _members_page(request, club, access, {user_id: refusal.message})
    who = "You are" if user_id == request.user.pk else f"{_name(membership)} is"
    messages.success(request, f"{who} now {membership.get_role_display().lower()}.")
    return redirect(reverse("clubs:members", args=[club.slug]) + f"#member-{user_id}")


def _name(membership: Membership) -> str:
    return services.display_name(membership.user)


@require_POST
@login_required
def member_remove(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club, access = _club(request, slug)
    leaving = user_id == request.user.pk and access.role is not None
    if not (access.can_manage or leaving):
        return _forbidden(
            request, club, access, "Only the club's organisers can remove members."
        )
    # user__pk, not user_id: an id larger than the database's integers is then
    # no one (SQLite cannot even compare it).
    membership = get_object_or_404(
        club.memberships.select_related("user"), user__pk=user_id
    )
    try:
        services.membership_remove(club=club, user_id=user_id)
    except Refusal as refusal:
        return _members_page(request, club, access, {user_id: refusal.message})
    if user_id == request.user.pk:
        messages.success(request, f"You left {club.name}.")
        return redirect("clubs:list")
    messages.success(
        request,
        f"{_name(membership)} was removed from {club.name}. Their games stay in the "
        "club's records.",
    )
    return redirect("clubs:members", club.slug)


def _roster_page(
    request: HttpRequest, club: Club, access: ClubAccess, form: GuestForm
) -> HttpResponse:
    # Searched as names are stored; a character no name holds finds nobody (and a
    # NUL must not reach PostgreSQL, which refuses it in any text).
    search_error = None
    try:
        query = clean_name(request.GET.get("q", ""))[:40]
    except UnsafeText as problem:
        query, search_error = "", problem.sentence("The search")
    claims = Invite.objects.filter(selectors.invites_active_filter()).order_by(
        "-created_at"
    )
    found = selectors.roster(club=club, query=query)
    players = (
        (found.none() if search_error else found)
        # Abandoned games do not count (scoring's Game.objects.counted()).
        .annotate(game_count=Count("seats", filter=~Q(seats__game__status="abandoned")))
        .prefetch_related(Prefetch("invites", queryset=claims, to_attr="claims"))
    )
    context = {
        "club": club,
        "access": access,
        "tab": "roster",
        "players": players,
        "query": query,
        "search_error": search_error,
        "form": form,
        "sizes": club.players.aggregate(
            players=Count("id"), guests=Count("id", filter=Q(user__isnull=True))
        ),
    }
    return render(request, f"{T}roster.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def club_roster(request: HttpRequest, slug: str) -> HttpResponse:
    """The roster; organisers and scorekeepers add guests here (POST)."""
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.path)
    club, access = _club(request, slug)
    form = GuestForm()
    if request.method == "POST":
        if not access.can_keep_score:
            return _forbidden(
                request,
                club,
                access,
                "Only the club's organisers and scorekeepers can add guests.",
            )
        form = GuestForm(request.POST)
        if form.is_valid():
            name = " ".join(form.cleaned_data["name"].split())
            known = club.players.filter(name__iexact=name).exists()
            try:
                player = services.guest_add(club=club, name=name)
            except Refusal as refusal:
                _add_refusal(form, refusal, {})
            else:
                messages.success(
                    request,
                    f"{player.name} is already on the roster."
                    if known
                    else f"{player.name} was added to the roster as a guest.",
                )
                return redirect(
                    reverse("clubs:roster", args=[club.slug]) + f"#player-{player.pk}"
                )
    return _roster_page(request, club, access, form)


@require_POST
@login_required
def guest_invite(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """A single-use invite for a guest to claim their profile and games."""
    club, access = _club(request, slug)
    if not access.can_manage:
        return _forbidden(
            request, club, access, "Only the club's organisers can create invites."
        )
    player = get_object_or_404(club.players, pk=player_id)
    try:
        invite = services.invite_create(club=club, by=request.user, player=player)
    except Refusal as refusal:
        messages.error(request, refusal.message)
        return redirect(
            reverse("clubs:roster", args=[club.slug]) + f"#player-{player.pk}"
        )
    messages.success(
        request,
        f"Give {player.name} this code or link: it works once, and their games "
        "become theirs when they join with it.",
    )
    return redirect(
        reverse("clubs:invites", args=[club.slug]) + f"#invite-{invite.code}"
    )


# Renaming and merging roster players; the roster's log.

ROSTER_LOG_PAGE = 25


def _player_of(club: Club, player_id: int) -> Player:
    player = selectors.club_player(club=club, player_id=player_id)
    if player is None:
        raise Http404("No such player on the club's roster.")
    return player


def _roster_url(club: Club, player: Player | None = None) -> str:
    anchor = f"#player-{player.pk}" if player is not None else ""
    return reverse("clubs:roster", args=[club.slug]) + anchor


def _merge_form(club: Club, player: Player, data: Any = None) -> MergeForm:
    others = (
        club.players.exclude(pk=player.pk)
        .annotate(game_count=Count("seats"))
        .order_by("name", "id")
    )
    return MergeForm(data, players=others)


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
        "merge_form": merge_form or _merge_form(club, player),
    }
    return render(request, f"{T}player.html", context, status=status)


def _not_an_organiser(
    request: HttpRequest, club: Club, access: ClubAccess
) -> HttpResponse | None:
    """The refusal of a roster player's rename and merge pages to whoever is not
    one of the club's organisers (None: they may)."""
    if access.can_manage:
        return None
    return _forbidden(
        request,
        club,
        access,
        "Only the club's organisers can rename and merge players.",
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def player_edit(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """An organiser's page for one roster player: rename a guest (POST), or pick
    the other player of the same person to merge with (leads to the merge's
    confirmation)."""
    club, access = _club(request, slug)
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
            player = services.player_rename(
                club=club,
                player_id=player.pk,
                name=form.cleaned_data["name"],
                by=request.user,
            )
        except Refusal as refusal:
            _add_refusal(form, refusal, {})
        else:
            if player.name != old_name:
                messages.success(request, f"{old_name} is now called {player.name}.")
            return redirect(_roster_url(club, player))
    return _player_page(request, club, access, player, rename_form=form, status=400)


def moved_words(moved: dict[str, int]) -> str:
    """What a merge moves, in words: "2 games, 7 points taken and 1 claim invite"."""
    parts = []
    for key, one, many in (
        ("games", "game", "games"),
        ("awards", "point taken", "points taken"),
        ("invites", "claim invite", "claim invites"),
    ):
        count = moved.get(key, 0)
        if count:
            parts.append(f"{count} {one if count == 1 else many}")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _withdrawn_words(change: RosterChange) -> str:
    withdrawn = change.details.get("moved", {}).get("invites_withdrawn", 0)
    if not withdrawn:
        return ""
    invites = "claim invite" if withdrawn == 1 else "claim invites"
    return (
        f" {withdrawn} {invites} for {change.old_name} withdrawn: {change.name} has "
        "an account, so there is nothing left to claim."
    )


def _merged_or_refused(
    request: HttpRequest, club: Club, player: Player, into_id: int
) -> tuple[RosterChange | None, Refusal | None]:
    """The merge done (POST) or shown (GET: done and rolled back), or its
    refusal."""
    merge = (
        services.players_merge
        if request.method == "POST"
        else services.players_merge_preview
    )
    try:
        change = merge(club=club, player_id=player.pk, into_id=into_id, by=request.user)
    except Refusal as refusal:
        return None, refusal
    return change, None


def _merge_page(
    request: HttpRequest,
    club: Club,
    access: ClubAccess,
    player: Player,
    into_id: int,
    outcome: tuple[RosterChange | None, Refusal | None],
) -> HttpResponse:
    """The merge's confirmation: who stays, what moves; or why it cannot be."""
    change, refusal = outcome
    context = {
        "club": club,
        "access": access,
        "tab": "roster",
        "player": player,
        "into": _player_of(club, into_id),
        "change": change,
        "refusal": refusal,
        "moved": moved_words(change.details["moved"]) if change else "",
        "withdrawn": _withdrawn_words(change).strip() if change else "",
        # The player chosen to stay may be the other: the one with an account.
        "swapped": change is not None and change.player.pk == player.pk,
    }
    status = 409 if refusal else 200
    return render(request, f"{T}merge.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def player_merge(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """Merge two roster players of one person: GET ?into= shows what would move
    (or why it cannot), POST does it."""
    club, access = _club(request, slug)
    refused = _not_an_organiser(request, club, access)
    if refused is not None:
        return refused
    player = _player_of(club, player_id)
    form = _merge_form(club, player, request.POST or request.GET)
    if not form.is_valid():
        return _player_page(request, club, access, player, merge_form=form, status=400)
    into_id = form.cleaned_data["into"]
    change, refusal = _merged_or_refused(request, club, player, into_id)
    if request.method == "POST" and change is not None:
        moved = moved_words(change.details["moved"])
        message = f"{change.old_name} was merged into {change.name}: {moved} moved."
        messages.success(request, message + _withdrawn_words(change))
        return redirect(_roster_url(club, change.player))
    return _merge_page(request, club, access, player, into_id, (change, refusal))


def roster_change_words(change: RosterChange) -> str:
    """One entry of the roster's log, in words."""
    who = services.display_name(change.by) if change.by else "Someone"
    invite = change.details.get("invite")
    if change.action == RosterChange.Action.RENAME:
        return f"{who} renamed {change.old_name} to {change.name}."
    if change.action == RosterChange.Action.CLAIM:
        return f"{who} claimed {change.name}'s profile and games with invite {invite}."
    moved = moved_words(change.details.get("moved", {}))
    how = f" by claiming them with invite {invite}" if invite else ""
    return (
        f"{who} merged {change.old_name} into {change.name}{how}: {moved} moved."
        + _withdrawn_words(change)
    )


@require_safe
@login_required
def roster_log(request: HttpRequest, slug: str) -> HttpResponse:
    """The roster's log for the club's organisers, newest first, paged."""
    club, access = _club(request, slug)
    if not access.can_manage:
        return _forbidden(
            request,
            club,
            access,
            "Only the club's organisers can see the roster's log.",
        )
    page = Paginator(selectors.roster_changes(club=club), ROSTER_LOG_PAGE).get_page(
        request.GET.get("page")
    )
    entries = [
        {"change": change, "words": roster_change_words(change)} for change in page
    ]
    context = {
        "club": club,
        "access": access,
        "tab": "roster",
        "page": page,
        "entries": entries,
    }
    return render(request, f"{T}roster_log.html", context)


def _invite_of(club: Club, code: str) -> Invite:
    """The club's invite of a code from the address; 404 if there is none (a code
    with a control or invisible character is none: no such text reaches the
    database)."""
    if unsafe_character(code) is not None:
        raise Http404("No such invite.")
    return get_object_or_404(club.invites, code=code)


def _join_link(request: HttpRequest, code: str) -> str:
    return request.build_absolute_uri(reverse("clubs:join_code", args=[code]))


def _invite_from_form(
    request: HttpRequest, club: Club, form: InviteForm
) -> Invite | None:
    """The invite a valid form asks for; None, with the refusal shown on the form,
    if the service refuses it."""
    days = form.cleaned_data["expires_in_days"]
    try:
        return services.invite_create(
            club=club,
            by=request.user,
            role=form.cleaned_data["role"],
            max_uses=form.cleaned_data["max_uses"],
            expires_at=timezone.now() + timedelta(days=days) if days else None,
        )
    except Refusal as refusal:
        _add_refusal(form, refusal, {"expires_at": "expires_in_days"})
        return None


def _invites_page(
    request: HttpRequest, club: Club, access: ClubAccess, form: InviteForm
) -> dict[str, Any]:
    """The invites page's context: the form and the club's usable invites."""
    invites = [
        {
            "invite": invite,
            "groups": spaced(invite.code),
            "link": _join_link(request, invite.code),
            "left": (invite.max_uses or 0) - invite.uses,
        }
        for invite in selectors.invites_active(club=club)
    ]
    return {
        "club": club,
        "access": access,
        "tab": "invites",
        "form": form,
        "invites": invites,
        "join_url": request.build_absolute_uri(reverse("clubs:join")),
    }


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def club_invites(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = _club(request, slug)
    if not access.can_manage:
        return _forbidden(
            request,
            club,
            access,
            "Only the club's organisers can see and create invites.",
        )
    form = InviteForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        invite = _invite_from_form(request, club, form)
        if invite is not None:
            messages.success(
                request,
                f"New invite: read out {' '.join(spaced(invite.code))} or share the "
                "link.",
            )
            return redirect(
                reverse("clubs:invites", args=[club.slug]) + f"#invite-{invite.code}"
            )
    context = _invites_page(request, club, access, form)
    return render(request, f"{T}invites.html", context)


@require_POST
@login_required
def invite_revoke(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    club, access = _club(request, slug)
    if not access.can_manage:
        return _forbidden(
            request, club, access, "Only the club's organisers can revoke invites."
        )
    invite = _invite_of(club, code)
    services.invite_revoke(invite=invite)
    messages.success(
        request,
        f"Invite {' '.join(spaced(invite.code))} revoked: its code and link no "
        "longer work.",
    )
    return redirect("clubs:invites", club.slug)


@require_safe
@login_required
def invite_qr(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """The invite's join link as a QR code (SVG), for phones to scan."""
    club, access = _club(request, slug)
    if not access.can_manage:
        return _forbidden(
            request, club, access, "Only the club's organisers can see invites."
        )
    invite = _invite_of(club, code)
    svg = io.BytesIO()
    # Black on white whatever the page's theme: scanners expect dark modules.
    segno.make(_join_link(request, invite.code), error="m").save(
        svg,
        kind="svg",
        scale=8,
        border=4,
        dark="#000",
        light="#fff",
        title=f"Join {club.name}",
        svgclass=None,
        lineclass=None,
    )
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=300"
    return response


def _too_many_codes(wait: int) -> str:
    return (
        "Too many wrong invite codes were tried from your network. Wait "
        f"{throttles.wait_words(wait)}, then try again."
    )


@require_safe
def join(request: HttpRequest) -> HttpResponse:
    """Type an invite code; a usable one leads to its join page. Wrong codes are
    counted per address (settings.THROTTLE_RATES["join"]); a whole table joining
    with the right code is never held up."""
    form = JoinForm(request.GET if "code" in request.GET else None)
    if form.is_bound and form.is_valid():
        guesses = throttles.address_throttle(request, "join")
        if wait := guesses.seconds_to_wait():
            form.add_error("code", _too_many_codes(wait))
            page = render(request, f"{T}join.html", {"form": form})
            return throttles.too_many(page, wait)
        code = form.cleaned_data["code"]
        refusal = services.invite_refusal(selectors.invite_by_code(code))
        if refusal is None:
            return redirect("clubs:join_code", code)
        guesses.count()
        form.add_error("code", refusal)
    return render(request, f"{T}join.html", {"form": form})


def _account_link(name: str, fallback: str, next_path: str) -> str:
    try:
        url = reverse(name)
    except NoReverseMatch:
        url = fallback
    return f"{url}?{urlencode({'next': next_path})}"


def _welcome(invite: Invite, membership: Membership) -> str:
    """The message on joining a club with an invite."""
    claimed = (
        f" The games of {invite.player.name} are now yours." if invite.player else ""
    )
    return (
        f"Welcome to {invite.club.name}: you are a "
        f"{membership.get_role_display().lower()}.{claimed}"
    )


def _join_code_page(
    request: HttpRequest, invite: Invite, error: str | None
) -> dict[str, Any]:
    """An invite page's context: what joining would give the user, and where
    someone signed out signs up or logs in."""
    role = selectors.club_role(club=invite.club, user=request.user)
    # What tells this club from another of its name: where and when it plays,
    # who organises it, its members, who invited.
    club = selectors.with_organisers(
        Club.objects.filter(pk=invite.club_id).annotate(
            member_count=Count("memberships")
        )
    ).get()
    club.organisers = selectors.organiser_names(club)
    return {
        "invite": invite,
        "club": club,
        "invited_by": selectors.person_name(invite.created_by)
        if invite.created_by
        else "",
        "role": role,
        "invite_role_text": ROLE_INVITE_TEXT[invite.role],
        "role_display": Role(role).label if role else None,
        "offers_more": role is None
        or invite.player is not None
        or ROLE_RANK[Role(invite.role)] > ROLE_RANK[Role(role)],
        "error": error,
        "signup_url": _account_link(
            "accounts:signup", "/accounts/signup/", request.path
        ),
        "login_url": _account_link("accounts:login", "/accounts/login/", request.path),
    }


@require_http_methods(["GET", "HEAD", "POST"])
def join_code(request: HttpRequest, code: str) -> HttpResponse:
    """An invite's page: the club and the role it offers; signed-in people join
    with one button, others sign up or log in first and come back here."""
    # A typed code may hold spaces and dashes; one from an address holds no control
    # or invisible character: that is no invite.
    normal = services.normalise_code(code) if unsafe_character(code) is None else ""
    if normal and normal != code:
        return redirect("clubs:join_code", normal)
    guesses = throttles.address_throttle(request, "join")
    if wait := guesses.seconds_to_wait():
        context = {"refusal": _too_many_codes(wait), "throttled": True}
        return throttles.too_many(render(request, f"{T}join_code.html", context), wait)
    invite = selectors.invite_by_code(normal) if normal else None
    refusal = services.invite_refusal(invite)
    if refusal is not None:
        guesses.count()
        status = 404 if invite is None else 410
        return render(
            request, f"{T}join_code.html", {"refusal": refusal}, status=status
        )
    error = None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.path)
        try:
            membership = services.invite_accept(code=normal, user=request.user)
        except Refusal as problem:
            error = problem.message
        else:
            messages.success(request, _welcome(invite, membership))
            return redirect("clubs:detail", invite.club.slug)
    context = _join_code_page(request, invite, error)
    return render(request, f"{T}join_code.html", context)
