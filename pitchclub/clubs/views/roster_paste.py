"""A roster in one paste: many players added at once from a list, one name per
line, after a preview that says who is new, who is already on the roster and
which names are near-duplicates of a roster's name ("bob " for Bob)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from pitchclub.clubs.forms import RosterPasteForm
from pitchclub.pages import T, club_for, forbidden
from pitchclub.services import players as player_services
from pitchclub.services.players import PastedNames


def paste_words(read: PastedNames) -> str:
    """The preview in one sentence: "12 new, 2 already on the roster (Alice,
    Bob), 1 near-duplicate: 'bob ' is Bob?"."""
    parts = [
        ngettext("%(count)s new", "%(count)s new", len(read.new))
        % {"count": len(read.new)}
    ]
    if read.on_roster:
        parts.append(
            ngettext(
                "%(count)s already on the roster (%(names)s)",
                "%(count)s already on the roster (%(names)s)",
                len(read.on_roster),
            )
            % {"count": len(read.on_roster), "names": ", ".join(read.on_roster)}
        )
    if read.near:
        asked = "; ".join(
            _("'%(typed)s' is %(name)s?") % {"typed": typed, "name": name}
            for typed, name in read.near
        )
        parts.append(
            ngettext(
                "%(count)s near-duplicate: %(asked)s",
                "%(count)s near-duplicates: %(asked)s",
                len(read.near),
            )
            % {"count": len(read.near), "asked": asked}
        )
    if read.repeated:
        parts.append(
            ngettext(
                "%(count)s typed twice (%(names)s)",
                "%(count)s typed twice (%(names)s)",
                len(read.repeated),
            )
            % {"count": len(read.repeated), "names": ", ".join(read.repeated)}
        )
    said = ", ".join(parts)
    return said if said.endswith("?") else said + "."


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def roster_paste(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the paste box; POST: the preview, or with `add` the players added."""
    club, access = club_for(request, slug)
    if not access.can_keep_score:
        return forbidden(
            request,
            club,
            access,
            _("Only the club's organisers and scorekeepers can add players."),
        )
    form = RosterPasteForm(request.POST if request.method == "POST" else None)
    context = {"club": club, "access": access, "tab": "roster", "form": form}
    if not form.is_valid():
        return render(request, f"{T}roster_paste.html", context)
    # Read again at each step: the preview is what the roster says now.
    read = player_services.names_pasted(club, form.cleaned_data["names"])
    if "add" not in request.POST or read.refused or not read.new:
        context.update(read=read, words=paste_words(read))
        return render(request, f"{T}roster_paste.html", context)
    added = player_services.guests_add_many(club=club, names=read.new)
    count = len(added)
    messages.success(
        request,
        ngettext(
            "%(count)s player added to the roster.",
            "%(count)s players added to the roster.",
            count,
        )
        % {"count": count},
    )
    return redirect("clubs:roster", slug=club.slug)
