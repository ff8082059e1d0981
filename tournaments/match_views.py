"""The organiser's tournament pages: create, a match's page (table link and QR code,
start its game, paper result), draw the next round. (Scaffolding: being built.)"""

from django.http import Http404, HttpRequest, HttpResponse


def _todo(request: HttpRequest, **kwargs: object) -> HttpResponse:
    raise Http404("Not built yet.")


tournament_new = round_draw = match_detail = match_start = match_result = _todo
match_table = _todo
