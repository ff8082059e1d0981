"""Accounts at the API edge: scripts trade a username and password for a token."""

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from pitchclub.throttles import LOCKED_OUT


class TokenAPI(ObtainAuthToken):
    """POST username and password as JSON; the answer holds the user's API token."""

    # The API's own parser, as every other view's: DRF's view would also take forms,
    # and its JSON parser overflows on a deeply nested body. Nobody is authenticated
    # here: credentials sent along (a stale token, say) are not looked at.
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES
    authentication_classes = ()

    @extend_schema(
        operation_id="auth_token_create",
        request=AuthTokenSerializer,
        responses={
            200: inline_serializer("TokenOutput", {"token": serializers.CharField()}),
            400: OpenApiResponse(description="Wrong or missing username or password."),
            429: LOCKED_OUT,
        },
        summary="Get an API token (send it as `Authorization: Token <token>`)",
        description="Needs no credentials: any sent along are not looked at.",
        examples=[
            OpenApiExample(
                "A script signing in",
                value={"username": "ann", "password": "her password"},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().post(request, *args, **kwargs)
