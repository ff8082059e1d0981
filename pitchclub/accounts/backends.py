"""The sign-in backend: Django's, reading the signed-in user with their account's
settings (the language they chose, pitchclub/language.py) in the one query that
reads the user on every request."""

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest


class AccountBackend(ModelBackend):
    """Django's ModelBackend, which settings.AUTHENTICATION_BACKENDS still lists
    after this one: sessions signed in through it stay signed in (their language is
    then read by a query of its own)."""

    def get_user(self, user_id: Any) -> AbstractBaseUser | None:
        users = get_user_model()._default_manager.select_related("account_settings")
        try:
            user = users.get(pk=user_id)
        except users.model.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> AbstractBaseUser | None:
        user = super().authenticate(
            request, username=username, password=password, **kwargs
        )
        if user is None and password is not None:
            # Wrong: Django's ModelBackend, next in the list, would only check the
            # same password again (twice the hashing). Stop here; the failure is
            # signalled once (django-axes counts it).
            raise PermissionDenied
        return user
