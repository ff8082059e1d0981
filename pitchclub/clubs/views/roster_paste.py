"""A roster in one paste: many players added at once from a list, one name per
line, after a preview that says who is new, who is already on the roster and
which names are near-duplicates of a roster's name ("bob " for Bob)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from pitchclub.clubs.forms import RosterPasteForm
from pitchclub.pages import T, club_for, forbidden
from pitchclub.services import players as player_services
from pitchclub.services.players import PastedNames


def paste_words(read: PastedNames) -> str:
    """The preview in one sentence: "12 new, 2 already on the roster (Alice,
    Bob), 1 near-duplicate: 'bob ' is Bob?"."""
    parts = [f"{len(read.new)} new"]
    if read.on_roster:
        parts.append(
            f"{len(read.on_roster)} already on the roster ({', '.join(read.on_roster)})"
        )
    if read.near:
        asked = "; ".join(f"'{typed}' is {name}?" for typed, name in read.near)
        many = "s" if len(read.near) > 1 else ""
        parts.append(f"{len(read.near)} near-duplicate{many}: {asked}")
    if read.repeated:
        parts.append(f"{len(read.repeated)} typed twice ({', '.join(read.repeated)})")
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
            "Only the club's organisers and scorekeepers can add players.",
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
        request, f"{count} player{'s' if count != 1 else ''} added to the roster."
    )
    return redirect("clubs:roster", slug=club.slug)
