"""Accounts at the API edge: scripts trade a username and password for a token."""

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response


class TokenAPI(ObtainAuthToken):
    """POST username and password; the answer holds the user's API token."""

    @extend_schema(
        operation_id="auth_token_create",
        request=AuthTokenSerializer,
        responses={
            200: inline_serializer("TokenOutput", {"token": serializers.CharField()}),
            400: OpenApiResponse(description="Wrong or missing username or password."),
        },
        summary="Get an API token (send it as `Authorization: Token <token>`)",
    )
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().post(request, *args, **kwargs)
