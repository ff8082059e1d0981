"""Tournament pages everyone reads: a club's tournaments, the bracket or rounds with
standings, the wall view and the printed sheets. (Scaffolding: being built.)"""

from django.http import Http404, HttpRequest, HttpResponse


def _todo(request: HttpRequest, **kwargs: object) -> HttpResponse:
    raise Http404("Not built yet.")


club_tournaments = tournament_detail = tournament_wall = _todo
bracket_print = round_print = _todo
