"""What every games API view does first: find the game the caller may read (a private
club's game is a 404 to others), check that they may change or manage it, and answer
with the whole game as it stands."""

from django.http import Http404
from django.utils.translation import gettext
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from pitchclub import permissions
from pitchclub.api.permissions import signed_in
from scoring.api.serializers import game_payload
from scoring.games import rows as game_rows
from scoring.games import selectors
from scoring.models import Game


def game_response(
    request: Request, game_id: int, code: int = status.HTTP_200_OK
) -> Response:
    """The whole game, read afresh (2 queries). game_payload builds exactly what
    GameOutput would render (tests/scoring/games/test_write_path.py holds it to
    that)."""
    game = get_game(request, game_id)
    return Response(game_payload(game, hands=game_rows.game_hands(game)), status=code)


def get_game(request: Request, game_id: int, *, lock: bool = False) -> Game:
    """The game with its club and seats if the user may see it: a private club's
    game is a 404 to others. One query by primary key (game_rows.game_with_seats;
    a private club's game asks the club's roles once more); `lock` keeps the game's
    row locked until the transaction ends, for writing it."""
    game = game_rows.game_with_seats(game_id, lock=lock)
    if game is None:
        raise Http404(gettext("No such game."))
    # A public club's game is anyone's to read: no query for the reader's role.
    club = game.club
    if (
        club is not None
        and club.is_private
        and not permissions.club_access(club=club, user=request.user).can_view
    ):
        raise Http404(gettext("No such game."))
    return game


def check_can_edit(request: Request, game: Game) -> None:
    signed_in(request)
    if not selectors.game_editable_by(game=game, user=request.user):
        # In a club rights follow its roles, whoever started the game (API.md).
        raise PermissionDenied(
            gettext("Only %(club)s's organisers and scorekeepers can change its games.")
            % {"club": game.club.name}
            if game.club_id is not None
            else gettext("Only the person who started this game can change it.")
        )


def check_can_manage(request: Request, game: Game) -> None:
    """Abandoning, resuming and deleting: the game's creator, or its club's
    organisers."""
    signed_in(request)
    if not selectors.game_manageable_by(game=game, user=request.user):
        raise PermissionDenied(
            gettext(
                "Only %(club)s's organisers, or the scorekeeper who started "
                "this game, can abandon or delete it."
            )
            % {"club": game.club.name}
            if game.club_id is not None
            else gettext(
                "Only the person who started this game can abandon or delete it."
            )
        )
