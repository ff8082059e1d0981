"""Token authentication (``Authorization: Token <key>``), the API's first.

DRF's own, with its token and user read by one raw query (pitchclub.sql) instead of
the ORM's ``select_related("user").get(key=…)``: every request of a phone or a script
pays it (docs/benchmarks.md). What it accepts and refuses, and the words of its
refusals, are DRF's.
"""

from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from pitchclub import sql

# The longest key the table holds.
KEY_MAX = Token._meta.get_field("key").max_length


@cache
def _statement(vendor: str) -> tuple[sql.Columns, sql.Columns, str]:
    """The token's columns, its user's and the query joining them (the user model
    is known once the apps are loaded)."""
    user_model = get_user_model()
    token, user = sql.Columns(Token, alias="t"), sql.Columns(user_model, alias="u")
    query = (
        f"SELECT {token.sql}, {user.sql} FROM {sql.table(Token)} t "
        f"INNER JOIN {sql.table(user_model)} u "
        f"ON u.{sql.quote(user_model._meta.pk.column)} "
        f"= t.{sql.quote(Token._meta.get_field('user').column)} "
        f"WHERE t.{sql.quote(Token._meta.pk.column)} = %s"
    )
    return token, user, query


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        # A key the table cannot hold (too long, a NUL byte PostgreSQL refuses) is
        # no token: refused without a query.
        if len(key) > KEY_MAX or "\x00" in key:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        connection = sql.db()
        tokens, users, query = _statement(connection.vendor)
        with connection.cursor() as cursor:
            cursor.execute(query, [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        token = tokens.instance(row)
        token.user = user = users.instance(row, len(tokens))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (user, token)
