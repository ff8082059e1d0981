"""URL map: pages, the REST API v1 and its schema and docs, the admin."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerView,
)

from pitchclub.apis import TokenAPI
from scoring import apis

api_v1 = [
    path("games/", apis.GamesAPI.as_view(), name="games"),
    path("games/<int:game_id>/", apis.GameDetailAPI.as_view(), name="game"),
    path("games/<int:game_id>/hands/", apis.HandsAPI.as_view(), name="hands"),
    path(
        "games/<int:game_id>/revisions/",
        apis.RevisionsAPI.as_view(),
        name="revisions",
    ),
    path(
        "games/<int:game_id>/hands/<int:number>/",
        apis.HandDetailAPI.as_view(),
        name="hand",
    ),
    path("auth/token/", TokenAPI.as_view(), name="token"),
    path("schema/", SpectacularAPIView.as_view(api_version="v1"), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api:schema"), name="redoc"),
]

urlpatterns = [
    path("", include("scoring.urls")),
    path("accounts/", include("pitchclub.accounts.urls")),
    path("", include("pitchclub.clubs.urls")),
    path("api/v1/", include((api_v1, "api"))),
    path("api-auth/", include("rest_framework.urls")),
    path("admin/", admin.site.urls),
]
