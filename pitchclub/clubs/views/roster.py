"""A club's roster: its players, searched by name, guests added by organisers and
scorekeepers; and the roster's log for organisers, each change in words (what a
merge moved, the claim invites it withdrew: the merge's page says it alike)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from pitchclub import selectors
from pitchclub.clubs.forms import GuestForm
from pitchclub.models import Club, Invite, RosterChange
from pitchclub.pages import T, add_refusal, club_for, forbidden
from pitchclub.permissions import ClubAccess
from pitchclub.refusals import Refusal
from pitchclub.services import players as player_services
from pitchclub.text import UnsafeText, clean_name


def _roster_page(
    request: HttpRequest, club: Club, access: ClubAccess, form: GuestForm
) -> HttpResponse:
    # Searched as names are stored; a character no name holds finds nobody (and a
    # NUL must not reach PostgreSQL, which refuses it in any text).
    search_error = None
    try:
        query = clean_name(request.GET.get("q", ""))[:40]
    except UnsafeText as problem:
        query, search_error = "", problem.sentence(_("The search"))
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
    club, access = club_for(request, slug)
    form = GuestForm()
    if request.method == "POST":
        if not access.can_keep_score:
            return forbidden(
                request,
                club,
                access,
                _("Only the club's organisers and scorekeepers can add guests."),
            )
        form = GuestForm(request.POST)
        if form.is_valid():
            name = " ".join(form.cleaned_data["name"].split())
            known = club.players.filter(name__iexact=name).exists()
            try:
                player = player_services.guest_add(club=club, name=name)
            except Refusal as refusal:
                add_refusal(form, refusal, {})
            else:
                messages.success(
                    request,
                    (
                        _("%(name)s is already on the roster.")
                        if known
                        else _("%(name)s was added to the roster as a guest.")
                    )
                    % {"name": player.name},
                )
                return redirect(
                    reverse("clubs:roster", args=[club.slug]) + f"#player-{player.pk}"
                )
    return _roster_page(request, club, access, form)


# The roster's log.

ROSTER_LOG_PAGE = 25


def moved_words(moved: dict[str, int]) -> str:
    """What a merge moves, in words: "2 games, 7 points taken and 1 claim invite"."""
    said = {
        "games": lambda n: ngettext("%(count)s game", "%(count)s games", n),
        "awards": lambda n: ngettext(
            "%(count)s point taken", "%(count)s points taken", n
        ),
        "invites": lambda n: ngettext(
            "%(count)s claim invite", "%(count)s claim invites", n
        ),
    }
    parts = [
        words(count) % {"count": count}
        for key, words in said.items()
        if (count := moved.get(key, 0))
    ]
    if not parts:
        return _("nothing")
    if len(parts) == 1:
        return parts[0]
    # Translators: the end of a list: "2 games, 7 points taken and 1 claim invite".
    return _("%(list)s and %(last)s") % {
        "list": ", ".join(parts[:-1]),
        "last": parts[-1],
    }


def withdrawn_words(change: RosterChange) -> str:
    """The claim invites a merge withdrew, in words (" 1 claim invite for Dot
    withdrawn: …", after a sentence), or "" if none."""
    withdrawn = change.details.get("moved", {}).get("invites_withdrawn", 0)
    if not withdrawn:
        return ""
    said = ngettext(
        "%(count)s claim invite for %(old)s withdrawn: %(name)s has an account, so "
        "there is nothing left to claim.",
        "%(count)s claim invites for %(old)s withdrawn: %(name)s has an account, so "
        "there is nothing left to claim.",
        withdrawn,
    ) % {"count": withdrawn, "old": change.old_name, "name": change.name}
    return " " + said


def roster_change_words(change: RosterChange) -> str:
    """One entry of the roster's log, in words."""
    who = player_services.display_name(change.by) if change.by else _("Someone")
    invite = change.details.get("invite")
    params = {
        "who": who,
        "old": change.old_name,
        "name": change.name,
        "invite": invite,
        "moved": moved_words(change.details.get("moved", {})),
    }
    if change.action == RosterChange.Action.RENAME:
        return _("%(who)s renamed %(old)s to %(name)s.") % params
    if change.action == RosterChange.Action.CLAIM:
        return (
            _("%(who)s claimed %(name)s's profile and games with invite %(invite)s.")
            % params
        )
    outside = bool(change.details.get("outside_clubs"))
    # Translators: moved says what moved ("2 games and 7 points taken").
    if invite and outside:
        said = _(
            "%(who)s merged %(old)s (outside clubs) into %(name)s by claiming them "
            "with invite %(invite)s: %(moved)s moved."
        )
    elif invite:
        said = _(
            "%(who)s merged %(old)s into %(name)s by claiming them with invite "
            "%(invite)s: %(moved)s moved."
        )
    elif outside:
        said = _(
            "%(who)s merged %(old)s (outside clubs) into %(name)s: %(moved)s moved."
        )
    else:
        said = _("%(who)s merged %(old)s into %(name)s: %(moved)s moved.")
    return said % params + withdrawn_words(change)


@require_safe
@login_required
def roster_log(request: HttpRequest, slug: str) -> HttpResponse:
    """The roster's log for the club's organisers, newest first, paged."""
    club, access = club_for(request, slug)
    if not access.can_manage:
        return forbidden(
            request,
            club,
            access,
            _("Only the club's organisers can see the roster's log."),
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
