"""Writes for accounts: creating one, changing its address, its API token."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AbstractUser
from django.db import transaction
from rest_framework.authtoken.models import Token


@transaction.atomic
def account_create(*, username: str, email: str, password: str) -> AbstractUser:
    """A new account with a hashed password (the form has validated all three)."""
    return get_user_model().objects.create_user(
        username=username, email=email, password=password
    )


@transaction.atomic
def email_change(*, user: AbstractUser, email: str) -> AbstractUser:
    """Set the address password-reset links are sent to."""
    user.email = get_user_model().objects.normalize_email(email)
    user.save(update_fields=["email"])
    return user


@transaction.atomic
def token_create(*, user: AbstractBaseUser) -> Token:
    """A fresh API token for the user; the old one, if any, stops working.

    One token per user (the Token table's key is the user), so replacing is
    revoking then creating, in one transaction."""
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)


@transaction.atomic
def token_revoke(*, user: AbstractBaseUser) -> bool:
    """Delete the user's API token; False if there was none."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return deleted > 0
