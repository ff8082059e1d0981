"""What every page of a club's needs, whichever app it belongs to (the club's own
pages, its tournaments, seasons and nights): the club the visitor may see (a 404
otherwise: a private club does not exist for outsiders), the refusal page of
someone who may see it but not do this, and a service's refusal shown next to its
form field."""

from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy

from pitchclub import permissions
from pitchclub.models import Club
from pitchclub.permissions import ClubAccess
from pitchclub.refusals import Refusal

T = "pitchclub/clubs/"
NOT_FOUND = gettext_lazy("No such club, or it is private.")


def club_for(request: HttpRequest, slug: str) -> tuple[Club, ClubAccess]:
    """The club and what the user may do in it; 404 if the user may not see it
    (a private club does not exist for outsiders)."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404(NOT_FOUND)
    access = permissions.club_access(club=club, user=request.user)
    if not access.can_view:
        raise Http404(NOT_FOUND)
    return club, access


def forbidden(
    request: HttpRequest, club: Club, access: ClubAccess, why: str
) -> HttpResponse:
    """The page of someone who may see the club but not do this (a 403)."""
    return render(
        request,
        f"{T}forbidden.html",
        {"club": club, "access": access, "why": why},
        status=403,
    )


def add_refusal(form: Form, refusal: Refusal, fields: dict[str, str]) -> None:
    """Show a service's refusal next to the form field it concerns."""
    field = fields.get(refusal.field, refusal.field)
    form.add_error(field if field in form.fields else None, refusal.message)
