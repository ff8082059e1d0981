"""REST API v1 paths for accounts (included in pitchclub.urls' `api` namespace)."""

from django.urls import path

from pitchclub.accounts.api.views import TokenAPI

urlpatterns = [
    path("auth/token/", TokenAPI.as_view(), name="token"),
]
